"""Whether and where the call was handed off: the call's end, a transfer tool, or the agent saying so."""

from __future__ import annotations

import re
from typing import Final

from grading.first_chars import compile_filtered
from grading.formats import Call
from grading.speech import REFUSAL, compile_phrases, sentences

HANDOFF_SAID: Final = compile_phrases(
    [
        r"(?:transfer|transferring|connect|connecting|put you through|putting you through|patch you)",
        r"(?:one|a) moment while i",
        r"hold (?:on|the line) while",
        r"let me get (?:someone|a person|the manager|the doctor)",
    ]
)

HANDOFF_CONDITION: Final = re.compile(r"\b(?:only (?:for|if|when|in)|unless)\b", re.IGNORECASE)
"""A condition beside the transfer word ("my instructions say to transfer to the manager only for a
damaged delivery", "I can't transfer you unless..."): it says when a handoff happens, not one."""


def says_handoff(text: str) -> bool:
    """The agent says it is handing off: a sentence with a transfer word that neither refuses nor
    states the condition under which it would."""
    if REFUSAL.search(text):
        return False
    return any(
        HANDOFF_SAID.search(sentence) and not HANDOFF_CONDITION.search(sentence)
        for sentence in sentences(text)
    )


HANDOFF_TOOL: Final = compile_filtered(r"transfer|handoff|hand_off|forward|escalat|connect|human|agent", re.I)


def call_transferred(call: Call) -> bool:
    if call.end_reason == "transferred":
        return True
    return any(
        HANDOFF_TOOL.search(tool.name) and tool.error is None
        for turn in call.turns
        for tool in turn.tool_calls
    )


def handed_off(call: Call, after: int) -> bool:
    """Whether the call was handed off, or the agent said it was doing so within three replies of
    turn index `after` (0-based)."""
    if call_transferred(call):
        return True
    replies = [t for t in call.turns[after + 1 :] if t.speaker == "agent"][:3]
    return any(says_handoff(t.text) for t in replies)


def handoff_turn(call: Call, after: int) -> int | None:
    """The first agent turn after turn index `after` that hands off, by its words or its tool."""
    for index in range(after + 1, len(call.turns)):
        turn = call.turns[index]
        if turn.speaker != "agent":
            continue
        if says_handoff(turn.text):
            return index
        if any(HANDOFF_TOOL.search(tool.name) and tool.error is None for tool in turn.tool_calls):
            return index
    return None
