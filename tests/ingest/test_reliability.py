"""Nothing lost, nothing graded twice: a worker killed with SIGKILL mid-job, the broker down while
webhooks arrive, grading failures retried then dead-lettered, and the S3 blob store (moto's server).

Broker tests run against both real brokers (RabbitMQ and Redis; skipped only where their URL is not
configured). The broker outage is made by a loopback TCP proxy that the test opens and closes.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import boto3
import httpx
import msgspec
import psycopg
import pytest

from grading.formats import Call, FactSheet, JudgeInfo, JudgeUsage, Rule
from grading.judging import JudgeFailedError, JudgeOutcome
from grading.rules_judge import RulesJudge
from service.db import open_sync_pool
from service.settings import Settings
from service.worker import start_in_process_worker
from tests.conftest import LiveServer
from tests.ingest.conftest import AGENT, EXAMPLES, Tenant, approved_fact_sheet, count_rows, wait_until
from tests.platforms.signing import bland_signature, fixture_bytes

ROOT = Path(__file__).resolve().parents[2]
BLAND_SECRET = "bland_whsec_reliability"


@pytest.fixture(params=["rabbitmq", "redis"])
def broker_url(request: pytest.FixtureRequest) -> str:
    return request.getfixturevalue(f"{request.param}_url")


def deliver_bland(url: str, external_id: str) -> httpx.Response:
    body = fixture_bytes("bland", "post_call_pathway.json").replace(
        b'"call_id": "', f'"call_id": "{external_id}-'.encode(), 1
    )
    return httpx.post(
        url, content=body, headers={"X-Webhook-Signature": bland_signature(BLAND_SECRET, body)}, timeout=30
    )


def job_state(database_url: str) -> list[tuple[Any, ...]]:
    with psycopg.connect(database_url) as conn:
        return conn.execute(
            "select state, attempts, last_error from grading_jobs order by created_at"
        ).fetchall()


def statuses(database_url: str) -> list[str]:
    with psycopg.connect(database_url) as conn:
        return [row[0] for row in conn.execute("select status from calls order by received_at").fetchall()]


# --- A worker killed mid-job ----------------------------------------------------------------------


def worker_env(settings: Settings, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CALLGRADE_")}
    env.update(
        {
            "CALLGRADE_DATABASE_URL": settings.database_url or "",
            "CALLGRADE_BROKER_URL": settings.broker_url or "",
            "CALLGRADE_BLOB_URL": settings.blob_url or "",
            "CALLGRADE_DATA_DIR": settings.data_dir,
            "CALLGRADE_OUTBOX_POLL_SECONDS": "0.1",
            "CALLGRADE_OUTBOX_STALL_SECONDS": str(settings.outbox_stall_seconds),
            "CALLGRADE_WORKER_THREADS": "2",
            "CALLGRADE_LOG_JSON": "true",
            **extra,
        }
    )
    return env


@pytest.fixture
def processes() -> Iterator[list[subprocess.Popen[bytes]]]:
    started: list[subprocess.Popen[bytes]] = []
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait(30)


def test_a_worker_killed_mid_job_is_replaced_and_the_job_is_graded_exactly_once(
    broker_url: str,
    settings: Settings,
    start_live_server: Callable[..., LiveServer],
    make_tenant: Callable[..., Tenant],
    database_url: str,
    tmp_path: Path,
    processes: list[subprocess.Popen[bytes]],
) -> None:
    settings = msgspec.structs.replace(settings, broker_url=broker_url, outbox_stall_seconds=2.0)
    server = start_live_server(settings, with_worker=False)  # the API alone; workers are processes
    admin = make_tenant(server.url).client("admin")
    approved_fact_sheet(admin)
    call = msgspec.json.decode((EXAMPLES / "call-clean-pass.json").read_bytes())
    call["external_id"] = f"kill-{os.getpid()}-{time.time_ns()}"
    call_id = admin.post("/v1/calls", json=call).json()["id"]

    marker = tmp_path / "judging"
    blocked = subprocess.Popen(
        [sys.executable, "-m", "tests.ingest.worker_entry"],
        cwd=ROOT,
        env=worker_env(settings, CALLGRADE_TEST_BLOCK_JUDGE=str(marker)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    processes.append(blocked)
    wait_until(marker.exists, timeout=60, what="the first worker to start judging")
    assert job_state(database_url)[0][:2] == ("running", 1)
    blocked.send_signal(signal.SIGKILL)
    blocked.wait(30)
    assert count_rows(database_url, "grades") == 0

    replacement = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "callgrade"), "worker"],
        cwd=ROOT,
        env=worker_env(settings),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    processes.append(replacement)
    wait_until(
        lambda: admin.get(f"/v1/calls/{call_id}").json()["status"] == "graded",
        timeout=90,
        what="the replacement worker to grade the call",
    )
    replacement.send_signal(signal.SIGTERM)
    assert replacement.wait(60) == 0
    assert count_rows(database_url, "grades") == 1
    state, attempts, _ = job_state(database_url)[0]
    assert state == "done"
    assert attempts == 2  # the killed attempt and the one that finished


# --- The broker down while webhooks arrive ----------------------------------------------------------


class TcpProxy:
    """A loopback TCP proxy to `target` that the test can take down (closing every connection and
    refusing new ones) and bring back on the same port."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self._listener: socket.socket | None = None
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()

    def up(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def down(self) -> None:
        with self._lock:
            listener, self._listener = self._listener, None
            sockets, self._sockets = self._sockets, []
        if listener is not None:
            listener.close()
        for sock in sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self._lock:
                if self._listener is not listener:
                    client.close()
                    upstream.close()
                    return
                self._sockets += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


def via_proxy(url: str, proxy: TcpProxy) -> str:
    parts = urlsplit(url)
    netloc = parts.netloc.rsplit("@", 1)
    host = f"127.0.0.1:{proxy.port}"
    return urlunsplit(
        (parts.scheme, f"{netloc[0]}@{host}" if len(netloc) == 2 else host, parts.path, parts.query, "")
    )


def test_webhooks_are_acknowledged_while_the_broker_is_down_and_graded_when_it_returns(
    broker_url: str,
    settings: Settings,
    start_live_server: Callable[..., LiveServer],
    make_tenant: Callable[..., Tenant],
    database_url: str,
) -> None:
    target = urlsplit(broker_url)
    default_port = 5672 if target.scheme.startswith("amqp") else 6379
    proxy = TcpProxy((target.hostname or "127.0.0.1", target.port or default_port))
    proxy.up()
    try:
        settings = msgspec.structs.replace(settings, broker_url=via_proxy(broker_url, proxy))
        server = start_live_server(settings)
        admin = make_tenant(server.url).client("admin")
        approved_fact_sheet(admin)
        integration = admin.post(
            "/v1/integrations", json={"platform": "bland", "secrets": [BLAND_SECRET], "agent": AGENT}
        ).json()

        proxy.down()
        run = f"{os.getpid()}-{time.time_ns()}"
        responses = [deliver_bland(integration["url"], f"down-{run}-{n}") for n in range(5)]
        assert [r.status_code for r in responses] == [202] * 5  # every one acknowledged
        time.sleep(1.0)  # let the relay try (and fail) to publish while the broker is away
        assert statuses(database_url) == ["queued"] * 5
        assert all(state in ("pending",) for state, _, _ in job_state(database_url))

        proxy.up()
        wait_until(
            lambda: statuses(database_url) == ["graded"] * 5,
            timeout=90,
            what="every call graded after the outage",
        )
        assert count_rows(database_url, "grades") == 5
    finally:
        proxy.down()


# --- Grading failures -------------------------------------------------------------------------------


class BrokenJudge:
    """A judge that raises: a bug or an outage outside the judge's own retries."""

    def __init__(self, error: Exception) -> None:
        self.error = error
        self.calls = 0

    @property
    def info(self) -> JudgeInfo:
        return JudgeInfo(kind="openai", model="broken")

    def judge(self, call: Call, fact_sheet: FactSheet, unchecked_rules: list[Rule]) -> JudgeOutcome:
        self.calls += 1
        raise self.error


def start_worker_with(server: LiveServer, judge: Any) -> Callable[[], None]:
    pool = open_sync_pool(server.database_url, max_size=4)
    stop = start_in_process_worker(
        server.settings, server.broker, pool, server.blobs, metrics=server.metrics, judge=judge
    )

    def stop_all() -> None:
        stop()
        pool.close()

    return stop_all


@pytest.fixture
def failing_settings(settings: Settings) -> Settings:
    return msgspec.structs.replace(
        settings,
        grading_max_retries=2,
        grading_min_backoff_ms=10,
        grading_max_backoff_ms=20,
        outbox_stall_seconds=1.0,
    )


def test_a_failing_job_is_retried_with_its_error_recorded_then_dead_lettered(
    failing_settings: Settings,
    start_live_server: Callable[..., LiveServer],
    make_tenant: Callable[..., Tenant],
    database_url: str,
) -> None:
    server = start_live_server(failing_settings, with_worker=False)
    admin = make_tenant(server.url).client("admin")
    approved_fact_sheet(admin)
    judge = BrokenJudge(RuntimeError("judge exploded"))
    stop = start_worker_with(server, judge)
    try:
        call = msgspec.json.decode((EXAMPLES / "call-clean-pass.json").read_bytes())
        call_id = admin.post("/v1/calls", json=call).json()["id"]
        view = wait_until(
            lambda: (v := admin.get(f"/v1/calls/{call_id}").json())["status"] == "grading_failed" and v,
            what="the call to be marked grading_failed",
        )
    finally:
        stop()
    assert view["grade"] is None
    assert view["grading"]["state"] == "dead"
    assert view["grading"]["attempts"] == 3  # the first try and two retries
    assert "judge exploded" in view["grading"]["last_error"]
    assert judge.calls == 3
    assert count_rows(database_url, "grades") == 0
    registry = server.metrics.registry
    assert registry.get_sample_value("callgrade_grading_jobs_total", {"outcome": "dead"}) == 1
    assert registry.get_sample_value("callgrade_grading_jobs_total", {"outcome": "retried"}) == 2
    stats = admin.get("/v1/calls/stats").json()["total"]
    assert stats["grading_failed"] == 1
    assert stats["received"] == 1


def test_a_judge_failed_grade_is_stored_and_regraded_until_the_retries_run_out(
    failing_settings: Settings,
    start_live_server: Callable[..., LiveServer],
    make_tenant: Callable[..., Tenant],
    database_url: str,
) -> None:
    server = start_live_server(failing_settings, with_worker=False)
    admin = make_tenant(server.url).client("admin")
    approved_fact_sheet(admin)
    judge = BrokenJudge(JudgeFailedError("upstream 503 after 4 attempts", JudgeUsage(requests=4)))
    stop = start_worker_with(server, judge)
    try:
        call = msgspec.json.decode((EXAMPLES / "call-clean-pass.json").read_bytes())
        call_id = admin.post("/v1/calls", json=call).json()["id"]
        view = wait_until(
            lambda: (v := admin.get(f"/v1/calls/{call_id}").json())["status"] == "grading_failed" and v,
            what="judge failures to exhaust the retries",
        )
    finally:
        stop()
    # One flagged grade per job generation: the first and two regrades; none has a score.
    assert count_rows(database_url, "grades") == 3
    assert count_rows(database_url, "grading_jobs") == 3
    assert "judge_failed" in view["grade"]["flags"]
    assert view["grade"]["score"] is None
    assert view["grade"]["verdict"] is None


class RecoveringJudge(BrokenJudge):
    """Fails (JudgeFailedError) its first `failures` times, then judges like the rules judge."""

    def __init__(self, failures: int) -> None:
        super().__init__(JudgeFailedError("timeout"))
        self.failures = failures

    def judge(self, call: Call, fact_sheet: FactSheet, unchecked_rules: list[Rule]) -> JudgeOutcome:
        if self.calls < self.failures:
            return super().judge(call, fact_sheet, unchecked_rules)
        self.calls += 1
        return RulesJudge().judge(call, fact_sheet, unchecked_rules)


def test_a_judge_failure_then_success_ends_graded(
    failing_settings: Settings,
    start_live_server: Callable[..., LiveServer],
    make_tenant: Callable[..., Tenant],
    database_url: str,
) -> None:
    server = start_live_server(failing_settings, with_worker=False)
    admin = make_tenant(server.url).client("admin")
    approved_fact_sheet(admin)
    stop = start_worker_with(server, RecoveringJudge(failures=1))
    try:
        call = msgspec.json.decode((EXAMPLES / "call-clean-pass.json").read_bytes())
        call_id = admin.post("/v1/calls", json=call).json()["id"]
        view = wait_until(
            lambda: (v := admin.get(f"/v1/calls/{call_id}").json())["status"] == "graded" and v,
            what="the regrade to succeed",
        )
    finally:
        stop()
    assert view["grade"]["score"] is not None
    assert "judge_failed" not in view["grade"]["flags"]
    assert count_rows(database_url, "grades") == 2  # the flagged one is kept, never overwritten


# --- S3 ---------------------------------------------------------------------------------------------


def test_raw_webhook_bodies_go_to_s3_before_the_reply_and_an_s3_failure_stores_nothing(
    s3_server: str,
    settings: Settings,
    start_live_server: Callable[..., LiveServer],
    make_tenant: Callable[..., Tenant],
    database_url: str,
) -> None:
    s3 = boto3.client("s3", endpoint_url=s3_server)
    s3.create_bucket(Bucket="callgrade-raw")
    server = start_live_server(
        msgspec.structs.replace(settings, blob_url="s3://callgrade-raw/prod", s3_endpoint_url=s3_server)
    )
    tenant = make_tenant(server.url)
    admin = tenant.client("admin")
    approved_fact_sheet(admin)
    integration = admin.post(
        "/v1/integrations", json={"platform": "bland", "secrets": [BLAND_SECRET], "agent": AGENT}
    ).json()
    response = deliver_bland(integration["url"], "s3")
    assert response.status_code == 202, response.text
    view = admin.get(f"/v1/calls/{response.json()['id']}").json()
    stored = s3.get_object(Bucket="callgrade-raw", Key=f"prod/{view['blob_key']}")["Body"].read()
    assert stored == fixture_bytes("bland", "post_call_pathway.json").replace(
        b'"call_id": "', b'"call_id": "s3-', 1
    )
    wait_until(lambda: admin.get(f"/v1/calls/{view['id']}").json()["status"] == "graded", what="graded")

    broken = start_live_server(
        msgspec.structs.replace(settings, blob_url="s3://no-such-bucket/x", s3_endpoint_url=s3_server),
        with_worker=False,
    )
    failed = deliver_bland(integration["url"].replace(server.url, broken.url), "s3-broken")
    assert failed.status_code == 500
    assert count_rows(database_url, "calls") == 1  # no row without its raw body


# --- The relay's safety nets ------------------------------------------------------------------------


def test_the_relay_republishes_a_job_whose_message_was_lost_and_releases_a_call_missed_by_approval(
    settings: Settings,
    start_live_server: Callable[..., LiveServer],
    make_tenant: Callable[..., Tenant],
    database_url: str,
) -> None:
    settings = msgspec.structs.replace(settings, outbox_stall_seconds=1.0)
    server = start_live_server(settings, with_worker=False)
    admin = make_tenant(server.url).client("admin")
    approved_fact_sheet(admin)
    call = msgspec.json.decode((EXAMPLES / "call-clean-pass.json").read_bytes())
    lost = admin.post("/v1/calls", json=call).json()["id"]
    call["external_id"] = "raced-with-approval"
    raced = admin.post("/v1/calls", json=call).json()["id"]
    with psycopg.connect(database_url, autocommit=True) as conn:
        # A message the broker lost: the job says published an hour ago, and no queue holds it.
        conn.execute(
            "update grading_jobs set state = 'published', published_at = now() - interval '1 hour'"
            " where call_id = %s",
            (lost,),
        )
        # A call committed as no_fact_sheet while the approval committed (each blind to the other).
        conn.execute("delete from grading_jobs where call_id = %s", (raced,))
        conn.execute(
            "update calls set status = 'no_fact_sheet', fact_sheet_version = null where id = %s", (raced,)
        )

    stop = start_worker_with(server, None)
    try:
        wait_until(
            lambda: statuses(database_url) == ["graded", "graded"],
            timeout=60,
            what="both calls graded by the relay",
        )
    finally:
        stop()
    assert count_rows(database_url, "grades") == 2
