"""ElevenLabs Agents adapter: the `post_call_transcription` webhook, signed with `ElevenLabs-Signature`.

Signature (ElevenLabs docs and `webhooks.construct_event` in the Python SDK): the header is
`t=<unix seconds>,v0=<hex>` with `v0 = HMAC-SHA256(key=<webhook secret as UTF-8>, "{t}.{raw body}")`.
The SDK rejects `t` older than 30 minutes and checks nothing in the future; we accept the older of
30 min and the configured tolerance in the past (ElevenLabs documents 30 min, and its retries run
up to 30 min after the first attempt), and reject more than `tolerance` in the future (clock skew),
with a constant-time compare where the SDK uses `==`. Several `v0=` entries are all tried.

Mapping decisions:
- `post_call_transcription` is the call. `post_call_audio` (base64 audio, chunked) is Ignored.
  `call_initiation_failure` is Ignored too: the outbound call never connected, so there is no
  conversation to grade, and the canonical Call requires turns; the reason names the failure.
- Turns from `data.transcript[]`: `agent` → agent, `user` → caller; entries whose `message` is null
  or blank carry only tool activity. Times: `time_in_call_secs` is whole seconds from the start of
  the conversation → `start_ms`; there is no end time, so `end_ms` is null.
- Tool calls: `tool_calls[]` of an entry become ToolCalls (`params_as_json` decoded) on that entry's
  agent turn, or for a text-less entry on the latest agent turn (the agent's next utterance when
  the caller spoke last); `tool_results[]` in a
  later entry are matched by `request_id`: `result_value` (decoded when a JSON object/array) is the
  result, and when `is_error` the error is `raw_error_message`, else `error_type`, else the value.
- Agent: `data.agent_id` through the integration's `agents` (a multi-agent workflow's per-entry
  `agent_metadata.agent_id` is not used for routing). `agent_version`: `data.version_id` (newer
  payloads; null on older ones).
- Start: `metadata.start_time_unix_secs` (epoch s); end = start + `metadata.call_duration_secs`.
- End reason: `termination_reason` is free text (UNCLEAR, no enum). In order: a successful system
  transfer tool (`result.result_type` starting `transfer_`) → transferred; voicemail detection →
  voicemail; then the text: "transfer" → transferred, "voicemail" → voicemail, "max"+"duration" →
  max_duration, "silence"/"inactiv"/"timeout" → silence_timeout, "end_call"/"agent ended" →
  agent_hangup, "remote party"/"client disconnected"/"user ended"/"hung up"/"hangup" →
  caller_hangup; else `status == "failed"` or `metadata.error` → error; else an `end_call_success`
  tool result → agent_hangup; else other. Raw text in metadata.
- No recording URL in the payload (audio comes in `post_call_audio`); `has_audio` to metadata.
- Metadata: conversation id, telephony (`phone_call`: direction, numbers, call_sid), language,
  cost, analysis (call_successful, transcript_summary, call_summary_title, evaluation and data
  collection results).
"""

from __future__ import annotations

from datetime import datetime, timedelta
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
from ingest.platforms.signatures import (
    check_fresh,
    decode_hex,
    first_matching_secret,
    hmac_digest,
    parse_epoch,
)
from ingest.platforms.translation import (
    TurnBuilder,
    decode_payload,
    from_epoch_seconds,
    json_arguments,
    json_result,
    no_conversation,
    resolve_agent,
)

END_OF_CALL = "post_call_transcription"
SIGNATURE_HEADER = "elevenlabs-signature"
DOCUMENTED_WINDOW_SECONDS = 30 * 60


class _ToolCallItem(msgspec.Struct):
    request_id: str | None = None
    tool_name: str | None = None
    params_as_json: Any = None
    type: str | None = None


class _SystemResult(msgspec.Struct):
    result_type: str | None = None


class _ToolResult(msgspec.Struct):
    request_id: str | None = None
    tool_name: str | None = None
    result_value: Any = None
    is_error: bool | None = None
    error_type: str | None = None
    raw_error_message: str | None = None
    result: _SystemResult | None = None


class _Entry(msgspec.Struct):
    role: str | None = None
    message: str | None = None
    time_in_call_secs: float | None = None
    tool_calls: list[_ToolCallItem] | None = None
    tool_results: list[_ToolResult] | None = None


class _PhoneCall(msgspec.Struct):
    type: str | None = None
    direction: str | None = None
    agent_number: str | None = None
    external_number: str | None = None
    call_sid: str | None = None


class _Error(msgspec.Struct):
    code: Any = None
    reason: str | None = None


class _Metadata(msgspec.Struct):
    start_time_unix_secs: float | None = None
    call_duration_secs: float | None = None
    termination_reason: str | None = None
    error: _Error | None = None
    phone_call: _PhoneCall | None = None
    main_language: str | None = None
    cost: Any = None


class _Analysis(msgspec.Struct):
    call_successful: str | None = None
    transcript_summary: str | None = None
    call_summary_title: str | None = None
    evaluation_criteria_results: Any = None
    data_collection_results: Any = None


class _Data(msgspec.Struct):
    agent_id: str | None = None
    conversation_id: str | None = None
    status: str | None = None
    version_id: str | None = None
    branch_id: str | None = None
    transcript: list[_Entry] | None = None
    metadata: _Metadata | None = None
    analysis: _Analysis | None = None
    has_audio: bool | None = None
    user_id: str | None = None
    failure_reason: str | None = None


class _Webhook(msgspec.Struct):
    type: str = ""
    event_timestamp: float | None = None
    data: _Data | None = None


