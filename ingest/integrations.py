"""Integrations: a tenant's binding to one call platform, under `/v1/integrations` (scope `admin`).

- `POST /v1/integrations` `{platform, secrets: [...], agent, agents?: {...}, options?: {...}}` checks
  the configuration with the platform adapter (`ingest.platforms.validate_options`, 422 naming the
  field) and answers 201 with the id and the webhook URL to paste into the platform. The URL is built
  from `CALLGRADE_PUBLIC_BASE_URL` when set, else from the request's own base URL.
- Secrets are verification keys and are stored as given (an HMAC key must be usable as is). They are
  never returned and never logged: responses show a fingerprint per secret (the first 12 hex digits
  of its SHA-256), enough to tell them apart and to name one for removal.
- Rotation: every stored secret is active at once (the webhook route caches an integration for a
  few seconds per process; see `ingest.integration_cache.IntegrationCache`).
  `POST /v1/integrations/{id}/secrets {"secret"}` adds one;
  `DELETE /v1/integrations/{id}/secrets/{fingerprint}` removes one. Removing the last secret is
  refused (409): an integration that can verify nothing would reject every webhook.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any, LiteralString

import msgspec
from litestar import Request, delete, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED
from psycopg import AsyncConnection
from psycopg.types.json import Jsonb

from ingest.integration_cache import integration_cache
from ingest.platforms import PayloadRejected, validate_options
from service.auth import Principal, require
from service.errors import Conflict, InvalidInput, NotFound
from service.settings import Settings

INSERT_INTEGRATION: LiteralString = """
insert into integrations (id, tenant_id, platform, secrets, agent, agents, options, created_by)
values (%(id)s, %(tenant_id)s, %(platform)s, %(secrets)s, %(agent)s, %(agents)s, %(options)s, %(created_by)s)
returning created_at
"""

LIST_INTEGRATIONS: LiteralString = """
select id, platform, secrets, agent, agents, options, created_at from integrations
where tenant_id = %(tenant_id)s order by created_at, id
"""

GET_INTEGRATION: LiteralString = """
select id, platform, secrets, agent, agents, options, created_at from integrations
where tenant_id = %(tenant_id)s and id = %(id)s
"""

LOCK_INTEGRATION: LiteralString = GET_INTEGRATION + " for update"

SET_SECRETS: LiteralString = """
update integrations set secrets = %(secrets)s where tenant_id = %(tenant_id)s and id = %(id)s
"""


class IntegrationCreate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    platform: str
    secrets: list[str]
    agent: str
    agents: dict[str, str] = msgspec.field(default_factory=dict)
    options: dict[str, Any] = msgspec.field(default_factory=dict)


class SecretAdd(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    secret: str


class IntegrationView(msgspec.Struct, kw_only=True):
    id: uuid.UUID
    url: str
    platform: str
    agent: str
    agents: dict[str, str]
    options: dict[str, Any]
    secrets: list[str]
    """Fingerprints of the active secrets, never the secrets."""
    created_at: datetime


class IntegrationList(msgspec.Struct, kw_only=True):
    integrations: list[IntegrationView]


def fingerprint(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()[:12]


def webhook_url(settings: Settings, request: Request[Any, Any, Any], integration_id: uuid.UUID) -> str:
    base = settings.public_base_url or str(request.base_url)
    return f"{base.rstrip('/')}/v1/webhooks/{integration_id}"


def _view(row: tuple[Any, ...], url: str) -> IntegrationView:
    integration_id, platform, secrets, agent, agents, options, created_at = row
    return IntegrationView(
        id=integration_id,
        url=url,
        platform=platform,
        agent=agent,
        agents=agents,
        options=options,
        secrets=[fingerprint(secret) for secret in secrets],
        created_at=created_at,
    )


def _check(platform: str, options: dict[str, Any], secrets: list[str]) -> None:
    try:
        validate_options(platform, options, secrets)
    except PayloadRejected as error:
        raise InvalidInput(error.field, error.detail) from None


async def _load(
    conn: AsyncConnection[Any], tenant_id: uuid.UUID, integration_id: uuid.UUID, sql: LiteralString
) -> tuple[Any, ...]:
    row = await (await conn.execute(sql, {"tenant_id": tenant_id, "id": integration_id})).fetchone()
    if row is None:
        raise NotFound("no such integration")
    return tuple(row)


async def _replace_secrets(
    conn: AsyncConnection[Any],
    request: Request[Any, Any, Any],
    principal: Principal,
    settings: Settings,
    integration_id: uuid.UUID,
    change: Callable[[str, dict[str, Any], list[str]], list[str]],
) -> IntegrationView:
    """Rotate an integration's secrets under its row lock: `change(platform, options, secrets)` returns
    the new list (or raises a problem). The cached copy is forgotten at once in this process; other
    processes see the change within the integration cache's lifetime."""
    async with conn.transaction():
        row = await _load(conn, principal.tenant_id, integration_id, LOCK_INTEGRATION)
        secrets = change(row[1], row[5], list(row[2]))
        await conn.execute(
            SET_SECRETS, {"tenant_id": principal.tenant_id, "id": integration_id, "secrets": Jsonb(secrets)}
        )
    integration_cache(request).forget(integration_id)
    return _view((*row[:2], secrets, *row[3:]), webhook_url(settings, request, integration_id))


