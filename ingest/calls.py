"""The `/v1/calls` routes: submitting a canonical call, listing, counting and reading calls and grades.

- Storing a call (with its grading job, idempotently) is `ingest.call_store.store_call`.
- `POST /v1/calls` (scope `ingest`): 202 `{id, status}` for a new call, 200 with the same id on a
  repeat, 422 listing every error with its path. `source` defaults to `api` when omitted.
- `GET /v1/calls` (scope `read`): newest first by `started_at`, filters `agent`, `status`,
  `verdict` and `tag` (of the call's latest grade), `since` (inclusive) and `until` (exclusive) on
  `started_at`; keyset pagination through the opaque `next_cursor`.
- `GET /v1/calls/stats`: per agent and period (`hour|day|week|month`, UTC, by `started_at`):
  received = queued + graded + no_fact_sheet + grading_failed, plus pass/fail of graded calls.
  Every call has exactly one of the four statuses (a check constraint), so the counts reconcile
  by construction and a call cannot go missing silently.
- `GET /v1/calls/{id}`: the call, its status, its latest grade and its grading job's progress.
  `GET /v1/calls/{id}/grade`: the latest grade (404 while there is none). A call's grade is its
  latest grade row; a regrade or a retry after a failed judge adds a row, never changes one.
- Another tenant's call is a 404, never its data.
"""

from __future__ import annotations

import base64
import time
import uuid
from datetime import datetime
from typing import Annotated, Any, Literal, LiteralString, cast

import msgspec
from litestar import Request, Response, get, post
from litestar.di import NamedDependency
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromPath, FromQuery, QueryParameter
from psycopg import AsyncConnection
from psycopg.rows import class_row

from grading.formats import Call, Grade
from grading.validation import InvalidDocumentError, validate_call
from ingest.call_store import CallStatus, find_call, store_call
from ingest.fact_sheets import invalid
from service.auth import Principal, require
from service.errors import BadRequest, NotFound
from service.metrics import Metrics
from service.settings import Settings

GET_CALL: LiteralString = """
select c.id, c.status, c.received_at, c.blob_key, c.integration_id, c.fact_sheet_version,
       c.body::text as body,
       j.state as job_state, j.attempts as job_attempts, j.last_error as job_last_error,
       g.body::text as grade_body
from calls c
left join lateral (select state, attempts, last_error from grading_jobs
                   where call_id = c.id order by generation desc limit 1) j on true
left join lateral (select body from grades where call_id = c.id order by created_at desc limit 1) g on true
where c.tenant_id = %(tenant_id)s and c.id = %(id)s
"""

GET_LATEST_GRADE: LiteralString = """
select c.status, g.id, g.job_id, g.created_at, g.body::text as body
from calls c
left join lateral (select id, job_id, created_at, body from grades
                   where call_id = c.id order by created_at desc limit 1) g on true
where c.tenant_id = %(tenant_id)s and c.id = %(id)s
"""

LIST_CALLS: LiteralString = """
select c.id, c.source, c.external_id, c.agent, c.agent_version, c.started_at, c.ended_at, c.end_reason,
       c.status, c.received_at, c.fact_sheet_version, g.score, g.verdict, coalesce(g.tags, '{}') as tags
from calls c
left join lateral (select score, verdict, tags from grades
                   where call_id = c.id order by created_at desc limit 1) g on true
where c.tenant_id = %(tenant_id)s
  and (%(agent)s::text is null or c.agent = %(agent)s::text)
  and (%(status)s::text is null or c.status = %(status)s::text)
  and (%(verdict)s::text is null or g.verdict = %(verdict)s::text)
  and (%(tag)s::text is null or %(tag)s::text = any(g.tags))
  and (%(since)s::timestamptz is null or c.started_at >= %(since)s::timestamptz)
  and (%(until)s::timestamptz is null or c.started_at < %(until)s::timestamptz)
  and (%(after_started_at)s::timestamptz is null
       or (c.started_at, c.id) < (%(after_started_at)s::timestamptz, %(after_id)s::uuid))
order by c.started_at desc, c.id desc
limit %(limit)s
"""

CALL_STATS: LiteralString = """
select c.agent, date_trunc(%(period)s, c.started_at, 'UTC') as period_start,
       count(*) as received,
       count(*) filter (where c.status = 'queued') as queued,
       count(*) filter (where c.status = 'graded') as graded,
       count(*) filter (where c.status = 'no_fact_sheet') as no_fact_sheet,
       count(*) filter (where c.status = 'grading_failed') as grading_failed,
       count(*) filter (where c.status = 'graded' and g.verdict = 'pass') as passed,
       count(*) filter (where c.status = 'graded' and g.verdict = 'fail') as failed
from calls c
left join lateral (select verdict from grades
                   where call_id = c.id order by created_at desc limit 1) g on true
where c.tenant_id = %(tenant_id)s
  and (%(agent)s::text is null or c.agent = %(agent)s::text)
  and (%(since)s::timestamptz is null or c.started_at >= %(since)s::timestamptz)
  and (%(until)s::timestamptz is null or c.started_at < %(until)s::timestamptz)
group by 1, 2
order by 1, 2
"""


