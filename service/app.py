"""The HTTP application factory: `create_app(settings, ...)` builds the Litestar app; nothing at import.

    app = create_app(settings, database_url=url, blob_store=open_blob_store(settings),
                     broker_check=lambda: broker_is_reachable(broker))

- The app opens its own `AsyncConnectionPool` to `database_url` in its lifespan (pools are bound to
  the event loop that serves the app, so it cannot be opened earlier) and refuses to start when the
  schema is behind the migrations (`SchemaBehindError`, one clear line). `serve` checks the same
  thing before starting uvicorn, so the operator sees the message rather than a lifespan trace.
- Dependencies available to every handler by name: `principal` (service.auth.Principal; guard the
  route with `require(...)`), `conn` (an autocommit psycopg AsyncConnection from the pool for the
  duration of the request: open `async with conn.transaction():` yourself), `settings`, `blobs`
  (service.blobs.BlobStore) and `metrics` (service.metrics.Metrics). `app.state` holds `pool`,
  `settings`, `blobs`, `metrics`, `broker_check`. Litestar 2.25 warns (and the test suite turns
  warnings into errors) unless handlers mark them explicitly: `principal: NamedDependency[Principal]`,
  `conn: NamedDependency[AsyncConnection]` (litestar.di), and bodies as `data: JSONBody[T]`
  (litestar.params).
- Routes mounted: service.health (ops, no key), service.keys (whoami, key admin) and
  `ingest.routes.ROUTE_HANDLERS`, plus `extra_route_handlers` (used by the explorer, tests).
- Every error renders as problem+json (service.errors). Request bodies over
  `settings.max_body_bytes` get 413 as soon as the announced length or the bytes streamed exceed it,
  before the body is read whole (Litestar's `request_max_body_size`).
- Every HTTP request passes `RequestContext` (outermost, so 404s and errors are covered too): it sets
  the request id (from a sane incoming `X-Request-ID` or a new one), echoes it in the response,
  counts the request by route template and status, observes its latency and writes one access line.
- `POST /v1/webhooks/{id}` is served by `RequestContext` itself through `ingest.webhooks.WebhookEndpoint`,
  without Litestar's router and Request/Response machinery (it redoes the body limit and the
  problem+json by hand; the Litestar route stays mounted for the OpenAPI schema).
- The OpenAPI schema is served at `/schema/openapi.json`.
"""

from __future__ import annotations

import gc
import time
from collections.abc import AsyncGenerator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import structlog
from litestar import Litestar, Request
from litestar.datastructures import State
from litestar.di import Provide
from litestar.openapi.config import OpenAPIConfig
from litestar.openapi.plugins import ScalarRenderPlugin
from litestar.openapi.spec import Components, SecurityScheme
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool

from service.auth import Principal, principal_of
from service.blobs import BlobStore
from service.db import open_async_pool, watch_pool_metrics
from service.errors import render_problem
from service.logging import log_request_served, new_request_id, request_id_var
from service.metrics import Metrics, default_metrics
from service.migrate import schema_is_current_async
from service.settings import Settings

if TYPE_CHECKING:
    from ingest.webhooks import WebhookEndpoint

VERSION = "0.1.0"
QUIET_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})

log = structlog.get_logger("service.app")


class SchemaBehindError(RuntimeError):
    """The database misses migrations this code needs; run `callgrade migrate`."""


