"""The shared translation rules: JSON-string arguments and results, and where tool calls land."""

from __future__ import annotations

from grading.formats import ToolCall
from ingest.platforms.translation import TurnBuilder, json_arguments, json_result


def test_arguments_are_decoded_and_broken_json_is_kept_verbatim() -> None:
    assert json_arguments('{"date": "2026-03-10"}') == {"date": "2026-03-10"}
    assert json_arguments({"already": "object"}) == {"already": "object"}
    assert json_arguments(None) == {}
    assert json_arguments("") == {}
    assert json_arguments('{"date": "2026-03-') == {"raw": '{"date": "2026-03-'}
    assert json_arguments("[1, 2]") == {"raw": "[1, 2]"}


def test_results_decode_only_objects_and_arrays() -> None:
    assert json_result('{"slots": ["09:00"]}') == {"slots": ["09:00"]}
    assert json_result("[1]") == [1]
    assert json_result("42") == "42"
    assert json_result("booked") == "booked"
    assert json_result("{not json") == "{not json"
    assert json_result(None) is None


def test_tool_calls_land_on_the_agent_turn_they_belong_to() -> None:
    builder = TurnBuilder()
    builder.say("agent", "Let me check.", 0, 900)
    builder.call_tool(ToolCall(name="check"), "t1", 1000)  # agent speaking: same turn
    builder.say("caller", "And the price?", 2000, 2900)
    builder.call_tool(ToolCall(name="price"), "t2", 3000)  # after the caller: the agent's answer
    builder.say("caller", "   ", 3100, 3200)  # blank: not a turn
    builder.say("agent", "It is $120.", 3500, 4800)
    builder.call_tool(ToolCall(name="hang_up"), "t3", 5000)
    builder.say("caller", "Wait!", 5100, 5500)
    builder.call_tool(ToolCall(name="log"), None, 5600)  # nothing after it: its own empty agent turn
    assert builder.tool_result("t2", 120, None)
    assert builder.tool_result("t1", None, "timeout")
    assert not builder.tool_result("nope", 1, None)
    turns = builder.finish()
    assert [(t.speaker, t.text, [c.name for c in t.tool_calls]) for t in turns] == [
        ("agent", "Let me check.", ["check"]),
        ("caller", "And the price?", []),
        ("agent", "It is $120.", ["price", "hang_up"]),
        ("caller", "Wait!", []),
        ("agent", "", ["log"]),
    ]
    assert turns[0].tool_calls[0].error == "timeout"
    assert turns[2].tool_calls[0].result == 120
    assert (turns[4].start_ms, turns[4].end_ms) == (5600, 5600)
