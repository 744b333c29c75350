"""`POST /v1/webhooks/{integration_id}`: a platform's native end-of-call webhook, verified, stored once.

No API key: the platform's own signature, checked by the adapter over the raw body bytes as
received (`ingest.platforms.receive`), is the authentication. In order:

1. Unknown integration (or an id that is not a UUID) → 404, nothing stored.
2. Bad, missing or stale signature → 401, nothing stored (no row, no blob).
   A well-signed body we cannot use → 422 naming the field; Twilio's API unreachable → 503, so the
   platform delivers again; a verified event that is not end-of-call → 200 `{"status": "ignored"}`.
3. The translated Call passes the same checks as `POST /v1/calls` (422 otherwise).
4. The raw body goes to the blob store *before* any row points to it, under
   `raw/{tenant}/{day}/{call_id}-{event}-{sha256[:12]}.json`, with no database connection held. If
   the request dies after the blob and before the commit, the blob is an orphan under a call id that
   never existed: harmless.
5. One statement stores the call row and its grading job (`ingest.call_store.store_call`); then 202
   `{id, status}`. A repeat of (source, external_id) — a platform's retry, or identical deliveries
   racing — inserts nothing and answers 200 with the first call's id, and its own raw body is
   deleted again: no repeat leaves an unreferenced blob behind. Only a process that dies between
   the insert and that delete leaves one (harmless, as in step 4). Why not check for the call
   before writing the blob: that costs a database round trip on every delivery, the largest single
   cost of this route (bench/ingest.py), to save a write and a delete on the rare repeat; and a
   check-then-insert still leaves the blob of a lost race, which this order does not.
6. Retell sends `call_analyzed` after `call_ended` for every call, the same call plus Retell's
   analysis (`RETELL_ANALYSIS_KEYS` in the call's metadata: summary, sentiment, success flag,
   voicemail flag, custom data). Decision: the analysis is added to the stored call's metadata
   whatever its status, and the call is never regraded. Grading never reads metadata (its checks
   read turns, end reason and the fact sheet), so the analysis cannot change a grade; it is worth
   having on the call either way, and a regrade would only repeat the same grade (and its LLM
   cost). So a `call_analyzed` first tries that update (one statement, no blob: it is usually a
   repeat) and answers 200 `duplicate` when the call exists; otherwise it is stored as a new call
   (with its analysis) like any other delivery, and a `call_ended` arriving after it is a plain
   repeat. A `call_analyzed` that loses an insert race to its `call_ended` adds its analysis then.

Publishing to the broker is not in this path: the outbox relay does it after commit.

Served by `WebhookEndpoint` straight from the ASGI scope, ahead of Litestar's router (the hottest
route; see its docstring for what it redoes by hand); the Litestar handler `receive_webhook` stays
mounted for the OpenAPI schema and for the paths the fast one leaves to it. Both run
`handle_delivery`.
Each outcome is counted in `callgrade_webhooks_total{platform, outcome}` (accepted, duplicate,
bad_signature, invalid, ignored, upstream_unavailable); every outcome but accepted and duplicate
(which the access log already records) is also logged, with its reason and without the secrets,
the signature headers or the body.
"""

from __future__ import annotations

import hashlib
import re
import time
import uuid
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import anyio.to_thread
import httpx
import msgspec
import structlog
from litestar import Request, Response, post
from litestar.datastructures import URL, State
from litestar.params import FromPath
from litestar.types import HTTPResponseBodyEvent, HTTPResponseStartEvent, HTTPScope, Receive, Scope, Send
from psycopg_pool import AsyncConnectionPool

from grading.validation import InvalidDocumentError, check_call
from ingest.call_store import StoredCall, add_call_metadata, store_call
from ingest.fact_sheets import invalid
from ingest.integration_cache import cache_in, load_integration
from ingest.platforms import (
    Accepted,
    PayloadRejected,
    SignatureRejected,
    UpstreamUnavailable,
    WebhookRequest,
    receive,
)
from ingest.pool_gate import database_slot
from service.blobs import BlobStore, FileBlobStore
from service.errors import (
    PROBLEM_MEDIA_TYPE,
    BadRequest,
    InvalidInput,
    NotFound,
    PayloadTooLarge,
    ProblemError,
    ServiceUnavailable,
    problem_document,
)
from service.metrics import Metrics
from service.settings import Settings

