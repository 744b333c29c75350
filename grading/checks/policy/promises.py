"""Rules against promising or guaranteeing: overpromise's promises about what the rule names, and an
arrival promised for one exact moment."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.overpromise import (
    PROMISE,
    Backing,
    backed,
    promise_in,
    promised_clause,
    promises_in,
    sheet_backing,
)
from grading.checks.policy.deciders import either, pattern_must_not
from grading.formats import Call, FactSheet, Failure, Rule
from grading.speech import compile_phrases


def _really_promised(rule: Rule, sentence: str, match: re.Match[str]) -> bool:
    """A promise overpromise would count: not negated, hedged ("I can't tell you if you'll be
    approved") or asked."""
    del rule, match
    return promise_in(sentence) is not None


def _promise_clause(sentence: str, match: re.Match[str]) -> str:
    """What the promises in `sentence` are about (overpromise's reading of each), for a rule about
    one thing: "I'll make sure she has the same instructor every single time, one person for all her
    lessons" promises an instructor, not the number of lessons a rule on passing names."""
    return " ".join(promised_clause(sentence, found) for found in promises_in(sentence) or [match])


PROMISE_RULE: Final = re.compile(r"\b(?:guarantee|promis)", re.IGNORECASE)
_PROMISED: Final = pattern_must_not(
    PROMISE, "made a guarantee", keep=_really_promised, own_part=_promise_clause
)


def promise_rule(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | list[Failure] | bool | None:
    """ "Never promise / guarantee X": a promise about X, read in the promise's own clause or the
    caller's turn before it. A rule against telling a caller what their coverage is says nothing of
    promising ("never tell a customer their own insurance covers the rental"): there the promise
    reading has nothing to find ("you won't be charged a thing, I'll make sure of it" breaks no such
    rule), and the coverage reading decides alone."""
    if not PROMISE_RULE.search(rule.text):
        return True
    found = _PROMISED(call, fact_sheet, rule)
    if not isinstance(found, list):
        return found
    # the sheet's own commitment said again ("if we cancel for lightning you get a full refund")
    # promises nothing the rule forbids
    backing = sheet_backing(fact_sheet)
    kept = [failure for failure in found if not _sheet_backed(failure.quote, backing)]
    return kept or True


def _sheet_backed(quote: str, backing: Backing) -> bool:
    match = promise_in(quote)
    return match is not None and backed(quote, match, backing)


EXACT_ARRIVAL: Final = compile_phrases(
    [
        r"(?:be there|be at your (?:place|house|home|door)|arrive|arriving|get there|show up"
        r"|pull up|(?:have|get) (?:\w+ ){1,3}there|(?:see|get|have) (?:them|it) delivered"
        r"|(?:she|he|they|you)(?:'ll| will) (?:see|get|have) (?:them|it)) (?:at|by) "
        r"(?:\d{1,2}(?::\d\d)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)"
        r"(?: (?:o'?clock|a\.?m\.?|p\.?m\.?|thirty|fifteen|forty-five))?(?! (?:and|to|or) )(?!-)",
        r"(?:be there|arrive|get there|show up|pull up|(?:have|get) (?:\w+ ){1,3}there) in (?:\w+ ){1,2}"
        r"(?:minutes?|mins?|hours?) (?:flat|sharp|on the dot|exactly)",
    ]
)
"""An arrival promised for one moment ("your tech will be there at two o'clock sharp", "she'll see them
at nine", "a guy there in fifteen minutes flat"), not a window ("between one and three")."""


def single_time(rule: Rule, sentence: str, match: re.Match[str]) -> bool:
    del rule
    return not re.search(
        r"\b(?:between|window|or so|around|about|roughly|ish|give or take|approximately)\b",
        sentence,
        re.IGNORECASE,
    )


FAULT_RULE: Final = re.compile(
    r"\badmit\w*\b.{0,20}\b(?:fault|liability|responsibility|blame)\b", re.IGNORECASE
)
"""A rule against admitting fault: "Do not admit fault or promise compensation for damaged or lost items"."""
FAULT_ADMITTED: Final = compile_phrases(
    [
        r"(?:that'?s|it'?s|this is|that is|it is|that was|it was|this was) (?:completely |totally |entirely "
        r"|all |definitely |100% |one hundred percent )?(?:our|my) (?:fault|mistake|bad|error)",
        r"we(?:'re| are| were) (?:completely |totally |fully )?(?:at fault|to blame|liable)",
        r"(?:we|i) take (?:full )?(?:responsibility|the blame)",
        r"(?:we|i)(?:'ll| will) (?:reimburse|compensate|pay you back|pay for (?:it|the|your))",
    ]
)
"""Fault owned ("that's completely our fault", "we take full responsibility") or compensation
committed to ("we'll reimburse you the full value")."""


def _not_denied(rule: Rule, sentence: str, match: re.Match[str]) -> bool:
    """ "It's not our fault", "we can't say whose fault it is yet" own nothing; a question asks."""
    del rule
    before = sentence[: match.start()][-25:].lower()
    return not (sentence.rstrip().endswith("?") or re.search(r"\b(?:not|never|no)\b|n't\b", before))


_FAULT: Final = pattern_must_not(FAULT_ADMITTED, "admitted fault", scoped=False, keep=_not_denied)
fault_or_promise: Final = either(_FAULT, promise_rule)
"""A rule against admitting fault or promising compensation: both readings."""
