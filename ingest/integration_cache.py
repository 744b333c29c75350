"""Integrations by id, cached for a few seconds per API process: a burst of webhooks for one
integration reads its row once, and one read per id is in flight at a time (`load_integration`).
`ingest.integrations` forgets an entry when this process changes the integration."""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any, Literal, LiteralString

from litestar import Request
from litestar.datastructures import State
from psycopg_pool import AsyncConnectionPool

from ingest.platforms import IntegrationConfig
from service.errors import NotFound

LOAD_INTEGRATION: LiteralString = """
select tenant_id, platform, secrets, agent, agents, options from integrations where id = %(id)s
"""

CACHE_STATE_KEY = "webhook_integration_cache"
INTEGRATION_CACHE_SECONDS = 5.0


class IntegrationCache:
    """Integrations by id for `INTEGRATION_CACHE_SECONDS`, so a burst of webhooks does not read the
    same row for every delivery. The cost: a secret removed by rotation stays valid for at most that
    long in *other* API processes (the process that changes an integration forgets it at once), and
    a new secret may take as long to be accepted there: add the new secret a few seconds before the
    platform starts signing with it, as any rotation wants.

    One read per id at a time (`load_integration`): when an entry expires under load, the
    deliveries that find it missing wait for the first one's read instead of each taking a
    database connection for the same row."""

    def __init__(self) -> None:
        self._entries: dict[uuid.UUID, tuple[float, uuid.UUID, IntegrationConfig]] = {}
        self.reading: dict[uuid.UUID, asyncio.Future[ReadOutcome]] = {}
        """Reads in flight, by id: each future gets the reader's outcome (never an exception)."""

    def get(self, integration_id: uuid.UUID) -> tuple[uuid.UUID, IntegrationConfig] | None:
        entry = self._entries.get(integration_id)
        if entry is None or time.monotonic() - entry[0] > INTEGRATION_CACHE_SECONDS:
            return None
        return entry[1], entry[2]

    def forget(self, integration_id: uuid.UUID) -> None:
        """Drop one entry (this process changed the integration)."""
        self._entries.pop(integration_id, None)

    def put(self, integration_id: uuid.UUID, tenant_id: uuid.UUID, config: IntegrationConfig) -> None:
        if len(self._entries) > 10_000:
            self._entries.clear()
        self._entries[integration_id] = (time.monotonic(), tenant_id, config)


ReadOutcome = tuple[uuid.UUID, IntegrationConfig] | Literal["not_found", "failed"]


def integration_cache(request: Request[Any, Any, Any]) -> IntegrationCache:
    """The app's cache (ingest.integrations forgets an integration it changes)."""
    return cache_in(request.app.state)


def cache_in(state: State) -> IntegrationCache:
    cache = state.get(CACHE_STATE_KEY)
    if not isinstance(cache, IntegrationCache):
        cache = IntegrationCache()
        state[CACHE_STATE_KEY] = cache
    return cache


async def load_integration(
    pool: AsyncConnectionPool[Any], cache: IntegrationCache, integration_id: uuid.UUID
) -> tuple[uuid.UUID, IntegrationConfig]:
    """The integration's tenant and configuration, or NotFound: from the cache, else from the
    read already in flight for this id, else read here (see IntegrationCache). A delivery whose
    reader failed (a database error, a cancelled request) reads for itself."""
    cached = cache.get(integration_id)
    if cached is not None:
        return cached
    in_flight = cache.reading.get(integration_id)
    if in_flight is not None:
        outcome = await in_flight
        if outcome == "not_found":
            raise NotFound("no such integration")
        if outcome != "failed":
            return outcome
    reading: asyncio.Future[ReadOutcome] = asyncio.get_running_loop().create_future()
    cache.reading[integration_id] = reading
    outcome: ReadOutcome = "failed"
    try:
        async with pool.connection() as conn:
            row = await (await conn.execute(LOAD_INTEGRATION, {"id": integration_id})).fetchone()
        if row is None:
            outcome = "not_found"
            raise NotFound("no such integration")
        tenant_id, platform, secrets, agent, agents, options = row
        config = IntegrationConfig(
            platform=platform, secrets=secrets, agent=agent, agents=agents, options=options
        )
        cache.put(integration_id, tenant_id, config)
        outcome = (tenant_id, config)
        return outcome
    finally:
        if cache.reading.get(integration_id) is reading:
            del cache.reading[integration_id]
        reading.set_result(outcome)
