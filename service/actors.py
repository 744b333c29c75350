"""The dramatiq actors, declared against a broker passed in (never at import time): `grading.grade`.

`declare_actors(broker, context)` is called once per process by `service.worker`. The grading actor
takes a job id and is idempotent, because the outbox relay may deliver a job more than once and a
worker may be killed at any instruction:

1. load the job; return at once if it is `done` or `dead`;
2. claim it with a conditional write (state `running`, attempts + 1, heartbeat now) that only
   succeeds if the job is waiting, failed, or running with a stale heartbeat (its worker died);
   a job another live worker holds is left alone;
3. load the call and its pinned fact sheet version, grade with the configured judge
   (`grading.engine.grade`), beating the heartbeat meanwhile;
4. in one transaction: insert the grade (`grades.job_id` is unique, so a second worker finishing
   the same job inserts nothing), mark the job `done`, set the call `graded`.

Failures. An exception is recorded on the job (`last_error`, state `failed`, next attempt time) and
re-raised so dramatiq retries it with explicit, bounded backoff (`grading_max_retries`,
`grading_min_backoff_ms`, `grading_max_backoff_ms`); the database counts attempts, and the attempt
after the last retry marks the job `dead` and the call `grading_failed` (the dead letter: kept, with
its error, for an operator). A grade flagged `judge_failed` (the judge gave no usable answer after
its own retries) is a real result and is stored, but it carries no score: the call stays `queued`
and a new job generation is queued after a backoff, until the retries are used up and the call is
`grading_failed` with that flagged grade as its latest.
"""

from __future__ import annotations

import threading
import time
import traceback
import uuid
from collections.abc import Generator
from contextlib import contextmanager
from typing import Any, LiteralString

import dramatiq
import msgspec
import psycopg
import structlog
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from grading.formats import Call, FactSheet, Grade
from grading.judging import Judge
from service.blobs import BlobStore
from service.metrics import Metrics
from service.outbox import GRADING_QUEUE, INSERT_JOB, new_job_params
from service.settings import Settings

log = structlog.get_logger("service.actors")

GRADE_ACTOR = "grading.grade"
JUDGE_FAILED_FLAG = "judge_failed"
MAX_ERROR_CHARS = 4000

LOAD_JOB: LiteralString = """
select call_id, tenant_id, generation, state, attempts from grading_jobs where id = %(id)s
"""

CLAIM_JOB: LiteralString = """
update grading_jobs
set state = 'running', attempts = attempts + 1, claimed_at = now(), heartbeat_at = now()
where id = %(id)s
  and (state in ('pending', 'published', 'failed')
       or (state = 'running'
           and coalesce(heartbeat_at, claimed_at) < now() - make_interval(secs => %(stall_seconds)s)))
returning attempts
"""

BEAT_HEARTBEAT: LiteralString = """
update grading_jobs set heartbeat_at = now() where id = %(id)s and state = 'running'
"""

LOAD_CALL_AND_FACT_SHEET: LiteralString = """
select c.body::text, c.fact_sheet_version, f.body::text, f.sha256
from calls c
join fact_sheets f on f.tenant_id = c.tenant_id and f.agent = c.agent and f.version = c.fact_sheet_version
where c.id = %(call_id)s
"""

INSERT_GRADE: LiteralString = """
insert into grades (id, job_id, call_id, tenant_id, fact_sheet_version, fact_sheet_sha256, body, score,
                    verdict, tags, judge_failed)
values (%(id)s, %(job_id)s, %(call_id)s, %(tenant_id)s, %(fact_sheet_version)s, %(fact_sheet_sha256)s,
        %(body)s, %(score)s, %(verdict)s, %(tags)s, %(judge_failed)s)
on conflict (job_id) do nothing
returning id
"""

FINISH_JOB: LiteralString = """
update grading_jobs set state = 'done', finished_at = now() where id = %(id)s and state <> 'done'
"""

SET_CALL_STATUS: LiteralString = """
update calls set status = %(status)s where id = %(call_id)s and status <> 'graded'
"""

RECORD_FAILURE: LiteralString = """
update grading_jobs
set state = 'failed', last_error = %(error)s,
    available_at = now() + make_interval(secs => %(backoff_seconds)s)
where id = %(id)s and state = 'running'
"""

