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
from grading.claims.numbers.runs import ANY_NUMBER_WORD, RUN, RUN_WORDS, rewrite
from grading.claims.numbers.words import ORDINALS, TENS
from grading.first_chars import compile_filtered
from grading.prefilter.records import record_of

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
    overlapping tail, or the group it starts again ("555 044... sorry, 0472", the group said anew
    from its first two digits), so the digits read as the speaker finally meant them."""
    first, second = match.group(1), match.group(2)
    if len(first) + len(second) < 7:
        return match.group(0)
    for overlap in range(min(len(first), len(second)), 0, -1):
        if first.endswith(second[:overlap]):
            return first[: len(first) - overlap] + second
    for start in range(max(0, len(first) - len(second)), len(first) - 1):
        if first[start : start + 2] == second[:2]:
            # "555 044... sorry, 0472": the restart says the broken-off group again from its start
            return first[:start] + second
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


_ORDINAL_WORDS: Final = frozenset(
    {*ORDINALS, *(tens + ordinal for tens in ("twenty", "thirty") for ordinal in ORDINALS)}
)
"""The word (maximal run of `\\w`) that holds the ordinal of every _ORDINAL_DATE match: the ordinal
starts after the whitespace of its month or "the", after the tens' hyphen or space, or glued to the
tens ("twentyfirst"), and ends at `\\b`."""


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
    if text.isascii():
        words, digit = record_of(text).words, _ASCII_DIGIT.search(text) is not None
    else:  # read here: a non-ASCII text's lower-casing (the prefilter's reading) may differ from its casefold
        words, digit = frozenset(_WORD_RUN.findall(text)), _DIGIT.search(text) is not None
    if not digit and words.isdisjoint(_NUMBERISH_WORDS):
        if "oh" not in words or not _NUMBERISH.search(text):
            return text  # see _NUMBERISH_WORDS: nothing below can change it
    if digit and "," in text:
        text = _THOUSANDS.sub("", text)
    read = text
    if not words.isdisjoint(_ORDINAL_WORDS):
        text = _ORDINAL_DATE.sub(_ordinal, text)
    if _may_run(text, words if text == read else None):
        text = _rewrite_runs(text, _first_run_at(text, words) if text == read else 0)
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


def _may_run(text: str, words: frozenset[str] | None) -> bool:
    """Whether `RUN` is to rewrite `text`: when ANY_NUMBER_WORD finds a number word in it, as it
    always was. `words` are the text's words (None when an ordinal rewrite changed them): a `RUN`
    word other than "oh" in them passes that test, and none at all means `RUN` cannot match, so
    only a text whose one number word is "oh" is searched."""
    if words is None:
        return ANY_NUMBER_WORD.search(text) is not None
    if not words.isdisjoint(_RUN_WORDS_BUT_OH):
        return True
    return "oh" in words and ANY_NUMBER_WORD.search(text) is not None


_RUN_WORDS_BUT_OH: Final = RUN_WORDS - {"oh"}


def _first_run_at(text: str, words: frozenset[str]) -> int:
    """Where the first `RUN` match may begin at the earliest: its first word is one of the text's
    RUN words, at or after that word's first occurrence, perhaps after an "a" and whitespace."""
    start = min(text.find(word) for word in words & RUN_WORDS)
    while start and (text[start - 1].isspace() or text[start - 1] == "a"):
        start -= 1  # `\\s` is str.isspace(); going back too far only costs a few positions
    return start


def _rewrite_runs(text: str, start: int) -> str:
    """`RUN.sub(rewrite, text)`, scanned from `start` (no match begins before it): most sentences
    name a number late, and `re` enters RUN at every position it scans. The matches see the whole
    text (`\\b` and the cues read what comes before them), as they do in `sub`."""
    pieces: list[str] = []
    end = 0
    for match in RUN.finditer(text, start):
        pieces.append(text[end : match.start()])
        pieces.append(rewrite(match))
        end = match.end()
    if not pieces:
        return text
    pieces.append(text[end:])
    return "".join(pieces)


_WORD_RUN: Final = re.compile(r"\w+")
"""A text's words, as the prefilter reads an ASCII text's (`record_of`): its maximal runs of `\\w`."""
_DIGIT: Final = re.compile(r"\d")
_ASCII_DIGIT: Final = re.compile(r"[0-9]")
"""`_DIGIT` on ASCII text: a class `re` tests inline, where `\\d` looks every character up."""
_NUMBERISH_WORDS: Final = _RUN_WORDS_BUT_OH | _ORDINAL_WORDS
"""The words a rewrite needs when the text has no digit: a `RUN` word (its last word is a whole
word: `\\b` after it, a separator or `\\b` before it) or an ordinal (`_ORDINAL_WORDS`). The
digit-led rewrites need a digit, which only those two write. Every one of these words holds a
`_NUMBERISH` alternative, so a text holding one passes that test, as a text with a digit does.
"oh" alone is the exception: a run of "oh"s is a number ("oh oh seven"), but `_NUMBERISH` has no
"oh", so a text whose only number word is "oh" is rewritten only when `_NUMBERISH` finds a part of
a word ("someone"), and its RUN only when ANY_NUMBER_WORD does, as they always were.
A word set costs one reading of the text, shared with the claim patterns' gates (`record_of`), where
`_NUMBERISH` (an alternation `re` enters at every position) cost ~500 instructions a character.
`_THOUSANDS` needs a digit before its comma too."""


_NUMBERISH: Final = compile_filtered(
    r"\d|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|teen|twenty|thirty|forty|"
    r"fourty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|"
    r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|teenth|twentieth|"
    r"thirtieth"
)
"""What every rewrite of `digits_for_speech` needs in the text: a digit (thousands, restarts, "o'clock",
"half past", "point", "and a half"), a number word (`RUN`, whose words `ANY_NUMBER_WORD` loosely
finds) or an ordinal (`_ORDINAL_DATE`; "thirteenth" to "nineteenth" hold "teenth"). The word test
above (`_NUMBERISH_WORDS`) answers for it on every text but one whose only number word is "oh"."""
