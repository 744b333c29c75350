"""Arithmetic on what the call said: amounts of the turn added to, taken from, multiplied or split,
and the sheet's percentages or amounts off taken from them."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.accuracy.arithmetic.said import (
    AND_CHANGE,
    APPROXIMATE,
    COUNT,
    SPLIT,
    SUMMED,
    amounts_said,
    pairs_said,
)
from grading.checks.accuracy.relatedness import GENERIC, WEAK, fact_words
from grading.claims.extract import extract
from grading.claims.facts import FactIndex
from grading.claims.numbers import digits_for_speech
from grading.speech import content_words


def derived_value(value: float, index: FactIndex, history: list[str], sentence: str) -> bool:
    """Arithmetic on what was said, which states nothing new: an amount of this turn added to or
    taken from one said earlier in the call ("same-day adds seventy-five, so two fifty-four fifty"
    after "one seventy-nine fifty"); an amount of this turn times a count said in it or in the
    caller's question ("six twenty-five a serving, so for a hundred and twenty that's seven
    fifty"); a sheet amount split by a count ("eleven fifty in three payments, about three
    eighty-three a month"); a percentage said in the turn and held by the sheet, taken off a sheet
    amount, or the saving itself. A discount the sheet does not have derives nothing (the price
    it gives is wrong)."""
    current = [amount for amount in amounts_said(history[-1]) if abs(amount - value) >= 0.005]
    earlier = [amount for text in history[:-1] for amount in amounts_said(text)]
    sheet_percents = {k.value for _, k in index.with_kind("percent") if isinstance(k.value, float)}
    percents = [c.value for text in history[-2:] for c in extract(text) if c.kind == "percent"]
    amounts = [known.value for _, known in index.with_kind("money") if isinstance(known.value, float)]
    # a discount the sheet gives as an amount, applied in a sentence that speaks of its terms
    # ("for the first year with the twelve-month agreement"; not "month to month, the one gig")
    words = content_words(sentence) - GENERIC - WEAK
    taken_off = [
        float(m.group(1))
        for fact in index.facts
        if words & fact_words(fact)[1]
        for m in AMOUNT_OFF.finditer(fact.fact.statement)
    ]
    if any(abs(a - off - value) < 0.005 for a in amounts for off in taken_off):
        return True  # "$74.99, or $64.99 the first year" where the sheet gives "$10 off per month"
    # a sheet percentage of a sheet amount or one said in the call; within a dollar when the
    # sentence rounds ("fifteen percent off one sixty-nine comes to about one forty-three")
    tolerance = 1.0 if APPROXIMATE.search(sentence) or AND_CHANGE.search(sentence) else 0.005
    bases = [
        *amounts,
        *current,
        *earlier,
        *(float(n) for text in history for n in COUNT.findall(digits_for_speech(text)) if int(n) >= 100),
        *(float(n) for n in COUNT.findall(digits_for_speech(history[-1]))),
    ]
    # a sheet percentage the sentence names by its fact ("with the student discount it's one eighteen
    # fifteen" where students get 15% off)
    named = [
        known.value
        for fact, known in index.with_kind("percent")
        if isinstance(known.value, float) and words & fact_words(fact)[1]
    ]
    for amount in bases:
        for percent in (p for p in [*percents, *named] if isinstance(p, float) and p in sheet_percents):
            for derived in (
                amount * (100 - percent) / 100,
                amount * percent / 100,
                amount * (100 + percent) / 100,
            ):
                if abs(round(derived, 2) - value) < tolerance:
                    return True
    counts = {
        int(n) for text in history[-2:] for n in COUNT.findall(digits_for_speech(text)) if 2 <= int(n) <= 1000
    }
    if any(abs(amount * count - value) < 0.005 for amount in current for count in counts):
        return True
    shares = {int(n) for n in COUNT.findall(digits_for_speech(sentence)) if 2 <= int(n) <= 24}
    if SPLIT.search(sentence) and any(
        abs(amount / count - value) < 1 for amount in [*amounts, *current, *earlier] for count in shares
    ):
        return True
    if SUMMED.search(sentence) and any(abs(a + b - value) < 0.005 for a in current for b in amounts):
        return True  # "ninety-five fifty on top of the visit, so two forty-four fifty all in"
    if SUMMED.search(sentence) and any(
        abs(a + b - value) < 0.005
        for a in pairs_said(history[-1])
        for b in amounts
        if abs(a - value) >= 0.005
    ):
        # "so his would be ten seventy-one, and together that's twenty-seven forty-six": a figure the
        # turn worked out and said bare, added to a sheet amount
        return True
    if APPROXIMATE.search(sentence) and any(
        abs(a - value) <= max(1.0, a * 0.03) for a in [*current, *earlier, *amounts]
    ):
        return True  # "forty-nine ninety-five, so call it fifty bucks"
    bare = {float(n) for n in COUNT.findall(digits_for_speech(history[-1])) if int(n) >= 10}
    said_here = [c.value for c in extract(history[-1]) if c.kind == "money" and isinstance(c.value, float)]
    said_here = [amount for amount in said_here if abs(amount - value) >= 0.005]
    if len(said_here) >= 2 and abs(sum(said_here) - value) < 0.005:
        return True  # "forty-two dollars plus six plus six, so fifty-four"
    if SUMMED.search(sentence) or APPROXIMATE.search(sentence):
        # a total of the turn's amounts with one more said earlier or on the sheet ("the balloon
        # is six fifty, chocolates twelve, plus nine ninety-five delivery, so ninety-three forty-five
        # altogether" with the bouquet said before); within a dollar when it is rounded
        room = 1.0 if APPROXIMATE.search(sentence) else 0.005
        total = sum(said_here)
        if said_here and any(abs(total + extra - value) < room for extra in [0.0, *earlier, *amounts]):
            return True
        call_total = sum(
            a
            for text in history
            for c in extract(text)
            if c.kind == "money"
            for a in [c.value]
            if isinstance(a, float) and abs(a - value) >= 0.005
        )
        if abs(call_total - value) < room:
            return True
    return any(
        abs(a + b - value) < 0.005 or abs(a - b - value) < 0.005 or abs(b - a - value) < 0.005
        for a in current
        for b in [*current, *earlier, *bare]
        if a != b
    )


AMOUNT_OFF: Final = re.compile(r"[$£€](\d+(?:\.\d{1,2})?)\s+off\b")
"""A discount the sheet gives as an amount ("$10 off per month")."""
