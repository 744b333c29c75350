"""Structured logs: JSON lines off a terminal, the request id on every line of a request (and in the
response header), and no secret ever written, whatever a caller passes to the logger."""

from __future__ import annotations

import io
import json
import logging
import time
from collections.abc import Iterator

import httpx
import pytest
import structlog

from service.logging import configure_logging, request_id_var
from service.settings import Settings
from tests.builders import create_tenant_with_key
from tests.conftest import LiveServer


@pytest.fixture
def log_stream() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    configure_logging(Settings(log_json=True, log_level="debug"), stream=stream)
    try:
        yield stream
    finally:
        root = logging.getLogger()
        for handler in list(root.handlers):
            if handler.get_name() == "callgrade":
                root.removeHandler(handler)
        structlog.reset_defaults()


def lines(stream: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in stream.getvalue().splitlines() if line.strip()]


def wait_for_events(
    stream: io.StringIO, event: str, request_id: str | None = None
) -> list[dict[str, object]]:
    """The access line is written once the response has been sent, so it may trail the reply."""
    for _ in range(100):
        found = [
            e
            for e in lines(stream)
            if e.get("event") == event and (request_id is None or e.get("request_id") == request_id)
        ]
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"no {event} line in {stream.getvalue()!r}")


def test_secrets_are_redacted_by_key_name_and_by_shape(log_stream: io.StringIO) -> None:
    log = structlog.get_logger("test")
    key = "cg_" + "A" * 43
    log.info(
        "webhook.received",
        headers={"Authorization": f"Bearer {key}", "X-Vapi-Secret": "s3cret", "content-type": "json"},
        signature="v1,abc",
        api_key="sk-live-1234567890",
        note=f"client sent {key} in the body",
        input_tokens=1234,
    )
    logging.getLogger("stdlib").warning("password=%s", "hunter2")  # a stdlib logger's args are not inspected
    text = log_stream.getvalue()
    assert key not in text
    assert "s3cret" not in text
    assert "v1,abc" not in text
    assert "sk-live-1234567890" not in text
    event = lines(log_stream)[0]
    assert event["event"] == "webhook.received"
    assert event["headers"] == {
        "Authorization": "[redacted]",
        "X-Vapi-Secret": "[redacted]",
        "content-type": "json",
    }
    assert event["input_tokens"] == 1234  # counts named like secrets are numbers and stay
    assert "[redacted]" in str(event["note"])


def test_request_id_is_on_every_line_of_a_request_and_echoed(
    log_stream: io.StringIO, live_server: LiveServer
) -> None:
    _, key = create_tenant_with_key(live_server.database_url, "acme", "read")
    response = httpx.get(
        f"{live_server.url}/v1/whoami", headers={"Authorization": f"Bearer {key}", "X-Request-ID": "req-42"}
    )
    assert response.headers["x-request-id"] == "req-42"
    served = wait_for_events(log_stream, "http.request_served", "req-42")
    assert served[-1]["request_id"] == "req-42"
    assert served[-1]["route"] == "/v1/whoami"
    assert served[-1]["status"] == 200
    assert key not in log_stream.getvalue()
    assert request_id_var.get() is None  # nothing leaks out of the request's context


def test_server_errors_are_logged_with_trace_but_clients_get_none(
    log_stream: io.StringIO, settings: Settings, start_live_server: object
) -> None:
    from litestar import get

    @get("/v1/boom", sync_to_thread=False)
    def boom() -> None:
        raise RuntimeError("internal detail that must not reach the client")

    server = start_live_server(settings, with_worker=False, extra_route_handlers=[boom])  # type: ignore[operator]
    response = httpx.get(f"{server.url}/v1/boom")
    assert response.status_code == 500
    body = response.json()
    assert body["type"] == "https://callgrade.dev/problems/internal-error"
    assert "internal detail" not in response.text
    assert body["request_id"] in body["detail"]
    failed = wait_for_events(log_stream, "http.request_failed")
    assert len(failed) == 1
    assert "internal detail that must not reach the client" in str(failed[0].get("exception"))
    assert failed[0]["request_id"] == body["request_id"]


def test_client_errors_are_not_logged_as_errors(log_stream: io.StringIO, live_server: LiveServer) -> None:
    httpx.get(f"{live_server.url}/v1/whoami")
    httpx.get(f"{live_server.url}/v1/nowhere", headers={"X-Request-ID": "last"})
    httpx.get(f"{live_server.url}/v1/whoami", headers={"X-Request-ID": "first"})
    wait_for_events(log_stream, "http.request_served", "first")
    wait_for_events(log_stream, "http.request_served", "last")
    assert not [e for e in lines(log_stream) if e.get("level") in ("error", "critical")]
