"""Fact sheet versions per agent under `/v1/agents/{agent}/fact-sheets`: create, list, read, diff and
approve; and which approved version is *in force* for a call.

Decisions:

- A POST creates the next version number (1, 2, ...) as a draft, from YAML (`application/yaml`,
  `text/yaml`, `application/x-yaml`) or JSON (anything else). The stored body is the normalised
  FactSheet (canonical JSON), and `sha256` is `grading.formats.fact_sheet_sha256` of it, so the same
  content uploaded as YAML or JSON has the same hash. Every validation error is reported at once,
  each with its path (`facts[3].topic`), as a 422 problem. Creating needs the `ingest` scope.
- Versions are immutable: the database refuses any update except the single approve transition
  and refuses deletes (trigger in migrations/0002). Approving needs the `review` scope (admin
  implies it) and records the key and the time; approving an approved version again changes
  nothing and answers 200 with the original approval.
- **In force.** The version in force for a call is the version with the latest approval at or before
  the call's `started_at`. If none had been approved by then but some version is approved now, it is
  the *earliest* approved version (the first truth the business signed off after the call). If no
  version is approved at all, the call is kept with status `no_fact_sheet`. Approval order, not
  version number, decides: approving v2 before v1 makes v2 the earlier truth.
- Approving a version releases the agent's `no_fact_sheet` calls in the same transaction: each is
  pinned to its in-force version (by the rule above) and gets a grading job in the outbox. Because
  a call can be committed as `no_fact_sheet` concurrently with an approval (each transaction blind
  to the other), the outbox relay also runs the same release periodically (`RELEASE_ALL_WAITING`),
  so no call waits forever.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Annotated, Any, LiteralString

import msgspec
import yaml
from litestar import Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, PathParameter, QueryParameter
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED
from psycopg import AsyncConnection
from psycopg.rows import class_row

from grading.formats import FactSheet, fact_sheet_sha256
from grading.validation import FactSheetDiff, InvalidDocumentError, diff_fact_sheets, validate_fact_sheet
from service.auth import Principal, require
from service.errors import BadRequest, FieldError, InvalidInput, NotFound

YAML_MEDIA_TYPES = frozenset({"application/yaml", "text/yaml", "application/x-yaml", "text/x-yaml"})

IN_FORCE_SQL: LiteralString = """
coalesce(
    (select f.version from fact_sheets f
     where f.tenant_id = {tenant} and f.agent = {agent} and f.approved_at <= {started_at}
     order by f.approved_at desc, f.version desc limit 1),
    (select f.version from fact_sheets f
     where f.tenant_id = {tenant} and f.agent = {agent} and f.approved_at is not null
     order by f.approved_at, f.version limit 1))
"""
"""The in-force rule as an SQL expression (see the module docstring); filled in per use."""

CREATE_VERSION: LiteralString = """
insert into fact_sheets (tenant_id, agent, version, body, sha256, created_by)
select %(tenant_id)s, %(agent)s, coalesce(max(version), 0) + 1, %(body)s::jsonb, %(sha256)s, %(created_by)s
from fact_sheets where tenant_id = %(tenant_id)s and agent = %(agent)s
returning version, sha256, created_at
"""

LOCK_AGENT: LiteralString = """
select pg_advisory_xact_lock(hashtextextended(%(tenant_id)s::text || '/' || %(agent)s, 0))
"""
"""Serialises version numbering per agent, so two uploads at once get versions n and n+1."""

LIST_VERSIONS: LiteralString = """
select agent, version, sha256, created_by, created_at, approved_by, approved_at
from fact_sheets where tenant_id = %(tenant_id)s and agent = %(agent)s
order by version
"""

GET_VERSION: LiteralString = """
select agent, version, sha256, created_by, created_at, approved_by, approved_at, body::text as body
from fact_sheets where tenant_id = %(tenant_id)s and agent = %(agent)s and version = %(version)s
"""

APPROVE_VERSION: LiteralString = """
update fact_sheets set approved_by = %(approved_by)s, approved_at = now()
where tenant_id = %(tenant_id)s and agent = %(agent)s and version = %(version)s and approved_at is null
"""

RELEASE_WAITING_CALLS: LiteralString = (
    """
with released as (
    update calls c set status = 'queued', fact_sheet_version = """
    + IN_FORCE_SQL.format(tenant="c.tenant_id", agent="c.agent", started_at="c.started_at")
    + """
    where c.tenant_id = %(tenant_id)s and c.agent = %(agent)s and c.status = 'no_fact_sheet'
      and exists (select 1 from fact_sheets f
                  where f.tenant_id = c.tenant_id and f.agent = c.agent and f.approved_at is not null)
    returning c.id, c.tenant_id
)
insert into grading_jobs (id, call_id, tenant_id)
select gen_random_uuid(), id, tenant_id from released
"""
)
"""Pin an agent's waiting calls to their in-force version and queue them, in one statement."""

