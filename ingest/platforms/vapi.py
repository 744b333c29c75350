"""Vapi adapter: the `end-of-call-report` server message, authenticated by the tenant's choice of
Vapi credential (a shared-secret header, or an HMAC credential).

Authentication (`options.auth`):
- `"hmac"` (default, recommended): Vapi's HMACAuthenticationPlan. Options and their defaults, which
  are Vapi's: `signature_header` "x-signature", `timestamp_header` "x-timestamp", `algorithm`
  "sha256" (or sha1/sha512), `encoding` "hex" (or "base64"), `signature_prefix` "" (e.g. "sha256="),
  `payload_format` "{timestamp}.{body}" (placeholders {body}, {timestamp}, {method}, {url},
  {svix-id}), `message_id_header` (required when the format uses {svix-id}), `secret_is_base64`
  false. The body is inserted as the raw bytes received. When the format uses {timestamp}, the
  timestamp header is required and must be within ±tolerance; its unit is undocumented (UNCLEAR),
  so values above 10^12 are read as milliseconds and smaller ones as seconds.
- `"secret_header"`: the legacy `server.secret` / bearer-token credential. Options `header`
  (default "x-vapi-secret") and `prefix` (default "", e.g. "Bearer " with header "authorization").
  A constant-time compare of the whole value; this proves the sender knows the secret but gives
  no body integrity and no replay protection (Vapi's design, not ours).

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
from ingest.platforms.signatures import (
    ALGORITHMS,
    check_fresh,
    decode_base64,
    decode_hex,
    first_matching_secret,
    hmac_digest,
    parse_epoch,
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

END_OF_CALL = "end-of-call-report"

HMAC_DEFAULTS: dict[str, Any] = {
    "signature_header": "x-signature",
    "timestamp_header": "x-timestamp",
    "algorithm": "sha256",
    "encoding": "hex",
    "signature_prefix": "",
    "payload_format": "{timestamp}.{body}",
    "message_id_header": None,
    "secret_is_base64": False,
}
SECRET_HEADER_DEFAULTS: dict[str, Any] = {"header": "x-vapi-secret", "prefix": ""}
_PLACEHOLDER = re.compile(r"\{(body|timestamp|method|url|svix-id)\}")
_ANY_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


# --- payload ----------------------------------------------------------------------------------


class _Function(msgspec.Struct, rename="camel"):
    name: str = ""
    arguments: Any = None


class _ToolCallItem(msgspec.Struct, rename="camel"):
    id: str | None = None
    function: _Function = msgspec.field(default_factory=_Function)


class _Message(msgspec.Struct, rename="camel"):
    role: str = ""
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
    type: str = ""
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


# --- configuration --------------------------------------------------------------------------


def _settings(options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    auth = options.get("auth", "hmac")
    if auth == "hmac":
        defaults = HMAC_DEFAULTS
    elif auth == "secret_header":
        defaults = SECRET_HEADER_DEFAULTS
    else:
        raise PayloadRejected("options.auth", "must be 'hmac' or 'secret_header'")
    unknown = sorted(set(options) - set(defaults) - {"auth"})
    if unknown:
        raise PayloadRejected(f"options.{unknown[0]}", f"not an option of Vapi auth {auth!r}")
    return auth, {**defaults, **{k: v for k, v in options.items() if k != "auth"}}


def validate_options(options: dict[str, Any], secrets: list[str]) -> None:
    auth, settings = _settings(options)
    if auth == "secret_header":
        if not isinstance(settings["header"], str) or not settings["header"]:
            raise PayloadRejected("options.header", "must be a non-empty header name")
        if not isinstance(settings["prefix"], str):
            raise PayloadRejected("options.prefix", "must be a string")
        return
    for name in ("signature_header", "timestamp_header"):
        if not isinstance(settings[name], str) or not settings[name]:
            raise PayloadRejected(f"options.{name}", "must be a non-empty header name")
    if settings["algorithm"] not in ALGORITHMS:
        raise PayloadRejected("options.algorithm", f"must be one of {sorted(ALGORITHMS)}")
    if settings["encoding"] not in ("hex", "base64"):
        raise PayloadRejected("options.encoding", "must be 'hex' or 'base64'")
    if not isinstance(settings["signature_prefix"], str):
        raise PayloadRejected("options.signature_prefix", "must be a string")
    if not isinstance(settings["secret_is_base64"], bool):
        raise PayloadRejected("options.secret_is_base64", "must be true or false")
    payload_format = settings["payload_format"]
    if not isinstance(payload_format, str) or "{body}" not in payload_format:
        raise PayloadRejected("options.payload_format", "must be a string containing {body}")
    for placeholder in _ANY_PLACEHOLDER.findall(payload_format):
        if not _PLACEHOLDER.fullmatch("{" + placeholder + "}"):
            raise PayloadRejected("options.payload_format", f"unknown placeholder {{{placeholder}}}")
    if "{svix-id}" in payload_format and not settings["message_id_header"]:
        raise PayloadRejected("options.message_id_header", "required when payload_format uses {svix-id}")
    if settings["secret_is_base64"]:
        for index, secret in enumerate(secrets):
            if not decode_base64(secret):
                raise PayloadRejected(f"secrets[{index}]", "is not base64 but secret_is_base64 is true")


# --- verification --------------------------------------------------------------------------


def signed_content(payload_format: str, request: WebhookRequest, values: dict[str, str]) -> bytes:
    """The bytes Vapi's HMAC covers: the format with placeholders filled, the body inserted raw."""
    parts: list[bytes] = []
    position = 0
    for match in _PLACEHOLDER.finditer(payload_format):
        parts.append(payload_format[position : match.start()].encode())
        name = match.group(1)
        parts.append(request.body if name == "body" else values[name].encode())
        position = match.end()
    parts.append(payload_format[position:].encode())
    return b"".join(parts)


