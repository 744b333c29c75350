"""The gates: a pattern cut at its top-level alternatives, which of them a text may match, and the
compiled pattern behind its gate (`compile_gated`)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any, Final

from grading.first_chars import filtered
from grading.prefilter.reading import literal_words, parser
from grading.prefilter.records import gate_bit, record_of, records


def top_level_alternatives(pattern: str) -> list[str] | None:
    """`pattern` cut at its top-level `|` (outside groups and classes), or None when it sets flags
    inline (they would not survive the cut) or does not parse. `"|".join` of the parts gives it
    back."""
    try:
        if parser.parse(pattern).state.flags & ~re.UNICODE:
            return None
    except re.error:
        return None
    parts: list[str] = []
    depth, begun, index, in_class = 0, 0, 0, False
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            if char == "]":
                in_class = False
        elif char == "[":
            in_class = True
            index += 1
            if pattern[index : index + 1] == "^":
                index += 1
            if pattern[index : index + 1] == "]":
                index += 1  # a "]" first in a class is a member
            continue
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append(pattern[begun:index])
            begun = index + 1
        index += 1
    parts.append(pattern[begun:])
    return parts


class AlternativesGate:
    """Which of a pattern's top-level alternatives a text may match, from their words, and the
    pattern to search it with: only those alternatives (the others cannot match anywhere in the
    text, so dropping them changes no match: the engine would try them at each position and fail;
    one with capturing groups stays as a failing `(?!)` branch so group numbers stay), or None.

    `full` is the compiled pattern, whose top-level alternatives are `alternatives` in order;
    `compile_subset` compiles a pattern made of some of them (each in `(?:...)`, joined by `|`).
    `lowered`: the pattern is searched on lower-cased text.
    """

    __slots__ = (
        "_ascii_only",
        "_bit",
        "_by_word",
        "_compile",
        "_full",
        "_groups",
        "_no_word",
        "_parts",
        "_subsets",
        "_ungated",
        "_words",
    )

    def __init__(
        self,
        alternatives: list[str],
        full: re.Pattern[str],
        compile_subset: Callable[[str], re.Pattern[str]],
        *,
        lowered: bool,
    ) -> None:
        flags = full.flags & ~re.UNICODE
        needs = [literal_words(part, flags, lowered=lowered) for part in alternatives]
        self._parts = alternatives
        self._groups = [re.compile(part, full.flags).groups for part in alternatives]
        self._full = full
        self._compile = compile_subset
        self._ascii_only = not lowered or bool(flags & re.IGNORECASE)
        self._ungated = sum(1 << index for index, need in enumerate(needs) if need is None)
        self._subsets: dict[int, re.Pattern[str] | None] = {(1 << len(alternatives)) - 1: full}
        self._subsets.setdefault(self._ungated, self._subset(self._ungated) if self._ungated else None)
        self._no_word = self._subsets[self._ungated]  # for a text holding none of the words
        by_word: dict[str, int] = {}
        for index, need in enumerate(needs):
            for word in need or ():
                by_word[word] = by_word.get(word, 0) | 1 << index
        self._by_word = by_word
        self._words = frozenset(by_word)
        self._bit = gate_bit(self._words, ascii_only=self._ascii_only)

    def select(self, text: str) -> tuple[str, re.Pattern[str] | None]:
        """`text` lower-cased, and the pattern to search it with (None: it cannot match)."""
        record = records.get(text) or record_of(text)  # the lookup inline: this runs ~500 times a call
        if not record.gates & self._bit:
            return record.lowered, self._no_word  # most texts: none of the words, no set built
        if self._ascii_only and not record.lowered.isascii():
            return record.lowered, self._full
        return record.lowered, self._some_words(record.words)

    def search_lowered(self, text: str) -> re.Match[str] | None:
        """`select`, then the search on the lowered text, in one call: what speech.Phrases.search
        does ~600 times a call (a call and a tuple less each)."""
        record = records.get(text) or record_of(text)
        if not record.gates & self._bit:
            found = self._no_word
        elif self._ascii_only and not record.lowered.isascii():
            found = self._full
        else:
            found = self._some_words(record.words)
        return None if found is None else found.search(record.lowered)

    def _some_words(self, words: frozenset[str]) -> re.Pattern[str] | None:
        mask = self._ungated
        for word in self._words.intersection(words):
            mask |= self._by_word[word]
        try:
            return self._subsets[mask]
        except KeyError:  # a subset first seen: compiled once (past _SUBSETS_KEPT, the full pattern)
            found = self._full if len(self._subsets) > _SUBSETS_KEPT else self._subset(mask)
            self._subsets[mask] = found
            return found

    def _subset(self, mask: int) -> re.Pattern[str]:
        kept = [
            f"(?:{part})" if mask >> index & 1 else f"(?!)(?:{part})"
            for index, part in enumerate(self._parts)
            if mask >> index & 1 or self._groups[index]
        ]
        return self._compile("|".join(kept))


_SUBSETS_KEPT: Final = 64
"""Patterns of some alternatives compiled per gate; past that, other subsets get the full one."""


class GatedPattern:
    """A compiled pattern behind its literal prefilter and the first-character filter, with the
    methods of `re.Pattern` the checks use; every answer is the plain pattern's (a text the gate
    rejects gets what the pattern gives a text it does not match: None, [], the text itself).
    For the patterns many turns and sentences are searched with; one asked once about a text
    nobody else reads costs more gated (the text's words are read first) than plain."""

    __slots__ = ("_gate", "flags", "groupindex", "groups", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        full = re.compile(filtered(pattern, flags), flags)
        self.pattern = pattern
        self.flags = full.flags
        self.groups = full.groups
        self.groupindex = full.groupindex

        def compile_subset(subset: str) -> re.Pattern[str]:
            return re.compile(filtered(subset, flags), flags)

        parts = top_level_alternatives(pattern) or [pattern]
        try:
            self._gate = AlternativesGate(parts, full, compile_subset, lowered=False)
        except re.error:  # an alternative that does not compile alone
            self._gate = AlternativesGate([pattern], full, compile_subset, lowered=False)

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        compiled = self._gate.select(string)[1]
        return None if compiled is None else compiled.search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        compiled = self._gate.select(string)[1]
        return None if compiled is None else compiled.match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        compiled = self._gate.select(string)[1]
        return None if compiled is None else compiled.fullmatch(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        compiled = self._gate.select(string)[1]
        return iter(()) if compiled is None else compiled.finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        compiled = self._gate.select(string)[1]
        return [] if compiled is None else compiled.findall(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        compiled = self._gate.select(string)[1]
        return string if compiled is None else compiled.sub(repl, string, count)

    def subn(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> tuple[str, int]:
        compiled = self._gate.select(string)[1]
        return (string, 0) if compiled is None else compiled.subn(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        compiled = self._gate.select(string)[1]
        return [string] if compiled is None else compiled.split(string, maxsplit)


def compile_gated(pattern: str, flags: int = 0) -> GatedPattern:
    """`re.compile(pattern, flags)` behind the literal prefilter and the first-character filter."""
    return GatedPattern(pattern, flags)
