"""A text as the gates read it, once per grade: lower-cased, its words, and which gates it may pass."""

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
    """One text as the gates read it: lower-cased, its words (maximal runs of `\\w`), and `gates`,
    the bits (`gate_bit`) of the gates that must look closer: those holding one of its words, and
    on a text that is not ASCII every gate registered `ascii_only`."""

    lowered: str
    words: frozenset[str]
    gates: int


_new_record: Final = cast(
    "Callable[[type[_Record], tuple[str, frozenset[str], int]], _Record]", tuple.__new__
)
"""What `_Record(lowered, words, gates)` does, without the generated Python `__new__` it goes
through (a frame for every text read)."""

records: dict[str, _Record] = {}
_RECORDS_KEPT: Final = 4096
"""Texts kept read: a few calls' worth of turns and sentences, so that every pattern asking about a
text within one grade shares one reading. It helps only within a grade (every check reads the same
turns and sentences), never across calls, whose texts differ."""


class _GateIndex:
    """Every word some gate reads, with the bits of the gates reading it (`by_word`), and the bits
    of the gates that read only ASCII text."""

    __slots__ = ("ascii_only", "by_word", "count")

    def __init__(self) -> None:
        self.by_word: dict[str, int] = {}
        self.ascii_only = 0
        self.count = 0


_INDEX: Final = _GateIndex()


def gate_bit(words: frozenset[str], *, ascii_only: bool) -> int:
    """A new gate's bit in every record's `gates`: set when the text holds one of `words` (or, with
    `ascii_only`, is not ASCII). So a gate's test of a text is one `&`, where a set test of its
    words against the text's words cost ~15 times as much, ~600 times a call.

    Gates are built at import, before any text is read; the records read before one is registered
    lack its bit, so they are dropped here."""
    bit = 1 << _INDEX.count
    _INDEX.count += 1
    for word in words:
        _INDEX.by_word[word] = _INDEX.by_word.get(word, 0) | bit
    if ascii_only:
        _INDEX.ascii_only |= bit
    records.clear()
    return bit


def record_of(text: str) -> _Record:
    found = records.get(text)  # one read: another thread may clear the dict in between
    if found is not None:
        return found
    if len(records) >= _RECORDS_KEPT:
        records.clear()
    lowered = text.lower()
    if not lowered.isascii():
        found = records[text] = _read(lowered, frozenset(_TEXT_WORDS.findall(lowered)), _INDEX.ascii_only)
        return found
    # The checks read a turn as said and again lower-cased (the number reading casefolds it): on
    # ASCII both are read from the same lower-cased text, so both keys share one reading.
    found = records.get(lowered)
    if found is None:
        words = frozenset(lowered.encode().translate(_ASCII_NON_WORD_TO_SPACE).decode().split())
        found = records[lowered] = _read(lowered, words, 0)
    records[text] = found
    return found


def _read(lowered: str, words: frozenset[str], gates: int) -> _Record:
    """The record of a lower-cased text and its words: `gates` plus the bits of every gate
    reading one of the words."""
    by_word = _INDEX.by_word
    for word in words:  # a loop: a third cheaper than `reduce` over the words the index holds
        if word in by_word:
            gates |= by_word[word]
    return _new_record(_Record, (lowered, words, gates))


def lowered(text: str) -> str:
    """`text.lower()`, shared with the gates' reading of the text."""
    return record_of(text).lowered