def verify(
    request: WebhookRequest, integration: IntegrationConfig, *, now: datetime, tolerance_seconds: int
) -> None:
    auth, settings = _settings(integration.options)
    if auth == "secret_header":
        header = str(settings["header"]).lower()
        value = request.headers.get(header)
        if value is None:
            raise SignatureRejected(f"missing {header} header")
        prefix = str(settings["prefix"])
        first_matching_secret(
            integration.secrets, lambda secret: [(prefix + secret).encode()], [value.encode()]
        )
        return
    signature_header = str(settings["signature_header"]).lower()
    raw_signature = request.headers.get(signature_header)
    if raw_signature is None:
        raise SignatureRejected(f"missing {signature_header} header")
    payload_format = str(settings["payload_format"])
    values = {"method": "POST", "url": request.url, "timestamp": "", "svix-id": ""}
    if "{timestamp}" in payload_format:
        timestamp_header = str(settings["timestamp_header"]).lower()
        raw_timestamp = request.headers.get(timestamp_header)
        signed_at = parse_epoch(raw_timestamp, unit="auto", header=timestamp_header)
        check_fresh(signed_at, now, past_seconds=tolerance_seconds, future_seconds=tolerance_seconds)
        values["timestamp"] = str(raw_timestamp)
    if "{svix-id}" in payload_format:
        id_header = str(settings["message_id_header"]).lower()
        message_id = request.headers.get(id_header)
        if not message_id:
            raise SignatureRejected(f"missing {id_header} header")
        values["svix-id"] = message_id
    prefix = str(settings["signature_prefix"])
    text = raw_signature.strip()
    if prefix:
        if not text.startswith(prefix):
            raise SignatureRejected(f"signature does not start with {prefix!r}")
        text = text[len(prefix) :]
    supplied = decode_hex(text) if settings["encoding"] == "hex" else decode_base64(text)
    content = signed_content(payload_format, request, values)
    algorithm = str(settings["algorithm"])
    secret_is_base64 = bool(settings["secret_is_base64"])

    def expected(secret: str) -> list[bytes]:
        key = decode_base64(secret) if secret_is_base64 else secret.encode()
        return [hmac_digest(key, content, algorithm)]

    first_matching_secret(integration.secrets, expected, [supplied])


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
                tool_call = ToolCall(name=function.name, arguments=json_arguments(function.arguments))
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
    if report.type != END_OF_CALL:
        return Ignored(event=report.type, reason=f"only {END_OF_CALL!r} carries a finished call")
    call = translate(report, integration)
    if not call.turns:
        return no_conversation(report.type)
    return Accepted(call=call, event=report.type)