RELEASE_ALL_WAITING: LiteralString = (
    """
with released as (
    update calls c set status = 'queued', fact_sheet_version = """
    + IN_FORCE_SQL.format(tenant="c.tenant_id", agent="c.agent", started_at="c.started_at")
    + """
    where c.status = 'no_fact_sheet'
      and exists (select 1 from fact_sheets f
                  where f.tenant_id = c.tenant_id and f.agent = c.agent and f.approved_at is not null)
    returning c.id, c.tenant_id
)
insert into grading_jobs (id, call_id, tenant_id)
select gen_random_uuid(), id, tenant_id from released
"""
)
"""The same release for every tenant and agent: the relay's safety net for the approval race."""


class VersionInfo(msgspec.Struct, kw_only=True):
    """A version's metadata (the list and every single read carry it)."""

    agent: str
    version: int
    sha256: str
    created_by: str | None
    created_at: datetime
    approved_by: str | None
    approved_at: datetime | None

    @property
    def approved(self) -> bool:
        return self.approved_at is not None


class _VersionRow(VersionInfo, kw_only=True):
    body: str


class CreatedVersion(msgspec.Struct, kw_only=True):
    agent: str
    version: int
    sha256: str
    created_at: datetime
    approved: bool = False


class VersionView(msgspec.Struct, kw_only=True):
    agent: str
    version: int
    sha256: str
    created_by: str | None
    created_at: datetime
    approved: bool
    approved_by: str | None
    approved_at: datetime | None
    fact_sheet: FactSheet | None = None


class VersionList(msgspec.Struct, kw_only=True):
    agent: str
    versions: list[VersionView]


class ApprovedVersion(VersionView, kw_only=True):
    released_calls: int = 0
    """How many waiting (`no_fact_sheet`) calls this approval queued for grading."""


class DiffView(msgspec.Struct, kw_only=True):
    agent: str
    from_version: int
    to_version: int
    from_sha256: str
    to_sha256: str
    diff: FactSheetDiff


def in_force_sql(tenant: LiteralString, agent: LiteralString, started_at: LiteralString) -> LiteralString:
    """The in-force rule as an SQL expression over the given column or placeholder names."""
    return IN_FORCE_SQL.format(tenant=tenant, agent=agent, started_at=started_at)  # pyright: ignore[reportReturnType]


def _view(row: VersionInfo, fact_sheet: FactSheet | None = None) -> VersionView:
    return VersionView(
        agent=row.agent,
        version=row.version,
        sha256=row.sha256,
        created_by=row.created_by,
        created_at=row.created_at,
        approved=row.approved,
        approved_by=row.approved_by,
        approved_at=row.approved_at,
        fact_sheet=fact_sheet,
    )


def decode_fact_sheet_body(body: bytes, content_type: str) -> object:
    """The uploaded document as plain data: YAML for the YAML media types, JSON otherwise."""
    media_type = content_type.split(";", 1)[0].strip().lower()
    if media_type in YAML_MEDIA_TYPES:
        try:
            return yaml.safe_load(body)
        except yaml.YAMLError as error:
            raise BadRequest(f"the body is not valid YAML: {error}") from None
    try:
        return msgspec.json.decode(body)
    except msgspec.DecodeError as error:
        raise BadRequest(f"the body is not valid JSON: {error}") from None


def invalid(error: InvalidDocumentError) -> InvalidInput:
    """A 422 problem listing every error of a document, the first one as `field`."""
    errors = [FieldError(field=e.field or None, message=e.message) for e in error.errors]
    first = error.errors[0]
    detail = f"{len(errors)} error(s); first: {first.field or '(document)'}: {first.message}"
    return InvalidInput(first.field or None, detail, errors=errors)


async def fetch_version(
    conn: AsyncConnection[Any], tenant_id: uuid.UUID, agent: str, version: int
) -> tuple[VersionInfo, FactSheet]:
    """One version and its sheet, or NotFound (also for another tenant's agent)."""
    async with conn.cursor(row_factory=class_row(_VersionRow)) as cur:
        await cur.execute(GET_VERSION, {"tenant_id": tenant_id, "agent": agent, "version": version})
        row = await cur.fetchone()
    if row is None:
        raise NotFound(f"agent {agent!r} has no fact sheet version {version}")
    return row, msgspec.json.decode(row.body, type=FactSheet)


def create_version_params(tenant_id: Any, fact_sheet: FactSheet, created_by: str | None) -> dict[str, Any]:
    """The parameters of CREATE_VERSION (and LOCK_AGENT): the sheet stored as its canonical JSON with
    the fingerprint a grade pins. Shared with the quick-start seed, which runs on a sync connection."""
    return {
        "tenant_id": tenant_id,
        "agent": fact_sheet.agent,
        "body": msgspec.json.encode(fact_sheet).decode(),
        "sha256": fact_sheet_sha256(fact_sheet),
        "created_by": created_by,
    }


