"""Liveness and readiness probes, and the Prometheus scrape endpoint. None of them needs a key.

- `GET /healthz` → 200 `{"status": "ok"}` whenever the process can answer: for a liveness probe.
- `GET /readyz` → 200 when the database answers, the schema is current and the broker is reachable;
  503 otherwise, with each check's result so an operator sees which one failed.
  `GET /readyz?ignore=broker` still reports the broker but does not fail on it: the API's request
  path commits calls and their jobs to PostgreSQL only (the outbox), so a Kubernetes readiness probe
  may use it to keep accepting webhooks through a broker outage. It recovers by
  itself: a database that comes back makes the next probe pass (a pooled connection whose socket
  shows trouble is checked on checkout and replaced; see service.db).
- `GET /metrics` → the Prometheus text format (service.metrics).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Annotated, Any

import anyio.to_thread
import msgspec
from litestar import Request, Response, get
from litestar.openapi.spec import SecurityRequirement
from litestar.params import Parameter
from psycopg_pool import AsyncConnectionPool

from service.errors import InvalidInput
from service.metrics import CONTENT_TYPE, Metrics
from service.migrate import schema_is_current_async

CHECK_TIMEOUT_SECONDS = 3.0
NO_KEY: list[SecurityRequirement] = [{}]
"""OpenAPI: these routes need no key (overrides the app-wide bearer requirement)."""
PROMETHEUS_MEDIA_TYPE = CONTENT_TYPE.removesuffix("; charset=utf-8")  # Litestar appends the charset


class Health(msgspec.Struct):
    status: str


class Readiness(msgspec.Struct):
    status: str
    checks: dict[str, str]
    """check name → "ok" or a short reason."""


async def check_database(pool: AsyncConnectionPool) -> tuple[str, str]:
    try:
        async with asyncio.timeout(CHECK_TIMEOUT_SECONDS):
            async with pool.connection(timeout=CHECK_TIMEOUT_SECONDS) as conn:
                await conn.execute("select 1")
                current = await schema_is_current_async(conn)
    except Exception as exc:
        return f"unreachable: {type(exc).__name__}", "not checked"
    return "ok", ("ok" if current else "behind: run `callgrade migrate`")


async def check_broker(broker_check: Callable[[], bool] | None) -> str:
    if broker_check is None:
        return "ok"
    try:
        with anyio.fail_after(CHECK_TIMEOUT_SECONDS + 1):
            reachable = await anyio.to_thread.run_sync(broker_check, abandon_on_cancel=True)
    except Exception as exc:
        return f"unreachable: {type(exc).__name__}"
    return "ok" if reachable else "unreachable"


@get("/healthz", tags=["ops"], summary="Liveness: the process answers", security=NO_KEY)
async def healthz() -> Health:
    return Health(status="ok")


@get("/readyz", tags=["ops"], summary="Readiness: database, schema and broker", security=NO_KEY)
async def readyz(
    request: Request[Any, Any, Any],
    ignore: Annotated[
        str | None,
        Parameter(
            description="Comma-separated checks to report without gating on, e.g. `broker`: the API's "
            "request path commits to PostgreSQL only, so a load balancer may keep API pods in service "
            "through a broker outage while operators still see it here."
        ),
    ] = None,
) -> Response[Readiness]:
    pool: AsyncConnectionPool = request.app.state.pool
    broker_check: Callable[[], bool] | None = request.app.state.broker_check
    (database, schema), broker = await asyncio.gather(check_database(pool), check_broker(broker_check))
    checks = {"database": database, "schema": schema, "broker": broker}
    ignored = {name.strip() for name in (ignore or "").split(",") if name.strip()}
    unknown = ignored - checks.keys()
    if unknown:
        raise InvalidInput("ignore", f"unknown check {sorted(unknown)[0]!r}; checks are {', '.join(checks)}")
    ok = all(v == "ok" for name, v in checks.items() if name not in ignored)
    return Response(
        Readiness(status="ok" if ok else "unavailable", checks=checks), status_code=200 if ok else 503
    )


@get(
    "/metrics", tags=["ops"], summary="Prometheus metrics", media_type=PROMETHEUS_MEDIA_TYPE, security=NO_KEY
)
async def metrics_endpoint(request: Request[Any, Any, Any]) -> Response[bytes]:
    metrics: Metrics = request.app.state.metrics
    body = await anyio.to_thread.run_sync(metrics.render)
    return Response(body, media_type=PROMETHEUS_MEDIA_TYPE)


ROUTE_HANDLERS = [healthz, readyz, metrics_endpoint]
