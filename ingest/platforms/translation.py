"""The translation steps every adapter shares: tolerant decoding with field-path errors, agent
resolution, time conversion, and tool-call arguments/results that arrive as JSON strings.

Platform payloads are decoded into per-platform msgspec Structs that ignore unknown fields (vendors
add fields all the time) but still type-check the fields we read, so a wrong type is reported as a
422 naming the JSON path rather than a 500.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any, TypeVar

import msgspec

from grading.formats import Speaker, ToolCall, Turn
from ingest.platforms.contract import Ignored, IntegrationConfig, PayloadRejected

T = TypeVar("T")
_NAMED_FIELD = re.compile(r"(?:missing required|unknown) field `([^`]+)`")


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
    """msgspec's "Expected `int`, got `str` - at `$.turns[0].start_ms`" → ("turns[0].start_ms", ...).
    A missing or unknown field is reported at its parent; its name is appended so the path points
    at the field itself."""
    detail, sep, path = message.partition(" - at `$")
    path = path.rstrip("`").lstrip(".") if sep else ""
    named = _NAMED_FIELD.search(detail)
    if named is not None:
        path = f"{path}.{named.group(1)}" if path else named.group(1)
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


class TurnBuilder:
    """Builds canonical turns from a platform's ordered transcript rows.

    Tool calls belong to an agent turn: the latest turn when the agent is the one speaking (it said
    "let me check" and called the tool), else the agent's next utterance (the caller asked, the
    agent looked it up, then answered). Tool calls with no agent utterance after them end up on an
    agent turn with empty text at the end, which the canonical Call allows because it carries tool
    calls. Results are matched to their call by the platform's tool-call id. Blank utterances are
    dropped: a platform's placeholder entry is not a turn.
    """

    def __init__(self) -> None:
        self.turns: list[Turn] = []
        self._by_id: dict[str, ToolCall] = {}
        self._held: list[ToolCall] = []
        self._held_start_ms: int | None = None

    def say(self, speaker: Speaker, text: str | None, start_ms: int | None, end_ms: int | None) -> None:
        if text is None or not text.strip():
            return
        turn = Turn(speaker=speaker, text=text, start_ms=start_ms, end_ms=end_ms)
        if speaker == "agent" and self._held:
            turn.tool_calls.extend(self._held)
            self._held.clear()
        self.turns.append(turn)

    def call_tool(self, tool_call: ToolCall, call_id: str | None, start_ms: int | None) -> None:
        if self.turns and self.turns[-1].speaker == "agent" and not self._held:
            self.turns[-1].tool_calls.append(tool_call)
        else:
            if not self._held:
                self._held_start_ms = start_ms
            self._held.append(tool_call)
        if call_id is not None:
            self._by_id[call_id] = tool_call

    def tool_result(self, call_id: str | None, result: Any, error: str | None) -> bool:
        """Attach a result (or error) to the call with that id; False when no call matches."""
        if call_id is None or call_id not in self._by_id:
            return False
        tool_call = self._by_id[call_id]
        tool_call.result = result
        tool_call.error = error
        return True

    def finish(self) -> list[Turn]:
        if self._held:
            start = self._held_start_ms
            self.turns.append(
                Turn(speaker="agent", text="", start_ms=start, end_ms=start, tool_calls=self._held)
            )
            self._held = []
        return self.turns


def no_conversation(event: str) -> Ignored:
    """The outcome for an end-of-call event with no turns at all (never connected, no answer,
    dial failure): acknowledged, nothing to grade, and storing it would fail canonical validation."""
    return Ignored(event=event, reason="the call has no conversation to grade (no turns)")
