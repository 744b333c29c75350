"""Totals: a sheet amount times a count the talk gave, a list of sheet amounts added up, and a sum of
amounts said in the call."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.accuracy.arithmetic.said import COUNT, SUMMED, amounts_of_the_call
from grading.checks.accuracy.clauses import span_clause_words
from grading.checks.accuracy.values import same
from grading.claims.extract import Claim, extract
from grading.claims.facts import FactIndex, IndexedFact
from grading.claims.numbers import UNITS, digits_for_speech

MULTIPLES: Final = range(2, 21)


def is_total(claim: Claim, scored: list[tuple[int, IndexedFact, Claim]], context_words: set[str]) -> bool:
    """A computed total ("four tickets, 17.60 pounds"): a whole multiple of a sheet amount whose
    multiplier the conversation just mentioned, or the product of two numbers it mentioned ("two
    bikes for three days")."""
    if not isinstance(claim.value, float):
        return False
    said = {int(word) for word in context_words if word.isdigit() and len(word) <= 2}
    said |= {value for word, value in UNITS.items() if word in context_words and word != "oh"}
    counts = said | {a * b for a in said for b in said}
    for _, _, known in scored:
        if known.kind == "money" and isinstance(known.value, float) and known.value > 0:
            ratio = claim.value / known.value
            count = round(ratio)
            if count in MULTIPLES and abs(ratio - count) < 0.001 and count in counts:
                return True
    return False


def listed_amount(claim: Claim, sentence: str, scored: list[tuple[int, IndexedFact, Claim]]) -> bool:
    """An amount in a list of amounts whose own clause names nothing ("fourteen twenty plus one
    twenty-nine plus thirty-five"), which a fact holds exactly: the agent is adding up sheet prices."""
    if span_clause_words(claim.span, sentence):
        return False
    amounts = [c for c in extract(sentence) if c.kind == "money"]
    return len(amounts) >= 2 and any(
        known.kind == "money" and same("money", claim.value, known.value) for _, _, known in scored
    )


def sum_of_said(value: float, index: FactIndex, history: list[str], sentence: str) -> bool:
    """A total ("so ninety-three forty-five altogether", "a total of two sixty-six ninety-five") that
    is the sum of two to four amounts said in the call, in any of their readings: the bouquet, the
    balloon, the chocolates and the delivery fee added up are arithmetic, no claim of their own. A
    total no such sum gives is judged as said. Only in sentences with a word of summing ("which
    brings you to ..." included) or a list of amounts concluded by "so" ("thirty-eight for the
    comforter, eighteen fifty for the suit, and ten for same-day, so sixty-six fifty"); there the
    whole numbers said bare in the last four turns ("so that order comes to thirty-six") count as
    amounts too, and so do counts said in the sentence times sheet amounts ("two adults and three
    kids at regular prices comes to a hundred forty-four seventy-five")."""
    spoken = digits_for_speech(sentence)
    if (
        not (SUMMED.search(sentence) or BRINGS_TO.search(spoken) or LIST_THEN_SO.search(spoken))
        or not history
    ):
        return False
    target = round(value * 100)
    if _counted_sum(target, index, spoken):
        return True
    bare = [
        int(n) * 100 for text in history[-4:] for n in COUNT.findall(digits_for_speech(text)) if int(n) >= 10
    ]
    said = [*amounts_of_the_call(index, history), *bare]
    pool = [amount for amount in dict.fromkeys(said) if amount != target][-32:]
    pairs: dict[int, list[tuple[int, int]]] = {}
    for i, a in enumerate(pool):
        for j in range(i + 1, len(pool)):
            pairs.setdefault(a + pool[j], []).append((i, j))
    if target in pairs:
        return True
    for k, c in enumerate(pool):
        if any(k not in pair for pair in pairs.get(target - c, ())):
            return True
    return any(
        not set(first) & set(second)
        for total, found in pairs.items()
        for first in found
        for second in pairs.get(target - total, ())
    )


BRINGS_TO: Final = re.compile(
    r"\b(?:brings?|bringing|adds? up)\s+(?:you|it|that|us|the (?:total|order|bill))?\s*(?:up\s+)?to\b"
)
"""A running total said ("which brings you to fifty dollars and seventy-five cents")."""


LIST_THEN_SO: Final = re.compile(
    r"\d[^.;!?]*,[^.;!?]*\d[^.;!?]*,\s*so\s+(?:that'?s\s+|it'?s\s+)?[$£€]?\d[\d.]*"
    r"(?:\s*(?:dollars?|bucks|pounds?|even|total|all in))?\s*[.!]?\s*$"
)
"""Amounts listed and concluded ("38 for the comforter, 18 50 for the suit, and 10 for same-day, so
$66.50")."""


COUNTED: Final = re.compile(r"\b(\d{1,2})\s+[a-z]")


def _counted_sum(target: int, index: FactIndex, spoken: str) -> bool:
    """Two or three counts said in the sentence, each times a sheet amount, add up to the total
    ("2 adults and 3 kids ... comes to $144.75" with adults at $34.95 and children at $24.95)."""
    counts = [int(n) for n in COUNTED.findall(spoken) if 1 <= int(n) <= 20][:3]
    if len(counts) < 2:
        return False
    sheet = sorted({round(k.value * 100) for _, k in index.with_kind("money") if isinstance(k.value, float)})
    totals = {0}
    for count in counts:
        totals = {
            total + count * amount for total in totals for amount in sheet if total + count * amount <= target
        }
    return target in totals
