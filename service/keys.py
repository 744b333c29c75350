"""Tenants and API keys: their SQL, the functions the CLI and tests use, and the key routes.

Routes (all scoped to the caller's tenant):

- `GET /v1/whoami` (any valid key) → the tenant and the key's scopes.
- `GET /v1/keys` (admin) → the tenant's keys, without secrets.
- `POST /v1/keys` (admin) `{"scopes": [...], "name": "..."}` → 201 with the new key, shown once.
- `DELETE /v1/keys/{key_id}` (admin) → 204; revoking is permanent. Another tenant's key, or an
  unknown id, is 404. Revoking the key making the request is allowed (it stops working at once).

Tenants are created from the CLI (`callgrade tenant create NAME`): an operator's act, not a tenant's.
"""

from __future__ import annotations

import datetime as dt
import re
import uuid
from typing import Annotated

import msgspec
from litestar import delete, get, post
from litestar.di import NamedDependency
from litestar.params import JSONBody, Parameter
from psycopg import AsyncConnection, Connection
from psycopg.rows import class_row

from service.auth import Principal, generate_key, hash_key, key_prefix, parse_scopes, require
from service.errors import InvalidInput, NotFound

TENANT_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,62}$")

INSERT_TENANT = """
insert into tenants (id, name) values (%(id)s, %(name)s)
on conflict (name) do nothing
returning id
"""

FIND_TENANT = "select id from tenants where name = %(name)s"

INSERT_KEY = """
insert into api_keys (id, tenant_id, name, prefix, key_sha256, scopes)
values (%(id)s, %(tenant_id)s, %(name)s, %(prefix)s, %(key_sha256)s, %(scopes)s)
returning id, name, prefix, scopes, created_at, revoked_at
"""

LIST_KEYS = """
select id, name, prefix, scopes, created_at, revoked_at
from api_keys where tenant_id = %(tenant_id)s
order by created_at, id
"""

REVOKE_KEY = """
update api_keys set revoked_at = coalesce(revoked_at, now())
where id = %(id)s and tenant_id = %(tenant_id)s
returning id
"""


class TenantExists(Exception):
    """A tenant of that name already exists."""


class KeyInfo(msgspec.Struct, kw_only=True):
    """A key as listed: never the key itself."""

    id: uuid.UUID
    name: str
    prefix: str
    scopes: list[str]
    created_at: dt.datetime
    revoked_at: dt.datetime | None


class CreatedKey(msgspec.Struct, kw_only=True):
    """A new key: `key` is shown this once and cannot be recovered."""

    id: uuid.UUID
    key: str
    name: str
    prefix: str
    scopes: list[str]
    created_at: dt.datetime