# --- Views ----------------------------------------------------------------------------------------


class CallAccepted(msgspec.Struct, kw_only=True):
    id: uuid.UUID
    status: CallStatus
    duplicate: bool = False


class GradingProgress(msgspec.Struct, kw_only=True):
    state: str
    attempts: int
    last_error: str | None


class CallView(msgspec.Struct, kw_only=True):
    id: uuid.UUID
    status: CallStatus
    received_at: datetime
    fact_sheet_version: int | None
    blob_key: str | None
    integration_id: uuid.UUID | None
    call: Call
    grade: Grade | None
    grading: GradingProgress | None


class GradeView(msgspec.Struct, kw_only=True):
    id: uuid.UUID
    call_id: uuid.UUID
    job_id: uuid.UUID
    created_at: datetime
    grade: Grade


class CallSummary(msgspec.Struct, kw_only=True):
    id: uuid.UUID
    source: str
    external_id: str
    agent: str
    agent_version: str | None
    started_at: datetime
    ended_at: datetime
    end_reason: str
    status: CallStatus
    received_at: datetime
    fact_sheet_version: int | None
    score: float | None
    verdict: str | None
    tags: list[str]


class CallPage(msgspec.Struct, kw_only=True):
    calls: list[CallSummary]
    next_cursor: str | None


class StatsRow(msgspec.Struct, kw_only=True):
    agent: str
    period_start: datetime
    received: int
    queued: int
    graded: int
    no_fact_sheet: int
    grading_failed: int
    passed: int
    failed: int


class CallStats(msgspec.Struct, kw_only=True):
    period: str
    rows: list[StatsRow]
    total: StatsRow | None


class _CallRow(msgspec.Struct, kw_only=True):
    id: uuid.UUID
    status: CallStatus
    received_at: datetime
    blob_key: str | None
    integration_id: uuid.UUID | None
    fact_sheet_version: int | None
    body: str
    job_state: str | None
    job_attempts: int | None
    job_last_error: str | None
    grade_body: str | None


def encode_cursor(started_at: datetime, call_id: uuid.UUID) -> str:
    raw = msgspec.json.encode([started_at, call_id])
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[datetime, uuid.UUID]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        started_at, call_id = msgspec.json.decode(raw, type=tuple[datetime, uuid.UUID])
    except (ValueError, msgspec.DecodeError):
        raise BadRequest("cursor is not a cursor this API returned") from None
    return started_at, call_id


# --- Routes ---------------------------------------------------------------------------------------


@post(
    "/v1/calls",
    guards=[require("ingest")],
    summary="Submit a canonical call for grading",
    description="202 with the new call's id; 200 with the same id when (source, external_id) was already "
    "received (nothing is written and no second grade is made).",
    tags=["calls"],
    responses={202: ResponseSpec(CallAccepted, description="Accepted for grading")},
)
async def submit_call(
    request: Request[Any, Any, Any],
    conn: NamedDependency[AsyncConnection[Any]],
    principal: NamedDependency[Principal],
    settings: NamedDependency[Settings],
    metrics: NamedDependency[Metrics],
) -> Response[CallAccepted]:
    started = time.perf_counter()
    try:
        document: object = msgspec.json.decode(await request.body())
    except msgspec.DecodeError as error:
        raise BadRequest(f"the body is not valid JSON: {error}") from None
    if isinstance(document, dict):
        cast("dict[str, Any]", document).setdefault("source", "api")
    try:
        call = validate_call(
            document,  # pyright: ignore[reportUnknownArgumentType]
            max_turns=settings.max_turns,
            max_turn_chars=settings.max_turn_chars,
        )
    except InvalidDocumentError as error:
        raise invalid(error) from None
    existing = await find_call(conn, principal.tenant_id, call.source, call.external_id)
    stored = existing or await store_call(conn, tenant_id=principal.tenant_id, call=call)
    metrics.ingest_seconds.observe(time.perf_counter() - started)
    return Response(
        CallAccepted(id=stored.id, status=stored.status, duplicate=not stored.created),
        status_code=202 if stored.created else 200,
    )


