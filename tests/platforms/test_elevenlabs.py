"""ElevenLabs post_call_transcription: ElevenLabs-Signature and the mapping of two payloads."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ingest.platforms import IntegrationConfig, SignatureRejected
from tests.platforms.signing import elevenlabs_signature, fixture_bytes
from tests.platforms.support import accepted, at, deliver

SECRET = "wsec_8d1f3a5c7e9b2d4f6a8c0e1f3a5c7e9b"
SENT = int(datetime(2026, 3, 6, 11, 31, 0, tzinfo=UTC).timestamp())
ELEVENLABS = IntegrationConfig(
    platform="elevenlabs",
    secrets=[SECRET],
    agent="fallback-agent",
    agents={"agent_01jx9q2f7bex3r8z5d4c6w0v1t": "dental-frontdesk"},
)


def signed(body: bytes, secret: str = SECRET, timestamp: int = SENT) -> dict[str, str]:
    return {"ElevenLabs-Signature": elevenlabs_signature(secret, body, timestamp)}


def test_transcription_maps_turns_tools_times_and_end_call() -> None:
    body = fixture_bytes("elevenlabs", "post_call_transcription_hours.json")
    outcome = accepted(deliver(body, signed(body), ELEVENLABS, now=at(SENT)))
    call = outcome.call
    assert outcome.event == "post_call_transcription"
    assert call.source == "elevenlabs"
    assert call.external_id == "conv_01jxa2m8rt6fz9h4k3n7p5q2s0"
    assert call.agent == "dental-frontdesk"
    assert call.agent_version == "agtvrsn_01jx9zz1"
    assert call.started_at == datetime(2026, 3, 6, 11, 30, 0, tzinfo=UTC)
    assert (call.ended_at - call.started_at).total_seconds() == 23
    assert call.end_reason == "agent_hangup"
    # Tool-only entries (message null) are not turns of their own.
    assert [t.speaker for t in call.turns] == ["agent", "caller", "agent", "agent", "caller", "agent"]
    assert [t.start_ms for t in call.turns] == [0, 5000, 9000, 12000, 18000, 21000]
    assert all(t.end_ms is None for t in call.turns)
    hours = call.turns[2].tool_calls[0]
    assert call.turns[2].text == "Let me check our Saturday hours."
    assert (hours.name, hours.arguments, hours.result) == (
        "get_opening_hours",
        {"day": "saturday"},
        {"open": False},
    )
    end_call = call.turns[5].tool_calls[0]
    assert end_call.name == "end_call"
    assert end_call.arguments == {"reason": "conversation finished"}
    assert end_call.result == {"status": "success", "reason": "conversation finished"}
    assert call.recording_url is None
    assert call.metadata["call_sid"] == "CA0f1e2d3c4b5a69788796a5b4c3d2e1f0"
    assert call.metadata["direction"] == "inbound"
    assert call.metadata["call_successful"] == "success"


def test_transfer_with_a_failed_tool() -> None:
    body = fixture_bytes("elevenlabs", "post_call_transcription_transfer.json")
    call = accepted(deliver(body, signed(body), ELEVENLABS, now=at(SENT))).call
    assert call.agent == "fallback-agent"
    assert call.agent_version is None
    # The transfer tool succeeded; the termination text alone would say "remote party".
    assert call.end_reason == "transferred"
    lookup = call.turns[2].tool_calls[0]
    assert lookup.name == "find_appointment"
    assert lookup.error == "HTTP 503 from https://api.brightsmile.example/appointments"
    assert lookup.result == "Service unavailable"
    transfer = call.turns[3].tool_calls[0]
    assert transfer.name == "transfer_to_number"
    assert transfer.arguments["transfer_number"] == "+16505550100"
    assert transfer.result == {"status": "success"}


@pytest.mark.parametrize("fixture", ["post_call_audio.json", "call_initiation_failure.json"])
def test_audio_and_initiation_failure_are_ignored(fixture: str) -> None:
    body = fixture_bytes("elevenlabs", fixture)
    outcome = deliver(body, signed(body), ELEVENLABS, now=at(SENT))
    assert not hasattr(outcome, "call")
    assert outcome.event == fixture.removesuffix(".json")


def test_initiation_failure_reason_is_reported() -> None:
    body = fixture_bytes("elevenlabs", "call_initiation_failure.json")
    outcome = deliver(body, signed(body), ELEVENLABS, now=at(SENT))
    assert "busy" in getattr(outcome, "reason", "")


def test_missing_wrong_stale_future_and_tampered_are_rejected() -> None:
    body = fixture_bytes("elevenlabs", "post_call_transcription_hours.json")
    with pytest.raises(SignatureRejected, match="missing"):
        deliver(body, {}, ELEVENLABS, now=at(SENT))
    with pytest.raises(SignatureRejected, match="does not match"):
        deliver(body, signed(body, secret="wsec_other"), ELEVENLABS, now=at(SENT))
    # ElevenLabs documents a 30-minute window in the past.
    assert accepted(deliver(body, signed(body), ELEVENLABS, now=at(SENT + 29 * 60)))
    with pytest.raises(SignatureRejected, match="too old"):
        deliver(body, signed(body), ELEVENLABS, now=at(SENT + 31 * 60))
    with pytest.raises(SignatureRejected, match="future"):
        deliver(body, signed(body), ELEVENLABS, now=at(SENT - 301))
    with pytest.raises(SignatureRejected):
        deliver(body.replace(b'"done"', b'"failed"'), signed(body), ELEVENLABS, now=at(SENT))
    with pytest.raises(SignatureRejected, match="timestamp"):
        deliver(body, {"elevenlabs-signature": "v0=" + "0" * 64}, ELEVENLABS, now=at(SENT))


def test_second_secret_verifies_during_rotation() -> None:
    rotating = IntegrationConfig(platform="elevenlabs", secrets=["wsec_old", SECRET], agent="a")
    body = fixture_bytes("elevenlabs", "post_call_transcription_hours.json")
    assert accepted(deliver(body, signed(body), rotating, now=at(SENT)))
