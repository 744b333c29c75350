"""Vapi adapter: the `end-of-call-report` server message, authenticated by the tenant's choice of
Vapi credential (a shared-secret header, or an HMAC credential).

Authentication is the tenant's Vapi credential, checked by `vapi_credentials`.

Mapping decisions:
- Only `message.type == "end-of-call-report"` is a call; every other server message (status-update,
  transcript, tool-calls, ...) is Ignored after verification.
- Turns come from `message.artifact.messages` (falling back to the undocumented top-level
  `message.messages` seen in the wild). Roles: `bot` and `assistant` → agent (UNCLEAR which one
  Vapi sends; both are accepted), `user` → caller, `system` (the prompt) skipped, `tool_calls` →
  ToolCalls on the agent's turn (the latest turn when the agent is speaking; after a caller turn,
  the agent's next utterance; see `translation.TurnBuilder`), `tool_call_result` → the result
  of the call with that `toolCallId`. Unknown roles are skipped. `artifact.messagesOpenAIFormatted`
  is not used (no timing).
- Times: `start_ms = secondsFromStart × 1000` (seconds from call start); `end_ms = start_ms +
  (endTime − time)` (both epoch ms). `duration` is ignored: the OpenAPI says seconds, payloads carry
  ms (UNCLEAR). Without `secondsFromStart`, `time − startedAt` is used.
- Arguments arrive as a JSON string in `function.arguments` and are decoded; results are strings,
  decoded when they hold a JSON object/array. Built-in tools (transferCall, endCall, dtmf) are tool
  calls like any other; a transfer usually has no result.
- Agent: `call.assistantId`, else `call.squadId`, else `call.workflowId`, mapped through the
  integration's `agents`. `agent_version`: `message.assistantVersion` (null when unversioned).
- started/ended: `message.startedAt/endedAt`, else `call.startedAt/endedAt` (ISO); required.
- End reason (`endedReason`, ~630 values): customer-ended-call → caller_hangup; assistant-ended-call*,
  assistant-said-end-call-phrase → agent_hangup; *forwarded* / *transfer* → transferred;
  *voicemail* → voicemail; silence-timed-out → silence_timeout; exceeded-max-duration →
  max_duration; customer-did-not-answer → no_answer; customer-busy → busy; *error* / *failed* /
  *fault* → error; anything else → other. The raw value stays in `metadata.ended_reason`.
- Recording: `artifact.recordingUrl`, else `artifact.recording.mono.combinedUrl`, else the top-level
  `message.recordingUrl`; the stereo URL goes to metadata. Presigned URLs change per delivery.
- Metadata: Vapi call id, call type and direction, customer and phone numbers, the telephony
  provider's call id, analysis (summary, successEvaluation, structuredData), cost, transfer
  destination.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec

from grading.formats import Call, EndReason, ToolCall, Turn
from ingest.platforms.contract import (
    Accepted,
    Ignored,
    IntegrationConfig,
    PayloadRejected,
    WebhookRequest,
)
from ingest.platforms.translation import (
    TurnBuilder,
    decode_payload,
    json_arguments,
    json_result,
    no_conversation,
    parse_iso,
    resolve_agent,
)
from ingest.platforms.vapi_credentials import verify

END_OF_CALL = "end-of-call-report"

# --- payload ----------------------------------------------------------------------------------


class _Function(msgspec.Struct, rename="camel"):
    name: str | None = None
    arguments: Any = None


class _ToolCallItem(msgspec.Struct, rename="camel"):
    id: str | None = None
    function: _Function = msgspec.field(default_factory=_Function)


class _Message(msgspec.Struct, rename="camel"):
    role: str | None = None
    message: str | None = None
    time: float | None = None
    end_time: float | None = None
    seconds_from_start: float | None = None
    tool_calls: list[_ToolCallItem] = msgspec.field(default_factory=list)
    tool_call_id: str | None = None
    name: str | None = None
    result: Any = None
    error: Any = None
    assistant_id: str | None = None


class _Mono(msgspec.Struct, rename="camel"):
    combined_url: str | None = None


class _Recording(msgspec.Struct, rename="camel"):
    mono: _Mono | None = None
    stereo_url: str | None = None


class _Artifact(msgspec.Struct, rename="camel"):
    messages: list[_Message] | None = None
    recording_url: str | None = None
    stereo_recording_url: str | None = None
    recording: _Recording | None = None


class _Customer(msgspec.Struct, rename="camel"):
    number: str | None = None
    name: str | None = None


class _PhoneNumber(msgspec.Struct, rename="camel"):
    number: str | None = None


class _CallInfo(msgspec.Struct, rename="camel"):
    id: str | None = None
    assistant_id: str | None = None
    squad_id: str | None = None
    workflow_id: str | None = None
    type: str | None = None
    phone_call_provider_id: str | None = None
    started_at: str | None = None
    ended_at: str | None = None
    ended_reason: str | None = None
    customer: _Customer | None = None


class _Analysis(msgspec.Struct, rename="camel"):
    summary: str | None = None
    structured_data: Any = None
    success_evaluation: Any = None


class _Report(msgspec.Struct, rename="camel"):
    type: str | None = None
    call: _CallInfo | None = None
    started_at: str | None = None
    ended_at: str | None = None
    ended_reason: str | None = None
    assistant_version: str | int | None = None
    artifact: _Artifact | None = None
    messages: list[_Message] | None = None
    recording_url: str | None = None
    analysis: _Analysis | None = None
    customer: _Customer | None = None
    phone_number: _PhoneNumber | None = None
    cost: float | None = None
    destination: Any = None


class _Envelope(msgspec.Struct):
    message: _Report


# --- translation ---------------------------------------------------------------------------


def end_reason(raw: str | None) -> EndReason:
    if not raw:
        return "other"
    reason = raw.lower()
    if reason == "customer-ended-call":
        return "caller_hangup"
    if reason.startswith("assistant-ended-call") or reason == "assistant-said-end-call-phrase":
        return "agent_hangup"
    if "forwarded" in reason or "transfer" in reason:
        return "transferred"
    if "voicemail" in reason:
        return "voicemail"
    if reason == "silence-timed-out":
        return "silence_timeout"
    if reason == "exceeded-max-duration":
        return "max_duration"
    if reason == "customer-did-not-answer":
        return "no_answer"
    if reason == "customer-busy":
        return "busy"
    if "error" in reason or "failed" in reason or "fault" in reason:
        return "error"
    return "other"


def _turns(messages: list[_Message], started_at: datetime) -> list[Turn]:
    builder = TurnBuilder()
    start_epoch_ms = started_at.timestamp() * 1000
    for item in messages:
        if item.seconds_from_start is not None:
            start_ms: int | None = round(item.seconds_from_start * 1000)
        elif item.time is not None:
            start_ms = round(item.time - start_epoch_ms)
        else:
            start_ms = None
        role = item.role
        if role in ("bot", "assistant", "user"):
            end_ms = None
            if start_ms is not None and item.time is not None and item.end_time is not None:
                end_ms = start_ms + round(item.end_time - item.time)
            builder.say("caller" if role == "user" else "agent", item.message, start_ms, end_ms)
        elif role == "tool_calls":
            for requested in item.tool_calls:
                function = requested.function
                tool_call = ToolCall(name=function.name or "", arguments=json_arguments(function.arguments))
                builder.call_tool(tool_call, requested.id, start_ms)
        elif role == "tool_call_result":
            error = None if item.error is None else str(item.error)
            builder.tool_result(item.tool_call_id, json_result(item.result), error)
    return builder.finish()


_DIRECTIONS = {"inboundPhoneCall": "inbound", "outboundPhoneCall": "outbound", "webCall": "web"}


def translate(report: _Report, integration: IntegrationConfig) -> Call:
    call = report.call or _CallInfo()
    if not call.id:
        raise PayloadRejected("message.call.id", "missing: the Vapi call id identifies the call")
    started_raw = report.started_at or call.started_at
    ended_raw = report.ended_at or call.ended_at
    if not started_raw:
        raise PayloadRejected("message.startedAt", "missing")
    if not ended_raw:
        raise PayloadRejected("message.endedAt", "missing")
    started_at = parse_iso(started_raw, "message.startedAt")
    ended_at = parse_iso(ended_raw, "message.endedAt")
    artifact = report.artifact or _Artifact()
    messages = artifact.messages if artifact.messages is not None else (report.messages or [])
    recording = artifact.recording or _Recording()
    recording_url = (
        artifact.recording_url
        or (recording.mono.combined_url if recording.mono else None)
        or report.recording_url
    )
    raw_reason = report.ended_reason or call.ended_reason
    customer = report.customer or call.customer or _Customer()
    analysis = report.analysis or _Analysis()
    metadata: dict[str, Any] = {
        "platform_call_id": call.id,
        "call_type": call.type,
        "direction": _DIRECTIONS.get(call.type or ""),
        "customer_number": customer.number,
        "customer_name": customer.name,
        "phone_number": report.phone_number.number if report.phone_number else None,
        "phone_call_provider_id": call.phone_call_provider_id,
        "ended_reason": raw_reason,
        "summary": analysis.summary,
        "success_evaluation": analysis.success_evaluation,
        "structured_data": analysis.structured_data,
        "cost": report.cost,
        "transfer_destination": report.destination,
        "stereo_recording_url": artifact.stereo_recording_url or recording.stereo_url,
    }
    version = report.assistant_version
    return Call(
        external_id=call.id,
        source="vapi",
        agent=resolve_agent(integration, call.assistant_id or call.squad_id or call.workflow_id),
        agent_version=None if version is None else str(version),
        started_at=started_at,
        ended_at=ended_at,
        end_reason=end_reason(raw_reason),
        turns=_turns(messages, started_at),
        recording_url=recording_url,
        metadata={key: value for key, value in metadata.items() if value is not None},
    )


def receive(
    request: WebhookRequest,
    integration: IntegrationConfig,
    *,
    now: datetime,
    tolerance_seconds: int,
) -> Accepted | Ignored:
    verify(request, integration, now=now, tolerance_seconds=tolerance_seconds)
    report = decode_payload(request.body, _Envelope).message
    event = report.type or ""
    if event != END_OF_CALL:
        return Ignored(event=event, reason=f"only {END_OF_CALL!r} carries a finished call")
    call = translate(report, integration)
    if not call.turns:
        return no_conversation(event)
    return Accepted(call=call, event=event)