log = structlog.get_logger("ingest.webhooks")

HTTP_STATE_KEY = "webhook_http_client"
EVENT_IN_KEY = re.compile(r"[^A-Za-z0-9_.-]+")
RETELL_ANALYSIS_KEYS = (
    "summary",
    "call_successful",
    "user_sentiment",
    "in_voicemail",
    "custom_analysis_data",
)
"""The metadata keys `ingest.platforms.retell` fills from `call_analysis` (see step 6)."""
PROBLEM_MEDIA_TYPE_BYTES = PROBLEM_MEDIA_TYPE.encode()


class BadSignature(ProblemError):
    status = 401
    slug = "bad-signature"
    title = "Webhook signature rejected"


class WebhookAck(msgspec.Struct, kw_only=True, omit_defaults=True):
    status: str
    """The call's status (`queued`, `no_fact_sheet`, ...) or `ignored`."""
    id: uuid.UUID | None = None
    duplicate: bool = False
    event: str | None = None
    reason: str | None = None


ACK_ENCODER = msgspec.json.Encoder()


def raw_blob_key(
    tenant_id: uuid.UUID, call_id: uuid.UUID, event: str, body: bytes, received: datetime
) -> str:
    """`raw/{tenant}/{received day}/{call_id}-{event}-{sha256[:12]}.json`: one folder per tenant and
    day (a folder per call would cost a directory creation per webhook on a file store)."""
    event_part = EVENT_IN_KEY.sub("_", event).strip("._") or "event"
    digest = hashlib.sha256(body).hexdigest()[:12]
    return f"raw/{tenant_id}/{received.date().isoformat()}/{call_id}-{event_part}-{digest}.json"


def public_url(settings: Settings, scope: Scope) -> str:
    """The URL the platform posted to, as it saw it (Twilio signs it): the configured public base
    URL with our path and query, or the URL of the request itself."""
    if not settings.public_base_url:
        return str(URL.from_scope(scope))
    query = scope.get("query_string", b"").decode("latin-1")
    return settings.public_base_url.rstrip("/") + scope["path"] + (f"?{query}" if query else "")


def http_client(state: State) -> httpx.AsyncClient:
    """One client per app, created on first use (only the Twilio adapter sends requests with it)."""
    client = state.get(HTTP_STATE_KEY)
    if not isinstance(client, httpx.AsyncClient):
        client = httpx.AsyncClient(timeout=httpx.Timeout(10.0))
        state[HTTP_STATE_KEY] = client
    return client


async def discard_raw_body(blobs: BlobStore, key: str) -> None:
    """Delete the raw body of a delivery that turned out to be a repeat (step 5): no row points to
    it. A failure to delete is logged, not raised: the delivery itself was handled."""
    try:
        if isinstance(blobs, FileBlobStore):
            blobs.delete(key)
        else:
            await anyio.to_thread.run_sync(blobs.delete, key)
    except Exception:
        log.warning("webhook.raw_body_not_deleted", blob_key=key, exc_info=True)


async def write_raw_body(blobs: BlobStore, key: str, body: bytes) -> None:
    """A local file (a few KB into the page cache) is written in the event loop, which costs less
    than a hop to a worker thread, straight under its final name (`FileBlobStore.put_new`: the key
    holds a fresh call id, and no row points to it until this returns); a remote store (S3) is
    written from a worker thread."""
    if isinstance(blobs, FileBlobStore):
        blobs.put_new(key, body)
    else:
        await anyio.to_thread.run_sync(blobs.put, key, body, "application/json")


