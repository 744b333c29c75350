"""`/v1/calls` over the real API and the in-process worker: validation (each case writes nothing),
idempotent repeats, grading end to end, waiting for a fact sheet, listing, stats and tenancy."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.conftest import LiveServer
from tests.ingest.conftest import AGENT, EXAMPLES, Tenant, approved_fact_sheet, count_rows, wait_until

CLEAN = json.loads((EXAMPLES / "call-clean-pass.json").read_text())
WRONG_PRICE = json.loads((EXAMPLES / "call-wrong-price.json").read_text())


@pytest.fixture
def tenant(live_server: LiveServer, make_tenant: Callable[..., Tenant]) -> Tenant:
    return make_tenant(live_server.url)


def a_call(external_id: str, **changes: Any) -> dict[str, Any]:
    call = copy.deepcopy(CLEAN)
    call["external_id"] = external_id
    call.update(changes)
    return call


def graded(client: httpx.Client, call_id: str) -> dict[str, Any] | None:
    body = client.get(f"/v1/calls/{call_id}").json()
    return body if body["status"] == "graded" else None


def test_a_call_is_accepted_graded_and_a_repeat_returns_the_same_id(
    tenant: Tenant, database_url: str
) -> None:
    admin = tenant.client("admin")
    version = approved_fact_sheet(admin)
    ingest = tenant.client("ingest")
    first = ingest.post("/v1/calls", json=a_call("c-1"))
    assert first.status_code == 202, first.text
    call_id = first.json()["id"]

    body = wait_until(lambda: graded(admin, call_id), what="the call to be graded")
    assert body["grade"]["fact_sheet_version"] == version
    assert len(body["grade"]["fact_sheet_sha256"]) == 64
    assert body["grade"]["verdict"] in ("pass", "fail")
    assert body["call"]["external_id"] == "c-1"
    assert body["grading"]["state"] == "done"

    again = ingest.post("/v1/calls", json=a_call("c-1"))
    assert again.status_code == 200
    assert again.json()["id"] == call_id
    assert again.json()["duplicate"] is True
    grade = admin.get(f"/v1/calls/{call_id}/grade")
    assert grade.status_code == 200
    assert grade.json()["grade"] == body["grade"]
    assert (count_rows(database_url, "calls"), count_rows(database_url, "grading_jobs")) == (1, 1)
    assert count_rows(database_url, "grades") == 1

    metrics = httpx.get(f"{tenant.base_url}/metrics").text
    assert 'callgrade_grading_jobs_total{outcome="graded"} 1.0' in metrics
    assert "callgrade_ingest_seconds_count 2.0" in metrics  # the first post and the repeat
    assert "callgrade_outbox_depth 0.0" in metrics


INVALID_CALLS: list[tuple[str, dict[str, Any], str]] = [
    ("empty turns", a_call("v-1", turns=[]), "turns"),
    ("unknown speaker", a_call("v-2", turns=[{"speaker": "bot", "text": "hello"}]), "turns[0].speaker"),
    ("empty text", a_call("v-3", turns=[{"speaker": "agent", "text": "  "}]), "turns[0].text"),
    (
        "end before start",
        a_call("v-4", started_at="2026-03-02T15:04:00Z", ended_at="2026-03-02T15:00:00Z"),
        "ended_at",
    ),
    ("over-long text", a_call("v-5", turns=[{"speaker": "agent", "text": "x" * 201}]), "turns[0].text"),
    ("too many turns", a_call("v-6", turns=[{"speaker": "agent", "text": "hi"}] * 11), "turns"),
    ("bad source", a_call("v-7", source="carrier-pigeon"), "source"),
    ("bad time", a_call("v-8", started_at="yesterday"), "started_at"),
]


@pytest.mark.parametrize(("case", "body", "field"), INVALID_CALLS, ids=[c[0] for c in INVALID_CALLS])
def test_invalid_calls_get_a_422_naming_the_field_and_write_nothing(
    settings: Any,
    start_live_server: Callable[..., LiveServer],
    make_tenant: Callable[..., Tenant],
    database_url: str,
    case: str,
    body: dict[str, Any],
    field: str,
) -> None:
    import msgspec

    server = start_live_server(
        msgspec.structs.replace(settings, max_turns=10, max_turn_chars=200), with_worker=False
    )
    tenant = make_tenant(server.url)
    response = tenant.client("ingest").post("/v1/calls", json=body)
    assert response.status_code == 422, (case, response.text)
    problem = response.json()
    assert problem["type"].endswith("/invalid-input")
    assert field in [error["field"] for error in problem["errors"]], problem
    assert count_rows(database_url, "calls") == 0
    assert count_rows(database_url, "grading_jobs") == 0


def test_every_error_of_a_call_is_listed_at_once(tenant: Tenant) -> None:
    body = a_call("v-9", started_at="2026-03-02T15:04:00Z", ended_at="2026-03-02T15:00:00Z")
    body["turns"] = [{"speaker": "robot", "text": "hi"}, {"speaker": "agent", "text": ""}]
    response = tenant.client("ingest").post("/v1/calls", json=body)
    assert response.status_code == 422
    assert [e["field"] for e in response.json()["errors"]] == [
        "ended_at",
        "turns[0].speaker",
        "turns[1].text",
    ]


def test_without_an_approved_sheet_calls_wait_and_are_graded_once_one_is_approved(
    tenant: Tenant, database_url: str
) -> None:
    admin = tenant.client("admin")
    ids = [admin.post("/v1/calls", json=a_call(f"w-{n}")).json()["id"] for n in range(3)]
    for call_id in ids:
        assert admin.get(f"/v1/calls/{call_id}").json()["status"] == "no_fact_sheet"
    assert count_rows(database_url, "grading_jobs") == 0

    created = admin.post(
        f"/v1/agents/{AGENT}/fact-sheets",
        content=(EXAMPLES / "dental-fact-sheet.yaml").read_bytes(),
        headers={"Content-Type": "application/yaml"},
    )
    assert admin.get(f"/v1/calls/{ids[0]}").json()["status"] == "no_fact_sheet"  # a draft grades nothing
    approved = admin.post(f"/v1/agents/{AGENT}/fact-sheets/{created.json()['version']}/approve")
    assert approved.json()["released_calls"] == 3
    for call_id in ids:
        body = wait_until(lambda call_id=call_id: graded(admin, call_id), what="waiting calls graded")
        assert body["grade"]["fact_sheet_version"] == 1


def test_a_call_is_graded_against_the_version_in_force_when_it_started(tenant: Tenant) -> None:
    admin = tenant.client("admin")
    approved_fact_sheet(admin)  # v1, approved now (2026-11 in this machine's clock or later)
    early = admin.post(
        "/v1/calls", json=a_call("early", started_at="2020-01-01T10:00:00Z", ended_at="2020-01-01T10:05:00Z")
    ).json()["id"]
    approved_fact_sheet(admin)  # v2, approved later still
    late = admin.post(
        "/v1/calls", json=a_call("late", started_at="2100-01-01T10:00:00Z", ended_at="2100-01-01T10:05:00Z")
    ).json()["id"]
    # Before any approval: the earliest approved version (v1). After both: the latest (v2).
    assert wait_until(lambda: graded(admin, early))["grade"]["fact_sheet_version"] == 1
    assert wait_until(lambda: graded(admin, late))["grade"]["fact_sheet_version"] == 2


def test_list_filters_paginate_and_stats_reconcile(tenant: Tenant) -> None:
    admin = tenant.client("admin")
    approved_fact_sheet(admin)
    ids = []
    for n in range(5):
        source = WRONG_PRICE if n % 2 else CLEAN
        body = copy.deepcopy(source)
        body["external_id"] = f"l-{n}"
        body["started_at"] = f"2026-03-0{n + 1}T10:00:00Z"
        body["ended_at"] = f"2026-03-0{n + 1}T10:05:00Z"
        ids.append(admin.post("/v1/calls", json=body).json()["id"])
    other_agent = a_call("l-other", agent="other-agent")
    waiting_id = admin.post("/v1/calls", json=other_agent).json()["id"]
    for call_id in ids:
        wait_until(lambda call_id=call_id: graded(admin, call_id), what="all graded")

    seen: list[str] = []
    cursor = None
    while True:
        params: dict[str, Any] = {"agent": AGENT, "limit": 2}
        if cursor:
            params["cursor"] = cursor
        page = admin.get("/v1/calls", params=params).json()
        seen += [c["id"] for c in page["calls"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == list(reversed(ids))  # newest first, each once

    failing = admin.get("/v1/calls", params={"verdict": "fail"}).json()["calls"]
    assert {c["id"] for c in failing} >= {ids[1], ids[3]}
    tagged = admin.get("/v1/calls", params={"tag": "wrong_fact"}).json()["calls"]
    assert {c["id"] for c in tagged} == {ids[1], ids[3]}
    window = admin.get(
        "/v1/calls", params={"agent": AGENT, "since": "2026-03-02T00:00:00Z", "until": "2026-03-04T00:00:00Z"}
    ).json()["calls"]
    assert [c["id"] for c in window] == [ids[2], ids[1]]
    assert admin.get("/v1/calls", params={"cursor": "garbage"}).status_code == 400

    stats = admin.get("/v1/calls/stats", params={"period": "month"}).json()
    by_agent = {row["agent"]: row for row in stats["rows"]}
    assert by_agent[AGENT]["received"] == 5
    assert by_agent[AGENT]["graded"] == 5
    assert by_agent[AGENT]["passed"] + by_agent[AGENT]["failed"] == 5
    assert by_agent["other-agent"]["no_fact_sheet"] == 1
    for row in [*stats["rows"], stats["total"]]:
        assert row["received"] == row["graded"] + row["queued"] + row["no_fact_sheet"] + row["grading_failed"]
    assert stats["total"]["received"] == 6
    assert admin.get(f"/v1/calls/{waiting_id}/grade").status_code == 404


def test_another_tenants_call_is_not_found(
    live_server: LiveServer, make_tenant: Callable[..., Tenant], tenant: Tenant
) -> None:
    call_id = tenant.client("admin").post("/v1/calls", json=a_call("t-1")).json()["id"]
    other = make_tenant(live_server.url, "globex").client("admin")
    assert other.get(f"/v1/calls/{call_id}").status_code == 404
    assert other.get(f"/v1/calls/{call_id}/grade").status_code == 404
    assert other.get("/v1/calls").json()["calls"] == []
    # The same external id from another tenant is a different call, not a duplicate.
    mine = other.post("/v1/calls", json=a_call("t-1"))
    assert mine.status_code == 202
    assert mine.json()["id"] != call_id


def test_scopes_are_enforced_on_calls(tenant: Tenant) -> None:
    assert tenant.client("read").post("/v1/calls", json=a_call("s-1")).status_code == 403
    assert tenant.client("ingest").get("/v1/calls").status_code == 403
    assert httpx.get(f"{tenant.base_url}/v1/calls").status_code == 401
