"""Retell AI adapter: the `call_ended` and `call_analyzed` webhooks, signed with `X-Retell-Signature`.

Signature (Retell's docs and `retell/lib/webhook_auth.py` in the Python SDK): the header is
`v=<epoch ms>,d=<hex>` with `d = HMAC-SHA256(key=<webhook-badged API key>, raw body + str(v))` —
plain concatenation, no separator. The header must match `v=(\\d+),d=([0-9a-f]{64})` exactly (the
SDK's tests reject prefixes, suffixes, extra parts and reordering) and `v` must be within ±tolerance
of now (SDK default 5 min; `v` is documented in milliseconds). Secrets are Retell API keys; list the
old and the new key while rotating.

Mapping decisions:
- Both `call_ended` and `call_analyzed` are Accepted with the same `external_id` (`call.call_id`);
  the store's idempotency on (source, external_id) makes them one call. `call_analyzed` carries
  `call_analysis` too (its summary, sentiment and success flag go to metadata). Every other event
  (`call_started`, `transcript_updated`, `transfer_*`, chat events) is Ignored.
- Turns from `transcript_with_tool_calls` (else `transcript_object`). `agent` → agent, `user` →
  caller. `transfer_target` (the human reached by a warm transfer) is not our agent and not the
  caller, so those utterances are left out of the graded turns and counted in
  `metadata.transfer_target_turns`. `tool_call_invocation` → a ToolCall (its `arguments` JSON string
  decoded) on the agent's turn (the latest turn if the agent is speaking, else the agent's next
  utterance: the caller asked, the agent looked it up, then answered); `tool_call_result` → the
  `content` of the invocation with the same `tool_call_id`, decoded when it is a JSON
  object/array, and also its `error` when `successful` is false. `node_transition`, `dtmf`,
  `sms`, `injected` rows are not speech and are skipped.
- Times: word `start`/`end` are seconds from the start of the call audio ("an approximation");
  a turn spans its first word's start to its last word's end. Tool rows carry no timing in the SDK
  types (UNCLEAR: some logs show `time_sec`; used when present). `start_timestamp` /
  `end_timestamp` are epoch ms; a call that never connected has no `start_timestamp`, in which case
  the end is used for both.
- Agent: `call.agent_id` through the integration's `agents`; `agent_version` is Retell's integer
  version as text.
- End reason (`disconnection_reason`): user_hangup → caller_hangup; agent_hangup → agent_hangup;
  call_transfer, transfer_bridged → transferred; voicemail_reached → voicemail; inactivity →
  silence_timeout; max_duration_reached → max_duration; dial_no_answer, user_declined,
  registered_call_timeout → no_answer; dial_busy → busy; dial_failed, invalid_destination,
  telephony_*, sip_routing_error, concurrency_limit_reached, no_concurrency_fallback,
  no_valid_payment, error_* → error; everything else (ivr_reached, transfer_cancelled, scam_detected,
  marked_as_spam, manual_stopped, call_take_over, new values) → other. Raw value in metadata.
- Recording: `recording_url` (the multi-channel and scrubbed URLs go to metadata).
- A call with no turns at all (dial_no_answer, dial_busy, ...) is Ignored: nothing to grade.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

import msgspec

from grading.formats import Call, EndReason, ToolCall, Turn
from ingest.platforms.contract import (
    Accepted,
    Ignored,
    IntegrationConfig,
    PayloadRejected,
    SignatureRejected,
    WebhookRequest,
)
from ingest.platforms.signatures import check_fresh, decode_hex, first_matching_secret, hmac_digest
from ingest.platforms.translation import (
    TurnBuilder,
    decode_payload,
    from_epoch_ms,
    json_arguments,
    json_result,
    no_conversation,
    resolve_agent,
    seconds_to_ms,
)

END_OF_CALL_EVENTS = frozenset({"call_ended", "call_analyzed"})
SIGNATURE_HEADER = "x-retell-signature"
_SIGNATURE = re.compile(r"v=(\d+),d=([0-9a-f]{64})")


class _Word(msgspec.Struct):
    start: float | None = None
    end: float | None = None


class _Entry(msgspec.Struct):
    role: str | None = None
    content: str | None = None
    words: list[_Word] = msgspec.field(default_factory=list)
    tool_call_id: str | None = None
    name: str | None = None
    arguments: Any = None
    successful: bool | None = None
    time_sec: float | None = None


class _Analysis(msgspec.Struct):
    call_summary: str | None = None
    call_successful: bool | None = None
    user_sentiment: str | None = None
    in_voicemail: bool | None = None
    custom_analysis_data: Any = None


class _TelephonyIdentifier(msgspec.Struct):
    twilio_call_sid: str | None = None


class _Call(msgspec.Struct):
    call_id: str | None = None
    agent_id: str | None = None
    agent_version: int | str | None = None
    agent_name: str | None = None
    call_type: str | None = None
    call_status: str | None = None
    direction: str | None = None
    from_number: str | None = None
    to_number: str | None = None
    start_timestamp: int | None = None
    end_timestamp: int | None = None
    disconnection_reason: str | None = None
    recording_url: str | None = None
    recording_multi_channel_url: str | None = None
    scrubbed_recording_url: str | None = None
    transcript_with_tool_calls: list[_Entry] | None = None
    transcript_object: list[_Entry] | None = None
    transfer_destination: str | None = None
    call_analysis: _Analysis | None = None
    metadata: Any = None
    telephony_identifier: _TelephonyIdentifier | None = None
    public_log_url: str | None = None


class _Webhook(msgspec.Struct):
    event: str | None = None
    call: _Call | None = None


def validate_options(options: dict[str, Any], secrets: list[str]) -> None:
    del secrets
    if options:
        raise PayloadRejected(f"options.{sorted(options)[0]}", "the retell platform takes no options")


def verify(request: WebhookRequest, secrets: list[str], *, now: datetime, tolerance_seconds: int) -> None:
    header = request.headers.get(SIGNATURE_HEADER)
    if header is None:
        raise SignatureRejected(f"missing {SIGNATURE_HEADER} header")
    match = _SIGNATURE.fullmatch(header.strip())
    if match is None:
        raise SignatureRejected(f"malformed {SIGNATURE_HEADER}: expected v=<ms>,d=<64 hex>")
    raw_timestamp, digest = match.groups()
    check_fresh(
        int(raw_timestamp) / 1000, now, past_seconds=tolerance_seconds, future_seconds=tolerance_seconds
    )
    content = request.body + raw_timestamp.encode()
    first_matching_secret(
        secrets, lambda secret: [hmac_digest(secret.encode(), content)], [decode_hex(digest)]
    )


_END_REASONS: dict[str, EndReason] = {
    "user_hangup": "caller_hangup",
    "agent_hangup": "agent_hangup",
    "call_transfer": "transferred",
    "transfer_bridged": "transferred",
    "voicemail_reached": "voicemail",
    "inactivity": "silence_timeout",
    "max_duration_reached": "max_duration",
    "dial_no_answer": "no_answer",
    "user_declined": "no_answer",
    "registered_call_timeout": "no_answer",
    "dial_busy": "busy",
    "dial_failed": "error",
    "invalid_destination": "error",
    "sip_routing_error": "error",
    "concurrency_limit_reached": "error",
    "no_concurrency_fallback": "error",
    "no_valid_payment": "error",
}


def end_reason(raw: str | None) -> EndReason:
    if not raw:
        return "other"
    if raw in _END_REASONS:
        return _END_REASONS[raw]
    if raw.startswith(("error_", "telephony_provider_")):
        return "error"
    return "other"


def _turns(entries: list[_Entry]) -> tuple[list[Turn], int]:
    builder = TurnBuilder()
    transfer_target_turns = 0
    for entry in entries:
        if entry.role in ("agent", "user"):
            starts = [w.start for w in entry.words if w.start is not None]
            ends = [w.end for w in entry.words if w.end is not None]
            builder.say(
                "agent" if entry.role == "agent" else "caller",
                entry.content,
                seconds_to_ms(starts[0]) if starts else None,
                seconds_to_ms(ends[-1]) if ends else None,
            )
        elif entry.role == "transfer_target":
            transfer_target_turns += 1
        elif entry.role == "tool_call_invocation":
            tool_call = ToolCall(name=entry.name or "", arguments=json_arguments(entry.arguments))
            builder.call_tool(tool_call, entry.tool_call_id, seconds_to_ms(entry.time_sec))
        elif entry.role == "tool_call_result":
            error = entry.content if entry.successful is False else None
            builder.tool_result(entry.tool_call_id, json_result(entry.content), error)
    return builder.finish(), transfer_target_turns


def translate(call: _Call, integration: IntegrationConfig) -> Call:
    if not call.call_id:
        raise PayloadRejected("call.call_id", "missing: the Retell call id identifies the call")
    if call.end_timestamp is None:
        raise PayloadRejected("call.end_timestamp", "missing")
    ended_at = from_epoch_ms(call.end_timestamp)
    started_at = from_epoch_ms(call.start_timestamp) if call.start_timestamp is not None else ended_at
    entries = call.transcript_with_tool_calls
    if entries is None:
        entries = call.transcript_object or []
    turns, transfer_target_turns = _turns(entries)
    analysis = call.call_analysis or _Analysis()
    telephony = call.telephony_identifier or _TelephonyIdentifier()
    metadata: dict[str, Any] = {
        "platform_call_id": call.call_id,
        "call_type": call.call_type,
        "call_status": call.call_status,
        "direction": call.direction,
        "from_number": call.from_number,
        "to_number": call.to_number,
        "agent_name": call.agent_name,
        "disconnection_reason": call.disconnection_reason,
        "transfer_destination": call.transfer_destination,
        "twilio_call_sid": telephony.twilio_call_sid,
        "summary": analysis.call_summary,
        "call_successful": analysis.call_successful,
        "user_sentiment": analysis.user_sentiment,
        "in_voicemail": analysis.in_voicemail,
        "custom_analysis_data": analysis.custom_analysis_data,
        "platform_metadata": call.metadata,
        "recording_multi_channel_url": call.recording_multi_channel_url,
        "scrubbed_recording_url": call.scrubbed_recording_url,
        "public_log_url": call.public_log_url,
        "transfer_target_turns": transfer_target_turns or None,
    }
    version = call.agent_version
    return Call(
        external_id=call.call_id,
        source="retell",
        agent=resolve_agent(integration, call.agent_id),
        agent_version=None if version is None else str(version),
        started_at=started_at,
        ended_at=ended_at,
        end_reason=end_reason(call.disconnection_reason),
        turns=turns,
        recording_url=call.recording_url,
        metadata={key: value for key, value in metadata.items() if value is not None},
    )


def receive(
    request: WebhookRequest,
    integration: IntegrationConfig,
    *,
    now: datetime,
    tolerance_seconds: int,
) -> Accepted | Ignored:
    verify(request, integration.secrets, now=now, tolerance_seconds=tolerance_seconds)
    webhook = decode_payload(request.body, _Webhook)
    event = webhook.event or ""
    if event not in END_OF_CALL_EVENTS:
        return Ignored(event=event, reason="only call_ended and call_analyzed carry a finished call")
    if webhook.call is None:
        raise PayloadRejected("call", "missing")
    call = translate(webhook.call, integration)
    if not call.turns:
        return no_conversation(event)
    return Accepted(call=call, event=event)
