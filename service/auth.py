"""API keys and who is calling: key format, hashing, authentication, scope guards, the principal.

- A key looks like `cg_<43 url-safe characters>` (256 random bits). It is shown once when created;
  the database keeps only its SHA-256 and its first characters (`prefix`) for listings.
- Clients send `Authorization: Bearer <key>`. A missing, malformed, unknown or revoked key is a 401
  problem; a valid key without the scope a route needs is a 403 problem.
- Scopes: `ingest` (send calls, fact sheets, integrations), `read` (read calls, grades, reports),
  `review` (work the review queue), `admin` (manage the tenant's keys). `admin` implies every scope.
- Routes declare `guards=[require("read")]`; the guard authenticates once per request and leaves the
  `Principal` on `request.state`; handlers take it through the app-level dependency `principal`.
  `require()` with no scope means "any valid key".
- Tenant isolation is the query's job, not the guard's: every query that touches tenant data takes
  `principal.tenant_id`, and another tenant's object is simply not found (404).
"""

from __future__ import annotations

import hashlib
import secrets
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
from litestar.connection import ASGIConnection
from litestar.handlers.base import BaseRouteHandler
from psycopg import AsyncConnection
from psycopg.rows import class_row
from psycopg_pool import AsyncConnectionPool

from service.errors import Forbidden, Unauthorized

KEY_PREFIX = "cg_"
KEY_RANDOM_BYTES = 32
SHOWN_PREFIX_CHARS = 11  # "cg_" + 8 characters: enough to tell keys apart, useless to an attacker

SCOPES = frozenset({"ingest", "read", "review", "admin"})
ADMIN = "admin"

STATE_KEY = "callgrade_principal"

FIND_ACTIVE_KEY = """
select k.id as key_id, k.tenant_id, t.name as tenant_name, k.scopes
from api_keys k join tenants t on t.id = k.tenant_id
where k.key_sha256 = %(key_sha256)s and k.revoked_at is null
"""


class Principal(msgspec.Struct, frozen=True):
    """The authenticated caller: a key of a tenant, with its scopes."""

    tenant_id: uuid.UUID
    tenant_name: str
    key_id: uuid.UUID
    scopes: frozenset[str]

    def has(self, scope: str) -> bool:
        return ADMIN in self.scopes or scope in self.scopes


class _KeyRow(msgspec.Struct):
    key_id: uuid.UUID
    tenant_id: uuid.UUID
    tenant_name: str
    scopes: list[str]


def generate_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(KEY_RANDOM_BYTES)


def hash_key(key: str) -> bytes:
    return hashlib.sha256(key.encode("utf-8")).digest()


def key_prefix(key: str) -> str:
    return key[:SHOWN_PREFIX_CHARS]


def parse_scopes(text: str | list[str] | tuple[str, ...]) -> frozenset[str]:
    """Scopes from "ingest,read" or ["ingest", "read"]. Raises ValueError naming an unknown scope."""
    parts = text.replace(" ", ",").split(",") if isinstance(text, str) else list(text)
    scopes = frozenset(p.strip() for p in parts if p.strip())
    unknown = sorted(scopes - SCOPES)
    if unknown:
        raise ValueError(f"unknown scope {unknown[0]!r}; expected some of {', '.join(sorted(SCOPES))}")
    if not scopes:
        raise ValueError(f"at least one scope is required, from {', '.join(sorted(SCOPES))}")
    return scopes


def bearer_key(authorization: str | None) -> str:
    """The key from an Authorization header, or Unauthorized."""
    if not authorization:
        raise Unauthorized("send the API key as `Authorization: Bearer <key>`")
    scheme, _, value = authorization.strip().partition(" ")
    value = value.strip()
    if scheme.lower() != "bearer" or not value:
        raise Unauthorized("the Authorization header must be `Bearer <key>`")
    if not value.startswith(KEY_PREFIX) or len(value) > 200:
        raise Unauthorized("the API key is not valid")
    return value


async def authenticate(conn: AsyncConnection, authorization: str | None) -> Principal:
    """Resolve the Authorization header to a Principal, or raise Unauthorized."""
    key = bearer_key(authorization)
    async with conn.cursor(row_factory=class_row(_KeyRow)) as cur:
        await cur.execute(FIND_ACTIVE_KEY, {"key_sha256": hash_key(key)})
        row = await cur.fetchone()
    if row is None:
        raise Unauthorized("the API key is not valid or was revoked")
    return Principal(
        tenant_id=row.tenant_id, tenant_name=row.tenant_name, key_id=row.key_id, scopes=frozenset(row.scopes)
    )


async def principal_of(connection: ASGIConnection[Any, Any, Any, Any]) -> Principal:
    """The request's Principal, authenticating on first use (cached on the request state)."""
    cached = connection.state.get(STATE_KEY)
    if isinstance(cached, Principal):
        return cached
    pool: AsyncConnectionPool = connection.app.state.pool
    async with pool.connection() as conn:
        principal = await authenticate(conn, connection.headers.get("authorization"))
    connection.state[STATE_KEY] = principal
    return principal


Guard = Callable[[ASGIConnection[Any, Any, Any, Any], BaseRouteHandler], Awaitable[None]]


def require(*scopes: str) -> Guard:
    """A Litestar guard: a valid key holding every scope given (admin holds all)."""
    unknown = set(scopes) - SCOPES
    if unknown:
        raise ValueError(f"unknown scopes {sorted(unknown)}")

    async def guard(connection: ASGIConnection[Any, Any, Any, Any], _: BaseRouteHandler) -> None:
        principal = await principal_of(connection)
        missing = [s for s in scopes if not principal.has(s)]
        if missing:
            raise Forbidden(
                f"this route needs the {' and '.join(missing)} scope; the key has "
                f"{', '.join(sorted(principal.scopes))}"
            )

    guard.__name__ = f"require_{'_'.join(scopes) or 'key'}"
    return guard
