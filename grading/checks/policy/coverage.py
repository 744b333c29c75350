"""Rules against telling the caller what their own insurance or card covers: coverage stated as fact
about the caller's provider, not the business's own plan."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.policy.deciders import NEGATION, breach
from grading.claims.numbers import digits_for_speech
from grading.formats import Call, FactSheet, Failure, Rule
from grading.speech import compile_phrases, sentences

COVERAGE_RULE: Final = re.compile(
    r"\b(?:insurance|insurer|coverage|credit card|card|plan|policy)\b.{0,60}\b(?:covers?|will pay|pays?)\b"
    r"|\bhow much\b.{0,40}\b(?:insurance|insurer|plan)\b.{0,20}\b(?:pay|cover)",
    re.IGNORECASE,
)
"""A rule against telling the caller what their own insurance or card will cover ("Never tell a
customer that their own auto insurance or credit card covers the rental", "Don't tell callers how
much their insurance will pay")."""
COVERAGE_SAID: Final = compile_phrases(
    [
        r"(?:you'?re|you are|it'?s|that'?s|it is|that is|they'?re|is|are|be|gets?) (?:fully |usually "
        r"|probably |definitely |totally |normally |generally |all |completely )?covered",
        r"(?:covers?|pays? for|will pay|picks? up|handles?|takes care of) (?:the |it|that|most|all|everything"
        r"|damage|the rest|\d)",
        r"pays? (?:out )?(?:around |about |like )?\d+ ?(?:%|percent)",
    ]
)
"""Coverage stated as fact ("you're fully covered", "Amex handles the damage", "it's covered under
most plans", "State Farm usually pays out around eighty percent")."""
COVERAGE_SOURCE: Final = compile_phrases(
    [r"insurance|insurer|plans?|polic(?:y|ies)|cards?|provider|carrier|issuer"]
)
"""Whose coverage: the caller's insurance, plan or card."""


def _callers_source(sentence: str) -> bool:
    """A coverage word that is not the business's own ("our monthly plan covers one massage")."""
    return any(
        not re.search(r"\b(?:our|we|we'?ve)\b(?:\s+\S+){0,2}\s*$", sentence[: match.start()], re.IGNORECASE)
        for match in COVERAGE_SOURCE.finditer(sentence)
    )


COVERAGE_HEDGE: Final = compile_phrases(
    [
        r"check with|ask (?:your|them|the)|whether|if (?:your|it|they)|depends|can'?t tell|not sure",
        r"call (?:them|your)",
    ]
)
"""Sending the caller to their provider, or not knowing, is the rule kept."""


def coverage_told(call: Call, fact_sheet: FactSheet, rule: Rule) -> list[Failure] | bool:
    """ "Never tell a customer that their own insurance or card covers the rental": every agent
    sentence that states coverage as fact, of the caller's insurance, plan or card or of a name the
    caller gave it by ("I have State Farm and an Amex" / "Amex handles the damage"); sending the
    caller to their provider, or asking, is the rule kept."""
    del fact_sheet
    broken: list[Failure] = []
    named: set[str] = set()
    for position, turn in enumerate(call.turns):
        if turn.speaker == "caller":
            named |= {word.lower() for word in re.findall(r"(?<!^)(?<![.?!] )\b[A-Z][A-Za-z]+", turn.text)}
            continue
        for sentence in sentences(turn.text):
            said = COVERAGE_SAID.search(sentence) or COVERAGE_SAID.search(digits_for_speech(sentence))
            if said is None or sentence.rstrip().endswith("?") or COVERAGE_HEDGE.search(sentence):
                continue
            if NEGATION.search(sentence[: said.start()]):
                continue
            if _callers_source(sentence) or named & {w.lower() for w in re.findall(r"[A-Za-z]+", sentence)}:
                reason = f"the agent told the caller what their coverage pays, which rule {rule.id} forbids"
                broken.append(breach(position + 1, sentence, rule, reason))
                break
    return broken or True