MARK_DEAD: LiteralString = """
update grading_jobs set state = 'dead', last_error = %(error)s, finished_at = now()
where id = %(id)s and state not in ('done', 'dead')
"""


class ActorContext(msgspec.Struct, frozen=True, kw_only=True):
    """What actor bodies need, passed explicitly (no globals). `judge` None grades with the rules
    judge (the engine's default)."""

    settings: Settings
    pool: ConnectionPool
    blobs: BlobStore
    metrics: Metrics
    judge: Judge | None = None


class Actors(msgspec.Struct, kw_only=True):
    """The declared actors by name (`actor_name` → dramatiq Actor)."""

    by_name: dict[str, dramatiq.Actor[..., object]] = msgspec.field(default_factory=dict)

    @property
    def grade(self) -> dramatiq.Actor[..., object]:
        return self.by_name[GRADE_ACTOR]

    def publish_grading(self, job_id: str) -> None:
        """Send one `grading.grade` message (the outbox relay's publish function)."""
        self.grade.send(job_id)


def backoff_seconds(settings: Settings, attempts: int) -> float:
    """Exponential backoff for the attempt after `attempts` failures, capped; the same schedule as
    the dramatiq retry options below (dramatiq adds jitter)."""
    delay_ms = settings.grading_min_backoff_ms * (2 ** max(0, attempts - 1))
    return min(delay_ms, settings.grading_max_backoff_ms) / 1000.0


