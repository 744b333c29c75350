"""Bland post-call webhook: X-Webhook-Signature over the raw body and the mapping of two payloads."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from ingest.platforms import IntegrationConfig, SignatureRejected
from tests.platforms.signing import bland_signature, fixture_bytes
from tests.platforms.support import accepted, at, deliver

SECRET = "bland_whsec_5e7a9c1d3f5b7d9e"
NOW = at(datetime(2026, 3, 8, 17, 47, tzinfo=UTC).timestamp())
BLAND = IntegrationConfig(
    platform="bland",
    secrets=[SECRET],
    agent="fallback-agent",
    agents={"4e0a6b7c-2f31-4d8e-9a5b-c1d2e3f40516": "dental-frontdesk", "outbound-reminders": "recall-bot"},
)


def signed(body: bytes, secret: str = SECRET) -> dict[str, str]:
    return {"X-Webhook-Signature": bland_signature(secret, body)}


def test_pathway_call_maps_rows_tool_action_and_duration() -> None:
    body = fixture_bytes("bland", "post_call_pathway.json")
    outcome = accepted(deliver(body, signed(body), BLAND, now=NOW))
    call = outcome.call
    assert call.source == "bland"
    assert call.external_id == "a3f7c2d1-8b4e-4f6a-9c1d-2e5b7a8f0c93"
    assert call.agent == "dental-frontdesk"  # pathway_id through the map
    assert call.agent_version is None
    assert call.started_at == datetime(2026, 3, 8, 17, 45, 1, tzinfo=UTC)
    assert (call.ended_at - call.started_at).total_seconds() == 94  # corrected_duration, a string
    assert call.end_reason == "caller_hangup"
    assert [t.speaker for t in call.turns] == ["agent", "caller", "agent", "caller", "agent"]
    assert [t.start_ms for t in call.turns] == [800, 5200, 8300, 13000, 18500]
    lookup = call.turns[2].tool_calls
    assert [c.name for c in lookup] == ["lookup_services"]
    assert lookup[0].arguments == {}
    assert call.metadata["agent_actions"] == ["Ended call"]
    assert call.metadata["direction"] == "inbound"
    assert call.metadata["disposition_tag"] == "BOOKED"
    assert call.recording_url is not None


def test_task_call_transfer_robot_and_metadata_agent() -> None:
    body = fixture_bytes("bland", "post_call_transfer.json")
    call = accepted(deliver(body, signed(body), BLAND, now=NOW)).call
    assert call.agent == "recall-bot"  # metadata.agent_id through the map
    assert call.end_reason == "transferred"  # transferred_to beats call_ended_by ASSISTANT
    assert [t.speaker for t in call.turns] == ["agent", "caller", "agent"]
    assert call.metadata["robot_turns"] == 1
    assert call.metadata["agent_actions"] == ["[routed to webhook]"]
    assert (call.ended_at - call.started_at).total_seconds() == 48  # call_length 0.8 minutes
    assert call.metadata["direction"] == "outbound"


def test_non_report_bodies_are_ignored() -> None:
    body = json.dumps({"type": "live", "message": "call started"}, indent=2).encode()
    outcome = deliver(body, signed(body), BLAND, now=NOW)
    assert not hasattr(outcome, "call")


def test_missing_wrong_and_tampered_are_rejected() -> None:
    body = fixture_bytes("bland", "post_call_pathway.json")
    with pytest.raises(SignatureRejected, match="missing"):
        deliver(body, {}, BLAND, now=NOW)
    with pytest.raises(SignatureRejected):
        deliver(body, signed(body, "other"), BLAND, now=NOW)
    with pytest.raises(SignatureRejected):
        deliver(body.replace(b'"USER"', b'"ASSISTANT"'), signed(body), BLAND, now=NOW)
    compact = json.dumps(json.loads(body)).encode()
    with pytest.raises(SignatureRejected):
        deliver(body, signed(compact), BLAND, now=NOW)


def test_second_secret_verifies_during_rotation() -> None:
    rotating = IntegrationConfig(platform="bland", secrets=["old", SECRET], agent="a")
    body = fixture_bytes("bland", "post_call_transfer.json")
    assert accepted(deliver(body, signed(body), rotating, now=NOW))
