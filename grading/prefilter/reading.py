"""The reading of a pattern's syntax tree (the stdlib's own parser): the words at least one of which
every match must hold whole, or no constraint."""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable
from typing import Any, Final, Literal, NamedTuple

from grading.prefilter.commonness import commonness
from grading.prefilter.records import WORD_CHAR

parser: Final[Any] = importlib.import_module("re._parser")
"""The stdlib's own regex parser (no public name, no type stubs), so the reading follows `re`."""

Mode = Literal["lowered", "cased", "nocase"]

_DELIMITER: Final = "\x00"
"""Stands, in the strings a piece of pattern can match, for anything that ends a word there: a
non-word character, `\\b`, `(?!\\w)`, `^`, `$` (only the words between two of them count)."""
_EXACT_LIMIT: Final = 256
"""Most strings an exact set may hold before its words are read as choices instead. (Raised from 64:
longer runs keep the delimiters that make their words whole, so gates choose rarer words; 1.4%
fewer instructions a grade, the tables built at import.)"""
_CLASS_LIMIT: Final = 8
"""A character class of more word characters than this is "no constraint"."""


class _Info(NamedTuple):
    """What a piece of a pattern says about its matches: `exact`, every string it can match (when
    there are few, with _DELIMITER for word ends); otherwise `need`, words one of which every
    match holds (None: nothing is known)."""

    exact: frozenset[str] | None
    need: frozenset[str] | None


_ANYTHING: Final = _Info(None, None)
_ENDS_WORD: Final = _Info(frozenset({_DELIMITER}), None)


def literal_words(pattern: str, flags: int = 0, *, lowered: bool = False) -> frozenset[str] | None:
    """The words at least one of which any match of `pattern` (compiled with `flags`) holds whole,
    lower-cased; None when nothing is known. `lowered`: the pattern is searched on lower-cased
    text, so its literals are taken as written."""
    tree = parser.parse(pattern, flags)
    all_flags = flags | tree.state.flags
    if all_flags & re.LOCALE:
        return None
    mode: Mode = "nocase" if all_flags & re.IGNORECASE else "lowered" if lowered else "cased"
    return _need(_sequence(list(tree), mode))


def _need(info: _Info) -> frozenset[str] | None:
    if info.exact is None:
        return info.need
    chosen: set[str] = set()
    for string in info.exact:
        whole = [word for word in string.split(_DELIMITER)[1:-1] if word]
        if not whole:
            return None
        chosen.add(min(whole, key=commonness))
    return frozenset(chosen)


def _sequence(items: Iterable[tuple[Any, Any]], mode: Mode) -> _Info:
    run: frozenset[str] = frozenset({""})  # the strings the current run of exact items can match
    needs: list[frozenset[str] | None] = []
    broken = False
    for op, value in items:
        if op is parser.ASSERT:
            # zero width: the run goes on across it; what it looks for must be in the text
            needs.append(_need(_sequence(value[1], mode)))
            if not _ends_word(value[1], negated=False):
                continue
            info = _ENDS_WORD
        elif op is parser.ASSERT_NOT:
            if not _ends_word(value[1], negated=True):
                continue
            info = _ENDS_WORD
        elif op is parser.AT:
            if value is parser.AT_NON_BOUNDARY:
                continue
            info = _ENDS_WORD  # \b, ^, $, \A, \Z
        else:
            info = _item(op, value, mode)
        if info.exact is not None:
            joined = frozenset(a + b for a in run for b in info.exact)
            if len(joined) <= _EXACT_LIMIT:
                run = joined
                continue
            needs.append(_need(_Info(run, None)))
            run, broken = info.exact, True
            continue
        needs.append(_need(_Info(run, None)))
        needs.append(info.need)
        run, broken = frozenset({""}), True
    if not broken:
        return _Info(run, None)
    needs.append(_need(_Info(run, None)))
    known = [need for need in needs if need is not None]
    return _Info(None, min(known, key=_weakness) if known else None)