async def create_version(
    conn: AsyncConnection[Any], tenant_id: uuid.UUID, fact_sheet: FactSheet, created_by: str | None
) -> CreatedVersion:
    """Store a validated sheet as the agent's next version (a draft), in its own transaction."""
    params = create_version_params(tenant_id, fact_sheet, created_by)
    async with conn.transaction():
        await conn.execute(LOCK_AGENT, params)
        cur = await conn.execute(CREATE_VERSION, params)
        row = await cur.fetchone()
    assert row is not None
    return CreatedVersion(agent=fact_sheet.agent, version=row[0], sha256=row[1], created_at=row[2])


async def approve_version(
    conn: AsyncConnection[Any], tenant_id: uuid.UUID, agent: str, version: int, approved_by: str
) -> ApprovedVersion:
    """Approve a draft and release the agent's waiting calls, in one transaction (see docstring)."""
    params = {"tenant_id": tenant_id, "agent": agent, "version": version, "approved_by": approved_by}
    async with conn.transaction():
        await conn.execute(LOCK_AGENT, params)
        await conn.execute(APPROVE_VERSION, params)
        released = await conn.execute(RELEASE_WAITING_CALLS, params)
        released_calls = released.rowcount
        info, fact_sheet = await fetch_version(conn, tenant_id, agent, version)
    view = _view(info, fact_sheet)
    return ApprovedVersion(**msgspec.structs.asdict(view), released_calls=max(released_calls, 0))


# --- Routes ---------------------------------------------------------------------------------------

AgentPath = Annotated[
    str, PathParameter(description="Our agent name, e.g. dental-frontdesk.", max_length=200)
]


@post(
    "/v1/agents/{agent:str}/fact-sheets",
    guards=[require("ingest")],
    status_code=HTTP_201_CREATED,
    summary="Create a fact sheet version (draft) from YAML or JSON",
    tags=["fact sheets"],
)
async def create_fact_sheet(
    agent: AgentPath,
    request: Request[Any, Any, Any],
    conn: NamedDependency[AsyncConnection[Any]],
    principal: NamedDependency[Principal],
) -> CreatedVersion:
    document = decode_fact_sheet_body(await request.body(), request.headers.get("content-type", ""))
    try:
        fact_sheet = validate_fact_sheet(document, agent=agent)
    except InvalidDocumentError as error:
        raise invalid(error) from None
    return await create_version(conn, principal.tenant_id, fact_sheet, str(principal.key_id))


@get(
    "/v1/agents/{agent:str}/fact-sheets",
    guards=[require("read")],
    summary="List an agent's fact sheet versions",
    tags=["fact sheets"],
)
async def list_fact_sheets(
    agent: AgentPath, conn: NamedDependency[AsyncConnection[Any]], principal: NamedDependency[Principal]
) -> VersionList:
    async with conn.cursor(row_factory=class_row(VersionInfo)) as cur:
        await cur.execute(LIST_VERSIONS, {"tenant_id": principal.tenant_id, "agent": agent})
        rows = await cur.fetchall()
    return VersionList(agent=agent, versions=[_view(row) for row in rows])


@get(
    "/v1/agents/{agent:str}/fact-sheets/diff",
    guards=[require("read")],
    summary="Compare two versions: facts and rules added, removed and changed",
    tags=["fact sheets"],
)
async def diff_fact_sheet_versions(
    agent: AgentPath,
    conn: NamedDependency[AsyncConnection[Any]],
    principal: NamedDependency[Principal],
    from_version: Annotated[int, QueryParameter(name="from", ge=1)],
    to_version: Annotated[int, QueryParameter(name="to", ge=1)],
) -> DiffView:
    before_info, before = await fetch_version(conn, principal.tenant_id, agent, from_version)
    after_info, after = await fetch_version(conn, principal.tenant_id, agent, to_version)
    return DiffView(
        agent=agent,
        from_version=from_version,
        to_version=to_version,
        from_sha256=before_info.sha256,
        to_sha256=after_info.sha256,
        diff=diff_fact_sheets(before, after),
    )


@get(
    "/v1/agents/{agent:str}/fact-sheets/{version:int}",
    guards=[require("read")],
    summary="Read one fact sheet version",
    tags=["fact sheets"],
)
async def get_fact_sheet(
    agent: AgentPath,
    version: FromPath[int],
    conn: NamedDependency[AsyncConnection[Any]],
    principal: NamedDependency[Principal],
) -> VersionView:
    info, fact_sheet = await fetch_version(conn, principal.tenant_id, agent, version)
    return _view(info, fact_sheet)


@post(
    "/v1/agents/{agent:str}/fact-sheets/{version:int}/approve",
    guards=[require("review")],
    status_code=HTTP_200_OK,
    summary="Approve a version; the agent's waiting calls are then graded",
    tags=["fact sheets"],
)
async def approve_fact_sheet(
    agent: AgentPath,
    version: FromPath[int],
    conn: NamedDependency[AsyncConnection[Any]],
    principal: NamedDependency[Principal],
) -> ApprovedVersion:
    return await approve_version(conn, principal.tenant_id, agent, version, str(principal.key_id))


ROUTES = [create_fact_sheet, list_fact_sheets, diff_fact_sheet_versions, get_fact_sheet, approve_fact_sheet]
