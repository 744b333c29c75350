"""Standard Webhooks intake: the spec's reference vector, rotation, tolerance, and the Call body."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from ingest.platforms import IntegrationConfig, PayloadRejected, SignatureRejected, validate_options
from tests.platforms.signing import fixture_bytes, standard_signature
from tests.platforms.support import accepted, at, deliver

SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
SENT = 1_773_306_072
STANDARD = IntegrationConfig(
    platform="standard", secrets=[SECRET], agent="default-agent", agents={"pc-bot": "pipecat-desk"}
)


def signed(
    body: bytes, webhook_id: str = "msg_2bQ4", timestamp: int = SENT, secret: str = SECRET
) -> dict[str, str]:
    return {
        "webhook-id": webhook_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": standard_signature(secret, webhook_id, timestamp, body),
        "content-type": "application/json",
    }


def test_reference_vector_of_the_spec() -> None:
    body = b'{"test": 2432232314}'
    headers = signed(body, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330)
    assert headers["webhook-signature"] == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
    # Verified, then rejected as a Call (it is not one): 422 naming the field, not 401.
    with pytest.raises(PayloadRejected) as caught:
        deliver(body, headers, STANDARD, now=at(1614265330))
    assert caught.value.field == "test"


def test_bare_call_is_accepted_with_source_forced() -> None:
    body = fixture_bytes("standard", "call_bare.json")
    outcome = accepted(deliver(body, signed(body), STANDARD, now=at(SENT)))
    call = outcome.call
    assert outcome.event == "call.ended"
    assert call.source == "standard"
    assert call.external_id == "lk-room-RM_h8Xq2Lp9"
    assert call.agent == "dental-frontdesk"
    assert call.agent_version == "2026.03.1"
    assert call.end_reason == "caller_hangup"
    assert call.started_at == datetime(2026, 3, 12, 9, 0, tzinfo=UTC)
    assert [t.speaker for t in call.turns] == ["agent", "caller", "agent", "caller"]
    tool = call.turns[2].tool_calls[0]
    assert (tool.name, tool.arguments, tool.result) == (
        "check_availability",
        {"date": "2026-03-18"},
        {"slots": ["11:00"]},
    )
    assert call.metadata == {"framework": "livekit-agents", "room": "RM_h8Xq2Lp9"}


def test_envelope_call_is_accepted_and_agent_mapped() -> None:
    body = fixture_bytes("standard", "call_envelope.json")
    call = accepted(deliver(body, signed(body), STANDARD, now=at(SENT))).call
    assert call.external_id == "pipecat-session-5d2f"
    assert call.agent == "pipecat-desk"


def test_source_in_the_body_cannot_impersonate_another_platform() -> None:
    document = json.loads(fixture_bytes("standard", "call_bare.json"))
    document["source"] = "retell"
    body = json.dumps(document, indent=4).encode()
    assert accepted(deliver(body, signed(body), STANDARD, now=at(SENT))).call.source == "standard"


def test_other_envelope_types_are_ignored() -> None:
    body = json.dumps(
        {"type": "call.started", "timestamp": "2026-03-12T09:00:00Z", "data": {"id": 1}}
    ).encode()
    outcome = deliver(body, signed(body), STANDARD, now=at(SENT))
    assert outcome.event == "call.started"
    assert not hasattr(outcome, "call")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["turns"][1].update(speaker="customer"), "turns[1].speaker"),
        (lambda d: d.update(started_at="yesterday"), "started_at"),
        (lambda d: d.update(surprise=True), "surprise"),
        (lambda d: d.pop("ended_at"), "ended_at"),
        (lambda d: d["turns"][0].update(start_ms="300"), "turns[0].start_ms"),
    ],
)
def test_invalid_call_names_the_field(change: object, field: str) -> None:
    document = json.loads(fixture_bytes("standard", "call_bare.json"))
    change(document)  # type: ignore[operator]
    body = json.dumps(document, indent=2).encode()
    with pytest.raises(PayloadRejected) as caught:
        deliver(body, signed(body), STANDARD, now=at(SENT))
    assert caught.value.field == field


def test_invalid_call_in_an_envelope_names_the_data_path() -> None:
    document = json.loads(fixture_bytes("standard", "call_envelope.json"))
    document["data"]["end_reason"] = "hung_up"
    body = json.dumps(document).encode()
    with pytest.raises(PayloadRejected) as caught:
        deliver(body, signed(body), STANDARD, now=at(SENT))
    assert caught.value.field == "data.end_reason"


def test_missing_wrong_stale_and_tampered_are_rejected() -> None:
    body = fixture_bytes("standard", "call_bare.json")
    headers = signed(body)
    for missing in ("webhook-id", "webhook-timestamp", "webhook-signature"):
        with pytest.raises(SignatureRejected, match="missing"):
            deliver(body, {k: v for k, v in headers.items() if k != missing}, STANDARD, now=at(SENT))
    other = "whsec_" + "QUJDREVGR0hJSktMTU5PUFFSU1RVVldY"
    with pytest.raises(SignatureRejected, match="does not match"):
        deliver(body, signed(body, secret=other), STANDARD, now=at(SENT))
    with pytest.raises(SignatureRejected, match="too old"):
        deliver(body, headers, STANDARD, now=at(SENT + 301))
    with pytest.raises(SignatureRejected, match="future"):
        deliver(body, headers, STANDARD, now=at(SENT - 301))
    with pytest.raises(SignatureRejected):
        deliver(body.replace(b"caller_hangup", b"agent_hangup"), headers, STANDARD, now=at(SENT))
    with pytest.raises(SignatureRejected):
        deliver(body, {**headers, "webhook-id": "msg_other"}, STANDARD, now=at(SENT))
    with pytest.raises(SignatureRejected):
        deliver(body, {**headers, "webhook-timestamp": "not-a-number"}, STANDARD, now=at(SENT))


def test_rotation_on_both_sides() -> None:
    body = fixture_bytes("standard", "call_bare.json")
    new = "whsec_" + "QUJDREVGR0hJSktMTU5PUFFSU1RVVldY"
    # Our side: two active secrets, the second one signed.
    rotating = IntegrationConfig(platform="standard", secrets=[SECRET, new], agent="a")
    assert accepted(deliver(body, signed(body, secret=new), rotating, now=at(SENT)))
    # Sender side: several signatures, unknown versions skipped, one v1 valid.
    headers = signed(body)
    valid = headers["webhook-signature"]
    headers["webhook-signature"] = f"v1a,bm90LWFuLWVkMjU1MTk= v1,AAAA {valid}"
    assert accepted(deliver(body, headers, STANDARD, now=at(SENT)))
    headers["webhook-signature"] = f"v2,{valid.removeprefix('v1,')}"
    with pytest.raises(SignatureRejected):
        deliver(body, headers, STANDARD, now=at(SENT))


def test_secrets_must_be_standard_webhook_secrets() -> None:
    validate_options("standard", {}, [SECRET])
    for bad in ("whsec_short", "not base64 at all!", "whsec_" + "A" * 120):
        with pytest.raises(PayloadRejected) as caught:
            validate_options("standard", {}, [SECRET, bad])
        assert caught.value.field == "secrets[1]"
