"""Rules that a tool must back what the agent tells the caller: "Confirm a slot with the booking tool
before telling the caller it is booked", "Check the calendar with the availability tool before saying
a wedding date is open or taken". Broken at the first agent reply that tells it with no tool of that
kind having succeeded by then, that reply's own tool calls included."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.policy.bookings import BOOKED
from grading.checks.policy.deciders import breach
from grading.formats import Call, FactSheet, Failure, Rule
from grading.speech import sentences

TOOL_FIRST_RULE: Final = re.compile(
    r"\b(?:check|confirm|verify|look|use)\w*\b[^.;]{0,60}?\b(?P<tool>[a-z]+) (?:tool|system)\b[^.;]{0,30}?"
    r"\bbefore (?:telling|saying|confirming|promising)\b(?P<claim>[^.;]{0,80})",
    re.IGNORECASE,
)
"""A must rule that a tool's answer comes before a claim: the tool's kind and the claim."""
BOOKED_CLAIM: Final = re.compile(r"\b(?:booked|reserved|confirmed|on the books)\b", re.IGNORECASE)
OPEN_CLAIM: Final = re.compile(r"\b(?:open|available|free|taken|unavailable)\b", re.IGNORECASE)
OPEN_SAID: Final = re.compile(
    r"\b(?:is|'s|are|'re|looks?)\s+(?:still\s+|wide\s+|totally\s+|completely\s+|already\s+)?"
    r"(?:open|available|taken|booked up|unavailable|not available|gone)\b"
    r"|\b(?:have|got) (?:it|that|that date|that day|that time|availability) (?:open|free)\b",
    re.IGNORECASE,
)
"""The agent saying a date or slot is open or taken ("October third is wide open", "that's taken")."""
BUSINESS_OPEN: Final = re.compile(
    r"\b(?:we|we're|we are|we'll be|the (?:studio|office|shop|store|clinic|showroom|building|front desk))"
    r"\b[^.;,]{0,12}\bopen\b|\bopen (?:till|until|from|at|on|every|daily|late|early)\b",
    re.IGNORECASE,
)
"""Opening hours, not a date's availability ("Saturday we're open till midnight")."""
TOOL_KIND: Final[tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]] = (
    (re.compile(r"^(?:book|reserv)", re.I), re.compile(r"book|reserv|appoint|schedul", re.I)),
    (
        re.compile(r"^(?:avail|calendar|schedul|slot|date)", re.I),
        re.compile(r"avail|calendar|slot|date|check|search|find|look|schedul", re.I),
    ),
)
"""The rule's name for the tool ("the booking tool", "the availability tool") and the tool names of
that kind."""


def _tool_names(tool: str) -> re.Pattern[str]:
    for named, names in TOOL_KIND:
        if named.match(tool):
            return names
    return re.compile(re.escape(tool[:5]), re.IGNORECASE)


def tool_before_claim(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
    """The first agent reply that says it is booked (or that a date is open or taken) before a tool
    of the kind the rule names succeeded: no such tool called, or the one called failed ("Booking it
    now" with an error, then "You're all booked"). A question ("is that date open for you?") and
    opening hours ("we're open till six") claim nothing."""
    del fact_sheet
    shape = TOOL_FIRST_RULE.search(rule.text)
    if shape is None:
        return False
    claim = shape.group("claim")
    booked, opened = BOOKED_CLAIM.search(claim), OPEN_CLAIM.search(claim)
    if not (booked or opened):
        return False
    names = _tool_names(shape.group("tool").lower())
    backed = False
    for position, turn in enumerate(call.turns):
        if turn.speaker != "agent":
            continue
        backed = backed or any(names.search(tool.name) and tool.error is None for tool in turn.tool_calls)
        if backed:
            return True
        for sentence in sentences(turn.text):
            if sentence.rstrip().endswith("?"):
                continue
            said = (BOOKED.search(sentence) if booked else None) or (
                OPEN_SAID.search(sentence) if opened and not BUSINESS_OPEN.search(sentence) else None
            )
            if said is not None:
                reason = f"the agent told the caller before a tool backed it (rule {rule.id})"
                return breach(position + 1, turn.text, rule, reason, said)
    return True
