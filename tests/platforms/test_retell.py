"""Retell call_ended / call_analyzed: X-Retell-Signature (SDK vector included) and the mapping."""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, datetime

import pytest

from ingest.platforms import IntegrationConfig, PayloadRejected, SignatureRejected, validate_options
from tests.platforms.signing import fixture_bytes, retell_signature
from tests.platforms.support import accepted, at, deliver

API_KEY = "key_3f9c1b7e0a2d4c6e8f1a3b5c"
SENT_MS = int(datetime(2026, 3, 4, 16, 1, 0, tzinfo=UTC).timestamp() * 1000)
NOW = at(SENT_MS / 1000)
RETELL = IntegrationConfig(
    platform="retell",
    secrets=[API_KEY],
    agent="fallback-agent",
    agents={"agent_4f1d8e2a9b7c3e5d6f0a1b2c": "dental-frontdesk"},
)


def signed(body: bytes, key: str = API_KEY, timestamp_ms: int = SENT_MS) -> dict[str, str]:
    return {"X-Retell-Signature": retell_signature(key, body, timestamp_ms)}


def test_sdk_reference_vector() -> None:
    # retell-python-sdk tests/test_webhook_auth.py: body, key and timestamp → this digest.
    body = b'{"event":"call_ended"}'
    digest = hmac.new(b"test-api-key", body + b"1700000000000", hashlib.sha256).hexdigest()
    assert digest == "07024cabe7dd8f6d1c6e4a8324ca92c812e6ad4a7ee506c04f7e462e3321823e"
    integration = IntegrationConfig(platform="retell", secrets=["test-api-key"], agent="a")
    header = {"x-retell-signature": f"v=1700000000000,d={digest}"}
    # A verified body without a call is a payload problem (422), not a signature problem (401).
    with pytest.raises(PayloadRejected, match="call"):
        deliver(body, header, integration, now=at(1_700_000_000))
    with pytest.raises(SignatureRejected):
        deliver(body + b" ", header, integration, now=at(1_700_000_000))


def test_call_analyzed_maps_turns_tools_times_and_analysis() -> None:
    body = fixture_bytes("retell", "call_analyzed_booking.json")
    outcome = accepted(deliver(body, signed(body), RETELL, now=NOW))
    call = outcome.call
    assert outcome.event == "call_analyzed"
    assert call.source == "retell"
    assert call.external_id == "call_7c2b9e41d0a34f8a6e15b3c9d27f"
    assert call.agent == "dental-frontdesk"
    assert call.agent_version == "4"
    assert call.end_reason == "caller_hangup"
    assert call.started_at == datetime(2026, 3, 4, 16, 0, 2, tzinfo=UTC)
    assert (call.ended_at - call.started_at).total_seconds() == 41.8
    assert [t.speaker for t in call.turns] == ["agent", "caller", "agent", "caller", "agent", "caller"]
    assert (call.turns[0].start_ms, call.turns[0].end_ms) == (410, 3100)  # first word start, last word end
    # Caller asked, the agent looked it up, then answered: the tool sits on that answer.
    answer = call.turns[2]
    assert answer.text == "Friday I can offer 2 pm or 4:30 pm."
    assert answer.tool_calls[0].name == "check_availability"
    assert answer.tool_calls[0].arguments == {"date": "2026-03-06", "period": "afternoon"}
    assert answer.tool_calls[0].result == {"slots": ["14:00", "16:30"]}
    assert answer.tool_calls[0].error is None
    booking = call.turns[4].tool_calls[0]
    assert (booking.name, booking.result) == ("book_appointment", "booked")
    assert call.metadata["summary"] == "The caller booked a checkup on Friday at 2 pm."
    assert call.metadata["call_successful"] is True
    assert call.metadata["twilio_call_sid"] == "CA5d8e1f2a3b4c5d6e7f8091a2b3c4d5e6"
    assert call.recording_url is not None


