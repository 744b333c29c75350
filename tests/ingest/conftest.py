"""Fixtures for the ingestion tests: a tenant with keys per scope and HTTP clients on the live app."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest

from tests.builders import create_tenant_with_key

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FACT_SHEET_YAML = (EXAMPLES / "dental-fact-sheet.yaml").read_bytes()
AGENT = "dental-frontdesk"


class Tenant:
    """A tenant and one key per role, with clients bound to a live server."""

    def __init__(self, base_url: str, tenant_id: uuid.UUID, keys: dict[str, str]) -> None:
        self.base_url = base_url
        self.id = tenant_id
        self.keys = keys
        self._clients: list[httpx.Client] = []

    def client(self, role: str = "admin") -> httpx.Client:
        client = httpx.Client(
            base_url=self.base_url, headers={"Authorization": f"Bearer {self.keys[role]}"}, timeout=30
        )
        self._clients.append(client)
        return client

    def close(self) -> None:
        for client in self._clients:
            client.close()


@pytest.fixture
def make_tenant(database_url: str) -> Iterator[Callable[[str, str], Tenant]]:
    made: list[Tenant] = []

    def make(base_url: str, name: str = "acme") -> Tenant:
        keys: dict[str, str] = {}
        tenant_id = uuid.UUID(int=0)
        for role, scopes in {
            "admin": "admin",
            "ingest": "ingest",
            "read": "read",
            "review": "review",
            "ingest_read": "ingest,read",
        }.items():
            tenant_id, keys[role] = create_tenant_with_key(database_url, name, scopes)
        tenant = Tenant(base_url, tenant_id, keys)
        made.append(tenant)
        return tenant

    yield make
    for tenant in made:
        tenant.close()


def wait_until(predicate: Callable[[], Any], *, timeout: float = 30.0, what: str = "condition") -> Any:
    """Poll until `predicate()` is truthy; fail with `what` after `timeout` seconds (not a speed
    assertion: the timeout only stops a broken test from hanging)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.05)


def count_rows(database_url: str, table: str) -> int:
    with psycopg.connect(database_url) as conn:
        row = conn.execute(f"select count(*) from {table}").fetchone()
        assert row is not None
        return int(row[0])


def approved_fact_sheet(client: httpx.Client, agent: str = AGENT) -> int:
    """Upload the example fact sheet for `agent` and approve it; returns the version."""
    body = FACT_SHEET_YAML.replace(b"agent: dental-frontdesk", f"agent: {agent}".encode())
    created = client.post(
        f"/v1/agents/{agent}/fact-sheets", content=body, headers={"Content-Type": "application/yaml"}
    )
    assert created.status_code == 201, created.text
    version = created.json()["version"]
    approved = client.post(f"/v1/agents/{agent}/fact-sheets/{version}/approve")
    assert approved.status_code == 200, approved.text
    return version
