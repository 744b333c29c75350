"""Storing canonical calls: the one way a call enters the database (API and webhooks alike).

- `store_call`: one SQL statement, hence one transaction: the call row (`ON CONFLICT (tenant,
  source, external_id) DO NOTHING`), pinned to the fact sheet version in force when it started (see
  `ingest.fact_sheets`), and its grading job in the outbox; or the row alone with status
  `no_fact_sheet` when no version is approved. A repeat of (source, external_id) inserts nothing
  and returns the first call's id. The broker is never touched here: the outbox relay publishes
  after commit.
- `add_call_metadata` adds keys to a stored call's metadata (a later webhook's extra facts, such as
  Retell's analysis), without touching its status, job or grade.
"""

from __future__ import annotations

import uuid
from typing import Any, Literal, LiteralString

import msgspec
from psycopg import AsyncConnection

from grading.formats import Call
from ingest.fact_sheets import in_force_sql

CallStatus = Literal["queued", "graded", "grading_failed", "no_fact_sheet"]

INSERT_CALL: LiteralString = (
    """
with pinned as (
    select """
    + in_force_sql("%(tenant_id)s", "%(agent)s", "%(started_at)s::timestamptz")
    + """ as version
), inserted as (
    insert into calls (id, tenant_id, source, external_id, agent, agent_version, started_at, ended_at,
                       end_reason, body, blob_key, integration_id, fact_sheet_version, status)
    select %(id)s, %(tenant_id)s, %(source)s, %(external_id)s, %(agent)s, %(agent_version)s,
           %(started_at)s, %(ended_at)s, %(end_reason)s, %(body)s::jsonb, %(blob_key)s,
           %(integration_id)s, pinned.version,
           case when pinned.version is null then 'no_fact_sheet' else 'queued' end
    from pinned
    on conflict (tenant_id, source, external_id) do nothing
    returning id, status
), job as (
    insert into grading_jobs (id, call_id, tenant_id)
    select %(job_id)s, id, %(tenant_id)s from inserted where status = 'queued'
)
select id, status from inserted
"""
)

ADD_CALL_METADATA: LiteralString = """
update calls
set body = jsonb_set(body, '{metadata}', coalesce(body -> 'metadata', '{}'::jsonb) || %(values)s::jsonb)
where tenant_id = %(tenant_id)s and source = %(source)s and external_id = %(external_id)s
returning id, status
"""

FIND_CALL: LiteralString = """
select id, status from calls
where tenant_id = %(tenant_id)s and source = %(source)s and external_id = %(external_id)s
"""


class StoredCall(msgspec.Struct, kw_only=True):
    """The outcome of `store_call`: the call's id and status, and whether this request created it."""

    id: uuid.UUID
    status: CallStatus
    created: bool


def insert_call_params(
    tenant_id: uuid.UUID,
    call: Call,
    *,
    call_id: uuid.UUID | None = None,
    blob_key: str | None = None,
    integration_id: uuid.UUID | None = None,
) -> dict[str, Any]:
    """The parameters of INSERT_CALL (shared by the async routes and synchronous callers such as the
    seed)."""
    return {
        "id": call_id or uuid.uuid4(),
        "job_id": uuid.uuid4(),
        "tenant_id": tenant_id,
        "source": call.source,
        "external_id": call.external_id,
        "agent": call.agent,
        "agent_version": call.agent_version,
        "started_at": call.started_at,
        "ended_at": call.ended_at,
        "end_reason": call.end_reason,
        "body": msgspec.json.encode(call).decode(),
        "blob_key": blob_key,
        "integration_id": integration_id,
    }


async def store_call(
    conn: AsyncConnection[Any],
    *,
    tenant_id: uuid.UUID,
    call: Call,
    call_id: uuid.UUID | None = None,
    blob_key: str | None = None,
    integration_id: uuid.UUID | None = None,
) -> StoredCall:
    """Insert the call and its grading job atomically, or find the existing call (see docstring).

    `conn` is in autocommit: the single statement is its own transaction. Inside an explicit
    transaction it joins that one instead.
    """
    params = insert_call_params(
        tenant_id, call, call_id=call_id, blob_key=blob_key, integration_id=integration_id
    )
    row = await (await conn.execute(INSERT_CALL, params)).fetchone()
    if row is not None:
        return StoredCall(id=row[0], status=row[1], created=True)
    existing = await find_call(conn, tenant_id, call.source, call.external_id)
    assert existing is not None  # the conflicting row is committed: ON CONFLICT waited for it
    return existing


async def add_call_metadata(
    conn: AsyncConnection[Any], tenant_id: uuid.UUID, source: str, external_id: str, values: dict[str, Any]
) -> StoredCall | None:
    """Add `values` to the `metadata` of the call stored under (tenant, source, external_id)
    (replacing keys it already has), or None when there is no such call. Nothing else changes:
    no status, no grading job, no grade (grading never reads metadata)."""
    params = {
        "tenant_id": tenant_id,
        "source": source,
        "external_id": external_id,
        "values": msgspec.json.encode(values).decode(),
    }
    row = await (await conn.execute(ADD_CALL_METADATA, params)).fetchone()
    return None if row is None else StoredCall(id=row[0], status=row[1], created=False)


async def find_call(
    conn: AsyncConnection[Any], tenant_id: uuid.UUID, source: str, external_id: str
) -> StoredCall | None:
    """The call already stored under (tenant, source, external_id), if any."""
    params = {"tenant_id": tenant_id, "source": source, "external_id": external_id}
    row = await (await conn.execute(FIND_CALL, params)).fetchone()
    return None if row is None else StoredCall(id=row[0], status=row[1], created=False)
