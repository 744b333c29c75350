"""Faults between us and the judge endpoint: each fault class is retried with backoff, bounded, and
then the grade is stored flagged `judge_failed` with no score; Retry-After is honoured."""

from __future__ import annotations

import socket

import pytest

from grading.engine import grade
from grading.judging import JudgeFailedError
from grading.openai_judge import RequestUsage
from tests.fakes.openai_server import (
    Action,
    Answer,
    Drop,
    EmptyChoices,
    FakeOpenAIServer,
    MalformedBody,
    Slow,
    Status,
    good_answer,
)
from tests.judge.conftest import JudgeFactory, booking_call, dental_fact_sheet

FAULTS: dict[str, Action] = {
    "timeout": Slow(2.0),
    "dropped connection": Drop(),
    "429 without Retry-After": Status(429),
    "429 with Retry-After": Status(429, headers={"retry-after": "0"}),
    "500": Status(500),
    "503": Status(503),
    "truncated JSON answer": Answer('{"customer_goal": "book", "dimensions": {"accuracy": 4, "pol'),
    "malformed answer": Answer("Sure! Here is my grade: 4/4"),
    "answer that is JSON but not an object": Answer("[1, 2, 3]"),
    "cut-off response body": MalformedBody(),
    "empty choices": EmptyChoices(),
    "null content": Answer(None),
}


@pytest.mark.parametrize("fault", list(FAULTS.values()), ids=list(FAULTS))
def test_one_fault_is_retried_and_the_call_still_graded(
    server: FakeOpenAIServer, make_judge: JudgeFactory, fault: Action
) -> None:
    usage_log: list[RequestUsage] = []
    server.script(fault, good_answer())
    judge = make_judge(usage_log=usage_log, timeout_seconds=0.5, max_attempts=3)

    graded = grade(booking_call(), dental_fact_sheet(), judge)

    assert len(server.requests) == 2
    assert [record.outcome for record in usage_log] == ["retried", "ok"]
    assert graded.judge_usage.requests == 2
    assert graded.score is not None
    assert "judge_failed" not in graded.flags


@pytest.mark.parametrize("fault", list(FAULTS.values()), ids=list(FAULTS))
def test_persistent_fault_is_bounded_then_graded_judge_failed_without_score(
    server: FakeOpenAIServer, make_judge: JudgeFactory, fault: Action
) -> None:
    server.script(fault, fault, fault)
    judge = make_judge(timeout_seconds=0.5, max_attempts=3)

    with pytest.raises(JudgeFailedError) as failed:
        judge.judge(booking_call(), dental_fact_sheet(), [])
    assert failed.value.usage.requests == 3

    server.script(fault, fault, fault)
    graded = grade(booking_call(), dental_fact_sheet(), judge)
    assert len(server.requests) == 6
    assert graded.flags == ["judge_failed"]
    assert graded.score is None
    assert graded.verdict is None
    assert graded.judge_usage.requests == 3


def test_refused_connection_is_retried_then_fails(make_judge: JudgeFactory) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    usage_log: list[RequestUsage] = []
    judge = make_judge(usage_log=usage_log, base_url=f"http://127.0.0.1:{port}/v1", max_attempts=3)

    graded = grade(booking_call(), dental_fact_sheet(), judge)

    assert [record.error for record in usage_log] == ["connection"] * 3
    assert [record.outcome for record in usage_log] == ["retried", "retried", "retried"]
    assert "judge_failed" in graded.flags
    assert graded.score is None


@pytest.mark.parametrize("status", [400, 401, 403, 404])
def test_permanent_errors_are_not_retried(
    server: FakeOpenAIServer, make_judge: JudgeFactory, status: int
) -> None:
    server.script(Status(status))
    with pytest.raises(JudgeFailedError):
        make_judge().judge(booking_call(), dental_fact_sheet(), [])
    assert len(server.requests) == 1


def test_retry_after_is_honoured(server: FakeOpenAIServer, make_judge: JudgeFactory) -> None:
    server.script(Status(429, headers={"retry-after": "1"}), good_answer())
    make_judge().judge(booking_call(), dental_fact_sheet(), [])

    first, second = server.requests
    # A lower bound, not a timing assertion: the retry cannot come before the server allowed it.
    assert second.received_at - first.finished_at >= 1.0


def test_retry_after_ms_and_http_date_are_read(server: FakeOpenAIServer, make_judge: JudgeFactory) -> None:
    slept: list[float] = []
    server.script(
        Status(429, headers={"retry-after-ms": "300"}),
        Status(503, headers={"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}),
        good_answer(),
    )
    judge = make_judge()
    judge._client._sleep = slept.append  # pyright: ignore[reportPrivateUsage]
    judge.judge(booking_call(), dental_fact_sheet(), [])
    assert slept == [0.3, 0.0]


def test_backoff_grows_exponentially_with_jitter_and_is_capped(
    server: FakeOpenAIServer, make_judge: JudgeFactory
) -> None:
    slept: list[float] = []
    server.script(*[Status(500)] * 5)
    judge = make_judge(max_attempts=6, backoff_base_seconds=1.0, backoff_max_seconds=4.0)
    judge._client._sleep = slept.append  # pyright: ignore[reportPrivateUsage]
    judge.judge(booking_call(), dental_fact_sheet(), [])

    ceilings = [1.0, 2.0, 4.0, 4.0, 4.0]
    assert len(slept) == 5
    assert all(ceiling / 2 <= wait <= ceiling for wait, ceiling in zip(slept, ceilings, strict=True))


def test_a_failing_repeat_fails_the_whole_judgement(
    server: FakeOpenAIServer, make_judge: JudgeFactory
) -> None:
    server.script(good_answer(), Status(500), Status(500))
    with pytest.raises(JudgeFailedError) as failed:
        make_judge(repeats=3, max_attempts=2).judge(booking_call(), dental_fact_sheet(), [])
    assert failed.value.usage.requests == 3
    assert len(server.requests) == 3


def test_answer_cut_off_at_the_output_limit_is_retried_with_more_room(
    server: FakeOpenAIServer, make_judge: JudgeFactory
) -> None:
    cut = Answer('{"customer_goal": "book a cleaning", "dimensions": {"accur', finish_reason="length")
    server.script(cut, cut, good_answer())
    make_judge(max_output_tokens=500, max_attempts=3).judge(booking_call(), dental_fact_sheet(), [])

    assert [request.body["max_tokens"] for request in server.requests] == [500, 1000, 2000]


def test_a_client_handed_in_has_its_own_retries_turned_off(server: FakeOpenAIServer) -> None:
    import openai

    from grading.openai_judge import OpenAIJudge, OpenAIJudgeConfig

    retrying_client = openai.OpenAI(base_url=server.base_url, api_key="k", max_retries=5)
    config = OpenAIJudgeConfig(model="fake-judge", max_attempts=2, backoff_base_seconds=0.01)
    server.script(*[Status(500)] * 6)

    with pytest.raises(JudgeFailedError):
        OpenAIJudge(config, client=retrying_client).judge(booking_call(), dental_fact_sheet(), [])
    assert len(server.requests) == 2
