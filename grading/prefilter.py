"""Literal prefilters for the checks' regular expressions: from a pattern's syntax tree, the words
at least one of which every match must contain, so that a text holding none of them is never
searched, and a text holding some is searched only for the alternatives those words can start.

This is the idea of RE2's prefilter and of Russ Cox's trigram index, with whole words for
trigrams (a set of a text's words is cheaper to build in Python than a set of its trigrams, and
far more selective). Python's `re` tries a phrase alternation at every position of a text, and
most of the ~1,200 searches a 40-turn call gets find nothing. Here a text's words are read once
(`_record`, shared by every pattern within a grade); a gate intersects them with its own words,
which says which of its alternatives the text may match.

The reading is conservative by construction, so a gate never rejects a text its pattern matches.
A word counts only where every match must hold it whole: a run of literal word characters with a
non-word character, `\\b`, `(?!\\w)`, `(?<!\\w)`, `^` or `$` on both sides, in a sequence's
literals, each branch's, a repeat's with a minimum of one, or a positive lookaround's (it must
find it in the text). A text's words are its maximal runs of `\\w`, the characters `\\b` is
defined by, so such a word is one of them. Anything else (wide classes, `.`, backreferences,
scoped flags, constructs not known) is "no constraint", and an alternative with no word is always
searched. Words are read on the lower-cased text:

- a pattern searched on lower-cased text (speech.Phrases) is read with its literals as written;
- any other pattern only on ASCII text (other text gets the full pattern), case-sensitive ones
  with lower-case literals only (an upper-case letter is "no constraint"), IGNORECASE ones with
  ASCII literals lower-cased.

tests/grading/test_prefilter.py checks the reading against the plain regex with hypothesis.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final, Literal, NamedTuple

from grading.first_chars import filtered

_parser: Final[Any] = importlib.import_module("re._parser")
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
_WORD_CHAR: Final = re.compile(r"\w")
_TEXT_WORDS: Final = re.compile(r"\w+")
_ASCII_NON_WORD_TO_SPACE: Final = str.maketrans(
    {char: " " for char in map(chr, range(128)) if _WORD_CHAR.match(char) is None}
)
r"""On ASCII text, `text.translate(this).split()` are the `\w+` runs, and faster to get."""


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
    tree = _parser.parse(pattern, flags)
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
        chosen.add(min(whole, key=_commonness))
    return frozenset(chosen)


def _commonness(word: str) -> tuple[int, int, str]:
    """Lower is rarer: how common the word is in phone-call turns (0 when not among the most
    common), then longer first, then the word, so the choice is deterministic."""
    return _COMMONNESS.get(word, 0), -len(word), word


def _sequence(items: Iterable[tuple[Any, Any]], mode: Mode) -> _Info:
    run: frozenset[str] = frozenset({""})  # the strings the current run of exact items can match
    needs: list[frozenset[str] | None] = []
    broken = False
    for op, value in items:
        if op is _parser.ASSERT:
            # zero width: the run goes on across it; what it looks for must be in the text
            needs.append(_need(_sequence(value[1], mode)))
            if not _ends_word(value[1], negated=False):
                continue
            info = _ENDS_WORD
        elif op is _parser.ASSERT_NOT:
            if not _ends_word(value[1], negated=True):
                continue
            info = _ENDS_WORD
        elif op is _parser.AT:
            if value is _parser.AT_NON_BOUNDARY:
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
    if len(items) != 1 or items[0][0] is not _parser.IN:
        return False
    members = items[0][1]
    if negated:
        return members == [(_parser.CATEGORY, _parser.CATEGORY_WORD)]
    return _class(members, "lowered") == frozenset({_DELIMITER})


def _weakness(need: frozenset[str]) -> tuple[int, int, list[str]]:
    """How many texts a choice lets through, roughly: fewer, rarer words are better."""
    return sum(_commonness(word)[0] for word in need), len(need), sorted(need)


def _item(op: Any, value: Any, mode: Mode) -> _Info:
    if op is _parser.LITERAL:
        char = _usable(chr(value), mode)
        return _ANYTHING if char is None else _Info(frozenset({char}), None)
    if op is _parser.IN:
        chars = _class(value, mode)
        return _ANYTHING if chars is None else _Info(chars, None)
    if op is _parser.SUBPATTERN:
        _, add_flags, del_flags, sub = value
        if add_flags or del_flags:
            return _ANYTHING  # (?i:...) and the like: read under other rules; not worth it
        return _sequence(sub, mode)
    if op is _parser.ATOMIC_GROUP:
        return _sequence(value, mode)
    if op is _parser.BRANCH:
        return _branch([_sequence(branch, mode) for branch in value[1]])
    if op in (_parser.MAX_REPEAT, _parser.MIN_REPEAT, _parser.POSSESSIVE_REPEAT):
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
    if _WORD_CHAR.match(char) is None:
        return _DELIMITER
    if mode == "lowered":
        return char
    if mode == "cased":
        return char if char.lower() == char else None
    return char.lower() if char.isascii() else None


def _class(members: Any, mode: Mode) -> frozenset[str] | None:
    found: set[str] = set()
    for op, value in members:
        if op is _parser.LITERAL:
            chars = [chr(value)]
        elif op is _parser.RANGE and value[1] - value[0] < _CLASS_LIMIT:
            chars = [chr(code) for code in range(value[0], value[1] + 1)]
        elif op is _parser.CATEGORY and value in (_parser.CATEGORY_SPACE, _parser.CATEGORY_NOT_WORD):
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


# --- each text's words, read once for every gate ---------------------------------------------


class _Record(NamedTuple):
    """One text as the gates read it: lower-cased, and its words (maximal runs of `\\w`)."""

    lowered: str
    words: frozenset[str]


_records: dict[str, _Record] = {}
_RECORDS_KEPT: Final = 4096
"""Texts kept read: a few calls' worth of turns and sentences, so that every pattern asking about a
text within one grade shares one reading. It helps only within a grade (every check reads the same
turns and sentences), never across calls, whose texts differ."""


def _record(text: str) -> _Record:
    found = _records.get(text)  # one read: another thread may clear the dict in between
    if found is not None:
        return found
    if len(_records) >= _RECORDS_KEPT:
        _records.clear()
    lowered = text.lower()
    if lowered.isascii():
        words = frozenset(lowered.translate(_ASCII_NON_WORD_TO_SPACE).split())
    else:
        words = frozenset(_TEXT_WORDS.findall(lowered))
    found = _records[text] = _Record(lowered, words)
    return found


def lowered(text: str) -> str:
    """`text.lower()`, shared with the gates' reading of the text."""
    return _record(text).lowered


