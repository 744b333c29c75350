"""Fact sheet versions over the real API: create (YAML and JSON), validation errors with their paths,
approval by scope, list, read, diff, and immutability enforced by the database itself."""

from __future__ import annotations

from collections.abc import Callable

import msgspec
import psycopg
import pytest
import yaml

from grading.formats import FactSheet, fact_sheet_sha256
from tests.conftest import LiveServer
from tests.ingest.conftest import AGENT, FACT_SHEET_YAML, Tenant

SHEETS = f"/v1/agents/{AGENT}/fact-sheets"


@pytest.fixture
def tenant(live_server: LiveServer, make_tenant: Callable[..., Tenant]) -> Tenant:
    return make_tenant(live_server.url)


def test_yaml_and_json_uploads_make_numbered_versions_with_a_content_hash(tenant: Tenant) -> None:
    client = tenant.client("ingest_read")
    first = client.post(SHEETS, content=FACT_SHEET_YAML, headers={"Content-Type": "application/yaml"})
    assert first.status_code == 201, first.text
    as_json = msgspec.json.encode(yaml.safe_load(FACT_SHEET_YAML))
    second = client.post(SHEETS, content=as_json, headers={"Content-Type": "application/json"})
    assert second.status_code == 201, second.text

    expected = fact_sheet_sha256(msgspec.convert(yaml.safe_load(FACT_SHEET_YAML), FactSheet))
    assert (first.json()["version"], second.json()["version"]) == (1, 2)
    assert first.json()["sha256"] == second.json()["sha256"] == expected

    listed = client.get(SHEETS).json()
    assert [v["version"] for v in listed["versions"]] == [1, 2]
    assert all(not v["approved"] for v in listed["versions"])
    one = client.get(f"{SHEETS}/1").json()
    assert one["fact_sheet"]["facts"][0]["id"] == "price-cleaning"
    assert one["sha256"] == expected


def test_every_validation_error_is_reported_with_its_path_and_nothing_is_stored(tenant: Tenant) -> None:
    client = tenant.client("ingest_read")
    bad = {
        "agent": AGENT,
        "facts": [
            {"id": "price", "topic": "price", "statement": "A cleaning costs $120."},
            {"id": "price", "topic": "hours", "statement": "Open 8 to 6."},
            {"id": "x", "topic": "weather", "statement": "Sunny."},
            {"id": "y", "topic": "other", "statement": "   "},
        ],
        "rules": [
            {"id": "r1", "kind": "should", "text": "Be nice."},
            {"id": "r2", "kind": "must", "text": ""},
        ],
        "colour": "blue",
    }
    response = client.post(SHEETS, json=bad)
    assert response.status_code == 422
    assert response.headers["content-type"].startswith("application/problem+json")
    problem = response.json()
    fields = [error["field"] for error in problem["errors"]]
    assert fields == [
        "colour",
        "facts[1].id",
        "facts[2].topic",
        "facts[3].statement",
        "rules[0].kind",
        "rules[1].text",
    ]
    assert "duplicate id 'price'" in problem["errors"][1]["message"]
    assert problem["field"] == "colour"
    assert client.get(SHEETS).json()["versions"] == []


def test_a_sheet_for_another_agent_and_unreadable_bodies_are_rejected(tenant: Tenant) -> None:
    client = tenant.client("ingest_read")
    other = client.post(
        "/v1/agents/someone-else/fact-sheets", content=FACT_SHEET_YAML, headers={"Content-Type": "text/yaml"}
    )
    assert other.status_code == 422
    assert other.json()["field"] == "agent"
    broken = client.post(SHEETS, content=b"facts: [unclosed", headers={"Content-Type": "application/yaml"})
    assert broken.status_code == 400
    assert "YAML" in broken.json()["detail"]


