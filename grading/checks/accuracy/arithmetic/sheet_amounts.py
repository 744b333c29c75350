"""Arithmetic on the sheet's own numbers: two sheet amounts taken together, the sheet's fraction of
an amount, a sheet amount shared over its count, a sheet rate times a count said."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.accuracy.arithmetic.said import COUNT, SUMMED, amounts_said
from grading.claims.extract import extract
from grading.claims.facts import FactIndex
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered

FRACTION_WORD: Final = compile_filtered(r"\b(?:half|a third|a quarter)\b", re.IGNORECASE)
"""A fraction of an amount said in words ("half off the first month", "a third of the daily rate")."""


FRACTIONS: Final = (0.5, 1 / 3, 0.25)


FRACTION_PERCENTS: Final[dict[str, tuple[float, ...]]] = {
    "half": (50.0,),
    "third": (33.0, 33.3, 33.33),
    "quarter": (25.0,),
}
"""The percentages a sheet writes a fraction as ("a 50% deposit" is the half said on the phone)."""


BOTH: Final = compile_filtered(r"\b(?:both|the two of them|each of them together)\b", re.IGNORECASE)
"""Two priced things taken together ("thirty-five ninety-five a day for both")."""


PER_SHARE: Final = compile_filtered(
    r"\b(?:works? out|comes? out|each|apiece|per|a (?:visit|session|lesson|class|piece|person|head|unit))\b",
    re.IGNORECASE,
)
"""An amount shared out over the things a price covers ("the package works out to seventy-five a visit")."""


SHEET_RATE: Final = re.compile(r"[$£€](\d+(?:\.\d{1,2})?)\s*(?:a|an|per|each)\b")
"""A sheet amount charged per something ("$1.25 per minute", "$0.25 each", "$129.00 a month")."""


def _sheet_rates(index: FactIndex) -> list[float]:
    """The sheet amounts charged per something (a rate any count of that something multiplies)."""
    return [
        float(m.group(1))
        for fact in index.facts
        for m in SHEET_RATE.finditer(fact.fact.statement.replace(",", ""))
    ]


def derived_from_sheet(value: float, index: FactIndex, history: list[str], sentence: str) -> bool:
    """Arithmetic on the sheet's own numbers, which states nothing the sheet does not: two sheet amounts added
    when the sentence takes them together ("the waiver and the liability cover, thirty-five ninety-five a
    day for both"); a fraction said in words of a sheet amount or one said in the call ("half price the
    first month, so sixty-four fifty") when the sheet has that fraction; a sheet amount shared over a
    count its own fact gives ("five sessions for $375" -> "seventy-five a visit"); a sheet rate times a
    count said in the turn or the caller's question ("$0.25 a mile" and "an extra hundred miles" ->
    "twenty-five dollars"). A price that matches none of these is still judged as said."""
    amounts = [known.value for _, known in index.with_kind("money") if isinstance(known.value, float)]
    if (SUMMED.search(sentence) or BOTH.search(sentence)) and any(
        abs(a + b - value) < 0.005 for i, a in enumerate(amounts) for b in amounts[i + 1 :] if a != b
    ):
        return True
    fraction = FRACTION_WORD.search(sentence)
    if fraction is not None and _sheet_fraction(fraction.group(0).split()[-1].lower(), index):
        # the sheet's own fraction ("first month at half price", "a 50% deposit" said as "half is
        # due at signing"); a half off it does not have is an invented discount, and the amount it
        # gives is judged as said
        bases = [*amounts, *(a for text in history for a in amounts_said(text) if abs(a - value) >= 0.005)]
        if any(abs(round(base * part, 2) - value) < 0.01 for base in bases for part in FRACTIONS):
            return True
    if PER_SHARE.search(sentence) and any(
        abs(known.value / count - value) < 0.005
        for fact, known in index.with_kind("money")
        if isinstance(known.value, float)
        for count in {int(n) for n in COUNT.findall(digits_for_speech(fact.fact.statement))}
        if 2 <= count <= 100
    ):
        return True
    if _hourly_rate_for_the_time_said(value, index, sentence):
        return True
    # the amount's own number is no count of what the rate is per ("fifty for the walk" is not a
    # dollar-a-minute rate times fifty)
    counts = {
        int(n)
        for text in history[-2:]
        for n in COUNT.findall(digits_for_speech(text))
        if 2 <= int(n) <= 1000 and abs(int(n) - value) >= 0.005
    }
    return any(
        abs(round(rate * count, 2) - value) < 0.005 for rate in _sheet_rates(index) for count in counts
    )


HOURLY_RATE: Final = re.compile(r"[$£€](\d+(?:\.\d{1,2})?)\s*(?:an|a|per)\s+hour\b")
"""A sheet amount charged by the hour ("Labour is $118.00 an hour")."""


def _hourly_rate_for_the_time_said(value: float, index: FactIndex, sentence: str) -> bool:
    """A sheet rate by the hour for the length of time the sentence says ("half an hour of labour
    comes to fifty-nine dollars" with labour at $118.00 an hour): the sheet's price, worked out."""
    if "hour" not in index.sheet_text:
        return False
    hours = [
        claim.value / 60
        for claim in extract(sentence)
        if claim.kind == "duration" and isinstance(claim.value, int)
    ]
    return any(
        abs(round(float(rate.group(1)) * length, 2) - value) < 0.005
        for fact in index.facts
        for rate in HOURLY_RATE.finditer(fact.fact.statement.replace(",", ""))
        for length in hours
    )


def _sheet_fraction(word: str, index: FactIndex) -> bool:
    """The sheet has this fraction, in words or as its percentage."""
    if word in index.sheet_text:
        return True
    return any(known.value in FRACTION_PERCENTS[word] for _, known in index.with_kind("percent"))