def test_call_ended_and_call_analyzed_are_the_same_call() -> None:
    ended_body = fixture_bytes("retell", "call_ended_booking.json")
    analyzed_body = fixture_bytes("retell", "call_analyzed_booking.json")
    ended = accepted(deliver(ended_body, signed(ended_body), RETELL, now=NOW))
    analyzed = accepted(deliver(analyzed_body, signed(analyzed_body), RETELL, now=NOW))
    assert ended.event == "call_ended"
    assert (ended.call.source, ended.call.external_id) == (analyzed.call.source, analyzed.call.external_id)
    assert ended.call.turns == analyzed.call.turns
    assert "summary" not in ended.call.metadata


def test_transfer_call_with_failed_tool_and_transfer_target() -> None:
    body = fixture_bytes("retell", "call_ended_transfer.json")
    call = accepted(deliver(body, signed(body), RETELL, now=NOW)).call
    assert call.agent == "fallback-agent"
    assert call.agent_version == "12"
    assert call.end_reason == "transferred"
    # The billing clerk reached by the transfer is neither our agent nor the caller.
    assert all("Maria" not in t.text or t.speaker == "caller" for t in call.turns)
    assert call.metadata["transfer_target_turns"] == 1
    lookup = call.turns[2].tool_calls[0]
    assert lookup.name == "lookup_invoice"
    assert lookup.error == "billing system timeout"
    assert call.turns[2].start_ms == 8000
    transfer = call.turns[2].tool_calls[1]
    assert (transfer.name, transfer.arguments) == ("transfer_call", {"number": "+13105550100"})
    assert [t.speaker for t in call.turns] == ["agent", "caller", "agent", "caller"]


def test_call_started_is_ignored() -> None:
    body = fixture_bytes("retell", "call_started.json")
    outcome = deliver(body, signed(body), RETELL, now=NOW)
    assert outcome.event == "call_started"
    assert not hasattr(outcome, "call")


@pytest.mark.parametrize(
    "header",
    [
        "",
        "v=1772640060000",
        "d=07024cabe7dd8f6d1c6e4a8324ca92c812e6ad4a7ee506c04f7e462e3321823e,v=1772640060000",
        "v=1772640060000,d=not-hex",
        "prefix-v=1772640060000,d=07024cabe7dd8f6d1c6e4a8324ca92c812e6ad4a7ee506c04f7e462e3321823e",
    ],
)
def test_malformed_headers_are_rejected(header: str) -> None:
    body = fixture_bytes("retell", "call_ended_booking.json")
    with pytest.raises(SignatureRejected):
        deliver(body, {"x-retell-signature": header}, RETELL, now=NOW)


def test_missing_wrong_stale_and_tampered_are_rejected() -> None:
    body = fixture_bytes("retell", "call_ended_booking.json")
    with pytest.raises(SignatureRejected, match="missing"):
        deliver(body, {}, RETELL, now=NOW)
    with pytest.raises(SignatureRejected, match="does not match"):
        deliver(body, signed(body, key="key_other"), RETELL, now=NOW)
    with pytest.raises(SignatureRejected, match="too old"):
        deliver(body, signed(body), RETELL, now=at(SENT_MS / 1000 + 301))
    assert accepted(deliver(body, signed(body), RETELL, now=at(SENT_MS / 1000 + 299)))
    with pytest.raises(SignatureRejected):
        deliver(body.replace(b"user_hangup", b"agent_hangup"), signed(body), RETELL, now=NOW)


def test_second_api_key_verifies_during_rotation() -> None:
    rotating = IntegrationConfig(platform="retell", secrets=["key_old", API_KEY], agent="a")
    body = fixture_bytes("retell", "call_ended_booking.json")
    assert accepted(deliver(body, signed(body), rotating, now=NOW))


def test_retell_takes_no_options() -> None:
    with pytest.raises(PayloadRejected) as caught:
        validate_options("retell", {"tolerance": 60}, ["k"])
    assert caught.value.field == "options.tolerance"
