"""The characters a regular expression's match can begin with, to put in front of a big phrase
alternation as a cheap filter.

Python's `re` tries every branch of `\\b(?:emergency|chest pain|...)` at every position of the
text; a leading `(?=[ebc...])` rejects most positions with one character-class test, which makes
the phrase searches of the checks about a third faster. The filter must never reject a position
where the pattern matches, so the reading here is conservative: any construct it does not know
(categories such as `\\w`, negated classes, optional first items, inline flags) gives None and the
pattern is left as it is.
"""

from __future__ import annotations

import importlib
import re
from typing import Any, Final

_parser: Final[Any] = importlib.import_module("re._parser")
"""The stdlib's own regex parser (no public name, no type stubs), so the reading follows `re`."""

_MAX_RANGE: Final = 64
"""A class range wider than this ([\\x00-\\uffff]) is no filter worth having."""


def first_chars(pattern: str) -> frozenset[str] | None:
    """The characters any match of `pattern` starts with; None when unknown, when a match can be
    empty or when the pattern carries flags (IGNORECASE would widen every character)."""
    parsed = _parser.parse(pattern)
    if parsed.state.flags & ~re.UNICODE:
        return None
    return _first(parsed)


def _first(items: Any) -> frozenset[str] | None:
    for op, value in items:
        if op in (_parser.AT, _parser.ASSERT, _parser.ASSERT_NOT):
            continue  # zero width (\b, ^, lookarounds): the next item takes the first character
        if op is _parser.LITERAL:
            return frozenset(chr(value))
        if op is _parser.IN:
            return _class_chars(value)
        if op is _parser.SUBPATTERN:
            return _first(value[-1])
        if op is _parser.BRANCH:
            found: set[str] = set()
            for branch in value[1]:
                chars = _first(branch)
                if chars is None:
                    return None
                found |= chars
            return frozenset(found)
        if op in (_parser.MAX_REPEAT, _parser.MIN_REPEAT, _parser.POSSESSIVE_REPEAT):
            low, _, item = value
            return _first(item) if low >= 1 else None
        return None
    return None  # the sequence can end without consuming a character


def _class_chars(members: Any) -> frozenset[str] | None:
    found: set[str] = set()
    for op, value in members:
        if op is _parser.LITERAL:
            found.add(chr(value))
        elif op is _parser.RANGE and value[1] - value[0] <= _MAX_RANGE:
            found.update(chr(code) for code in range(value[0], value[1] + 1))
        else:
            return None  # NEGATE, CATEGORY (\d, \w), a huge range
    return frozenset(found)


def filtered(pattern: str) -> str:
    """`pattern` behind a lookahead on its first characters, or unchanged when they are unknown."""
    chars = first_chars(pattern)
    if not chars:
        return pattern
    return "(?=[" + "".join(re.escape(char) for char in sorted(chars)) + "])(?:" + pattern + ")"
