"""The grading outbox: grading jobs written in the same transaction as their call, and the relay that
hands them to the broker's `grading` queue.

Why an outbox: a call that got a 2xx must never be lost, and publishing to a broker cannot roll back
with a database transaction. So the request path only inserts a `grading_jobs` row beside the call
(one commit, no broker in the request path), and this relay, in its own thread, moves due jobs to the
broker afterwards.

How the relay never loses a job: it claims due rows with `FOR UPDATE SKIP LOCKED` (several relays can
run at once), publishes each message *while holding the row locks*, and only then marks the rows
`published` and commits. A crash between publish and commit leaves the rows `pending`, so they are
published again: a duplicate message, which is harmless because the grading actor is idempotent (it
returns at once for a finished job, and a grade is unique per job). A broker that refuses connections
makes the publish raise; the transaction rolls back, the jobs stay `pending`, and the relay backs off
and tries again until the broker returns.

What "stalled" means (re-published after `outbox_stall_seconds`): a `published` job not picked up
(message lost with a broker restart, or stuck behind a dead consumer); a `running` job whose worker
stopped beating its heartbeat (killed mid-job); a `failed` job whose broker-side retry is overdue.
A stalled job that is in fact still alive costs one duplicate message, never a second grade.

The relay also sweeps, every `SWEEP_SECONDS`, for calls still `no_fact_sheet` although their agent
now has an approved version (`ingest.fact_sheets.RELEASE_ALL_WAITING`): approval releases waiting
calls itself, but a call committed concurrently with an approval is invisible to it.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from typing import LiteralString

import psycopg
import structlog
from psycopg_pool import ConnectionPool

from service.metrics import Metrics

log = structlog.get_logger("service.outbox")

GRADING_QUEUE = "grading"
SWEEP_SECONDS = 30.0

INSERT_JOB: LiteralString = """
insert into grading_jobs (id, call_id, tenant_id, generation, available_at)
values (%(id)s, %(call_id)s, %(tenant_id)s, %(generation)s,
        now() + make_interval(secs => %(delay_seconds)s))
"""

CLAIM_DUE_JOBS: LiteralString = """
select id from grading_jobs
where state in ('pending', 'published', 'running', 'failed')
  and ((state = 'pending' and available_at <= now())
    or (state = 'published' and published_at < now() - make_interval(secs => %(stall_seconds)s))
    or (state = 'running' and coalesce(heartbeat_at, claimed_at, published_at, available_at)
                              < now() - make_interval(secs => %(stall_seconds)s))
    or (state = 'failed' and available_at < now() - make_interval(secs => %(stall_seconds)s)))
order by available_at
limit %(batch)s
for update skip locked
"""

MARK_PUBLISHED: LiteralString = """
update grading_jobs set state = 'published', published_at = now()
where id = any(%(ids)s)
"""

COUNT_UNPUBLISHED: LiteralString = """
select count(*) from grading_jobs where state = 'pending'
"""


def new_job_params(
    call_id: uuid.UUID, tenant_id: uuid.UUID, *, generation: int = 1, delay_seconds: float = 0.0
) -> dict[str, object]:
    """Parameters for INSERT_JOB: a fresh job id for (call, generation), due after `delay_seconds`."""
    return {
        "id": uuid.uuid4(),
        "call_id": call_id,
        "tenant_id": tenant_id,
        "generation": generation,
        "delay_seconds": delay_seconds,
    }


def relay_once(
    conn: psycopg.Connection[tuple[object, ...]],
    publish: Callable[[str], None],
    *,
    stall_seconds: float,
    batch: int = 100,
) -> int:
    """Publish one batch of due jobs and mark them published, in one transaction. Returns how many.

    If `publish` raises, nothing is marked and the exception propagates (the jobs stay due).
    """
    with conn.transaction():
        rows = conn.execute(CLAIM_DUE_JOBS, {"stall_seconds": stall_seconds, "batch": batch}).fetchall()
        ids = [row[0] for row in rows]
        for job_id in ids:
            publish(str(job_id))
        if ids:
            conn.execute(MARK_PUBLISHED, {"ids": ids})
    return len(ids)


def count_unpublished(conn: psycopg.Connection[tuple[object, ...]]) -> int:
    row = conn.execute(COUNT_UNPUBLISHED).fetchone()
    return int(row[0]) if row is not None else 0  # pyright: ignore[reportArgumentType]


class OutboxRelay:
    """The relay loop in its own daemon thread. `publish(job_id)` sends one message to the `grading`
    queue (e.g. `grade_actor.send`); it must raise when the broker did not take the message.

    The loop runs a batch, goes straight on while batches come back full, and otherwise sleeps
    `poll_seconds` (or until `wake()`). Failures (database or broker down) are logged and retried
    with a backoff capped at 10 s; they never end the thread.
    """

    def __init__(
        self,
        pool: ConnectionPool[psycopg.Connection[tuple[object, ...]]],
        publish: Callable[[str], None],
        *,
        poll_seconds: float,
        stall_seconds: float,
        metrics: Metrics | None = None,
        batch: int = 100,
    ) -> None:
        self._pool = pool
        self._publish = publish
        self._poll_seconds = poll_seconds
        self._stall_seconds = stall_seconds
        self._metrics = metrics
        self._batch = batch
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        if metrics is not None:
            metrics.add_sampler(self._sample_depth)

    def run_once(self) -> int:
        with self._pool.connection() as conn:
            return relay_once(conn, self._publish, stall_seconds=self._stall_seconds, batch=self._batch)

    def sweep_waiting_calls(self) -> int:
        """Release `no_fact_sheet` calls whose agent has an approved version now; returns how many."""
        from ingest.fact_sheets import RELEASE_ALL_WAITING  # the rule lives with the fact sheets

        with self._pool.connection() as conn:
            released = conn.execute(RELEASE_ALL_WAITING).rowcount
        if released > 0:
            log.info("outbox.waiting_calls_released", count=released)
        return max(released, 0)

    def _sample_depth(self) -> None:
        if self._metrics is None:
            return
        with self._pool.connection(timeout=2.0) as conn:
            self._metrics.outbox_depth.set(count_unpublished(conn))

    def _run(self) -> None:
        failures = 0
        last_sweep = 0.0
        while not self._stop.is_set():
            try:
                if time.monotonic() - last_sweep >= SWEEP_SECONDS:
                    self.sweep_waiting_calls()
                    last_sweep = time.monotonic()
                published = self.run_once()
            except Exception as error:
                failures += 1
                delay = min(10.0, self._poll_seconds * (2 ** min(failures, 6)))
                log.warning("outbox.relay_failed", error=f"{type(error).__name__}: {error}", retry_in=delay)
                self._stop.wait(delay)
                continue
            if failures:
                log.info("outbox.relay_recovered", after_failures=failures)
                failures = 0
            if published:
                log.debug("outbox.jobs_published", count=published)
            if published >= self._batch:
                continue
            self._wake.wait(self._poll_seconds)
            self._wake.clear()

    def wake(self) -> None:
        """Run the next batch now instead of at the next poll (e.g. just after a commit)."""
        self._wake.set()

    def start(self) -> None:
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="outbox-relay", daemon=True)
        self._thread.start()
        log.info("outbox.relay_started", poll_seconds=self._poll_seconds, stall_seconds=self._stall_seconds)

    def stop(self, timeout: float = 10.0) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        if self._metrics is not None:
            self._metrics.remove_sampler(self._sample_depth)
