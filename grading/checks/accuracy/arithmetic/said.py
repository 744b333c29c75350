"""What a turn says that arithmetic works from: its amounts in every reading, its bare numbers and
clock readings, and the words that add up, round or share out an amount."""

from __future__ import annotations

import re
from typing import Final

from grading.claims.extract import extract
from grading.claims.facts import FactIndex
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered

SAID_TIME: Final = re.compile(r"\b(\d{1,2}):(\d{2})\b")


def amounts_of_the_call(index: FactIndex, history: list[str]) -> list[int]:
    """Every amount said in the call so far, in cents and in every reading: amounts, numbers said in
    two groups ("six fifty": 650 or 6.50, also where a clock reading was taken, "a spray at two
    fifty"), and bare numbers that are a sheet amount ("chocolates are twelve" where they are $12)."""
    sheet = {round(k.value * 100) for _, k in index.with_kind("money") if isinstance(k.value, float)}
    found: list[int] = []
    for text in history:
        found.extend(round(amount * 100) for amount in amounts_said(text))
        spoken = digits_for_speech(text)
        found.extend(round(amount * 100) for amount in pairs_said(text))
        for hour, minute in SAID_TIME.findall(spoken):
            found.extend((int(hour) * 10000 + int(minute) * 100, int(hour) * 100 + int(minute)))
        found.extend(cents for n in COUNT.findall(spoken) for cents in [int(n) * 100] if cents in sheet)
    return [amount for amount in dict.fromkeys(found) if amount > 0]


SPOKEN_PAIR: Final = re.compile(r"\b(\d{1,3}) (\d{2})\b")
"""Two number groups said as one amount ("eighteen seventy-five" -> "18 75")."""


def pairs_said(text: str) -> list[float]:
    """The amounts a turn says bare in two groups ("ten seventy-one" -> $1,071 or $10.71)."""
    return [
        reading
        for first, second in SPOKEN_PAIR.findall(digits_for_speech(text))
        for reading in (int(first) * 100 + int(second), int(first) + int(second) / 100)
    ]


SUMMED: Final = compile_filtered(
    r"\b(?:on top of|plus|adds|added to|all in|in total|total|together|altogether|comes to|with the)\b",
    re.IGNORECASE,
)


APPROXIMATE: Final = compile_filtered(
    r"\b(?:call it|about|around|roughly|approximately|basically|round(?:ed)? (?:up|down|it))\b", re.IGNORECASE
)


AND_CHANGE: Final = compile_filtered(r"\band change\b|\bgive or take\b|\bor so\b", re.IGNORECASE)


SPLIT: Final = compile_filtered(
    r"\b(?:split|install?ments?|payments|ways|divided)\b",
    re.IGNORECASE,
)
"""What says an amount is shared out ("split into three monthly payments")."""


def amounts_said(text: str) -> list[float]:
    """Every amount a turn says, in each reading ("six twenty-five": $625 and $6.25)."""
    return [
        amount
        for claim in extract(text)
        if claim.kind == "money" and isinstance(claim.value, float)
        for amount in (claim.value, *claim.alternatives)
    ]


COUNT: Final = compile_filtered(r"(?<![\d.:$£€])\b\d+\b(?![.:]\d)")
"""A whole number said on its own (not part of an amount, a time or a decimal)."""
