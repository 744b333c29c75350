"""A text as the gates read it, once per grade: lower-cased, and its words."""

from __future__ import annotations

import re
from typing import Final, NamedTuple

WORD_CHAR: Final = re.compile(r"\w")
_TEXT_WORDS: Final = re.compile(r"\w+")
_ASCII_NON_WORD_TO_SPACE: Final = str.maketrans(
    {char: " " for char in map(chr, range(128)) if WORD_CHAR.match(char) is None}
)
r"""On ASCII text, `text.translate(this).split()` are the `\w+` runs, and faster to get."""


class _Record(NamedTuple):
    """One text as the gates read it: lower-cased, and its words (maximal runs of `\\w`)."""

    lowered: str
    words: frozenset[str]


records: dict[str, _Record] = {}
_RECORDS_KEPT: Final = 4096
"""Texts kept read: a few calls' worth of turns and sentences, so that every pattern asking about a
text within one grade shares one reading. It helps only within a grade (every check reads the same
turns and sentences), never across calls, whose texts differ."""


def record_of(text: str) -> _Record:
    found = records.get(text)  # one read: another thread may clear the dict in between
    if found is not None:
        return found
    if len(records) >= _RECORDS_KEPT:
        records.clear()
    lowered = text.lower()
    if lowered.isascii():
        words = frozenset(lowered.translate(_ASCII_NON_WORD_TO_SPACE).split())
    else:
        words = frozenset(_TEXT_WORDS.findall(lowered))
    found = records[text] = _Record(lowered, words)
    return found


def lowered(text: str) -> str:
    """`text.lower()`, shared with the gates' reading of the text."""
    return record_of(text).lowered
