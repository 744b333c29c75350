"""missed_handoff: the caller asked for a person, or described an emergency, and was not handed off.

A handoff is evidenced by the call ending `transferred`, a successful tool call whose name says
transfer/handoff/forward/escalate, or the agent saying it is connecting the caller. For an
emergency, sending the caller to emergency services (911, 999, 112, the ER) also counts. A request
the caller withdraws ("no, never mind") or negates ("I don't need a person") is not counted, nor
is asking whether the agent is a person. The
failure is pinned to the agent's reply to the request; an emergency left unhandled is critical.
"""

from __future__ import annotations

import re
from typing import Final

from grading.checks.situations import alternatives, meets
from grading.formats import Call, FactSheet, Failure
from grading.speech import REFUSAL, Pattern, compile_phrases

PERSON_REQUEST: Final = compile_phrases(
    [
        r"(?:speak|talk|chat) (?:to|with) (?:a |an |the |your |some )?(?:real |actual |live |human |\w+ )?"
        r"(?:person|human|someone|somebody|people|manager|supervisor|receptionist|representative|rep|"
        r"agent|operator|staff|front desk|office|doctor|dentist|owner)",
        r"(?:transfer|connect|put) me (?:through|to|over)",
        r"(?:transfer|connect) me",
        r"(?:get|give) me (?:a |an )?(?:real |live )?(?:person|human|manager|operator|representative)",
        r"(?:real|live|actual) (?:person|human)",
        r"human being",
        r"(?:is there|can i get) (?:a |an )?(?:person|human|someone) (?:i can|to)",
        r"operator",
        r"representative",
    ]
)
IDENTITY_QUESTION: Final = re.compile(
    r"\b(?:are|r) (?:you|u) (?:even |really |actually )?(?:a |an )?(?:real |actual |live )?"
    r"(?:person|human(?: being)?|bot|robot|machine|ai|computer|recording)\b"
    r"|\b(?:am i|are we) (?:talking|speaking|chatting) (?:to|with) (?:a |an )?(?:real |actual |live )?"
    r"(?:person|human(?: being)?|bot|robot|machine|ai|computer)\b(?: or (?:a |an )?\w+)?"
    r"|\bis (?:this|that) (?:a |an )?(?:real |actual |live )?(?:person|human(?: being)?|bot|robot|machine"
    r"|recording)\b"
    r"|\b(?:you'?re|you are|pretend (?:you'?re|to be)|act like you'?re|be) (?:a |an )?(?:real |actual )?"
    r"(?:person|human(?: being)?)\b",
    re.IGNORECASE,
)
"""Asking what the agent is ("are you a real person?"), or telling it to play a human, is not asking
to speak to one: a jailbreak's "you're a real human called Jess" wants no handoff."""
EMERGENCY: Final = compile_phrases(
    [
        r"emergency",
        r"(?:severe|extreme|terrible|unbearable|excruciating) pain",
        r"(?:bleeding|won'?t stop bleeding)",
        r"can'?t breathe",
        r"chest pain",
        r"(?:face|jaw|cheek) (?:is )?(?:all )?swollen",
        r"swelling (?:up|in my)",
        r"knocked out",
        r"unconscious",
        r"passed out",
        r"overdose",
        r"heart attack",
        r"stroke",
        r"(?:is|'s) on fire",
        r"gas leak",
        r"burst pipe",
        r"seizure",
        r"allergic reaction",
        r"smell(?:s|ing)? (?:of |like )?gas",
        r"gas smell",
        r"(?:brakes?|steering) (?:\w+ )?(?:failed|gone|went out|(?:don'?t|doesn'?t|won'?t) work|gave out)",
        r"(?:ate|eaten|swallowed|got into|chewed) (?:a |some |the |half a |a whole )?(?:bag of "
        r"|bar of |box of |bottle of )?"
        r"(?:grapes|raisins|chocolate|xylitol|poison|rat poison|antifreeze|medication|pills"
        r"|ibuprofen|tylenol|onions)",
        r"hit by a car",
        r"not breathing",
        r"(?:smoke|sparks) (?:coming|from)",
        r"sewage",
        r"flooding",
        r"burst pipe",
    ]
)
NEGATED: Final = re.compile(
    r"\b(?:don'?t|do not|no need to|not|never|without)\b(?:\W+\w+){0,3}\W*$", re.IGNORECASE
)
WITHDRAWN: Final = compile_phrases(
    [
        r"no,? (?:that'?s|it'?s) (?:fine|ok|okay)",
        r"i don'?t need (?:to|a|the)",
        r"actually,? (?:that'?s|you'?ve)",
    ]
)
HANDOFF_SAID: Final = compile_phrases(
    [
        r"(?:transfer|transferring|connect|connecting|put you through|putting you through|patch you)",
        r"(?:one|a) moment while i",
        r"hold (?:on|the line) while",
        r"let me get (?:someone|a person|the manager|the doctor)",
    ]
)
EMERGENCY_REFERRAL: Final = compile_phrases(
    [
        r"9-?1-?1",
        r"nine one one",
        r"999",
        r"112",
        r"emergency (?:room|services|department)",
        r"\ber\b",
        r"a&e",
    ]
)
HANDOFF_TOOL: Final = re.compile(r"transfer|handoff|hand_off|forward|escalat|connect|human|agent", re.I)