@get(
    "/v1/calls",
    guards=[require("read")],
    summary="List calls, newest first, with filters and keyset pagination",
    tags=["calls"],
)
async def list_calls(
    conn: NamedDependency[AsyncConnection[Any]],
    principal: NamedDependency[Principal],
    agent: FromQuery[str | None] = None,
    status: FromQuery[CallStatus | None] = None,
    verdict: FromQuery[Literal["pass", "fail"] | None] = None,
    tag: FromQuery[str | None] = None,
    since: FromQuery[datetime | None] = None,
    until: FromQuery[datetime | None] = None,
    cursor: FromQuery[str | None] = None,
    limit: Annotated[int, QueryParameter(ge=1, le=500)] = 50,
) -> CallPage:
    after_started_at, after_id = decode_cursor(cursor) if cursor else (None, None)
    params: dict[str, Any] = {
        "tenant_id": principal.tenant_id,
        "agent": agent,
        "status": status,
        "verdict": verdict,
        "tag": tag,
        "since": since,
        "until": until,
        "after_started_at": after_started_at,
        "after_id": after_id,
        "limit": limit + 1,
    }
    async with conn.cursor(row_factory=class_row(CallSummary)) as cur:
        await cur.execute(LIST_CALLS, params)
        rows = await cur.fetchall()
    next_cursor = None
    if len(rows) > limit:
        rows = rows[:limit]
        next_cursor = encode_cursor(rows[-1].started_at, rows[-1].id)
    return CallPage(calls=rows, next_cursor=next_cursor)


@get(
    "/v1/calls/stats",
    guards=[require("read")],
    summary="Counts per agent and period that reconcile: received = queued + graded + no_fact_sheet + "
    "grading_failed",
    tags=["calls"],
)
async def call_stats(
    conn: NamedDependency[AsyncConnection[Any]],
    principal: NamedDependency[Principal],
    agent: FromQuery[str | None] = None,
    since: FromQuery[datetime | None] = None,
    until: FromQuery[datetime | None] = None,
    period: FromQuery[Literal["hour", "day", "week", "month"]] = "day",
) -> CallStats:
    params = {
        "tenant_id": principal.tenant_id,
        "agent": agent,
        "since": since,
        "until": until,
        "period": period,
    }
    async with conn.cursor(row_factory=class_row(StatsRow)) as cur:
        await cur.execute(CALL_STATS, params)
        rows = await cur.fetchall()
    total = None
    if rows:
        total = StatsRow(
            agent=agent or "*",
            period_start=min(row.period_start for row in rows),
            **{
                name: sum(getattr(row, name) for row in rows)
                for name in (
                    "received",
                    "queued",
                    "graded",
                    "no_fact_sheet",
                    "grading_failed",
                    "passed",
                    "failed",
                )
            },
        )
    return CallStats(period=period, rows=rows, total=total)


@get(
    "/v1/calls/{call_id:uuid}",
    guards=[require("read")],
    summary="One call: the canonical call, its status, its grade and grading progress",
    tags=["calls"],
)
async def get_call(
    call_id: FromPath[uuid.UUID],
    conn: NamedDependency[AsyncConnection[Any]],
    principal: NamedDependency[Principal],
) -> CallView:
    async with conn.cursor(row_factory=class_row(_CallRow)) as cur:
        await cur.execute(GET_CALL, {"tenant_id": principal.tenant_id, "id": call_id})
        row = await cur.fetchone()
    if row is None:
        raise NotFound("no such call")
    return CallView(
        id=row.id,
        status=row.status,
        received_at=row.received_at,
        fact_sheet_version=row.fact_sheet_version,
        blob_key=row.blob_key,
        integration_id=row.integration_id,
        call=msgspec.json.decode(row.body, type=Call),
        grade=None if row.grade_body is None else msgspec.json.decode(row.grade_body, type=Grade),
        grading=None
        if row.job_state is None
        else GradingProgress(
            state=row.job_state, attempts=row.job_attempts or 0, last_error=row.job_last_error
        ),
    )


@get(
    "/v1/calls/{call_id:uuid}/grade",
    guards=[require("read")],
    summary="The call's latest grade (404 while it has none)",
    tags=["calls"],
)
async def get_call_grade(
    call_id: FromPath[uuid.UUID],
    conn: NamedDependency[AsyncConnection[Any]],
    principal: NamedDependency[Principal],
) -> GradeView:
    row = await (
        await conn.execute(GET_LATEST_GRADE, {"tenant_id": principal.tenant_id, "id": call_id})
    ).fetchone()
    if row is None:
        raise NotFound("no such call")
    status, grade_id, job_id, created_at, body = row
    if grade_id is None:
        raise NotFound(f"the call has no grade yet (status {status})")
    return GradeView(
        id=grade_id,
        call_id=call_id,
        job_id=job_id,
        created_at=created_at,
        grade=msgspec.json.decode(body, type=Grade),
    )


ROUTES = [submit_call, list_calls, call_stats, get_call, get_call_grade]
