"""HTTP behaviour every route shares, over real HTTP: body limit (413 before the body is read whole),
every route behind a key, the request id, Prometheus metrics, and the OpenAPI schema."""

from __future__ import annotations

import re
import socket
import time
import uuid
from collections.abc import Callable, Iterator

import httpx
import pytest

from service.settings import Settings
from tests.builders import create_tenant_with_key
from tests.conftest import LiveServer

PUBLIC_PATHS = re.compile(r"^/(healthz|readyz|metrics|schema(/.*)?)$")
"""Routes that need no key. Webhooks authenticate by the platform's signature instead."""
SIGNED_PATHS = re.compile(r"^/v1/webhooks/")


@pytest.fixture
def small_body_server(settings: Settings, start_live_server: Callable[..., LiveServer]) -> LiveServer:
    limited = Settings(**{**settings_dict(settings), "max_body_bytes": 4096})
    return start_live_server(limited, with_worker=False)


def settings_dict(settings: Settings) -> dict[str, object]:
    return {name: getattr(settings, name) for name in settings.__struct_fields__}


def test_oversized_body_with_content_length_is_413(small_body_server: LiveServer) -> None:
    _, admin = create_tenant_with_key(small_body_server.database_url, "acme", "admin")
    body = b'{"scopes": ["read"], "name": "' + b"x" * 10_000 + b'"}'
    response = httpx.post(
        f"{small_body_server.url}/v1/keys",
        headers={"Authorization": f"Bearer {admin}", "content-type": "application/json"},
        content=body,
    )
    assert response.status_code == 413
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["type"] == "https://callgrade.dev/problems/payload-too-large"


def test_oversized_chunked_body_is_413(small_body_server: LiveServer) -> None:
    _, admin = create_tenant_with_key(small_body_server.database_url, "acme", "admin")

    def chunks() -> Iterator[bytes]:
        yield b'{"scopes": ["read"], "name": "'
        for _ in range(20):
            yield b"x" * 1024
        yield b'"}'

    response = httpx.post(
        f"{small_body_server.url}/v1/keys",
        headers={"Authorization": f"Bearer {admin}", "content-type": "application/json"},
        content=chunks(),
    )
    assert response.status_code == 413
    assert response.json()["status"] == 413
    listed = httpx.get(f"{small_body_server.url}/v1/keys", headers={"Authorization": f"Bearer {admin}"})
    assert len(listed.json()) == 1  # nothing was created


def test_413_comes_before_the_body_is_sent(small_body_server: LiveServer) -> None:
    """A client announcing 100 MB gets its 413 after sending only the headers: the server does not
    wait for (or buffer) the body."""
    _, admin = create_tenant_with_key(small_body_server.database_url, "acme", "admin")
    host, port = small_body_server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(
            (
                "POST /v1/keys HTTP/1.1\r\n"
                f"Host: {host}\r\n"
                f"Authorization: Bearer {admin}\r\n"
                "Content-Type: application/json\r\n"
                "Content-Length: 100000000\r\n\r\n"
                '{"scopes": ["read"]'
            ).encode()
        )
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = sock.recv(65536)
            if not chunk:
                break
            received += chunk
    assert received.startswith(b"HTTP/1.1 413")


def route_paths(live_server: LiveServer) -> list[tuple[str, str]]:
    """(method, concrete path) for every operation in the OpenAPI schema."""
    schema = httpx.get(f"{live_server.url}/schema/openapi.json").json()
    operations: list[tuple[str, str]] = []
    for template, item in schema["paths"].items():
        path = template
        for parameter in re.findall(r"\{([^}]+)\}", template):
            path = path.replace("{" + parameter + "}", sample_path_value(item, parameter))
        operations.extend(
            (method.upper(), path) for method in item if method in ("get", "post", "put", "patch", "delete")
        )
    return operations


def sample_path_value(item: dict[str, object], name: str) -> str:
    for operation in item.values():
        if not isinstance(operation, dict):
            continue
        for parameter in operation.get("parameters", []):  # pyright: ignore[reportUnknownMemberType]
            if parameter.get("name") == name and parameter.get("in") == "path":
                schema = parameter.get("schema", {})
                if schema.get("format") == "uuid":
                    return str(uuid.uuid4())
                if schema.get("type") == "integer":
                    return "1"
    return "sample"


def test_every_route_but_ops_needs_a_key(live_server: LiveServer) -> None:
    operations = route_paths(live_server)
    assert ("GET", "/v1/whoami") in operations
    checked = 0
    for method, path in operations:
        if PUBLIC_PATHS.match(path) or SIGNED_PATHS.match(path):
            continue
        response = httpx.request(method, f"{live_server.url}{path}", content=b"{}")
        assert response.status_code == 401, f"{method} {path} answered {response.status_code} without a key"
        checked += 1
    assert checked >= 4


def test_openapi_documents_routes_and_errors(live_server: LiveServer) -> None:
    schema = httpx.get(f"{live_server.url}/schema/openapi.json").json()
    for path in ("/healthz", "/readyz", "/metrics", "/v1/whoami", "/v1/keys", "/v1/keys/{key_id}"):
        assert path in schema["paths"], path
    assert schema["info"]["title"] == "callgrade"


def test_metrics_count_requests_by_route_template(live_server: LiveServer) -> None:
    _, admin = create_tenant_with_key(live_server.database_url, "acme", "admin")
    headers = {"Authorization": f"Bearer {admin}"}
    missing = uuid.uuid4()
    for _ in range(3):
        assert httpx.delete(f"{live_server.url}/v1/keys/{missing}", headers=headers).status_code == 404
    httpx.get(f"{live_server.url}/v1/whoami")
    text = httpx.get(f"{live_server.url}/metrics").text
    assert 'callgrade_http_requests_total{method="DELETE",route="/v1/keys/{key_id}",status="404"} 3.0' in text
    assert 'callgrade_http_requests_total{method="GET",route="/v1/whoami",status="401"} 1.0' in text
    assert str(missing) not in text  # raw paths never become labels
    assert "callgrade_http_request_duration_seconds_bucket" in text
    assert 'callgrade_db_pool_connections{pool="api",state="size"}' in text
    for name in ("callgrade_webhooks_total", "callgrade_grading_jobs_total", "callgrade_judge_tokens_total"):
        assert f"# TYPE {name.removesuffix('_total')} counter" in text or f"# TYPE {name} counter" in text


def test_healthz_needs_no_key_and_readyz_reports_each_check(live_server: LiveServer) -> None:
    assert httpx.get(f"{live_server.url}/healthz").json() == {"status": "ok"}
    started = time.monotonic()
    ready = httpx.get(f"{live_server.url}/readyz")
    assert ready.status_code == 200
    assert ready.json() == {"status": "ok", "checks": {"database": "ok", "schema": "ok", "broker": "ok"}}
    assert time.monotonic() - started < 30  # sanity bound only, not a performance assertion


def test_openapi_says_which_routes_need_a_key(live_server: LiveServer) -> None:
    schema = httpx.get(f"{live_server.url}/schema/openapi.json").json()
    assert schema["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"
    assert schema["security"] == [{"bearer": []}]
    assert schema["paths"]["/healthz"]["get"]["security"] == [{}]
    assert "security" not in schema["paths"]["/v1/whoami"]["get"]  # inherits the bearer requirement
