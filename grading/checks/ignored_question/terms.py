"""The words a question and a reply are compared by: content words with spoken numbers as digits, and
what a question is about when it points back."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from grading.checks.ignored_question.phrasings import DEICTIC
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered
from grading.prefilter.records import record_of
from grading.speech import (
    frozen_content_words,
    stem,
)


@lru_cache(maxsize=1024)
def compared_words(text: str) -> frozenset[str]:
    """Content words with spoken numbers as digits on both sides ("eighteen miles" meets "18
    miles") and the possessive or contracted 's dropped ("delivery's" meets "delivery"). Cached:
    a caller turn is read as a question's context and again as the next question's follow-up."""
    return digit_words(digits_for_speech(text) if _may_speak_number(text) else text)


_SPOKEN_NUMBER: Final = compile_filtered(
    r"\d|\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:thir|four|fif|six"
    r"|seven|eigh|nine)teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|half"
    r"|quarter|first|second|third|fourth|(?:fif|six|seven|eigh|nin|ten|eleven|twelf|twentie|thirtie)th)\b",
    re.IGNORECASE,
)
"""What digits_for_speech could rewrite; a text without any is only lower-cased (the common case)."""
_NUMBER_WORDS: Final = frozenset(
    """zero oh one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen
    sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred
    thousand half quarter first second third fourth fifth sixth seventh eighth ninth tenth eleventh
    twelfth twentieth thirtieth""".split()
)
"""_SPOKEN_NUMBER's words, spelled out: each is an alternative between `\\b` and `\\b`, so it
matches a word of the text (a maximal run of `\\w`) that is exactly one of these."""
_ASCII_DIGIT: Final = re.compile(r"[0-9]")


def _may_speak_number(text: str) -> bool:
    """`_SPOKEN_NUMBER.search(text)`, read on an ASCII text from its words (shared with the gates,
    lower-cased: IGNORECASE adds no other match on ASCII) and a digit scan, instead of entering the
    alternation at every letter."""
    if text.isascii():
        return _ASCII_DIGIT.search(text) is not None or not record_of(text).words.isdisjoint(_NUMBER_WORDS)
    return _SPOKEN_NUMBER.search(text) is not None


def digit_words(text: str) -> frozenset[str]:
    """`compared_words` of a text whose numbers are already digits."""
    return frozenset(stem(word.rstrip("'")) for word in frozen_content_words(text))


def question_words(question: str, turn_text: str) -> tuple[frozenset[str], bool]:
    """The words a question is about, and whether they were borrowed from the rest of the turn: a
    question that points back ("I want to move my prescriptions here, how does that work?") is about
    what it points to."""
    words = compared_words(question)
    if len(words) <= 1 and DEICTIC.search(question):
        return words | compared_words(turn_text), True
    return words, False
