"""A text as the gates read it, once per grade: lower-cased, and its words."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, NamedTuple, cast

WORD_CHAR: Final = re.compile(r"\w")
_TEXT_WORDS: Final = re.compile(r"\w+")
_ASCII_NON_WORD_TO_SPACE: Final = bytes(
    code if code >= 128 or WORD_CHAR.match(chr(code)) else ord(" ") for code in range(256)
)
r"""On ASCII text, `text.encode().translate(this).decode().split()` are the `\w+` runs. A bytes
table, not `str.maketrans`: `str.translate` looks every character up in a dict (~200 instructions
a character), `bytes.translate` indexes a table; the whole reading of a turn costs half as much."""


class _Record(NamedTuple):
    """One text as the gates read it: lower-cased, and its words (maximal runs of `\\w`)."""

    lowered: str
    words: frozenset[str]


_new_record: Final = cast("Callable[[type[_Record], tuple[str, frozenset[str]]], _Record]", tuple.__new__)
"""What `_Record(lowered, words)` does, without the generated Python `__new__` it goes through
(a frame for every text read)."""

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
        words = frozenset(lowered.encode().translate(_ASCII_NON_WORD_TO_SPACE).decode().split())
    else:
        words = frozenset(_TEXT_WORDS.findall(lowered))
    found = records[text] = _new_record(_Record, (lowered, words))
    return found


def lowered(text: str) -> str:
    """`text.lower()`, shared with the gates' reading of the text."""
    return record_of(text).lowered
