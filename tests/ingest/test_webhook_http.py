"""The HTTP contract of `POST /v1/webhooks/{id}`, which is served ahead of Litestar's router
(`ingest.webhooks.WebhookEndpoint`): the body limit, problem+json with the request id, the access
line, the metrics by route template, the OpenAPI entry, and the Litestar route that still serves
the paths the fast one leaves to it."""

from __future__ import annotations

import asyncio
import io
import logging
import socket
import uuid
from collections.abc import Callable, Iterator

import httpx
import msgspec
import psycopg
import pytest
import structlog

from service.logging import configure_logging
from service.settings import Settings
from tests.builders import create_tenant_with_key
from tests.conftest import LiveServer
from tests.ingest.conftest import AGENT, Tenant, approved_fact_sheet, count_rows, wait_until
from tests.platforms.signing import bland_signature, fixture_bytes
from tests.service.test_logging import wait_for_events

BLAND_SECRET = "bland_whsec_http_contract"
ROUTE = "/v1/webhooks/{integration_id}"


@pytest.fixture
def log_stream() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    configure_logging(Settings(log_json=True, log_level="info"), stream=stream)
    try:
        yield stream
    finally:
        root = logging.getLogger()
        for handler in list(root.handlers):
            if handler.get_name() == "callgrade":
                root.removeHandler(handler)
        structlog.reset_defaults()


@pytest.fixture
def small_server(settings: Settings, start_live_server: Callable[..., LiveServer]) -> LiveServer:
    """Bodies over 4 KiB are refused; a call may have at most 2 turns."""
    return start_live_server(
        msgspec.structs.replace(settings, max_body_bytes=4096, max_turns=2), with_worker=False
    )


def bland_url(server: LiveServer, make_tenant: Callable[..., Tenant]) -> str:
    admin = make_tenant(server.url).client("admin")
    approved_fact_sheet(admin)
    created = admin.post(
        "/v1/integrations", json={"platform": "bland", "secrets": [BLAND_SECRET], "agent": AGENT}
    )
    assert created.status_code == 201, created.text
    return str(created.json()["url"])


def signed(body: bytes) -> dict[str, str]:
    return {"X-Webhook-Signature": bland_signature(BLAND_SECRET, body), "Content-Type": "application/json"}


def metric(server: LiveServer, name: str, labels: dict[str, str]) -> float:
    return server.metrics.registry.get_sample_value(name, labels) or 0.0


def test_an_oversized_webhook_is_413_problem_json_before_its_body_is_read(
    small_server: LiveServer, make_tenant: Callable[..., Tenant]
) -> None:
    url = bland_url(small_server, make_tenant)
    body = fixture_bytes("bland", "post_call_pathway.json") + b" " * 5000  # still well signed

    announced = httpx.post(url, content=body, headers={**signed(body), "X-Request-ID": "big-1"})
    assert announced.status_code == 413
    assert announced.headers["content-type"].startswith("application/problem+json")
    assert announced.headers["x-request-id"] == "big-1"
    problem = announced.json()
    assert problem["type"] == "https://callgrade.dev/problems/payload-too-large"
    assert problem["request_id"] == "big-1"

    def chunks() -> Iterator[bytes]:
        for start in range(0, len(body), 1024):
            yield body[start : start + 1024]

    streamed = httpx.post(url, content=chunks(), headers=signed(body))
    assert streamed.status_code == 413
    assert streamed.json()["status"] == 413

    host, port = small_server.url.removeprefix("http://").split(":")
    path = url.removeprefix(small_server.url)
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: 100000000\r\n\r\n".encode())
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = sock.recv(65536)
            if not chunk:
                break
            received += chunk
    assert received.startswith(b"HTTP/1.1 413")
    assert count_rows(small_server.database_url, "calls") == 0


def test_errors_are_problem_json_naming_the_field_with_the_request_id(
    small_server: LiveServer, make_tenant: Callable[..., Tenant]
) -> None:
    url = bland_url(small_server, make_tenant)
    body = fixture_bytes("bland", "post_call_pathway.json")  # more turns than max_turns=2

    too_long = httpx.post(url, content=body, headers={**signed(body), "X-Request-ID": "long-1"})
    assert too_long.status_code == 422, too_long.text
    assert too_long.headers["content-type"].startswith("application/problem+json")
    problem = too_long.json()
    assert problem["type"] == "https://callgrade.dev/problems/invalid-input"
    assert problem["field"] == "turns"
    assert problem["request_id"] == "long-1"
    assert problem["instance"] == url.removeprefix(small_server.url)

    unsigned = httpx.post(url, content=body)
    assert unsigned.status_code == 401
    assert unsigned.json()["type"] == "https://callgrade.dev/problems/bad-signature"
    missing = httpx.post(f"{small_server.url}/v1/webhooks/{uuid.uuid4()}", content=body)
    assert missing.status_code == 404
    assert missing.json()["request_id"] == missing.headers["x-request-id"]
    assert count_rows(small_server.database_url, "calls") == 0