class NewKey(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    scopes: list[str]
    name: str = ""


class WhoAmI(msgspec.Struct, kw_only=True):
    tenant_id: uuid.UUID
    tenant: str
    key_id: uuid.UUID
    scopes: list[str]


def check_tenant_name(name: str) -> str:
    if not TENANT_NAME.match(name):
        raise ValueError(
            f"tenant name {name!r} must be 1-63 lower-case letters, digits, '-' or '_', "
            "starting with a letter or digit"
        )
    return name


def create_tenant(conn: Connection, name: str) -> uuid.UUID:
    """Insert a tenant; raises TenantExists if the name is taken, ValueError if it is malformed."""
    check_tenant_name(name)
    row = conn.execute(INSERT_TENANT, {"id": uuid.uuid4(), "name": name}).fetchone()
    if row is None:
        raise TenantExists(name)
    return row[0]


def find_tenant(conn: Connection, name: str) -> uuid.UUID | None:
    row = conn.execute(FIND_TENANT, {"name": name}).fetchone()
    return None if row is None else row[0]


def _key_params(tenant_id: uuid.UUID, scopes: frozenset[str], name: str, key: str) -> dict[str, object]:
    return {
        "id": uuid.uuid4(),
        "tenant_id": tenant_id,
        "name": name,
        "prefix": key_prefix(key),
        "key_sha256": hash_key(key),
        "scopes": sorted(scopes),
    }


def create_key(conn: Connection, tenant_id: uuid.UUID, scopes: frozenset[str], name: str = "") -> CreatedKey:
    """Insert a key for a tenant and return it with its secret (the only time it exists in clear)."""
    key = generate_key()
    with conn.cursor(row_factory=class_row(KeyInfo)) as cur:
        info = cur.execute(INSERT_KEY, _key_params(tenant_id, scopes, name, key)).fetchone()
    assert info is not None
    return CreatedKey(
        id=info.id,
        key=key,
        name=info.name,
        prefix=info.prefix,
        scopes=info.scopes,
        created_at=info.created_at,
    )


async def create_key_async(
    conn: AsyncConnection, tenant_id: uuid.UUID, scopes: frozenset[str], name: str = ""
) -> CreatedKey:
    key = generate_key()
    async with conn.cursor(row_factory=class_row(KeyInfo)) as cur:
        await cur.execute(INSERT_KEY, _key_params(tenant_id, scopes, name, key))
        info = await cur.fetchone()
    assert info is not None
    return CreatedKey(
        id=info.id,
        key=key,
        name=info.name,
        prefix=info.prefix,
        scopes=info.scopes,
        created_at=info.created_at,
    )


async def list_keys(conn: AsyncConnection, tenant_id: uuid.UUID) -> list[KeyInfo]:
    async with conn.cursor(row_factory=class_row(KeyInfo)) as cur:
        await cur.execute(LIST_KEYS, {"tenant_id": tenant_id})
        return await cur.fetchall()


async def revoke_key(conn: AsyncConnection, tenant_id: uuid.UUID, key_id: uuid.UUID) -> bool:
    """Revoke a key of this tenant. False when no such key belongs to the tenant."""
    cur = await conn.execute(REVOKE_KEY, {"id": key_id, "tenant_id": tenant_id})
    return await cur.fetchone() is not None


@get("/v1/whoami", guards=[require()], tags=["keys"], summary="The tenant and scopes of the calling key")
async def whoami(principal: NamedDependency[Principal]) -> WhoAmI:
    return WhoAmI(
        tenant_id=principal.tenant_id,
        tenant=principal.tenant_name,
        key_id=principal.key_id,
        scopes=sorted(principal.scopes),
    )


@get("/v1/keys", guards=[require("admin")], tags=["keys"], summary="List this tenant's API keys")
async def get_keys(
    principal: NamedDependency[Principal], conn: NamedDependency[AsyncConnection]
) -> list[KeyInfo]:
    return await list_keys(conn, principal.tenant_id)


@post("/v1/keys", guards=[require("admin")], tags=["keys"], summary="Create an API key (shown once)")
async def post_key(
    principal: NamedDependency[Principal], conn: NamedDependency[AsyncConnection], data: JSONBody[NewKey]
) -> CreatedKey:
    try:
        scopes = parse_scopes(data.scopes)
    except ValueError as exc:
        raise InvalidInput("scopes", str(exc)) from None
    if len(data.name) > 200:
        raise InvalidInput("name", "at most 200 characters")
    async with conn.transaction():
        return await create_key_async(conn, principal.tenant_id, scopes, data.name)


@delete(
    "/v1/keys/{key_id:uuid}",
    guards=[require("admin")],
    tags=["keys"],
    summary="Revoke an API key",
    status_code=204,
)
async def delete_key(
    principal: NamedDependency[Principal],
    conn: NamedDependency[AsyncConnection],
    key_id: Annotated[uuid.UUID, Parameter(description="the key's id")],
) -> None:
    if not await revoke_key(conn, principal.tenant_id, key_id):
        raise NotFound("no such key")


ROUTE_HANDLERS = [whoami, get_keys, post_key, delete_key]

__all__ = ["ROUTE_HANDLERS", "TenantExists", "create_key", "create_tenant", "find_tenant"]