@post(
    "/v1/integrations",
    guards=[require("admin")],
    status_code=HTTP_201_CREATED,
    summary="Bind a call platform to this tenant; returns the webhook URL to give the platform",
    tags=["integrations"],
)
async def create_integration(
    data: JSONBody[IntegrationCreate],
    request: Request[Any, Any, Any],
    conn: NamedDependency[AsyncConnection[Any]],
    principal: NamedDependency[Principal],
    settings: NamedDependency[Settings],
) -> IntegrationView:
    if not data.agent.strip():
        raise InvalidInput("agent", "must not be empty")
    for platform_agent, agent in data.agents.items():
        if not agent.strip():
            raise InvalidInput(f"agents.{platform_agent}", "must name one of our agents")
    _check(data.platform, data.options, data.secrets)
    integration_id = uuid.uuid4()
    params = {
        "id": integration_id,
        "tenant_id": principal.tenant_id,
        "platform": data.platform,
        "secrets": Jsonb(data.secrets),
        "agent": data.agent,
        "agents": Jsonb(data.agents),
        "options": Jsonb(data.options),
        "created_by": str(principal.key_id),
    }
    row = await (await conn.execute(INSERT_INTEGRATION, params)).fetchone()
    assert row is not None
    row_tuple = (integration_id, data.platform, data.secrets, data.agent, data.agents, data.options, row[0])
    return _view(row_tuple, webhook_url(settings, request, integration_id))


@get(
    "/v1/integrations",
    guards=[require("admin")],
    summary="List integrations (no secrets)",
    tags=["integrations"],
)
async def list_integrations(
    request: Request[Any, Any, Any],
    conn: NamedDependency[AsyncConnection[Any]],
    principal: NamedDependency[Principal],
    settings: NamedDependency[Settings],
) -> IntegrationList:
    rows = await (await conn.execute(LIST_INTEGRATIONS, {"tenant_id": principal.tenant_id})).fetchall()
    return IntegrationList(
        integrations=[_view(tuple(row), webhook_url(settings, request, row[0])) for row in rows]
    )


@get(
    "/v1/integrations/{integration_id:uuid}",
    guards=[require("admin")],
    summary="One integration (no secrets)",
    tags=["integrations"],
)
async def get_integration(
    integration_id: FromPath[uuid.UUID],
    request: Request[Any, Any, Any],
    conn: NamedDependency[AsyncConnection[Any]],
    principal: NamedDependency[Principal],
    settings: NamedDependency[Settings],
) -> IntegrationView:
    row = await _load(conn, principal.tenant_id, integration_id, GET_INTEGRATION)
    return _view(row, webhook_url(settings, request, integration_id))


@post(
    "/v1/integrations/{integration_id:uuid}/secrets",
    guards=[require("admin")],
    status_code=HTTP_201_CREATED,
    summary="Add a secret (rotation: every listed secret verifies)",
    tags=["integrations"],
)
async def add_secret(
    integration_id: FromPath[uuid.UUID],
    data: JSONBody[SecretAdd],
    request: Request[Any, Any, Any],
    conn: NamedDependency[AsyncConnection[Any]],
    principal: NamedDependency[Principal],
    settings: NamedDependency[Settings],
) -> IntegrationView:
    def add(platform: str, options: dict[str, Any], secrets: list[str]) -> list[str]:
        if data.secret not in secrets:
            secrets.append(data.secret)
        _check(platform, options, secrets)
        return secrets

    return await _replace_secrets(conn, request, principal, settings, integration_id, add)


@delete(
    "/v1/integrations/{integration_id:uuid}/secrets/{secret_fingerprint:str}",
    guards=[require("admin")],
    status_code=HTTP_200_OK,
    summary="Remove a secret by its fingerprint (the last one cannot be removed)",
    tags=["integrations"],
)
async def remove_secret(
    integration_id: FromPath[uuid.UUID],
    secret_fingerprint: FromPath[str],
    request: Request[Any, Any, Any],
    conn: NamedDependency[AsyncConnection[Any]],
    principal: NamedDependency[Principal],
    settings: NamedDependency[Settings],
) -> IntegrationView:
    def remove(_platform: str, _options: dict[str, Any], secrets: list[str]) -> list[str]:
        remaining = [secret for secret in secrets if fingerprint(secret) != secret_fingerprint]
        if len(remaining) == len(secrets):
            raise NotFound(f"the integration has no secret with fingerprint {secret_fingerprint!r}")
        if not remaining:
            raise Conflict("cannot remove the last secret; add its replacement first")
        return remaining

    return await _replace_secrets(conn, request, principal, settings, integration_id, remove)


ROUTES = [create_integration, list_integrations, get_integration, add_secret, remove_secret]