def validate_options(options: dict[str, Any], secrets: list[str]) -> None:
    del secrets
    if options:
        raise PayloadRejected(f"options.{sorted(options)[0]}", "the elevenlabs platform takes no options")


def verify(request: WebhookRequest, secrets: list[str], *, now: datetime, tolerance_seconds: int) -> None:
    header = request.headers.get(SIGNATURE_HEADER)
    if header is None:
        raise SignatureRejected(f"missing {SIGNATURE_HEADER} header")
    timestamp: str | None = None
    supplied: list[bytes] = []
    for part in header.split(","):
        name, _, value = part.strip().partition("=")
        if name == "t":
            timestamp = value
        elif name == "v0":
            supplied.append(decode_hex(value))
    signed_at = parse_epoch(timestamp, unit="s", header=f"{SIGNATURE_HEADER} t=")
    check_fresh(
        signed_at,
        now,
        past_seconds=max(tolerance_seconds, DOCUMENTED_WINDOW_SECONDS),
        future_seconds=tolerance_seconds,
    )
    content = f"{timestamp}.".encode() + request.body
    first_matching_secret(secrets, lambda secret: [hmac_digest(secret.encode(), content)], supplied)


def end_reason(data: _Data, results: list[_ToolResult]) -> EndReason:
    result_types = [r.result.result_type or "" for r in results if r.result is not None and not r.is_error]
    if any(kind.startswith("transfer_") for kind in result_types):
        return "transferred"
    if any(kind.startswith("voicemail") for kind in result_types):
        return "voicemail"
    metadata = data.metadata or _Metadata()
    text = (metadata.termination_reason or "").lower()
    if "transfer" in text:
        return "transferred"
    if "voicemail" in text:
        return "voicemail"
    if "max" in text and "duration" in text:
        return "max_duration"
    if "silence" in text or "inactiv" in text or "timeout" in text:
        return "silence_timeout"
    if "end_call" in text or "agent ended" in text:
        return "agent_hangup"
    if any(s in text for s in ("remote party", "client disconnected", "user ended", "hung up", "hangup")):
        return "caller_hangup"
    if data.status == "failed" or metadata.error is not None:
        return "error"
    if "end_call_success" in result_types:
        return "agent_hangup"
    return "other"


def _turns(entries: list[_Entry]) -> tuple[list[Turn], list[_ToolResult]]:
    builder = TurnBuilder()
    all_results: list[_ToolResult] = []
    for entry in entries:
        if entry.role not in ("agent", "user"):
            continue
        start_ms = None if entry.time_in_call_secs is None else round(entry.time_in_call_secs * 1000)
        builder.say("caller" if entry.role == "user" else "agent", entry.message, start_ms, None)
        for requested in entry.tool_calls or []:
            tool_call = ToolCall(
                name=requested.tool_name or "", arguments=json_arguments(requested.params_as_json)
            )
            builder.call_tool(tool_call, requested.request_id, start_ms)
        for result in entry.tool_results or []:
            all_results.append(result)
            error = None
            if result.is_error:
                error = result.raw_error_message or result.error_type or str(result.result_value or "error")
            builder.tool_result(result.request_id, json_result(result.result_value), error)
    return builder.finish(), all_results


def translate(data: _Data, integration: IntegrationConfig) -> Call:
    if not data.conversation_id:
        raise PayloadRejected("data.conversation_id", "missing: the conversation id identifies the call")
    metadata = data.metadata or _Metadata()
    if metadata.start_time_unix_secs is None:
        raise PayloadRejected("data.metadata.start_time_unix_secs", "missing")
    started_at = from_epoch_seconds(metadata.start_time_unix_secs)
    ended_at = started_at + timedelta(seconds=metadata.call_duration_secs or 0)
    turns, results = _turns(data.transcript or [])
    phone = metadata.phone_call or _PhoneCall()
    analysis = data.analysis or _Analysis()
    extra: dict[str, Any] = {
        "platform_call_id": data.conversation_id,
        "status": data.status,
        "termination_reason": metadata.termination_reason,
        "error": metadata.error.reason if metadata.error else None,
        "telephony": phone.type,
        "direction": phone.direction,
        "agent_number": phone.agent_number,
        "external_number": phone.external_number,
        "call_sid": phone.call_sid,
        "main_language": metadata.main_language,
        "cost": metadata.cost,
        "branch_id": data.branch_id,
        "user_id": data.user_id,
        "has_audio": data.has_audio,
        "call_successful": analysis.call_successful,
        "summary": analysis.transcript_summary,
        "summary_title": analysis.call_summary_title,
        "evaluation_criteria_results": analysis.evaluation_criteria_results,
        "data_collection_results": analysis.data_collection_results,
    }
    return Call(
        external_id=data.conversation_id,
        source="elevenlabs",
        agent=resolve_agent(integration, data.agent_id),
        agent_version=data.version_id,
        started_at=started_at,
        ended_at=ended_at,
        end_reason=end_reason(data, results),
        turns=turns,
        recording_url=None,
        metadata={key: value for key, value in extra.items() if value is not None},
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
    if webhook.type == "call_initiation_failure":
        detail = webhook.data.failure_reason if webhook.data else None
        return Ignored(event=webhook.type, reason=f"the call never connected ({detail or 'no reason given'})")
    if webhook.type != END_OF_CALL:
        return Ignored(event=webhook.type, reason=f"only {END_OF_CALL!r} carries a transcript")
    if webhook.data is None:
        raise PayloadRejected("data", "missing")
    call = translate(webhook.data, integration)
    if not call.turns:
        return no_conversation(webhook.type)
    return Accepted(call=call, event=webhook.type)
