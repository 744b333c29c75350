"""End-reason mapping tables (Vapi and Retell enumerate theirs) and calls with nothing to grade."""

from __future__ import annotations

import json

import pytest

from ingest.platforms import IntegrationConfig
from ingest.platforms.retell import end_reason as retell_end_reason
from ingest.platforms.vapi import end_reason as vapi_end_reason
from tests.platforms.signing import bland_signature, fixture_json, retell_signature
from tests.platforms.support import at, deliver


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("customer-ended-call", "caller_hangup"),
        ("assistant-ended-call", "agent_hangup"),
        ("assistant-ended-call-after-message-spoken", "agent_hangup"),
        ("assistant-said-end-call-phrase", "agent_hangup"),
        ("assistant-forwarded-call", "transferred"),
        ("voicemail", "voicemail"),
        ("silence-timed-out", "silence_timeout"),
        ("exceeded-max-duration", "max_duration"),
        ("customer-did-not-answer", "no_answer"),
        ("customer-busy", "busy"),
        ("pipeline-error-openai-llm-failed", "error"),
        ("twilio-failed-to-connect-call", "error"),
        ("manually-canceled", "other"),
        ("a-value-vapi-adds-next-year", "other"),
        (None, "other"),
    ],
)
def test_vapi_end_reasons(raw: str | None, expected: str) -> None:
    assert vapi_end_reason(raw) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("user_hangup", "caller_hangup"),
        ("agent_hangup", "agent_hangup"),
        ("call_transfer", "transferred"),
        ("transfer_bridged", "transferred"),
        ("voicemail_reached", "voicemail"),
        ("inactivity", "silence_timeout"),
        ("max_duration_reached", "max_duration"),
        ("dial_no_answer", "no_answer"),
        ("dial_busy", "busy"),
        ("dial_failed", "error"),
        ("error_llm_websocket_lost_connection", "error"),
        ("telephony_provider_unavailable", "error"),
        ("ivr_reached", "other"),
        ("transfer_cancelled", "other"),
        ("something_new", "other"),
    ],
)
def test_retell_end_reasons(raw: str, expected: str) -> None:
    assert retell_end_reason(raw) == expected


def test_a_call_that_never_connected_is_ignored_not_rejected() -> None:
    # Retell sends call_ended (and call_analyzed) for dial_no_answer with no transcript at all.
    document = fixture_json("retell", "call_ended_booking.json")
    call = document["call"]
    call.update(disconnection_reason="dial_no_answer", transcript_with_tool_calls=[], transcript_object=[])
    call.pop("start_timestamp")
    body = json.dumps(document, indent=2).encode()
    sent_ms = call["end_timestamp"]
    headers = {"x-retell-signature": retell_signature("k", body, sent_ms)}
    integration = IntegrationConfig(platform="retell", secrets=["k"], agent="a")
    outcome = deliver(body, headers, integration, now=at(sent_ms / 1000))
    assert outcome.event == "call_ended"
    assert "no conversation" in getattr(outcome, "reason", "")


def test_an_unfinished_bland_call_is_ignored() -> None:
    document = fixture_json("bland", "post_call_transfer.json")
    document["completed"] = False
    body = json.dumps(document, indent=2).encode()
    integration = IntegrationConfig(platform="bland", secrets=["b"], agent="a")
    outcome = deliver(body, {"x-webhook-signature": bland_signature("b", body)}, integration, now=at(0))
    assert not hasattr(outcome, "call")
    assert "not completed" in getattr(outcome, "reason", "")
