"""The translation steps every adapter shares: tolerant decoding with field-path errors, agent
resolution, time conversion, and tool-call arguments/results that arrive as JSON strings.

Platform payloads are decoded into per-platform msgspec Structs that ignore unknown fields (vendors
add fields all the time) but still type-check the fields we read, so a wrong type is reported as a
422 naming the JSON path rather than a 500.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, TypeVar

import msgspec

from grading.formats import Speaker, ToolCall, Turn
from ingest.platforms.contract import Ignored, IntegrationConfig, PayloadRejected

T = TypeVar("T")


def decode_payload(body: bytes, type_: type[T]) -> T:
    """Decode a verified body into a platform Struct; any JSON or type error becomes PayloadRejected
    whose field is the dotted JSON path (`message.artifact.messages[3].time`)."""
    try:
        return msgspec.json.decode(body, type=type_)
    except msgspec.ValidationError as exc:
        raise PayloadRejected(*_split_validation_error(str(exc))) from exc
    except msgspec.DecodeError as exc:
        raise PayloadRejected("body", f"not valid JSON: {exc}") from exc


def convert_payload(value: Any, type_: type[T]) -> T:
    """Like `decode_payload`, for a value already parsed (a form body, a fetched resource)."""
    try:
        return msgspec.convert(value, type=type_)
    except msgspec.ValidationError as exc:
        raise PayloadRejected(*_split_validation_error(str(exc))) from exc


def _split_validation_error(message: str) -> tuple[str, str]:
    detail, sep, path = message.partition(" - at `$")
    if not sep:
        return "body", message
    path = path.rstrip("`").lstrip(".")
    return (path or "body"), detail


def resolve_agent(integration: IntegrationConfig, platform_agent_id: str | None) -> str:
    """Our agent for the platform's agent/assistant id: the integration's map, else its default."""
    if platform_agent_id is not None and platform_agent_id in integration.agents:
        return integration.agents[platform_agent_id]
    return integration.agent


def from_epoch_seconds(value: float) -> datetime:
    return datetime.fromtimestamp(value, tz=UTC)


def from_epoch_ms(value: float) -> datetime:
    return datetime.fromtimestamp(value / 1000, tz=UTC)


def parse_iso(value: str, field: str) -> datetime:
    """An ISO 8601 timestamp; a naive one is taken as UTC (platforms that omit the offset mean UTC)."""
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError as exc:
        raise PayloadRejected(field, f"not an ISO 8601 timestamp: {value!r}") from exc
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)


def seconds_to_ms(seconds: float | None) -> int | None:
    return None if seconds is None else round(seconds * 1000)


def json_arguments(raw: Any) -> dict[str, Any]:
    """Tool-call arguments as a dict. Platforms send them as a JSON string (OpenAI style); an object
    is taken as is. Arguments that are not a JSON object (an LLM can emit broken JSON) are kept
    verbatim under `raw`, because the grade may need to show what the agent actually sent."""
    if raw is None or raw == "":
        return {}
    if isinstance(raw, dict):
        return dict(raw)  # pyright: ignore[reportUnknownArgumentType]
    if isinstance(raw, str):
        try:
            decoded = msgspec.json.decode(raw)
        except msgspec.DecodeError:
            return {"raw": raw}
        if isinstance(decoded, dict):
            return decoded  # pyright: ignore[reportUnknownVariableType]
    return {"raw": raw}


def json_result(raw: Any) -> Any:
    """A tool result: a string holding a JSON object or array is decoded (so graders see structure);
    any other string, including a bare JSON scalar such as `"42"`, is kept as the text it was."""
    if isinstance(raw, str):
        text = raw.strip()
        if text.startswith(("{", "[")):
            try:
                return msgspec.json.decode(text)
            except msgspec.DecodeError:
                return raw
    return raw


def agent_turn_for_tool(turns: list[Turn], start_ms: int | None) -> Turn:
    """The agent turn a tool call belongs to: the latest turn if it is the agent's, else a new agent
    turn with empty text at the tool call's time (the agent acted before, or without, speaking)."""
    if turns and turns[-1].speaker == "agent":
        return turns[-1]
    turn = Turn(speaker="agent", text="", start_ms=start_ms, end_ms=start_ms)
    turns.append(turn)
    return turn


def attach_result(pending: dict[str, ToolCall], call_id: str | None, result: Any, error: str | None) -> bool:
    """Put a result (or error) on the pending tool call with that id; False when no call matches."""
    if call_id is None or call_id not in pending:
        return False
    tool_call = pending[call_id]
    tool_call.result = result
    tool_call.error = error
    return True


def add_spoken_turn(
    turns: list[Turn], speaker: Speaker, text: str | None, start_ms: int | None, end_ms: int | None
) -> Turn | None:
    """Append an utterance; blank text is dropped (a platform's placeholder entry is not a turn, and
    the canonical Call forbids a turn with neither text nor tool calls)."""
    if text is None or not text.strip():
        return None
    turn = Turn(speaker=speaker, text=text, start_ms=start_ms, end_ms=end_ms)
    turns.append(turn)
    return turn


def no_conversation(event: str) -> Ignored:
    """The outcome for an end-of-call event with no turns at all (never connected, no answer,
    dial failure): acknowledged, nothing to grade, and storing it would fail canonical validation."""
    return Ignored(event=event, reason="the call has no conversation to grade (no turns)")