def top_level_alternatives(pattern: str) -> list[str] | None:
    """`pattern` cut at its top-level `|` (outside groups and classes), or None when it sets flags
    inline (they would not survive the cut) or does not parse. `"|".join` of the parts gives it
    back."""
    try:
        if _parser.parse(pattern).state.flags & ~re.UNICODE:
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

    def select(self, text: str) -> tuple[str, re.Pattern[str] | None]:
        """`text` lower-cased, and the pattern to search it with (None: it cannot match)."""
        record = _records.get(text) or _record(text)  # the lookup inline: this runs ~500 times a call
        if self._ascii_only and not record.lowered.isascii():
            return record.lowered, self._full
        if self._words.isdisjoint(record.words):
            return record.lowered, self._no_word  # most texts: no set built
        return record.lowered, self._some_words(record.words)

    def search_lowered(self, text: str) -> re.Match[str] | None:
        """`select`, then the search on the lowered text, in one call: what speech.Phrases.search
        does ~500 times a call (a call and a tuple less each)."""
        record = _records.get(text) or _record(text)
        if self._ascii_only and not record.lowered.isascii():
            return self._full.search(record.lowered)
        if self._words.isdisjoint(record.words):
            found = self._no_word
        else:
            found = self._some_words(record.words)
        return None if found is None else found.search(record.lowered)

    def _some_words(self, words: frozenset[str]) -> re.Pattern[str] | None:
        mask = self._ungated
        for word in self._words.intersection(words):
            mask |= self._by_word[word]
        found = self._subsets.get(mask, _UNSET)
        if found is _UNSET:
            found = self._full if len(self._subsets) > _SUBSETS_KEPT else self._subset(mask)
            self._subsets[mask] = found
        return found  # pyright: ignore[reportReturnType]  (only patterns and None)

    def _subset(self, mask: int) -> re.Pattern[str]:
        kept = [
            f"(?:{part})" if mask >> index & 1 else f"(?!)(?:{part})"
            for index, part in enumerate(self._parts)
            if mask >> index & 1 or self._groups[index]
        ]
        return self._compile("|".join(kept))


_UNSET: Final = object()
_SUBSETS_KEPT: Final = 64
"""Patterns of some alternatives compiled per gate; past that, other subsets get the full one."""

_COMMON_WORDS: Final = (
    "i the you a and s is to it for can okay that at one we hi m on in five my do two re this so "
    "nine what thanks have like oh with how ll t your four twenty three eight or there ten "
    "thirty no just of are me help if speaking about call saturday up now six hundred fifty "
    "sorry forty need get got seven be sure good um yes friday don an our great yeah open see "
    "book back thursday much right come bye uh d ninety booked out dollars not from let she by "
    "zero he ve then want but monday thank take tuesday name all time anything morning first her "
    "number would eighty free fine before day today month hey car hours please fifteen off "
    "sunday twelve tomorrow guys sixty november check here eleven welcome someone through know "
    "seventy they week when fee perfect p put wednesday next talk sam care thing does will cool "
    "think dana percent any him over days calling deposit us manager tell done office night new "
    "go really else theo set full could said give should look address room sounds minutes half "
    "under after work card person last has dollar his nora jess as line hour till priya visit "
    "little months only nice wait hold afternoon pay charge usually bring say street something "
    "down move make third promise yep okafor those too them maple people year kids lesson "
    "service same front per every problem still dog never noon insurance hmm start honestly "
    "though works road since between eighteen pickup grove plus tonight way ugh actually ridge "
    "date rental fiber fifth parking late order moving maya unit comes soon home ha notice stay "
    "fourteen run return weeks lindqvist house price best dental closed course question "
    "instructions around eighth some w lessons december june phone miles o cost until send rapid "
    "gonna gets cancel storage file comfort barn fourth within self kind wanna again had maybe "
    "rooter c more son own minute harbor past guess system well bright smile sundays ninth been "
    "appointment tom worry heating text god once trattoria lucia vet pounds tax confirmation mia "
    "long consultation wants package larkspur cake oakhaven standard plan who tenth leo happy "
    "use family driving haulwell twelfth cut marisol kestrel bucks clock forget huh dr weekdays "
    "lot tune technician going old music urgent getting kinetic pest sunway acorns brassbolt "
    "auto nineteen says thousand exam "
).split()
"""The 400 words found in the most turns of the development sets' transcripts (lower-cased), most
common first: a gate on "you" lets most texts through, so each alternative is represented by its
least common word. Only speed depends on this table."""
_COMMONNESS: Final = {word: len(_COMMON_WORDS) - rank for rank, word in enumerate(_COMMON_WORDS)}


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