async def handle_delivery(
    state: State, integration_id: str, body: bytes, headers: Mapping[str, str], url: str, started: float
) -> tuple[int, WebhookAck]:
    """Steps 1-5 of the module docstring for one delivery: the status and body of the 2xx answer,
    or a ProblemError (404, 401, 422, 503). `started` is when the request began (ingest latency)."""
    settings: Settings = state.settings
    metrics: Metrics = state.metrics
    pool: AsyncConnectionPool[Any] = state.pool
    try:
        parsed_id = uuid.UUID(integration_id)
    except ValueError:
        raise NotFound("no such integration") from None
    tenant_id, integration = await load_integration(pool, cache_in(state), parsed_id)
    platform = integration.platform
    now = datetime.now(UTC)
    try:
        result = await receive(
            WebhookRequest(body=body, headers=headers, url=url),
            integration,
            now=now,
            http=http_client(state),
            twilio_api_base_url=settings.twilio_api_base_url,
            tolerance_seconds=settings.webhook_tolerance_seconds,
        )
    except SignatureRejected as error:
        rejected(metrics, integration_id, platform, "bad_signature", reason=error.reason)
        raise BadSignature(f"signature rejected: {error.reason}") from None
    except PayloadRejected as error:
        rejected(metrics, integration_id, platform, "invalid", field=error.field)
        raise InvalidInput(error.field, error.detail) from None
    except UpstreamUnavailable as error:
        rejected(metrics, integration_id, platform, "upstream_unavailable", detail=error.detail)
        raise ServiceUnavailable(f"the platform's API could not be read: {error.detail}") from None
    if not isinstance(result, Accepted):
        rejected(metrics, integration_id, platform, "ignored", platform_event=result.event)
        return 200, WebhookAck(status="ignored", event=result.event, reason=result.reason)

    call = result.call
    try:
        check_call(call, max_turns=settings.max_turns, max_turn_chars=settings.max_turn_chars)
    except InvalidDocumentError as error:
        rejected(metrics, integration_id, platform, "invalid", field=error.errors[0].field)
        raise invalid(error) from None

    analysis = later_analysis(platform, result)
    if analysis:
        async with database_slot(state, pool) as conn:
            existing = await add_call_metadata(conn, tenant_id, call.source, call.external_id, analysis)
        if existing is not None:
            return answered(metrics, platform, started, existing)

    # The raw body first, with no database connection held (the slowest step on a file store);
    # then one statement.
    call_id = uuid.uuid4()
    blob_key = raw_blob_key(tenant_id, call_id, result.event, body, now)
    await write_raw_body(state.blobs, blob_key, body)
    async with database_slot(state, pool) as conn:
        stored = await store_call(
            conn, tenant_id=tenant_id, call=call, call_id=call_id, blob_key=blob_key, integration_id=parsed_id
        )
        if not stored.created and analysis:
            stored = (
                await add_call_metadata(conn, tenant_id, call.source, call.external_id, analysis) or stored
            )
    if not stored.created:
        await discard_raw_body(state.blobs, blob_key)
    return answered(metrics, platform, started, stored)


def later_analysis(platform: str, result: Accepted) -> dict[str, Any] | None:
    """The analysis a Retell `call_analyzed` carries (step 6), else None."""
    if platform != "retell" or result.event != "call_analyzed":
        return None
    metadata = result.call.metadata
    return {key: metadata[key] for key in RETELL_ANALYSIS_KEYS if key in metadata} or None


def answered(metrics: Metrics, platform: str, started: float, stored: StoredCall) -> tuple[int, WebhookAck]:
    """Count a stored (or repeated) delivery and build its 202 (or 200) answer. Accepted
    deliveries are the bulk and already have their access-log line (even a filtered debug line
    costs measurable time on this path): counted, not logged."""
    metrics.webhooks.labels(platform, "accepted" if stored.created else "duplicate").inc()
    metrics.ingest_seconds.observe(time.perf_counter() - started)
    ack = WebhookAck(status=stored.status, id=stored.id, duplicate=not stored.created)
    return (202 if stored.created else 200), ack


def rejected(metrics: Metrics, integration_id: str, platform: str, outcome: str, **context: Any) -> None:
    """Count and log a delivery that stored nothing, with its reason (never the secrets, the
    signature headers or the body)."""
    metrics.webhooks.labels(platform, outcome).inc()
    log.info("webhook.received", integration_id=integration_id, platform=platform, outcome=outcome, **context)


