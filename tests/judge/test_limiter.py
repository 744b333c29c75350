"""The limiter one worker's threads share: requests in flight stay under the bound as the judge
endpoint sees them, and the per-minute buckets hold requests back."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from grading.openai_judge import OpenAIJudge, RequestLimiter
from tests.fakes.openai_server import FakeOpenAIServer, Status, good_answer
from tests.judge.conftest import JudgeFactory, booking_call, dental_fact_sheet


def test_threads_sharing_one_judge_never_exceed_max_in_flight(make_judge: JudgeFactory) -> None:
    with FakeOpenAIServer(latency=0.05) as server:
        judge = make_judge(base_url=server.base_url, max_in_flight=3)
        with ThreadPoolExecutor(max_workers=12) as pool:
            outcomes = list(
                pool.map(lambda _: judge.judge(booking_call(), dental_fact_sheet(), []), range(24))
            )

    assert len(outcomes) == 24
    assert len(server.requests) == 24
    assert server.peak_in_flight == 3  # reached, never passed
    assert judge.limiter.peak_in_flight == 3


def test_two_judges_sharing_one_limiter_share_the_bound(make_judge: JudgeFactory) -> None:
    limiter = RequestLimiter(max_in_flight=2)
    with FakeOpenAIServer(latency=0.05) as server:
        first = make_judge(base_url=server.base_url)
        second = OpenAIJudge(first.config, limiter=limiter)
        third = OpenAIJudge(first.config, limiter=limiter)
        with ThreadPoolExecutor(max_workers=8) as pool:
            list(
                pool.map(
                    lambda index: (second if index % 2 else third).judge(
                        booking_call(), dental_fact_sheet(), []
                    ),
                    range(16),
                )
            )
    assert server.peak_in_flight == 2


def test_requests_per_minute_bucket_holds_back_the_excess() -> None:
    now = [0.0]
    limiter = RequestLimiter(max_in_flight=10, requests_per_minute=2, clock=lambda: now[0])
    with limiter.slot(0):
        pass
    with limiter.slot(0):
        pass
    started = threading.Event()

    def third() -> None:
        with limiter.slot(0):
            started.set()

    worker = threading.Thread(target=third)
    worker.start()
    assert not started.wait(0.2)  # the bucket is empty: the third request waits
    now[0] = 31.0  # half a minute refills one request
    worker.join(timeout=5)
    assert started.is_set()


def test_tokens_per_minute_bucket_settles_on_reported_usage() -> None:
    now = [0.0]
    limiter = RequestLimiter(max_in_flight=10, tokens_per_minute=1000, clock=lambda: now[0])
    with limiter.slot(100) as ticket:
        ticket.settle(900)  # the server says it cost far more than estimated
    started = threading.Event()

    def next_request() -> None:
        with limiter.slot(200):
            started.set()

    worker = threading.Thread(target=next_request)
    worker.start()
    assert not started.wait(0.2)  # 100 tokens left, 200 wanted
    now[0] = 6.0  # 100 more tokens
    worker.join(timeout=5)
    assert started.is_set()


def test_retry_after_pauses_every_thread_of_the_worker(
    server: FakeOpenAIServer, make_judge: JudgeFactory
) -> None:
    server.script(Status(429, headers={"retry-after": "1"}), good_answer(), good_answer())
    judge = make_judge()
    first = threading.Thread(target=judge.judge, args=(booking_call(), dental_fact_sheet(), []))
    first.start()
    while len(server.requests) < 1:
        threading.Event().wait(0.01)
    threading.Event().wait(0.1)  # the 429 has been answered and the limiter paused
    judge.judge(booking_call(), dental_fact_sheet(), [])
    first.join()

    rate_limited = server.requests[0]
    later = server.requests[1:]
    assert len(later) == 2
    assert all(request.received_at - rate_limited.finished_at >= 1.0 for request in later)
