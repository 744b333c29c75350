"""Savings: an amount a word of saving names, and the difference of two amounts it is."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.accuracy.arithmetic.said import COUNT, amounts_of_the_call
from grading.claims.extract import Claim
from grading.claims.facts import FactIndex
from grading.claims.numbers import digits_for_speech

SAVED_BEFORE: Final = re.compile(
    r"\b(?:sav(?:e|es|ed|ing)|savings?(?: of)?|difference(?: of| is)?|knocks? off)\s+"
    r"(?:(?:you|of|is|about|around|roughly|over|almost|nearly|a good)\s+)*$"
)


SAVED_AFTER: Final = re.compile(r"\s*(?:cheaper|less\b|in savings|saved)")
"""What makes an amount the saving itself: said right after "saves you" ("so the package saves
you fifteen dollars") or right before "cheaper" / "less" ("that's twenty-six cheaper")."""


def is_saving(claim: Claim, sentence: str) -> bool:
    if not claim.span:
        return False
    spoken = digits_for_speech(sentence).lower()
    at = spoken.find(claim.span.lower())
    if at < 0:
        return False
    return bool(SAVED_BEFORE.search(spoken, 0, at)) or bool(SAVED_AFTER.match(spoken, at + len(claim.span)))


def saving(value: float, index: FactIndex, history: list[str]) -> bool:
    """A saving ("five single applications at sixty-five would be three twenty-five, so the season
    program saves you twenty-six dollars"; "a single lesson is eighty-five, so the package saves you
    fifteen") that is the difference of two amounts said in the call or on the sheet, either of
    them possibly a multiple of one by a count said in the last two turns or in the sheet's own
    facts ("three private lessons for $240"). A saving no such difference gives is judged as said.
    Only for the amount a word of saving names (see is_saving)."""
    if not history:
        return False
    target = round(value * 100)
    sheet = [round(k.value * 100) for _, k in index.with_kind("money") if isinstance(k.value, float)]
    pool = {amount for amount in [*amounts_of_the_call(index, history), *sheet] if amount != target}
    counts = {
        int(n)
        for text in [*history[-2:], *(fact.fact.statement for fact in index.facts)]
        for n in COUNT.findall(digits_for_speech(text))
        if 2 <= int(n) <= 12
    }
    amounts = pool | {amount * count for amount in pool for count in counts}
    return any(amount - target in amounts for amount in amounts if amount > target)
