"""The must rule of condolences: "When a caller reports a death, express condolences before anything
else". Broken at the agent's reply to the first caller turn that reports a death when that reply
(its first sentence, for "before anything else" or "first") offers no condolences, unless the agent
had offered them already."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.policy.deciders import breach
from grading.formats import Call, FactSheet, Failure, Rule
from grading.speech import sentences

CONDOLENCE_RULE: Final = re.compile(
    r"^(?=.*\b(?:death|deaths|dies|died|passe[sd] away|loss|losses|bereave\w*)\b)"
    r".*\b(?:condolences?|sympath\w*|sorry for (?:their|your|the) loss)\b",
    re.IGNORECASE,
)
"""A must rule to offer condolences or sympathy, tied to a death or a loss."""
FIRST: Final = re.compile(r"\b(?:before anything else|first|at once|right away|immediately)\b", re.IGNORECASE)
_KIN: Final = (
    r"(?:he|she|they|mom|mum|mother|dad|father|husband|wife|son|daughter|grandma|grandpa|grandmother"
    r"|grandfather|nana|brother|sister|partner|friend|neighbou?r|aunt|uncle|cousin|baby|dog|cat)"
)
DEATH_REPORTED: Final = re.compile(
    r"\b(?:passed away|passed on|just died|has died|had died|died|is dead|was dead|death of"
    r"|lost (?:my|our|her|his) (?:\w+ )?" + _KIN + r"|" + _KIN + r"(?: \w+){0,2} passed)\b",
    re.IGNORECASE,
)
"""A caller telling of a death: "my mother just died", "I heard she passed", "we lost our dad"."""
NOT_A_DEATH: Final = re.compile(
    r"\b(?:phone|battery|car|engine|laptop|computer|line|call|motor|printer|plant|plants)\b[^.?!]{0,12}\bdied\b",
    re.IGNORECASE,
)
CONDOLENCES: Final = re.compile(
    r"\b(?:sorry|condolences?|sympath\w*|heart goes out|so sad to hear|deepest|my thoughts are with)\b",
    re.IGNORECASE,
)


def condolences_offered(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
    """The agent's reply to the first caller turn reporting a death offers condolences (in its first
    sentence when the rule says "first" or "before anything else"), or the agent had offered them
    already. "My phone died" reports no death."""
    del fact_sheet
    opening = FIRST.search(rule.text) is not None
    for position, turn in enumerate(call.turns[:-1]):
        if turn.speaker == "agent":
            if CONDOLENCES.search(turn.text):
                return True
            continue
        if not DEATH_REPORTED.search(turn.text) or NOT_A_DEATH.search(turn.text):
            continue
        reply = call.turns[position + 1]
        if reply.speaker != "agent":
            continue
        said = sentences(reply.text)
        heard = said[:1] if opening else said
        if any(CONDOLENCES.search(sentence) for sentence in heard):
            return True
        reason = f"the agent answered a reported death without condolences first (rule {rule.id})"
        return breach(position + 2, reply.text, rule, reason)
    return True