class RequestContext:
    """Outermost ASGI wrapper: request id, access log, HTTP metrics (see module docstring)."""

    def __init__(self, app: ASGIApp, metrics: Metrics, webhooks: WebhookEndpoint | None = None) -> None:
        self.app = app
        self.metrics = metrics
        self.webhooks = webhooks
        """Served here, ahead of Litestar's router, when it claims the request (ingest.webhooks)."""
        # prometheus-client resolves labels with a lock and a dict lookup on every `labels()`;
        # routes and statuses are few, so each series object is looked up once and kept.
        self._counted: dict[tuple[str, str, int], Any] = {}
        self._timed: dict[tuple[str, str], Any] = {}

    def count(self, method: str, route: str, status: int, elapsed: float) -> None:
        counter = self._counted.get((method, route, status))
        if counter is None:
            counter = self._counted[method, route, status] = self.metrics.http_requests.labels(
                method, route, str(status)
            )
        histogram = self._timed.get((method, route))
        if histogram is None:
            histogram = self._timed[method, route] = self.metrics.http_latency.labels(method, route)
        counter.inc()
        histogram.observe(elapsed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        incoming = None
        for name, value in scope["headers"]:
            if name == b"x-request-id":
                incoming = value.decode("latin-1")
                break
        request_id = new_request_id(incoming)
        token = request_id_var.set(request_id)
        status = 500
        started = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = [*message.get("headers", []), (b"x-request-id", request_id.encode("latin-1"))]
                message = {**message, "headers": headers}
            await send(message)

        try:
            webhook = self.webhooks.integration_id(scope) if self.webhooks is not None else None
            if webhook is not None and self.webhooks is not None:
                scope["path_template"] = self.webhooks.ROUTE_TEMPLATE
                status = await self.webhooks(scope, receive, send, webhook, request_id.encode("latin-1"))
            else:
                await self.app(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - started
            route = str(scope.get("path_template") or "unmatched")
            method = scope.get("method", "GET")
            self.count(method, route, status, elapsed)
            path = scope["path"]
            log_request_served(
                method=method,
                path=path,
                route=route,
                status=status,
                duration_ms=round(elapsed * 1000, 1),
                quiet=path in QUIET_PATHS and status < 500,
            )
            request_id_var.reset(token)


async def provide_conn(state: State) -> AsyncGenerator[AsyncConnection, None]:
    pool: AsyncConnectionPool = state.pool
    async with pool.connection() as conn:
        yield conn


async def provide_principal(request: Request[Any, Any, Any]) -> Principal:
    return await principal_of(request)


def create_app(
    settings: Settings,
    *,
    database_url: str,
    blob_store: BlobStore,
    broker_check: Callable[[], bool] | None = None,
    metrics: Metrics | None = None,
    extra_route_handlers: Sequence[Any] = (),
    pool_max_size: int = 10,
    pool_timeout: float = 10.0,
) -> Litestar:
    """Build the API. `broker_check` is a blocking callable answering "is the broker reachable?"
    (run in a thread by /readyz); None means there is no broker to check. A request that waits
    `pool_timeout` seconds for a database connection gets a 503 problem with Retry-After."""
    from ingest.routes import ROUTE_HANDLERS as INGEST_ROUTES  # F's module; imported at build time
    from ingest.webhooks import WebhookEndpoint
    from service.health import ROUTE_HANDLERS as HEALTH_ROUTES
    from service.keys import ROUTE_HANDLERS as KEY_ROUTES

    app_metrics = metrics or default_metrics()

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncGenerator[None]:
        pool = await open_async_pool(database_url, max_size=pool_max_size, name="api", timeout=pool_timeout)
        try:
            async with pool.connection() as conn:
                if not await schema_is_current_async(conn):
                    raise SchemaBehindError("the database schema is behind; run `callgrade migrate` first")
            app.state.pool = pool
            watch_pool_metrics(app_metrics, "api", pool)
            # Everything built so far (modules, routes, the app) lives as long as the process: move
            # it out of the collector's generations, so the collections a busy request path
            # triggers do not walk it again and again (tail latency; see bench/ingest.py).
            gc.freeze()
            log.info("app.started", database=_safe_url(database_url), blobs=repr(blob_store))
            yield
        finally:
            await pool.close()

    app = Litestar(
        route_handlers=[*HEALTH_ROUTES, *KEY_ROUTES, *INGEST_ROUTES, *extra_route_handlers],
        dependencies={
            "principal": Provide(provide_principal),
            "conn": Provide(provide_conn),
            "settings": Provide(lambda: settings, use_cache=True, sync_to_thread=False),
            "blobs": Provide(lambda: blob_store, use_cache=True, sync_to_thread=False),
            "metrics": Provide(lambda: app_metrics, use_cache=True, sync_to_thread=False),
        },
        exception_handlers={Exception: render_problem},
        request_max_body_size=settings.max_body_bytes,
        lifespan=[lifespan],
        state=State(
            {"settings": settings, "blobs": blob_store, "metrics": app_metrics, "broker_check": broker_check}
        ),
        openapi_config=OpenAPIConfig(
            title="callgrade",
            version=VERSION,
            description="Grades production phone-agent calls against the fact sheet the business approved. "
            "Authenticate with `Authorization: Bearer <key>`; errors are RFC 9457 problem+json.",
            path="/schema",
            render_plugins=[ScalarRenderPlugin()],
            components=Components(
                security_schemes={
                    "bearer": SecurityScheme(
                        type="http",
                        scheme="bearer",
                        description="An API key (`cg_…`) from `callgrade key create` or POST /v1/keys.",
                    )
                }
            ),
            security=[{"bearer": []}],
        ),
        logging_config=None,
        debug=False,
    )
    # Wrap the whole handler (routing included) so unmatched routes and errors get a request id too.
    webhooks = WebhookEndpoint(app.state, settings.max_body_bytes)
    app.asgi_handler = RequestContext(app.asgi_handler, app_metrics, webhooks)
    return app


def _safe_url(url: str) -> str:
    """A database URL without its password, for logs."""
    from psycopg.conninfo import conninfo_to_dict

    try:
        parts = conninfo_to_dict(url)
    except Exception:
        return "<unparseable>"
    parts.pop("password", None)
    return " ".join(f"{k}={v}" for k, v in sorted(parts.items()))
