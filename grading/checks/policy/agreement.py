"""Rules against agreeing to something (storing flammables, living in a unit): an agent reply saying
yes to a caller who asked about what the rule names."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.policy.deciders import breach, has_prefix, prefixes, said_otherwise
from grading.formats import Call, FactSheet, Failure, Rule
from grading.speech import REFUSAL, STOPWORDS
from grading.speech import words as word_list

AGREE_RULE: Final = re.compile(
    r"\b(?:agree to|say yes to)\b(?P<what>[^.;]{3,160})"
    r"|\btell (?:anyone|anybody|a caller|callers|customers?|someone|people|them) (?:that )?it'?s (?:fine|ok"
    r"|okay|allowed|alright|all right) to\b(?P<fine>[^.;]{3,120})",
    re.IGNORECASE,
)
"""A rule against agreeing to something ("Don't agree to store anything flammable ... and don't tell
anyone it's fine to live in or work out of a unit", "Don't agree to outside caterers")."""
AGREE_FILLER: Final[frozenset[str]] = frozenset(
    """store keep take accept allow bring rent book hold sell serve use let anything something items
    things stuff any those these need needs almost always declined approval manager""".split()
)
AGREED: Final = re.compile(
    r"^\W*(?:yes|yeah|yep|yup|sure|no problem|no worries|of course|absolutely|totally|definitely|for sure"
    r"|go ahead|you can|(?:that'?s|it'?s|that should be|it should be|should be) (?:totally |completely )?"
    r"(?:fine|ok|okay|no problem))\b"
    r"|\b(?:you'?d|you'?ll|you should|you will) be (?:totally |just )?(?:fine|ok|okay|alright)\b"
    r"|\b(?:nobody|no one) (?:really )?(?:checks|minds|cares|will know)\b",
    re.IGNORECASE,
)
"""An agent saying yes: an agreeing opening, or a clause that waves the rule off ("nobody really
checks after six, so you'd be fine")."""


def agreed_to(call: Call, fact_sheet: FactSheet, rule: Rule) -> list[Failure] | bool:
    """ "Don't agree to store anything flammable (gasoline, propane tanks...)": every agent reply
    that says yes to a caller who asked about one of the things the rule names, in its words or
    everyday ones ("crash in there a couple nights" for living in a unit); words the sheet's scope
    is about ("unit", "catering") name nothing forbidden. A refusal or a check is no yes."""
    named = {
        word
        for shape in AGREE_RULE.finditer(rule.text)
        for word in word_list(shape.group("what") or shape.group("fine") or "")
    }
    return agreed_about(call, fact_sheet, rule, named)


def agreed_about(call: Call, fact_sheet: FactSheet, rule: Rule, named: set[str]) -> list[Failure] | bool:
    """Every agent reply that says yes to a caller who asked about one of the `named` words, in
    those words or everyday ones ("beer" for alcohol); undecided when none of them names anything
    outside the sheet's scope."""
    scope = prefixes(fact_sheet.scope)
    keys: set[str] = set()
    about: set[str] = set()
    for word in named:
        for part in word.split("-"):
            if len(part) >= 4 and part.isalpha() and part not in AGREE_FILLER and part not in STOPWORDS:
                about.add(part)
                if part[:5] not in scope:
                    keys.add(part[:5])
    if not keys:
        return False
    hazard = HAZARD.search(rule.text) is not None
    broken: list[Failure] = []
    for position, turn in enumerate(call.turns[:-1]):
        reply = call.turns[position + 1]
        if turn.speaker != "caller" or reply.speaker != "agent":
            continue
        if not (has_prefix(tuple(keys), turn.text) or said_otherwise(about, turn.text)):
            continue
        if REFUSAL.search(reply.text) or not AGREED.search(reply.text):
            continue
        broken.append(
            breach(
                position + 2,
                reply.text,
                rule,
                f"the agent agreed to what rule {rule.id} forbids",
                severity="critical" if hazard else "major",
            )
        )
    return broken or True


HAZARD: Final = re.compile(r"\b(?:flammable|hazardous|gasoline|propane|explosive\w*|fireworks|toxic)\b", re.I)
"""A rule about dangerous goods is a safety rule: breaking it is critical."""
