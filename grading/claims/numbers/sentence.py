"""`digits_for_speech`: a sentence's rewrites in their order, each behind a cheap test, with the
small ones of its own (thousands separators, restarts, o'clock, half past, days of the month)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from grading.claims.numbers.fractions import (
    AND_A_HALF,
    AND_A_PART_PER_UNIT,
    HUNDRED_AND_A_PART,
    POINT,
    and_a_part,
    decimal,
    hundred_and_a_part,
)
from grading.claims.numbers.runs import ANY_NUMBER_WORD, RUN, rewrite
from grading.claims.numbers.words import ORDINALS, TENS
from grading.first_chars import compile_filtered
from grading.speech import holds_any

_THOUSANDS: Final = compile_filtered(r"(?<=\d),(?=\d{3}\b)")
_HALF_PAST: Final = compile_filtered(r"\b(half|quarter) (past|after|to|till) (\d{1,2})\b")
_RESTART: Final = re.compile(
    r"(\d{3,})\s*(?:\.\.\.+|…|--?)\s*(?:(?:uh|um|er|sorry|i mean|no)\b[,.]?\s*)*(\d{2,})"
)
_O_CLOCK: Final = re.compile(r"\b(\d{1,2}) ?o'? ?clock\b")


def _half_past(match: re.Match[str]) -> str:
    minutes = 30 if match.group(1) == "half" else 15
    hour = int(match.group(3))
    if match.group(2) in {"to", "till"}:
        hour = (hour - 1) or 12
        minutes = 60 - minutes
    return f"{hour}:{minutes:02d}"


def _restart(match: re.Match[str]) -> str:
    """A number broken off and restarted ("555 018... uh, 0183"): the restart replaces the
    overlapping tail, so the digits read as the speaker finally meant them."""
    first, second = match.group(1), match.group(2)
    if len(first) + len(second) < 7:
        return match.group(0)
    for overlap in range(min(len(first), len(second)), 0, -1):
        if first.endswith(second[:overlap]):
            return first[: len(first) - overlap] + second
    return first + second


_ORDINAL_DATE: Final = compile_filtered(
    r"\b((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:the\s+)?|the\s+)"
    r"(?:(twenty|thirty)[\s-]?)?(" + "|".join(ORDINALS) + r")\b"
)
"""A spoken day of the month ("November twenty-eighth", "Saturday the fourteenth"): only after a
month or "the", so "first time" stays words."""
_ORDINAL_ADJECTIVE: Final = re.compile(
    r"\s+(?!(?:of|at|in|on|for|is|was|works?|and|or|to|through|thru|till|until|then|would|will|could|"
    r"okay|ok|please|if|when|so|since|because|between|from|by|around|after|before|instead|"
    r"morning|afternoon|evening|night)\b)[a-z0-9]"
)
""""The first two hours", "the second floor", "the third visit": after "the", an ordinal followed
by the thing it ranks is an adjective, not a day of the month ("on the first at ten" is a day)."""
_HALF_HOUR_UK: Final = re.compile(
    r"\bhalf (\d{1,2})\b(?![:.]\d)"
    r"(?!\s*(?:%|percent|dollars?|pounds?|quid|bucks|off|price|more|of|dozen|times?|\w+s\b))"
)
"""British "half five" is 5:30 (not "half one more time", "half two hours")."""


_ORDINAL_PARTS: Final = (*(word for word in ORDINALS if not word.endswith("teenth")), "teenth")
"""What every _ORDINAL_DATE match holds: one of the ordinals ("thirteenth" to "nineteenth" all hold
"teenth"). Most texts hold "th" ("the", "that") and no ordinal; these substring tests spare them
the full pattern."""


def _ordinal(match: re.Match[str]) -> str:
    day = ORDINALS[match.group(3)] + (TENS[match.group(2)] if match.group(2) else 0)
    if day > 31:
        return match.group(0)
    if match.group(1) == "the " and _ORDINAL_ADJECTIVE.match(match.string, match.end()):
        return match.group(0)
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(day % 10 if day // 10 != 1 else 0, "th")
    return f"{match.group(1)}{day}{suffix}"


@lru_cache(maxsize=4096)
def digits_for_speech(text: str) -> str:
    """The lower-cased `text` with spoken numbers written as digits (see the package docstring)."""
    text = text.casefold()
    if not _NUMBERISH.search(text):
        return text  # nothing below can fire without a digit, a number word or an ordinal
    if "," in text:
        text = _THOUSANDS.sub("", text)
    if holds_any(text, _ORDINAL_PARTS):
        text = _ORDINAL_DATE.sub(_ordinal, text)
    if ANY_NUMBER_WORD.search(text):
        text = RUN.sub(rewrite, text)
    if "..." in text or "…" in text or "-" in text:
        text = _RESTART.sub(_restart, text)
    if "clock" in text:
        text = _O_CLOCK.sub(r"\1:00", text)
    if "past" in text or "after" in text or " to " in text or "till" in text:
        text = _HALF_PAST.sub(_half_past, text)
    if "quarter" in text or "half" in text:
        text = HUNDRED_AND_A_PART.sub(hundred_and_a_part, text)
        if " a " in text or " an " in text or " per " in text:
            text = AND_A_PART_PER_UNIT.sub(and_a_part, text)
    if "half" in text:
        text = AND_A_HALF.sub(r"\1.5", text)
        text = _HALF_HOUR_UK.sub(r"\1:30", text)
    if " point " in text:
        text = POINT.sub(decimal, text)
    return text


_NUMBERISH: Final = compile_filtered(
    r"\d|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|teen|twenty|thirty|forty|"
    r"fourty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|"
    r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|teenth|twentieth|"
    r"thirtieth"
)
"""What every rewrite of `digits_for_speech` needs in the text: a digit (thousands, restarts, "o'clock",
"half past", "point", "and a half"), a number word (`RUN`, whose words `ANY_NUMBER_WORD` loosely
finds) or an ordinal (`_ORDINAL_DATE`; "thirteenth" to "nineteenth" hold "teenth"). Most sentences
have none, and one search spares them the rest."""
