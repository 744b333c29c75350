"""Bland AI adapter: the post-call `webhook` (the full call object), signed with `X-Webhook-Signature`.

Signature (docs.bland.ai/tutorials/webhook-signing): `X-Webhook-Signature` is the hex
HMAC-SHA256 of the raw body under the account's webhook signing secret. There is no timestamp and
no id, so Bland gives no replay protection: a captured delivery verifies again. The store's
idempotency on (source, call_id) makes such a replay a harmless duplicate. (Bland's own example
signs `JSON.stringify(req.body)`; we sign the raw bytes.)

Mapping decisions:
- The body is the call object itself (same shape as `GET /v1/calls/{id}`). A body without
  `call_id`/`c_id` is not a post-call report (Bland's optional live `webhook_events` go to the same
  URL) and is Ignored after verification; `completed: false` is Ignored too (no finished call yet).
- Turns from `transcripts[]` in `created_at` order: `user` → caller, `assistant` → agent. `robot`
  is undocumented (UNCLEAR): it is neither our agent nor the caller, so it is skipped and counted in
  `metadata.robot_turns`. `agent-action` rows are free text: "Calling tool: <name>" (the research
  fixture convention, UNCLEAR against a live call) becomes a ToolCall with empty arguments and no
  result on the agent's turn (the latest if the agent is speaking, else its next utterance);
  other agent-action texts ("Ended call", "[routed to webhook]") are events, kept in
  `metadata.agent_actions`, not turns.
- Times: each row has only `created_at` (ISO) → `start_ms = created_at − started_at`; no end time.
  `started_at` (else `created_at` of the call) is the start. The end is start + `corrected_duration`
  (seconds, sent as a string), else + `call_length` (minutes), else the last row's time; `end_at` is
  not trusted (documented as the max-duration cut-off on one page, the real end on another).
- Agent: `pathway_id` when a pathway ran, else `metadata.agent_id` (a convention: set it in the
  call request's `metadata`), mapped through the integration's `agents`; no version is documented,
  so `agent_version` is null.
- End reason, first match: `transferred_to` set → transferred; `answered_by` voicemail →
  voicemail; `answered_by` no-answer or status no-answer → no_answer; status busy → busy;
  `error_message` set or status failed → error; `call_ended_by` ASSISTANT → agent_hangup, USER →
  caller_hangup; else other.
- Metadata: Bland call id, direction (`inbound`), to/from numbers, summary, disposition tag,
  analysis, answered_by, call_ended_by, price, batch id, pathway tags, and the call's own
  `metadata` under `platform_metadata`.
- No options.
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
from ingest.platforms.signatures import decode_hex, first_matching_secret, hmac_digest
from ingest.platforms.translation import (
    TurnBuilder,
    decode_payload,
    no_conversation,
    parse_iso,
    resolve_agent,
)

SIGNATURE_HEADER = "x-webhook-signature"
EVENT = "post_call"
_TOOL_PREFIX = "calling tool:"


class _Row(msgspec.Struct):
    id: int | str | None = None
    created_at: str | None = None
    text: str | None = None
    user: str | None = None


class _Call(msgspec.Struct):
    call_id: str | None = None
    c_id: str | None = None
    completed: bool | None = None
    pathway_id: str | None = None
    started_at: str | None = None
    created_at: str | None = None
    corrected_duration: str | float | None = None
    call_length: float | None = None
    status: str | None = None
    call_ended_by: str | None = None
    transferred_to: str | None = None
    error_message: str | None = None
    answered_by: str | None = None
    recording_url: str | None = None
    transcripts: list[_Row] | None = None
    to: str | None = None
    from_: str | None = msgspec.field(default=None, name="from")
    inbound: bool | None = None
    summary: str | None = None
    disposition_tag: str | None = None
    analysis: Any = None
    price: float | None = None
    batch_id: str | None = None
    pathway_tags: Any = None
    metadata: Any = None


def validate_options(options: dict[str, Any], secrets: list[str]) -> None:
    del secrets
    if options:
        raise PayloadRejected(f"options.{sorted(options)[0]}", "the bland platform takes no options")


def verify(request: WebhookRequest, secrets: list[str]) -> None:
    header = request.headers.get(SIGNATURE_HEADER)
    if header is None:
        raise SignatureRejected(f"missing {SIGNATURE_HEADER} header")
    first_matching_secret(
        secrets, lambda secret: [hmac_digest(secret.encode(), request.body)], [decode_hex(header)]
    )


def end_reason(call: _Call) -> EndReason:
    answered_by = (call.answered_by or "").lower()
    status = (call.status or "").lower()
    if call.transferred_to:
        return "transferred"
    if answered_by == "voicemail":
        return "voicemail"
    if answered_by == "no-answer" or status in ("no-answer", "no_answer"):
        return "no_answer"
    if status == "busy":
        return "busy"
    if call.error_message or status == "failed":
        return "error"
    ended_by = (call.call_ended_by or "").upper()
    if ended_by == "ASSISTANT":
        return "agent_hangup"
    if ended_by == "USER":
        return "caller_hangup"
    return "other"


def _turns(rows: list[_Row], started_at: datetime) -> tuple[list[Turn], list[str], int, datetime | None]:
    builder = TurnBuilder()
    actions: list[str] = []
    robot_turns = 0
    timed = [
        (parse_iso(row.created_at, f"transcripts[{index}].created_at") if row.created_at else None, row)
        for index, row in enumerate(rows)
    ]
    timed.sort(key=lambda pair: (pair[0] is None, pair[0] or started_at))
    last_time = max((at for at, _ in timed if at is not None), default=None)
    for at, row in timed:
        start_ms = None if at is None else round((at - started_at).total_seconds() * 1000)
        text = (row.text or "").strip()
        if row.user == "user":
            builder.say("caller", text, start_ms, None)
        elif row.user == "assistant":
            builder.say("agent", text, start_ms, None)
        elif row.user == "robot":
            robot_turns += 1
        elif row.user == "agent-action":
            if text.lower().startswith(_TOOL_PREFIX):
                name = text[len(_TOOL_PREFIX) :].strip()
                builder.call_tool(ToolCall(name=name), f"agent-action:{row.id}", start_ms)
            elif text:
                actions.append(text)
    return builder.finish(), actions, robot_turns, last_time


def translate(call: _Call, integration: IntegrationConfig) -> Call:
    call_id = call.call_id or call.c_id
    if not call_id:
        raise PayloadRejected("call_id", "missing: the Bland call id identifies the call")
    started_raw = call.started_at or call.created_at
    if not started_raw:
        raise PayloadRejected("started_at", "missing")
    started_at = parse_iso(started_raw, "started_at" if call.started_at else "created_at")
    turns, actions, robot_turns, last_time = _turns(call.transcripts or [], started_at)
    if call.corrected_duration not in (None, ""):
        try:
            seconds = float(call.corrected_duration)  # pyright: ignore[reportArgumentType]
        except ValueError as exc:
            raise PayloadRejected("corrected_duration", "not a number of seconds") from exc
        ended_at = started_at + timedelta(seconds=seconds)
    elif call.call_length is not None:
        ended_at = started_at + timedelta(minutes=call.call_length)
    else:
        ended_at = last_time or started_at
    platform_metadata: Any = call.metadata
    agent_id = call.pathway_id
    if agent_id is None and isinstance(platform_metadata, dict):
        candidate = platform_metadata.get("agent_id")  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
        agent_id = candidate if isinstance(candidate, str) else None
    extra: dict[str, Any] = {
        "platform_call_id": call_id,
        "direction": None if call.inbound is None else ("inbound" if call.inbound else "outbound"),
        "to_number": call.to,
        "from_number": call.from_,
        "status": call.status,
        "summary": call.summary,
        "disposition_tag": call.disposition_tag,
        "analysis": call.analysis,
        "answered_by": call.answered_by,
        "call_ended_by": call.call_ended_by,
        "transferred_to": call.transferred_to,
        "error_message": call.error_message,
        "price": call.price,
        "batch_id": call.batch_id,
        "pathway_tags": call.pathway_tags,
        "agent_actions": actions or None,
        "robot_turns": robot_turns or None,
        "platform_metadata": platform_metadata,
    }
    return Call(
        external_id=call_id,
        source="bland",
        agent=resolve_agent(integration, agent_id),
        agent_version=None,
        started_at=started_at,
        ended_at=ended_at,
        end_reason=end_reason(call),
        turns=turns,
        recording_url=call.recording_url,
        metadata={key: value for key, value in extra.items() if value is not None},
    )


def receive(request: WebhookRequest, integration: IntegrationConfig) -> Accepted | Ignored:
    verify(request, integration.secrets)
    call = decode_payload(request.body, _Call)
    if not (call.call_id or call.c_id):
        return Ignored(event="live_event", reason="not a post-call report (no call_id)")
    if call.completed is False:
        return Ignored(event=EVENT, reason="the call is not completed yet")
    translated = translate(call, integration)
    if not translated.turns:
        return no_conversation(EVENT)
    return Accepted(call=translated, event=EVENT)
