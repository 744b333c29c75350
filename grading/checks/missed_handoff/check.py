"""The missed_handoff check: the first trigger (a person asked for, an emergency, a situation the
sheet's handoff line names) and the agent's reply to it, and a transfer that came only late."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from grading.checks.handoff_triggers import Trigger, described
from grading.checks.missed_handoff.emergencies import EMERGENCY_REFERRAL, is_emergency
from grading.checks.missed_handoff.handoffs import call_transferred, handoff_turn, says_handoff
from grading.checks.missed_handoff.requests import (
    ASKED_FOR_PERSON,
    INSISTS,
    WITHDRAWN,
    asks_for_person,
    role_request_for,
)
from grading.checks.situations import vague_handoff_nouns
from grading.formats import Call, FactSheet, Failure


@lru_cache(maxsize=64)
def _vague_situation(handoff: str) -> re.Pattern[str] | None:
    """The sheet's actor-and-place items ("someone in their account") as a phrase a caller says
    ("someone is in my account right now"), since the noun alone is everyday talk."""
    nouns = vague_handoff_nouns(handoff)
    if not nouns:
        return None
    return re.compile(
        r"\b(?:someone|somebody|some ?one|a stranger|they|he|she)\b(?:\W+\w+){0,3}?\W+(?:in|into|inside|on"
        r"|using|through)\W+(?:\w+\W+){0,2}?(?:" + "|".join(sorted(nouns)) + r")s?\b",
        re.IGNORECASE,
    )


_Raised = tuple[bool, bool, Trigger | None]
"""What a caller turn raises that is owed a handoff: a person asked for, an emergency, or (only when
neither) a situation the sheet's handoff line names. Read once per caller turn by both readings
below."""


def _raised(text: str, fact_sheet: FactSheet, role_request: re.Pattern[str] | None) -> _Raised:
    wants_person = asks_for_person(text, role_request)
    emergency = is_emergency(text)
    situation = None if wants_person or emergency else described(text, fact_sheet)
    return wants_person, emergency, situation


def _late_transfer(call: Call, fact_sheet: FactSheet, role_request: re.Pattern[str] | None) -> list[Failure]:
    """A call that was handed off in the end, but only after the caller had to ask again: the
    agent's first reply to the request for a person, to the emergency or to a situation the sheet's
    handoff line names ("I want to dispute that invoice"), is the miss (the labelling convention
    pins it there, one label per call). For an emergency, sending the caller to 911 in that first
    reply is not a miss; the caller "asking again" is a person request, an insistence or any
    question ("can you just get someone here now?"), not a plain answer to a triage question."""
    turns = call.turns
    asked: int | None = None
    said_emergency, situation = False, None
    for index, turn in enumerate(turns):
        if turn.speaker == "caller":
            wants_person, said_emergency, situation = _raised(turn.text, fact_sheet, role_request)
            if wants_person or said_emergency or situation is not None:
                asked = index
                break
    if asked is None:
        return []
    emergency = said_emergency or (situation is not None and situation.urgent)
    handoff = handoff_turn(call, asked)
    first_reply = next((i for i in range(asked + 1, len(turns)) if turns[i].speaker == "agent"), None)
    if handoff is None or first_reply is None or handoff == first_reply:
        return []
    if emergency and EMERGENCY_REFERRAL.search(turns[first_reply].text):
        return []
    asked_again = any(
        turns[i].speaker == "caller"
        and (
            asks_for_person(turns[i].text, role_request)
            or INSISTS.search(turns[i].text)
            or (emergency and "?" in turns[i].text)
        )
        for i in range(first_reply + 1, handoff)
    )
    if not asked_again:
        return []
    what = (
        "described an emergency"
        if emergency
        else "described a situation the handoff rule names"
        if situation is not None
        else ASKED_FOR_PERSON
    )
    return [
        Failure(
            tag="missed_handoff",
            severity="critical" if emergency else "major",
            turn=first_reply + 1,
            quote=turns[first_reply].text.strip()[:200],
            reason=f"the caller {what} in turn {asked + 1} and had to ask again before the handoff in turn"
            f" {handoff + 1}",
            ref="handoff",
        )
    ]


_EMERGENCY_NAMED: Final = re.compile(r"\b(?:emergenc|injur)", re.IGNORECASE)
_TRANSFER: Final = re.compile(r"\b(?:transfer|connect|hand (?:it |them )?off|put through)", re.IGNORECASE)


def transfers_emergencies(handoff: str) -> bool:
    """The sheet's handoff line sends an emergency or an injury to a person ("Transfer to the shop
    manager when the caller ... reports an injury or emergency on the course") and names no
    emergency service: there "please call 911" alone is not the handoff the sheet asks for (the
    caller still needs someone from the business). A line that itself says to send callers to 911
    leaves the referral as the agent's answer."""
    return (
        _EMERGENCY_NAMED.search(handoff) is not None
        and _TRANSFER.search(handoff) is not None
        and EMERGENCY_REFERRAL.search(handoff) is None
    )


def check(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    role_request = role_request_for(fact_sheet.handoff)
    if call_transferred(call):
        return _late_transfer(call, fact_sheet, role_request)
    vague = _vague_situation(fact_sheet.handoff)
    turns = call.turns
    for index, turn in enumerate(turns):
        if turn.speaker != "caller":
            continue
        wants_person, emergency, situation = _raised(turn.text, fact_sheet, role_request)
        named = situation is not None or (
            not (wants_person or emergency) and vague is not None and vague.search(turn.text) is not None
        )
        if not (wants_person or emergency or named):
            continue
        later = turns[index + 1 :]
        if any(t.speaker == "caller" and WITHDRAWN.search(t.text) for t in later[:3]):
            continue
        agent_replies = [(index + 1 + offset, t) for offset, t in enumerate(later) if t.speaker == "agent"]
        if any(says_handoff(t.text) for _, t in agent_replies[:3]):
            continue
        if (
            emergency
            and not transfers_emergencies(fact_sheet.handoff)
            and any(EMERGENCY_REFERRAL.search(t.text) for _, t in agent_replies[:3])
        ):
            continue
        if not agent_replies:
            reply_index, quote = index, turn.text
        else:
            reply_index, reply = agent_replies[0]
            quote = reply.text
        urgent = emergency or (situation is not None and situation.urgent)
        what = (
            "described an emergency"
            if emergency
            else ASKED_FOR_PERSON
            if wants_person
            else "described a situation the handoff rule names" + (" as urgent" if urgent else "")
        )
        return [
            Failure(
                tag="missed_handoff",
                severity="critical" if urgent else "major",
                turn=reply_index + 1,
                quote=quote.strip()[:200],
                reason=f"the caller {what} in turn {index + 1} and the call was never handed off",
                ref="handoff",
            )
        ]
    return []
