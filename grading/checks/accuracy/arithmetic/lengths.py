"""Lengths and clock times worked out: a length a sheet rate is charged by, and a time moved from
one said earlier by a length."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.accuracy.arithmetic.said import SPOKEN_PAIR
from grading.claims.extract import Claim, extract
from grading.claims.facts import FactIndex
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered


def billed_length(claim: Claim, sentence: str, index: FactIndex) -> bool:
    """A length of time a sheet rate is charged by ("$1.25 per minute" and "fifteen minutes would be
    eighteen seventy-five"): the length is what the sentence's price is worked from, not a claim
    about the length some fact gives, when the sentence also says that length times the rate."""
    if not isinstance(claim.value, int | float) or not claim.span:
        return False
    unit = claim.span.split()[-1].lower().rstrip("s")
    rates = [
        float(m.group(1))
        for fact in index.facts
        if unit in fact.text
        for m in re.finditer(
            rf"[$£€](\d+(?:\.\d{{1,2}})?)\s*(?:a|an|per|each)\s+{re.escape(unit)}\b",
            fact.fact.statement.replace(",", ""),
        )
    ]
    if not rates:
        return False
    spoken = digits_for_speech(sentence)
    length = claim.value / UNIT_MINUTES.get(unit, 1)  # durations are held in minutes
    at = spoken.find(claim.span)
    rate_after = RATE_AFTER.match(spoken, at + len(claim.span)) if at >= 0 else None
    if rate_after is not None and float(rate_after.group(1)) in rates:
        return True  # "add two hours at three hundred each": the sheet's rate, said on the length
    said = [float(n) for n in re.findall(r"\d+(?:\.\d+)?", spoken)]
    said += [int(a) + int(b) / 100 for a, b in SPOKEN_PAIR.findall(spoken)]
    return any(abs(rate * length - amount) < 0.005 for rate in rates for amount in said)


UNIT_MINUTES: Final[dict[str, int]] = {"minute": 1, "hour": 60, "day": 1440, "night": 1440, "week": 10080}
"""Minutes in a unit a rate is charged by, to hold "2 hours" (120 minutes) against "$300 per hour"."""


RATE_AFTER: Final = re.compile(
    r"\s+(?:at|for)\s+[$£€]?(\d+(?:\.\d{1,2})?)(?:\s*(?:dollars?|bucks|pounds?))?\s*"
    r"(?:each|apiece|an?\s+[a-z]+|per\s+[a-z]+)\b"
)
"""A rate said right after a length ("two hours at three hundred each", "at 300 an hour")."""


OFFSET_CUE: Final = compile_filtered(
    r"\b(?:early|earlier|before|ahead|prior|beforehand|after|later)\b", re.IGNORECASE
)


def offset_time(claim: Claim, sentence: str, history: list[str]) -> bool:
    """A clock time worked from another: a time said earlier in the call moved by a length this
    sentence says ("Booking the Vault, Saturday at seven thirty" ... "please get here fifteen minutes
    early, at seven fifteen"): the arithmetic of an arrival or a pickup, no time of its own. Only
    in a sentence that says early / before / after / later and a length of up to three hours."""
    if claim.kind != "time" or not isinstance(claim.value, tuple) or not OFFSET_CUE.search(sentence):
        return False
    lengths = [
        c.value
        for c in extract(sentence)
        if c.kind == "duration" and isinstance(c.value, int | float) and 0 < c.value <= 180
    ]
    if not lengths:
        return False
    said = {
        minute
        for text in history[:-1]
        for c in extract(text)
        if c.kind == "time" and isinstance(c.value, tuple)
        for minute in c.value
    }
    return any(
        minute + length in said or minute - length in said for minute in claim.value for length in lengths
    )