def test_approval_needs_the_review_scope_and_records_who_and_when(tenant: Tenant, database_url: str) -> None:
    tenant.client("ingest").post(
        SHEETS, content=FACT_SHEET_YAML, headers={"Content-Type": "application/yaml"}
    )
    for role in ("ingest", "read"):
        assert tenant.client(role).post(f"{SHEETS}/1/approve").status_code == 403
    approved = tenant.client("review").post(f"{SHEETS}/1/approve")
    assert approved.status_code == 200, approved.text
    body = approved.json()
    assert body["approved"] is True
    assert body["approved_at"] is not None
    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            "select k.name from fact_sheets f join api_keys k on k.id::text = f.approved_by"
            " where f.version = 1"
        ).fetchone()
    assert row is not None  # the approving key is recorded
    again = tenant.client("admin").post(f"{SHEETS}/1/approve")
    assert again.status_code == 200
    assert again.json()["approved_at"] == body["approved_at"]  # the first approval stands
    assert tenant.client("review").post(f"{SHEETS}/9/approve").status_code == 404


def test_versions_cannot_be_changed_or_deleted_even_in_sql(tenant: Tenant, database_url: str) -> None:
    tenant.client("ingest").post(
        SHEETS, content=FACT_SHEET_YAML, headers={"Content-Type": "application/yaml"}
    )
    with psycopg.connect(database_url, autocommit=True) as conn:
        with pytest.raises(psycopg.errors.RestrictViolation):
            conn.execute("update fact_sheets set body = '{}'::jsonb")
        with pytest.raises(psycopg.errors.RestrictViolation):
            conn.execute("delete from fact_sheets")
        conn.execute("update fact_sheets set approved_by = 'k', approved_at = now()")  # the one transition
        with pytest.raises(psycopg.errors.RestrictViolation):
            conn.execute("update fact_sheets set approved_at = now() + interval '1 day'")


def test_diff_lists_facts_and_rules_added_removed_and_changed(tenant: Tenant) -> None:
    client = tenant.client("ingest_read")
    base = yaml.safe_load(FACT_SHEET_YAML)
    client.post(SHEETS, json=base)
    changed = yaml.safe_load(FACT_SHEET_YAML)
    changed["facts"] = [f for f in changed["facts"] if f["id"] != "phone"]
    changed["facts"][0]["statement"] = "A standard cleaning costs $130."
    changed["facts"].append({"id": "parking", "topic": "location", "statement": "Free parking behind."})
    changed["rules"].append({"id": "no-upsell", "kind": "must_not", "text": "Never push whitening."})
    changed["scope"] = "appointments"
    client.post(SHEETS, json=changed)

    diff = client.get(f"{SHEETS}/diff", params={"from": 1, "to": 2})
    assert diff.status_code == 200, diff.text
    body = diff.json()["diff"]
    assert [f["id"] for f in body["facts"]["added"]] == ["parking"]
    assert [f["id"] for f in body["facts"]["removed"]] == ["phone"]
    assert [(c["id"], c["after"]["statement"]) for c in body["facts"]["changed"]] == [
        ("price-cleaning", "A standard cleaning costs $130.")
    ]
    assert [r["id"] for r in body["rules"]["added"]] == ["no-upsell"]
    assert body["rules"]["removed"] == []
    assert body["rules"]["changed"] == []
    assert body["fields"] == ["scope"]
    assert client.get(f"{SHEETS}/diff", params={"from": 1, "to": 7}).status_code == 404


def test_another_tenants_fact_sheets_are_not_found(
    live_server: LiveServer, make_tenant: Callable[..., Tenant], tenant: Tenant
) -> None:
    tenant.client("ingest").post(
        SHEETS, content=FACT_SHEET_YAML, headers={"Content-Type": "application/yaml"}
    )
    other = make_tenant(live_server.url, "globex")
    assert other.client("admin").get(f"{SHEETS}/1").status_code == 404
    assert other.client("admin").post(f"{SHEETS}/1/approve").status_code == 404
    assert other.client("admin").get(SHEETS).json()["versions"] == []