async def read_body(scope: Scope, receive: Receive, limit: int) -> bytes:
    """The whole body, or PayloadTooLarge as soon as the announced length or the bytes streamed
    pass `limit` (what Litestar's `request_max_body_size` does for every other route)."""
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                announced = int(value)
            except ValueError:
                raise BadRequest("Content-Length is not a number") from None
            if announced > limit:
                raise PayloadTooLarge()
            break
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise BadRequest("the client disconnected before sending the whole body")
        chunk: bytes = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise PayloadTooLarge()
        chunks.append(chunk)
        if not message.get("more_body", False):
            return chunks[0] if len(chunks) == 1 else b"".join(chunks)


class WebhookEndpoint:
    """`POST /v1/webhooks/{integration_id}` served straight from the ASGI scope, in front of
    Litestar's router (`service.app.RequestContext` hands it every POST under `PATH_PREFIX`).

    Why: this is the route platforms hit for every call, and Litestar's per-request machinery
    (routing, the Request and Response objects, signature parsing, the exception middleware) cost
    about as much CPU as the work itself (see bench/ingest.py). What the framework did is redone
    here: the body limit (`read_body`, 413), every error as the same problem+json
    (`service.errors.problem_document`), the route template for the metrics. The Litestar handler
    `receive_webhook` below stays mounted: it documents the route in the OpenAPI schema and serves
    the paths this one does not take (a trailing slash, a root path)."""

    PATH_PREFIX = "/v1/webhooks/"
    ROUTE_TEMPLATE = "/v1/webhooks/{integration_id}"

    def __init__(self, state: State, max_body_bytes: int) -> None:
        self.state = state
        self.max_body_bytes = max_body_bytes

    def integration_id(self, scope: HTTPScope) -> str | None:
        """The id when this endpoint serves the request (a POST to exactly one segment under the
        prefix, outside any root path), else None: Litestar's router takes it."""
        path: str = scope["path"]
        if scope["method"] != "POST" or not path.startswith(self.PATH_PREFIX) or scope.get("root_path"):
            return None
        integration_id = path[len(self.PATH_PREFIX) :]
        return integration_id if integration_id and "/" not in integration_id else None

    async def __call__(
        self, scope: HTTPScope, receive: Receive, send: Send, integration_id: str, request_id: bytes
    ) -> int:
        """Answer the request; returns the status sent."""
        started = time.perf_counter()
        extra: dict[str, str] = {}
        try:
            body = await read_body(scope, receive, self.max_body_bytes)
            headers = {name.decode("latin-1"): value.decode("latin-1") for name, value in scope["headers"]}
            url = public_url(self.state.settings, scope)
            status, ack = await handle_delivery(self.state, integration_id, body, headers, url, started)
            content, media_type = ACK_ENCODER.encode(ack), b"application/json"
        except Exception as error:
            status, extra, content = problem_document(error, method="POST", path=scope["path"])
            media_type = PROBLEM_MEDIA_TYPE_BYTES
        response_headers = [
            (b"content-type", media_type),
            (b"content-length", str(len(content)).encode()),
            (b"x-request-id", request_id),
        ]
        response_headers.extend(
            (name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in extra.items()
        )
        start: HTTPResponseStartEvent = {
            "type": "http.response.start",
            "status": status,
            "headers": response_headers,
        }
        await send(start)
        end: HTTPResponseBodyEvent = {"type": "http.response.body", "body": content, "more_body": False}
        await send(end)
        return status


@post(
    "/v1/webhooks/{integration_id:str}",
    summary="A platform's end-of-call webhook (authenticated by the platform's signature, no API key)",
    tags=["webhooks"],
    security=[{}],  # no API key (an empty list would be dropped and inherit the bearer requirement)
)
async def receive_webhook(
    integration_id: FromPath[str], request: Request[Any, Any, Any]
) -> Response[WebhookAck]:
    """The documented route; requests normally reach `WebhookEndpoint` first (same steps)."""
    started = time.perf_counter()
    state = request.app.state
    body = await request.body()
    url = public_url(state.settings, request.scope)
    status, ack = await handle_delivery(
        state, integration_id, body, dict(request.headers.items()), url, started
    )
    return Response(ack, status_code=status)


ROUTES = [receive_webhook]
