"""Amounts worked from a percentage the sheet does not hold, judged through that percentage or the
price they were taken off."""

from __future__ import annotations

from grading.checks.accuracy.arithmetic.said import APPROXIMATE, amounts_said
from grading.checks.accuracy.arithmetic.savings import is_saving
from grading.claims.extract import Claim, extract
from grading.claims.facts import FactIndex, IndexedFact
from grading.speech import sentences


def percentage_taken(
    claim: Claim, index: FactIndex, history: list[str], sentence: str
) -> tuple[IndexedFact | None, Claim, str] | None:
    """An amount worked from a percentage said in this turn or the caller's before it that the sheet
    does not hold ("I'll do fifty percent off. That makes it nineteen a person" where the sheet says
    $38; "ten percent of the loan, so on two hundred you'd pay twenty"). Taken off a sheet amount, it
    is the price told for that fact's thing: the fact is returned, and the amount contradicts it.
    The share itself (the saving, the credit, the charge) states nothing its percentage does not:
    the fact is None, and the amount is judged as the percentage is. Returns the percentage and the
    sentence that says it as well; None when no such arithmetic gives the amount."""
    if not isinstance(claim.value, float) or not history:
        return None
    sheet_percents = {k.value for _, k in index.with_kind("percent") if isinstance(k.value, float)}
    said = [
        (percent.value, percent, spoken)
        for text in history[-2:]
        for spoken in sentences(text)
        for percent in extract(spoken)
        if percent.kind == "percent"
        and isinstance(percent.value, float)
        and 0 < percent.value < 100
        and percent.value not in sheet_percents
    ]
    if not said:
        return None
    value = claim.value
    tolerance = 1.0 if APPROXIMATE.search(sentence) else 0.005
    priced = [
        (fact, known.value) for fact, known in index.with_kind("money") if isinstance(known.value, float)
    ]
    if not is_saving(claim, sentence):
        for rate, percent, spoken in said:
            for fact, amount in priced:
                if abs(round(amount * (100 - rate) / 100, 2) - value) < tolerance:
                    return fact, percent, spoken
    bases = [amount for _, amount in priced] + [
        amount for text in history for amount in amounts_said(text) if abs(amount - value) >= 0.005
    ]
    for rate, percent, spoken in said:
        if any(abs(round(base * rate / 100, 2) - value) < tolerance for base in bases):
            return None, percent, spoken
    return None