@contextmanager
def heartbeat(pool: ConnectionPool, job_id: str, every_seconds: float) -> Generator[None]:
    """Beat the job's heartbeat in a side thread while the block runs, so the relay can tell a slow
    judge from a dead worker."""
    stop = threading.Event()

    def beat() -> None:
        while not stop.wait(every_seconds):
            try:
                with pool.connection(timeout=every_seconds) as conn:
                    conn.execute(BEAT_HEARTBEAT, {"id": job_id})
            except Exception as error:  # a missed beat only risks a duplicate delivery
                log.warning("grading.heartbeat_failed", job_id=job_id, error=str(error))

    thread = threading.Thread(target=beat, name=f"heartbeat-{job_id[:8]}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(every_seconds + 1.0)


def grade_job(context: ActorContext, job_id: str) -> None:
    """The body of `grading.grade` (see the module docstring for the protocol)."""
    from grading.engine import grade  # the pure pipeline; imported here to keep worker start-up light

    settings = context.settings
    metrics = context.metrics
    with context.pool.connection() as conn:
        job = conn.execute(LOAD_JOB, {"id": job_id}).fetchone()
        if job is None:
            log.warning("grading.job_missing", job_id=job_id)
            return
        call_id, tenant_id, generation, state, _ = job
        if state in ("done", "dead"):
            metrics.grading_jobs.labels("duplicate").inc()
            return
        claimed = conn.execute(
            CLAIM_JOB, {"id": job_id, "stall_seconds": settings.outbox_stall_seconds}
        ).fetchone()
    if claimed is None:
        metrics.grading_jobs.labels("duplicate").inc()
        log.info("grading.job_held_elsewhere", job_id=job_id, state=state)
        return
    attempts: int = claimed[0]
    started = time.perf_counter()
    try:
        with heartbeat(context.pool, job_id, max(0.2, settings.outbox_stall_seconds / 4)):
            with context.pool.connection() as conn:
                row = conn.execute(LOAD_CALL_AND_FACT_SHEET, {"call_id": call_id}).fetchone()
            if row is None:
                raise LookupError(f"call {call_id} or its pinned fact sheet version is missing")
            call_body, version, sheet_body, sheet_sha256 = row
            call = msgspec.json.decode(call_body, type=Call)
            fact_sheet = msgspec.json.decode(sheet_body, type=FactSheet)
            result = grade(
                call, fact_sheet, context.judge, fact_sheet_version=version, fact_sheet_sha256=sheet_sha256
            )
        outcome = store_grade(context, job_id, call_id, tenant_id, generation, result)
    except Exception as error:
        record_failure(context, job_id, call_id, attempts, error)
        raise
    metrics.grading_jobs.labels(outcome).inc()
    log.info(
        "grading.grade_stored" if outcome != "duplicate" else "grading.grade_existed",
        job_id=job_id,
        call_id=str(call_id),
        outcome=outcome,
        score=result.score,
        verdict=result.verdict,
        attempts=attempts,
        duration_ms=round((time.perf_counter() - started) * 1000, 1),
    )


def store_grade(
    context: ActorContext,
    job_id: str,
    call_id: uuid.UUID,
    tenant_id: uuid.UUID,
    generation: int,
    result: Grade,
) -> str:
    """Write the grade, finish the job and update the call, in one transaction. Returns the outcome
    for the metric: graded, duplicate (the grade of this job already existed), judge_failed (a new
    generation is queued) or failed (judge failures exhausted the retries)."""
    judge_failed = JUDGE_FAILED_FLAG in result.flags
    params: dict[str, Any] = {
        "id": uuid.uuid4(),
        "job_id": job_id,
        "call_id": call_id,
        "tenant_id": tenant_id,
        "fact_sheet_version": result.fact_sheet_version,
        "fact_sheet_sha256": result.fact_sheet_sha256,
        "body": Jsonb(msgspec.to_builtins(result)),
        "score": result.score,
        "verdict": result.verdict,
        "tags": sorted({failure.tag for failure in result.failures}),
        "judge_failed": judge_failed,
    }
    settings = context.settings
    with context.pool.connection() as conn, conn.transaction():
        inserted = conn.execute(INSERT_GRADE, params).fetchone()
        conn.execute(FINISH_JOB, {"id": job_id})
        if inserted is None:
            return "duplicate"
        if not judge_failed:
            conn.execute(SET_CALL_STATUS, {"call_id": call_id, "status": "graded"})
            return "graded"
        if generation <= settings.grading_max_retries:
            retry = new_job_params(
                call_id,
                tenant_id,
                generation=generation + 1,
                delay_seconds=backoff_seconds(settings, generation),
            )
            conn.execute(INSERT_JOB + " on conflict (call_id, generation) do nothing", retry)
            return "judge_failed"
        conn.execute(SET_CALL_STATUS, {"call_id": call_id, "status": "grading_failed"})
        return "failed"


def record_failure(
    context: ActorContext, job_id: str, call_id: uuid.UUID, attempts: int, error: Exception
) -> None:
    """Record the error on the job; after the last retry, dead-letter it and fail the call. Never
    raises (the caller re-raises the original error for dramatiq's retry)."""
    settings = context.settings
    text = "".join(traceback.format_exception_only(error)).strip()[:MAX_ERROR_CHARS]
    final = attempts > settings.grading_max_retries
    try:
        with context.pool.connection() as conn, conn.transaction():
            if final:
                conn.execute(MARK_DEAD, {"id": job_id, "error": text})
                conn.execute(SET_CALL_STATUS, {"call_id": call_id, "status": "grading_failed"})
            else:
                conn.execute(
                    RECORD_FAILURE,
                    {"id": job_id, "error": text, "backoff_seconds": backoff_seconds(settings, attempts)},
                )
    except psycopg.Error as db_error:  # the relay re-publishes the job once it looks stalled
        log.error("grading.failure_not_recorded", job_id=job_id, error=str(db_error))
        return
    context.metrics.grading_jobs.labels("dead" if final else "retried").inc()
    log.warning(
        "grading.job_dead" if final else "grading.job_failed",
        job_id=job_id,
        call_id=str(call_id),
        attempts=attempts,
        error=text,
    )


def declare_actors(broker: dramatiq.Broker, context: ActorContext) -> Actors:
    """Declare every actor on `broker` with explicit retry limits (dramatiq's defaults, 20 retries
    over days, are wrong for grading). The database's attempt count decides when a job is dead; a
    message dramatiq gives up on earlier is re-published by the relay rather than lost."""
    settings = context.settings

    def grading_grade(job_id: str) -> None:
        grade_job(context, job_id)

    options = {
        "max_retries": settings.grading_max_retries,
        "min_backoff": settings.grading_min_backoff_ms,
        "max_backoff": settings.grading_max_backoff_ms,
    }
    grade_actor: dramatiq.Actor[..., object] = dramatiq.Actor(
        grading_grade,
        broker=broker,
        actor_name=GRADE_ACTOR,
        queue_name=GRADING_QUEUE,
        priority=0,
        options=options,
    )
    return Actors(by_name={GRADE_ACTOR: grade_actor})
