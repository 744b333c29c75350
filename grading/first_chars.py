"""The characters a regular expression's match can begin with, to put in front of a big phrase
alternation as a cheap filter.

Python's `re` tries every branch of `\\b(?:emergency|chest pain|...)` at every position of the
text; a leading `(?=[ebc...])` rejects most positions with one character-class test, which makes
the phrase searches of the checks about a third faster. The filter must never reject a position
where the pattern matches, so the reading here is conservative: any construct it does not know
(negated classes, `\\W`, inline flags) gives None and the pattern is
left as it is.
"""

from __future__ import annotations

import importlib
import re
from typing import Any, Final

_parser: Final[Any] = importlib.import_module("re._parser")
"""The stdlib's own regex parser (no public name, no type stubs), so the reading follows `re`."""

_MAX_RANGE: Final = 64
"""A class range wider than this ([\\x00-\\uffff]) is no filter worth having."""


def first_chars(pattern: str, flags: int = 0) -> frozenset[str] | None:
    """The characters any match of `pattern` starts with: one-character strings, and `\\d`, `\\s`,
    `\\w` for those classes. Read under `flags` (with IGNORECASE the filter is compiled with it
    too). None when unknown, when a match can be empty, or when the pattern sets flags inline (a
    lookahead in front would move them from the start)."""
    if _parser.parse(pattern).state.flags & ~re.UNICODE:
        return None
    if flags & ~(re.UNICODE | re.IGNORECASE):
        return None
    read = _first(_parser.parse(pattern, flags))
    if read is None or read[1]:
        return None
    return read[0]


def _first(items: Any) -> tuple[frozenset[str], bool] | None:
    """(the characters a match of the sequence can start with, whether it can match empty)."""
    found: set[str] = set()
    for op, value in items:
        if op is _parser.ASSERT_NOT and not list(value[1]):
            # `(?!)` never matches: a branch behind it (how prefilter.AlternativesGate keeps an
            # alternative's groups) adds no first character, or every letter would pass the filter
            return frozenset(found), False
        if op in (_parser.AT, _parser.ASSERT, _parser.ASSERT_NOT):
            continue  # zero width (\b, ^, lookarounds): the next item takes the first character
        read = _item(op, value)
        if read is None:
            return None
        found |= read[0]
        if not read[1]:
            return frozenset(found), False
    return frozenset(found), True  # every item can be empty: so can the sequence


def _item(op: Any, value: Any) -> tuple[frozenset[str], bool] | None:
    if op is _parser.LITERAL:
        return frozenset(chr(value)), False
    if op is _parser.IN:
        chars = _class_chars(value)
        return None if chars is None else (chars, False)
    if op is _parser.SUBPATTERN:
        return _first(value[-1])
    if op is _parser.BRANCH:
        found: set[str] = set()
        empty = False
        for branch in value[1]:
            read = _first(branch)
            if read is None:
                return None
            found |= read[0]
            empty = empty or read[1]
        return frozenset(found), empty
    if op in (_parser.MAX_REPEAT, _parser.MIN_REPEAT, _parser.POSSESSIVE_REPEAT):
        low, _, item = value
        read = _first(item)
        return None if read is None else (read[0], read[1] or low == 0)
    return None


def _class_chars(members: Any) -> frozenset[str] | None:
    found: set[str] = set()
    for op, value in members:
        if op is _parser.LITERAL:
            found.add(chr(value))
        elif op is _parser.RANGE and value[1] - value[0] <= _MAX_RANGE:
            found.update(chr(code) for code in range(value[0], value[1] + 1))
        elif op is _parser.CATEGORY and value in _CATEGORIES:
            found.add(_CATEGORIES[value])
        else:
            return None  # NEGATE, a huge range, an unknown category
    return frozenset(found)


_CATEGORIES: Final[dict[Any, str]] = {
    _parser.CATEGORY_DIGIT: r"\d",
    _parser.CATEGORY_SPACE: r"\s",
    _parser.CATEGORY_WORD: r"\w",
}
"""Class escapes, kept as escapes (two characters, so never mistaken for one character): the
filter is compiled with the pattern's flags, so `\\d` there means what it means in the pattern."""


def filtered(pattern: str, flags: int = 0) -> str:
    """`pattern` behind a lookahead on its first characters, or unchanged when they are unknown;
    compile the result with the same `flags`."""
    chars = first_chars(pattern, flags)
    if not chars:
        return pattern
    members = "".join(char if len(char) == 2 else re.escape(char) for char in sorted(chars))
    return "(?=[" + members + "])(?:" + pattern + ")"


def compile_filtered(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile(pattern, flags)` behind the first-character filter: for the patterns every turn
    is searched with. The match, its span and groups are the same; `.pattern` shows the filter."""
    return re.compile(filtered(pattern, flags), flags)