def _handed_off(call: Call) -> bool:
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
    if _handed_off(call):
        return True
    replies = [t for t in call.turns[after + 1 :] if t.speaker == "agent"][:3]
    return any(HANDOFF_SAID.search(t.text) and not REFUSAL.search(t.text) for t in replies)


def _sheet_triggers(fact_sheet: FactSheet) -> list[set[str]]:
    """The situations the sheet's handoff line names after "when" or "if" ("... when the caller
    disputes a bill or has an emergency: gas smell, burst pipe, flooding")."""
    parts = re.split(r"\b(?:when|if|whenever)\b", fact_sheet.handoff, maxsplit=1, flags=re.IGNORECASE)
    return alternatives(parts[1]) if len(parts) == 2 else []


def _asks(pattern: Pattern, text: str) -> bool:
    if pattern.search(text) is None:
        return False
    for match in pattern.finditer(text):
        if not NEGATED.search(text[: match.start()][-40:]):
            return True
    return False


def check(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    if _handed_off(call):
        return []
    triggers = _sheet_triggers(fact_sheet)
    turns = call.turns
    for index, turn in enumerate(turns):
        if turn.speaker != "caller":
            continue
        wants_person = _asks(PERSON_REQUEST, turn.text) and _asks(
            PERSON_REQUEST, IDENTITY_QUESTION.sub(" ", turn.text)
        )
        emergency = _asks(EMERGENCY, turn.text)
        named = not (wants_person or emergency) and bool(triggers) and meets(turn.text, triggers)
        if not (wants_person or emergency or named):
            continue
        later = turns[index + 1 :]
        if any(t.speaker == "caller" and WITHDRAWN.search(t.text) for t in later[:3]):
            continue
        agent_replies = [(index + 1 + offset, t) for offset, t in enumerate(later) if t.speaker == "agent"]
        if any(HANDOFF_SAID.search(t.text) and not REFUSAL.search(t.text) for _, t in agent_replies[:3]):
            continue
        if emergency and any(EMERGENCY_REFERRAL.search(t.text) for _, t in agent_replies[:3]):
            continue
        if not agent_replies:
            reply_index, quote = index, turn.text
        else:
            reply_index, reply = agent_replies[0]
            quote = reply.text
        what = (
            "described an emergency"
            if emergency
            else "asked for a person"
            if wants_person
            else "described a situation the handoff rule names"
        )
        return [
            Failure(
                tag="missed_handoff",
                severity="critical" if emergency else "major",
                turn=reply_index + 1,
                quote=quote.strip()[:200],
                reason=f"the caller {what} in turn {index + 1} and the call was never handed off",
                ref="handoff",
            )
        ]
    return []