def test_access_line_metrics_and_openapi_of_the_webhook_route(
    log_stream: io.StringIO, live_server: LiveServer, make_tenant: Callable[..., Tenant]
) -> None:
    url = bland_url(live_server, make_tenant)
    body = fixture_bytes("bland", "post_call_pathway.json")

    accepted = httpx.post(url, content=body, headers={**signed(body), "X-Request-ID": "hook-1"})
    assert accepted.status_code == 202, accepted.text
    assert accepted.headers["content-type"] == "application/json"
    assert accepted.headers["x-request-id"] == "hook-1"
    assert accepted.json() == {"status": "queued", "id": accepted.json()["id"]}
    again = httpx.post(url, content=body, headers=signed(body))
    assert again.status_code == 200
    assert again.json()["id"] == accepted.json()["id"]
    assert again.json()["duplicate"] is True
    assert again.json()["status"] in ("queued", "graded")  # the in-process worker may have graded it

    served = wait_for_events(log_stream, "http.request_served", "hook-1")[-1]
    assert served["route"] == ROUTE
    assert served["status"] == 202
    assert served["method"] == "POST"
    assert BLAND_SECRET not in log_stream.getvalue()

    # The request metrics are counted once the response has gone, so they may trail the reply.
    requests = "callgrade_http_requests_total"
    for status in ("202", "200"):
        labels = {"method": "POST", "route": ROUTE, "status": status}
        wait_until(lambda labels=labels: metric(live_server, requests, labels) == 1, what=f"{status} counted")
    assert metric(live_server, "callgrade_webhooks_total", {"platform": "bland", "outcome": "accepted"}) == 1
    assert metric(live_server, "callgrade_webhooks_total", {"platform": "bland", "outcome": "duplicate"}) == 1
    assert metric(live_server, "callgrade_ingest_seconds_count", {}) == 2

    schema = httpx.get(f"{live_server.url}/schema/openapi.json").json()
    operation = schema["paths"][ROUTE]["post"]
    assert operation["security"] == [{}]
    assert operation["tags"] == ["webhooks"]


def test_the_litestar_route_serves_what_the_fast_path_leaves_to_it(
    live_server: LiveServer, make_tenant: Callable[..., Tenant]
) -> None:
    url = bland_url(live_server, make_tenant)
    body = fixture_bytes("bland", "post_call_transfer.json")
    # A trailing slash is not taken by WebhookEndpoint; Litestar's route answers it the same way.
    accepted = httpx.post(url + "/", content=body, headers=signed(body))
    assert accepted.status_code == 202, accepted.text
    assert httpx.post(url + "/", content=body).status_code == 401
    again = httpx.post(url, content=body, headers=signed(body))
    assert again.status_code == 200
    assert again.json()["id"] == accepted.json()["id"]
    assert count_rows(live_server.database_url, "calls") == 1


def test_an_expired_integration_is_read_once_for_a_burst_of_deliveries(database_url: str) -> None:
    """When the cache has no entry, concurrent deliveries for the same id wait for one read
    (one pool checkout) instead of each reading the same row; an unknown id is NotFound for all."""
    from ingest.integration_cache import IntegrationCache, load_integration
    from service.db import open_async_pool
    from service.errors import NotFound

    tenant_id, _ = create_tenant_with_key(database_url, "acme", "admin")
    integration_id = uuid.uuid4()
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(
            "insert into integrations (id, tenant_id, platform, secrets, agent)"
            " values (%s, %s, 'bland', '[\"s\"]'::jsonb, %s)",
            (integration_id, tenant_id, AGENT),
        )

    async def scenario() -> None:
        pool = await open_async_pool(database_url, max_size=4)
        try:
            cache = IntegrationCache()
            before = pool.get_stats().get("requests_num", 0)
            found = await asyncio.gather(*(load_integration(pool, cache, integration_id) for _ in range(20)))
            assert pool.get_stats().get("requests_num", 0) - before == 1
            assert {tenant for tenant, _ in found} == {tenant_id}
            assert {config.platform for _, config in found} == {"bland"}
            assert cache.reading == {}

            missing = await asyncio.gather(
                *(load_integration(pool, cache, uuid.uuid4()) for _ in range(3)),
                *(load_integration(pool, IntegrationCache(), uuid.uuid4()) for _ in range(2)),
                return_exceptions=True,
            )
            assert all(isinstance(outcome, NotFound) for outcome in missing)
        finally:
            await pool.close()

    asyncio.run(scenario())
