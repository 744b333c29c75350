"""Scopes and tenant isolation on real routes over real HTTP, and the problem+json shape."""

from __future__ import annotations

import httpx
import pytest

from tests.builders import create_tenant_with_key
from tests.conftest import LiveServer

PROBLEM = "application/problem+json"


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def assert_problem(response: httpx.Response, status: int, slug: str) -> dict[str, object]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    body = response.json()
    assert body["type"] == f"https://callgrade.dev/problems/{slug}"
    assert body["status"] == status
    assert isinstance(body["title"], str)
    assert body["title"]
    assert body["request_id"] == response.headers["x-request-id"]
    assert "Traceback" not in response.text
    return body


def test_missing_malformed_and_unknown_keys_are_401(live_server: LiveServer) -> None:
    url = f"{live_server.url}/v1/whoami"
    assert_problem(httpx.get(url), 401, "unauthorized")
    assert_problem(httpx.get(url, headers={"Authorization": "Basic abc"}), 401, "unauthorized")
    response = httpx.get(url, headers=bearer("cg_" + "x" * 43))
    assert_problem(response, 401, "unauthorized")
    assert response.headers["www-authenticate"].startswith("Bearer")


def test_whoami_names_the_tenant_and_scopes(live_server: LiveServer) -> None:
    tenant_id, key = create_tenant_with_key(live_server.database_url, "acme", "ingest,read")
    response = httpx.get(f"{live_server.url}/v1/whoami", headers=bearer(key))
    assert response.status_code == 200
    assert response.json()["tenant"] == "acme"
    assert response.json()["tenant_id"] == str(tenant_id)
    assert response.json()["scopes"] == ["ingest", "read"]


def test_wrong_scope_is_403_and_admin_holds_every_scope(live_server: LiveServer) -> None:
    _, reader = create_tenant_with_key(live_server.database_url, "acme", "read")
    _, admin = create_tenant_with_key(live_server.database_url, "acme", "admin")
    body = assert_problem(httpx.get(f"{live_server.url}/v1/keys", headers=bearer(reader)), 403, "forbidden")
    assert "admin" in str(body["detail"])
    listed = httpx.get(f"{live_server.url}/v1/keys", headers=bearer(admin))
    assert listed.status_code == 200
    assert len(listed.json()) == 2
    assert all("key" not in k and k["prefix"].startswith("cg_") for k in listed.json())


def test_created_key_works_once_shown_and_revoked_key_stops_working(live_server: LiveServer) -> None:
    _, admin = create_tenant_with_key(live_server.database_url, "acme", "admin")
    created = httpx.post(
        f"{live_server.url}/v1/keys", headers=bearer(admin), json={"scopes": ["read"], "name": "ci"}
    )
    assert created.status_code == 201, created.text
    new_key = created.json()["key"]
    assert httpx.get(f"{live_server.url}/v1/whoami", headers=bearer(new_key)).status_code == 200
    revoked = httpx.delete(f"{live_server.url}/v1/keys/{created.json()['id']}", headers=bearer(admin))
    assert revoked.status_code == 204
    assert_problem(httpx.get(f"{live_server.url}/v1/whoami", headers=bearer(new_key)), 401, "unauthorized")


def test_another_tenants_key_is_not_found_and_untouched(live_server: LiveServer) -> None:
    _, acme_admin = create_tenant_with_key(live_server.database_url, "acme", "admin")
    _, globex_admin = create_tenant_with_key(live_server.database_url, "globex", "admin")
    globex_keys = httpx.get(f"{live_server.url}/v1/keys", headers=bearer(globex_admin)).json()
    assert len(globex_keys) == 1
    acme_keys = httpx.get(f"{live_server.url}/v1/keys", headers=bearer(acme_admin)).json()
    assert {k["id"] for k in acme_keys}.isdisjoint({k["id"] for k in globex_keys})

    response = httpx.delete(f"{live_server.url}/v1/keys/{globex_keys[0]['id']}", headers=bearer(acme_admin))
    assert_problem(response, 404, "not-found")
    # Globex's key still works: acme's request changed nothing.
    assert httpx.get(f"{live_server.url}/v1/whoami", headers=bearer(globex_admin)).status_code == 200


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"scopes": ["read", "bogus"]}, "scopes"),
        ({"scopes": 3}, "scopes"),
        ({"scopes": ["read"], "unexpected": 1}, "unexpected"),
        ({"name": "x"}, "scopes"),
    ],
)
def test_invalid_input_is_422_naming_the_field(
    live_server: LiveServer, body: dict[str, object], field: str
) -> None:
    _, admin = create_tenant_with_key(live_server.database_url, "acme", "admin")
    response = httpx.post(f"{live_server.url}/v1/keys", headers=bearer(admin), json=body)
    problem = assert_problem(response, 422, "invalid-input")
    assert problem["field"] == field
    errors = problem["errors"]
    assert isinstance(errors, list)
    assert errors
    listed = httpx.get(f"{live_server.url}/v1/keys", headers=bearer(admin)).json()
    assert len(listed) == 1  # nothing was written


def test_malformed_json_is_400(live_server: LiveServer) -> None:
    _, admin = create_tenant_with_key(live_server.database_url, "acme", "admin")
    response = httpx.post(
        f"{live_server.url}/v1/keys",
        headers={**bearer(admin), "content-type": "application/json"},
        content=b'{"scopes": [',
    )
    assert_problem(response, 400, "bad-request")


def test_unknown_route_and_method_are_problems_with_request_id(live_server: LiveServer) -> None:
    assert_problem(httpx.get(f"{live_server.url}/v1/nothing-here"), 404, "not-found")
    assert_problem(httpx.put(f"{live_server.url}/healthz"), 405, "method-not-allowed")
    echoed = httpx.get(f"{live_server.url}/healthz", headers={"X-Request-ID": "trace-123"})
    assert echoed.headers["x-request-id"] == "trace-123"
    hostile = httpx.get(f"{live_server.url}/healthz", headers={"X-Request-ID": "a b\tc" * 100})
    assert hostile.headers["x-request-id"] != "a b\tc" * 100
