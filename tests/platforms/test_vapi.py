"""Vapi end-of-call-report: both credential kinds, and the mapping of two documented payloads."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from datetime import UTC, datetime

import pytest

from ingest.platforms import IntegrationConfig, PayloadRejected, SignatureRejected, validate_options
from tests.platforms.signing import fixture_bytes, vapi_hmac_headers
from tests.platforms.support import URL, accepted, at, deliver

SECRET = "vapi-hmac-secret-4f9a1c"
SENT = int(datetime(2026, 3, 2, 15, 5, 0, tzinfo=UTC).timestamp())
HMAC = IntegrationConfig(
    platform="vapi",
    secrets=[SECRET],
    agent="fallback-agent",
    agents={"8a3e91c4-5b7d-4f02-a6e8-1c9d2b4f7e30": "dental-frontdesk"},
)


def test_booking_report_maps_roles_times_tools_and_agent() -> None:
    body = fixture_bytes("vapi", "end_of_call_report_booking.json")
    outcome = accepted(deliver(body, vapi_hmac_headers(SECRET, body, SENT), HMAC, now=at(SENT)))
    call = outcome.call
    assert outcome.event == "end-of-call-report"
    assert call.source == "vapi"
    assert call.external_id == "5f0c2a7e-3b1d-4c39-9f62-0d4b8e1a7c55"
    assert call.agent == "dental-frontdesk"
    assert call.agent_version == "v3"
    assert call.end_reason == "caller_hangup"
    assert call.started_at == datetime(2026, 3, 2, 15, 4, 5, 120000, tzinfo=UTC)
    assert call.ended_at == datetime(2026, 3, 2, 15, 4, 33, 480000, tzinfo=UTC)
    assert call.recording_url is not None
    assert call.recording_url.endswith("-mono.wav")
    # The system prompt is not a turn; bot → agent, user → caller.
    assert [t.speaker for t in call.turns] == [
        "agent",
        "caller",
        "agent",
        "agent",
        "caller",
        "agent",
        "caller",
    ]
    assert all("Never give a diagnosis" not in t.text for t in call.turns)
    first = call.turns[0]
    assert (first.start_ms, first.end_ms) == (520, 3700)  # secondsFromStart s → ms; endTime - time ms
    # "let me check" then the tool: on that same agent turn, arguments decoded from the JSON string.
    check = call.turns[2].tool_calls
    assert [c.name for c in check] == ["check_availability"]
    assert check[0].arguments == {"date": "2026-03-10", "period": "morning", "service": "cleaning"}
    assert check[0].result == {"slots": ["09:00", "10:30"]}
    # Tool called after the caller spoke: it belongs to the agent's answer that follows.
    booking = call.turns[5]
    assert booking.text.startswith("You're booked")
    assert booking.tool_calls[0].name == "book_appointment"
    assert booking.tool_calls[0].arguments["time"] == "10:30"
    assert booking.tool_calls[0].result == {"confirmation": "BSD-4471"}
    assert call.metadata["direction"] == "inbound"
    assert call.metadata["customer_number"] == "+14155550123"
    assert call.metadata["summary"].startswith("Caller booked a cleaning")


def test_transfer_report_with_assistant_role_and_secret_header() -> None:
    integration = IntegrationConfig(
        platform="vapi",
        secrets=["s3cr3t-header-value"],
        agent="fallback-agent",
        agents={"8a3e91c4-5b7d-4f02-a6e8-1c9d2b4f7e30": "dental-frontdesk"},
        options={"auth": "secret_header"},
    )
    body = fixture_bytes("vapi", "end_of_call_report_transfer.json")
    call = accepted(deliver(body, {"X-Vapi-Secret": "s3cr3t-header-value"}, integration, now=at(SENT))).call
    assert call.agent == "fallback-agent"  # assistant id not in the map
    assert call.agent_version is None
    assert call.end_reason == "transferred"
    assert [t.speaker for t in call.turns] == ["agent", "caller", "agent"]
    transfer = call.turns[2].tool_calls[0]
    assert transfer.name == "transferCall"
    assert transfer.arguments == {"destination": "+14155550142"}
    assert transfer.result is None
    assert call.recording_url == "https://storage.vapi.ai/b9e4d2c1-mono.wav"
    assert call.metadata["direction"] == "outbound"
    assert call.metadata["transfer_destination"]["number"] == "+14155550142"


def test_status_update_is_ignored_after_verification() -> None:
    body = fixture_bytes("vapi", "status_update.json")
    outcome = deliver(body, vapi_hmac_headers(SECRET, body, SENT), HMAC, now=at(SENT))
    assert not hasattr(outcome, "call")
    assert outcome.event == "status-update"
    with pytest.raises(SignatureRejected):
        deliver(body, {}, HMAC, now=at(SENT))


def test_missing_bad_stale_and_tampered_signatures_are_rejected() -> None:
    body = fixture_bytes("vapi", "end_of_call_report_booking.json")
    with pytest.raises(SignatureRejected, match="missing"):
        deliver(body, {"x-timestamp": str(SENT)}, HMAC, now=at(SENT))
    with pytest.raises(SignatureRejected, match="does not match"):
        deliver(body, vapi_hmac_headers("another-secret", body, SENT), HMAC, now=at(SENT))
    with pytest.raises(SignatureRejected, match="too old"):
        deliver(body, vapi_hmac_headers(SECRET, body, SENT), HMAC, now=at(SENT + 301))
    with pytest.raises(SignatureRejected, match="future"):
        deliver(body, vapi_hmac_headers(SECRET, body, SENT), HMAC, now=at(SENT - 301))
    tampered = body.replace(b"customer-ended-call", b"assistant-ended-call", 1)
    with pytest.raises(SignatureRejected):
        deliver(tampered, vapi_hmac_headers(SECRET, body, SENT), HMAC, now=at(SENT))
    headers = vapi_hmac_headers(SECRET, body, SENT)
    headers["x-timestamp"] = str(SENT + 1)  # the timestamp is signed too
    with pytest.raises(SignatureRejected):
        deliver(body, headers, HMAC, now=at(SENT))


def test_signature_over_reserialised_json_does_not_verify() -> None:
    body = fixture_bytes("vapi", "end_of_call_report_booking.json")
    compact = json.dumps(json.loads(body), separators=(",", ":")).encode()
    with pytest.raises(SignatureRejected):
        deliver(body, vapi_hmac_headers(SECRET, compact, SENT), HMAC, now=at(SENT))


def test_timestamp_in_milliseconds_is_accepted() -> None:
    body = fixture_bytes("vapi", "end_of_call_report_booking.json")
    headers = vapi_hmac_headers(SECRET, body, SENT * 1000 + 250)
    assert accepted(deliver(body, headers, HMAC, now=at(SENT + 10))).call.agent == "dental-frontdesk"
    with pytest.raises(SignatureRejected, match="too old"):
        deliver(body, headers, HMAC, now=at(SENT + 400))


def test_second_secret_verifies_during_rotation() -> None:
    rotating = IntegrationConfig(platform="vapi", secrets=["old-secret", SECRET], agent="fallback-agent")
    body = fixture_bytes("vapi", "end_of_call_report_booking.json")
    assert accepted(deliver(body, vapi_hmac_headers(SECRET, body, SENT), rotating, now=at(SENT)))
    with pytest.raises(SignatureRejected):
        deliver(body, vapi_hmac_headers("retired-secret", body, SENT), rotating, now=at(SENT))


def test_secret_header_with_bearer_prefix() -> None:
    integration = IntegrationConfig(
        platform="vapi",
        secrets=["tok_live_91"],
        agent="a",
        options={"auth": "secret_header", "header": "Authorization", "prefix": "Bearer "},
    )
    body = fixture_bytes("vapi", "end_of_call_report_transfer.json")
    assert accepted(deliver(body, {"Authorization": "Bearer tok_live_91"}, integration, now=at(SENT)))
    for value in ("tok_live_91", "Bearer tok_live_92", "Bearer "):
        with pytest.raises(SignatureRejected):
            deliver(body, {"Authorization": value}, integration, now=at(SENT))
    with pytest.raises(SignatureRejected, match="missing"):
        deliver(body, {"x-vapi-secret": "tok_live_91"}, integration, now=at(SENT))


def test_custom_hmac_credential_sha512_base64_prefix_and_message_id() -> None:
    key = base64.b64encode(b"k" * 32).decode()
    options = {
        "algorithm": "sha512",
        "encoding": "base64",
        "signature_prefix": "sha512=",
        "signature_header": "x-vapi-signature",
        "timestamp_header": "webhook-timestamp",
        "message_id_header": "webhook-id",
        "payload_format": "{svix-id}.{timestamp}.{method}.{url}.{body}",
        "secret_is_base64": True,
    }
    validate_options("vapi", options, [key])
    integration = IntegrationConfig(platform="vapi", secrets=[key], agent="a", options=options)
    body = fixture_bytes("vapi", "end_of_call_report_booking.json")
    signed = f"msg_01.{SENT}.POST.{URL}.".encode() + body
    digest = base64.b64encode(hmac.new(b"k" * 32, signed, hashlib.sha512).digest()).decode()
    headers = {"x-vapi-signature": "sha512=" + digest, "webhook-timestamp": str(SENT), "webhook-id": "msg_01"}
    assert accepted(deliver(body, headers, integration, now=at(SENT)))
    with pytest.raises(SignatureRejected):
        deliver(body, {**headers, "webhook-id": "msg_02"}, integration, now=at(SENT))
    with pytest.raises(SignatureRejected):
        deliver(body, {**headers, "x-vapi-signature": digest}, integration, now=at(SENT))


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"auth": "oauth"}, "options.auth"),
        ({"algorithm": "md5"}, "options.algorithm"),
        ({"encoding": "hexadecimal"}, "options.encoding"),
        ({"payload_format": "{timestamp}"}, "options.payload_format"),
        ({"payload_format": "{nonce}.{body}"}, "options.payload_format"),
        ({"payload_format": "{svix-id}.{body}"}, "options.message_id_header"),
        ({"header": "x-vapi-secret"}, "options.header"),
        ({"auth": "secret_header", "algorithm": "sha256"}, "options.algorithm"),
    ],
)
def test_bad_options_are_named(options: dict[str, object], field: str) -> None:
    with pytest.raises(PayloadRejected) as caught:
        validate_options("vapi", dict(options), ["s"])
    assert caught.value.field == field


def test_signed_body_of_the_wrong_shape_names_the_field() -> None:
    body = b'{"message": {"type": "end-of-call-report", "call": {"id": 42}}}'
    with pytest.raises(PayloadRejected) as caught:
        deliver(body, vapi_hmac_headers(SECRET, body, SENT), HMAC, now=at(SENT))
    assert caught.value.field == "message.call.id"