def _ends_word(items: Any, *, negated: bool) -> bool:
    """A lookaround that says the neighbouring character is no word character: (?!\\w), (?<!\\w),
    or (?=[ ,.]) and the like."""
    if len(items) != 1 or items[0][0] is not parser.IN:
        return False
    members = items[0][1]
    if negated:
        return members == [(parser.CATEGORY, parser.CATEGORY_WORD)]
    return _class(members, "lowered") == frozenset({_DELIMITER})


def _weakness(need: frozenset[str]) -> tuple[int, int, list[str]]:
    """How many texts a choice lets through, roughly: fewer, rarer words are better."""
    return sum(commonness(word)[0] for word in need), len(need), sorted(need)


def _item(op: Any, value: Any, mode: Mode) -> _Info:
    if op is parser.LITERAL:
        char = _usable(chr(value), mode)
        return _ANYTHING if char is None else _Info(frozenset({char}), None)
    if op is parser.IN:
        chars = _class(value, mode)
        return _ANYTHING if chars is None else _Info(chars, None)
    if op is parser.SUBPATTERN:
        _, add_flags, del_flags, sub = value
        if add_flags or del_flags:
            return _ANYTHING  # (?i:...) and the like: read under other rules; not worth it
        return _sequence(sub, mode)
    if op is parser.ATOMIC_GROUP:
        return _sequence(value, mode)
    if op is parser.BRANCH:
        return _branch([_sequence(branch, mode) for branch in value[1]])
    if op in (parser.MAX_REPEAT, parser.MIN_REPEAT, parser.POSSESSIVE_REPEAT):
        low, high, sub = value
        return _repeat(low, high, sub, mode)
    return _ANYTHING  # ANY, NOT_LITERAL, GROUPREF, GROUPREF_EXISTS, FAILURE, ...


def _repeat(low: int, high: int, sub: Any, mode: Mode) -> _Info:
    info = _sequence(sub, mode)
    if info.exact is not None and all(not string.strip(_DELIMITER) for string in info.exact):
        # only word ends ("\s+", "[ ,-]*"): one or many end a word the same way
        can_be_empty = low == 0 or "" in info.exact
        return _Info(frozenset({_DELIMITER, ""} if can_be_empty else {_DELIMITER}), None)
    if low == 0:
        if high == 1 and info.exact is not None and len(info.exact) < _EXACT_LIMIT:
            return _Info(info.exact | {""}, None)
        return _ANYTHING
    if low == high == 1:
        return info
    return _Info(None, _need(info))  # at least one copy, so what one copy needs


def _branch(branches: list[_Info]) -> _Info:
    if all(branch.exact is not None for branch in branches):
        union = frozenset(string for branch in branches for string in branch.exact or ())
        if len(union) <= _EXACT_LIMIT:
            return _Info(union, None)
    chosen: set[str] = set()
    for branch in branches:
        need = _need(branch)
        if need is None:
            return _ANYTHING
        chosen |= need
    return _Info(None, frozenset(chosen))


def _usable(char: str, mode: Mode) -> str | None:
    """What a literal character is in the lower-cased text: _DELIMITER for a non-word character,
    the word character itself, or None when the gate cannot know."""
    if WORD_CHAR.match(char) is None:
        return _DELIMITER
    if mode == "lowered":
        return char
    if mode == "cased":
        return char if char.lower() == char else None
    return char.lower() if char.isascii() else None


def _class(members: Any, mode: Mode) -> frozenset[str] | None:
    found: set[str] = set()
    for op, value in members:
        if op is parser.LITERAL:
            chars = [chr(value)]
        elif op is parser.RANGE and value[1] - value[0] < _CLASS_LIMIT:
            chars = [chr(code) for code in range(value[0], value[1] + 1)]
        elif op is parser.CATEGORY and value in (parser.CATEGORY_SPACE, parser.CATEGORY_NOT_WORD):
            found.add(_DELIMITER)
            continue
        else:
            return None  # NEGATE, \w, \d, a wide range
        for char in chars:
            usable = _usable(char, mode)
            if usable is None:
                return None
            found.add(usable)
    return frozenset(found) if len(found) <= _CLASS_LIMIT else None
