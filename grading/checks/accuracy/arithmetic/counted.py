"""An amount said as a count of things times the sheet's price of one ("thirty white folding chairs
are sixty-seven fifty" where a folding chair is $2.25): arithmetic, no claim of its own."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.accuracy.relatedness import fact_words
from grading.claims.facts import FactIndex
from grading.claims.numbers import digits_for_speech
from grading.speech import content_words

COUNT_PRICED: Final = re.compile(
    r"\b(\d{1,4})\s+((?:[a-z'-]+\s+){0,3}?[a-z'-]+)\s+(?:are|is|at|for|comes? to|would be|will be|runs?|"
    r"costs?|makes?)\s+(?:about\s+|around\s+)?[$£€]?(\d+(?:\.\d{1,2})?)\b"
)
"""A count, the things counted, and the amount said of them together."""


def count_times_price(value: float, index: FactIndex, sentence: str) -> bool:
    """The amount is the count said right before it times the sheet's price of one of the things
    counted (a fact naming them holds that price)."""
    target = round(value * 100)
    for match in COUNT_PRICED.finditer(digits_for_speech(sentence)):
        if round(float(match.group(3)) * 100) != target:
            continue
        count = int(match.group(1))
        things = content_words(match.group(2))
        for fact, known in index.with_kind("money"):
            if (
                isinstance(known.value, float)
                and count * round(known.value * 100) == target
                and things & fact_words(fact)[1]
            ):
                return True
    return False
