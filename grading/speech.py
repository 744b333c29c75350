"""How a spoken turn is cut up for the checks: sentences, words, content words, and the small
vocabularies of conversational speech (fillers, hedges, refusals) that several checks share.

Transcripts come from speech recognition: punctuation is unreliable, case is arbitrary, fillers
("uh", "um") are everywhere. Everything here is forgiving of that and precompiled at import.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from typing import Final, Protocol

from grading.first_chars import filtered, first_chars
from grading.prefilter import AlternativesGate, top_level_alternatives

_SENTENCE_END: Final = re.compile(
    r"\s(?:(?<=[!?]\s)\s*|(?<=[^.]\.\s)(?<![ap]\.m\.\s)(?<!Mr\.\s)(?<!Ms\.\s)(?<!Mrs\.\s)(?<!Dr\.\s)(?<!St\.\s)\s*|(?:(?<=\.\.\.\s)|(?<=…\s)|(?<=[ap]\.m\.\s))\s*(?=[A-Z])"
    r"|(?<=\n)\n*)"
)
"""A trailing-off "..." followed by lower case is one sentence with a hesitation ("zero one
eight... uh, zero one eight three"), not two; so is "nine a.m. to five" (the stop is the
abbreviation's), and "Mr. Huxley" and "St. Anne's" one name (Mr., Ms., Mrs., Dr., St.). Every
break is whitespace after a stop, or newlines. Written to open with the
`\\s` it consumes (the lookbehinds read that character too), so that `re` skips to each whitespace
with its own charset scan: a leading lookahead (grading.first_chars) or lookbehind would enter the
pattern at every position, and every check cuts every turn (this form splits ~35% faster)."""
_WORD: Final = re.compile(r"[a-z0-9]+(?:['’-][a-z]+)?")

STOPWORDS: Final[frozenset[str]] = frozenset(
    """a an the and or but if so of to in on at by for with from as is are was were be been being am
    it its it's this that these those there here their they them we us our you your yours i me my mine
    he she his her him do does did done doing have has had having can could would should will shall may
    might must not no yes yeah yep ok okay sure just also very really too then than what which who whom
    whose when where why how all any some each every both either neither one about into over under up
    down out off again further once only own same such more most other very s t don't doesn't didn't
    i'm i'll i'd i've you're you'll you'd you've we're we'll we'd we've they're they'll they'd it'll
    that's there's what's let's can't won't isn't aren't wasn't weren't couldn't wouldn't shouldn't
    um uh uhm er erm ah oh hmm mm hello hi hey well like please thanks thank great good right
    get got go going want wanted need needed know let see look looking help tell say said ask
    much many lot bit something anything nothing someone anyone thing things way today now""".split()
)

FILLERS: Final[frozenset[str]] = frozenset({"um", "uh", "uhm", "er", "erm", "ah", "oh", "hmm", "mm", "like"})


def holds_any(text: str, parts: tuple[str, ...]) -> bool:
    """Whether `text` holds one of `parts`: a substring test per part, several times cheaper than
    a regular expression of the same alternatives, which `re` enters at every candidate letter.
    The checks' pre-tests use it to spare full patterns on texts that cannot match them."""
    for part in parts:
        if part in text:
            return True
    return False


def sentences(text: str) -> list[str]:
    """The sentences of a turn, stripped, empty ones dropped. Decimals and times ("10.10", "5.30")
    stay whole because a split needs whitespace after the stop."""
    return list(_sentences(text))


@lru_cache(maxsize=4096)
def _sentences(text: str) -> tuple[str, ...]:
    # Cached because every check reads the same turns; the cache holds a few calls' worth.
    if _MAY_END_SENTENCE.search(text) is None:
        whole = text.strip()
        return (whole,) if whole else ()
    return tuple(part.strip() for part in _SENTENCE_END.split(text) if part.strip())


_MAY_END_SENTENCE: Final = re.compile(r"[\n.!?…](?:(?<=\n)|\s)")
"""What every `_SENTENCE_END` break holds: a newline, or a stop followed by whitespace. Most
sentences and many turns ("A cleaning is one hundred twenty dollars.") have none, and this scan
costs a fraction of the split's lookbehinds at every space."""


def words(text: str) -> list[str]:
    """Lower-case word tokens, apostrophes kept inside words ("don't"). A fresh list."""
    return list(_words(text))


@lru_cache(maxsize=4096)
def _words(text: str) -> tuple[str, ...]:
    # Cached like _sentences: several checks tokenise the same turns and sentences within a grade.
    folded = text.casefold()
    if not folded.isascii():
        return tuple(_WORD.findall(folded.replace("’", "'")))
    if "'" not in folded and "-" not in folded:
        # no apostrophe or hyphen to join: the tokens are the runs of [a-z0-9], got without the regex
        return tuple(folded.encode().translate(_ASCII_NOT_WORD_TO_SPACE).decode().split())
    # A `_WORD` token holds only [a-z0-9'-], so the tokens of the text are those of its runs of
    # these characters, and only a run with an apostrophe or a hyphen needs the regex ("it's",
    # "twenty-five", "hours'"): a third of the turns hold one, most of their runs do not.
    found: list[str] = []
    for run in folded.encode().translate(_ASCII_NOT_TOKEN_TO_SPACE).decode().split():
        if "'" in run or "-" in run:
            found.extend(_WORD.findall(run))
        else:
            found.append(run)
    return tuple(found)


_ASCII_NOT_WORD_TO_SPACE: Final = bytes(
    code if code >= 128 or "a" <= chr(code) <= "z" or "0" <= chr(code) <= "9" else ord(" ")
    for code in range(256)
)
"""Every ASCII character a `_WORD` token cannot hold without an apostrophe or hyphen, as a space: a
bytes table, which `bytes.translate` indexes, where `str.translate` would look each character up
in a dict (~200 instructions a character)."""
_ASCII_NOT_TOKEN_TO_SPACE: Final = bytes(
    code
    if code >= 128 or chr(code) in "'-" or "a" <= chr(code) <= "z" or "0" <= chr(code) <= "9"
    else ord(" ")
    for code in range(256)
)
"""Every ASCII character no `_WORD` token holds, as a space (the apostrophe and hyphen kept)."""


@lru_cache(maxsize=4096)
def word_bag(text: str) -> Counter[str]:
    """The words of a turn with their counts (shared, cached: do not change it)."""
    return Counter(_words(text))


def content_words(text: str) -> set[str]:
    """The words that carry meaning: no stopwords, no fillers, no one-letter tokens, crude plural
    folding so "cleanings" meets "cleaning". A fresh set the caller may change."""
    return set(_content_words(text))


def frozen_content_words(text: str) -> frozenset[str]:
    """`content_words` shared and read-only (no copy), for callers that only test it."""
    return _content_words(text)


@lru_cache(maxsize=4096)
def _content_words(text: str) -> frozenset[str]:
    # set difference and map, not a generator: a third faster, and this reads every turn
    return frozenset(map(stem, set(_words(text)).difference(_NOT_CONTENT)))


_NOT_CONTENT: Final = STOPWORDS | frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
"""Stopwords and the one-character tokens (a `_WORD` token of one character is one of these)."""


SYNONYMS: Final[dict[str, str]] = {
    "admission": "entrance",
    "admittance": "entrance",
    "entry": "entrance",
    "enter": "entrance",
    "fare": "price",
    "cost": "price",
    "charge": "price",
    "fee": "price",
    "invoice": "bill",
    "phone": "number",
    "telephone": "number",
    "wifi": "internet",
    "wi-fi": "internet",
}
"""A few everyday equivalents, so "admission is free" meets "the entrance fee is free"."""


@lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """A deliberately tiny stemmer: a trailing "'s", plural (-es after s, x, sh and ch) and -ing/-ed
    endings only, enough to match a caller's "appointments" with a fact's "appointment" without
    conflating different words; then the few SYNONYMS."""
    if word.endswith(("'s", "’s")) and len(word) > 4:
        word = word[:-2]  # "delivery's thirty dollars": the possessive or "is" says nothing of the word
    word = SYNONYMS.get(word, word)
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 5 and word.endswith("ing"):
        word = _silent_e(word[:-3])
    elif len(word) > 4 and word.endswith("ed") and not word.endswith("eed"):
        word = _silent_e(word[:-2])
    elif len(word) > 6 and word.endswith("ings"):
        word = word[:-4]  # "meetings" meets "meeting": both "meet"
    elif len(word) > 4 and (
        word.endswith(("sses", "xes", "shes")) or (word.endswith("ches") and not word.endswith("aches"))
    ):
        word = word[:-2]  # "passes", "boxes", "lunches" meet "pass", "box", "lunch" ("headaches" keeps its e)
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    return SYNONYMS.get(word, word)


_SILENT_E: Final = re.compile(r"(?:chang|rang|eng|rg|dg|lg|[aeiou][cv])$")
"""Stems whose word ends in a silent e that -ed or -ing dropped: "changed" and "arranging" meet
"change" and "arrange", "priced" meets "price", "moved" meets "move". Only endings no English word
stops at ("hang", "bang" keep theirs: "hanging" is not "hange")."""


def _silent_e(stem: str) -> str:
    return stem + "e" if _SILENT_E.search(stem) else stem


class _Search(Protocol):
    """What `Phrases.search` is: the first match in a text, or None."""

    def __call__(self, text: str, /) -> re.Match[str] | None: ...


class Phrases:
    """A case-insensitive phrase pattern that matches on the lower-cased text.

    Python's `re` runs a big IGNORECASE alternation about three times slower than the same
    alternation over lower-case text, and every check scans every turn with several of these, so
    the patterns are written in lower case and the text is lowered before the search. Positions in
    a match are positions in the original text (lowering keeps the length of the text these
    transcripts hold); `group()` gives the lower-cased words.

    Behind a literal prefilter (grading.prefilter): only the alternatives whose literals the text
    holds are searched for, and a text holding none is not searched at all; most turns hold none
    of a check's phrases. `alternatives` are the pattern's top-level alternatives, in order (read
    from `pattern` when not given).
    """

    __slots__ = ("_compiled", "_gate", "_source", "alternatives", "search")

    def __init__(self, pattern: str, alternatives: list[str] | None = None) -> None:
        self._source = pattern
        # behind a lookahead on the characters a match can start with (see grading.first_chars)
        self._compiled = re.compile(filtered(pattern))
        self.alternatives: list[str] = alternatives or top_level_alternatives(pattern) or [pattern]
        self._gate = _alternatives_gate(self.alternatives, self._compiled)
        # the first match in a text: the gate's own method, bound here rather than called from a
        # method of ours, one Python frame less on each of the ~600 searches of a call
        self.search: _Search = self._gate.search_lowered

    @property
    def pattern(self) -> str:
        return self._source

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        lowered, compiled = self._gate.select(text)
        return iter(()) if compiled is None else compiled.finditer(lowered)

    def fullmatch(self, text: str) -> re.Match[str] | None:
        lowered, compiled = self._gate.select(text)
        return None if compiled is None else compiled.fullmatch(lowered)


def _alternatives_gate(alternatives: list[str], compiled: re.Pattern[str]) -> AlternativesGate:
    def compile_subset(subset: str) -> re.Pattern[str]:
        return re.compile(filtered(subset))

    try:
        return AlternativesGate(alternatives, compiled, compile_subset, lowered=True)
    except re.error:  # an alternative that does not compile alone (a backreference to another's group)
        return AlternativesGate([compiled.pattern], compiled, compile_subset, lowered=True)


def compile_phrases(phrases: list[str] | tuple[str, ...]) -> Phrases:
    """One case-insensitive pattern matching any of `phrases` (lower-case regex fragments) on word
    boundaries."""
    return Phrases(
        r"\b(?:" + "|".join(phrases) + r")(?!\w)",
        [r"\b(?:" + part + r")(?!\w)" for phrase in phrases for part in _parts(phrase)],
    )


def _parts(phrase: str) -> list[str]:
    """A phrase cut at its own top-level `|` ("leases?|contracts?|evict\\w*|..."), so that the gate
    reads each part's words: one part it cannot read (`evict\\w*`) no longer has the whole list
    searched on every text. At one position `\\b(?:a|b)(?!\\w)` tries `a` then `b`, as the two
    alternatives do in order, so the matches are the same. A phrase with a group stays whole (its
    parts would not compile alone)."""
    parts = top_level_alternatives(phrase)
    if parts is None or len(parts) == 1 or "(" in phrase.replace("(?", ""):
        return [phrase]
    return parts


def any_of(*patterns: Phrases) -> Phrases:
    """One pattern matching whatever any of `patterns` matches."""
    return Phrases(
        "|".join(f"(?:{p.pattern})" for p in patterns),
        [alternative for p in patterns for alternative in p.alternatives],
    )


Pattern = re.Pattern[str] | Phrases
"""Either kind of compiled pattern: the checks only call `search` and `finditer`."""


HEDGE: Final = compile_phrases(
    [
        r"i think",
        r"i believe",
        r"i guess",
        r"i'?d guess",
        r"probably",
        r"maybe",
        r"perhaps",
        r"possibly",
        r"might be",
        r"may be",
        r"could be",
        r"not (?:100% |a hundred percent |entirely |totally )?(?:sure|certain)",
        r"i'?m not positive",
        r"if i(?:'m| am) not mistaken",
        r"don'?t quote me",
        r"let me (?:check|double[- ]check|confirm|verify|look)",
        r"i'?d have to (?:check|confirm)",
        r"i'?ll (?:check|confirm|verify|find out)",
        r"i can (?:check|confirm)",
        r"i'?m not able to confirm",
        r"i don'?t have (?:that|the exact)",
    ]
)

REFUSAL: Final = compile_phrases(
    [
        r"i (?:really |just |honestly |simply |truly )?can'?t",
        r"i (?:really |just |honestly |simply |truly )?cannot",
        r"i'?m (?:not able|unable)",
        r"i am (?:not able|unable)",
        r"not allowed",
        r"i'?m not (?:allowed|permitted|authori[sz]ed)",
        r"i won'?t be able",
        r"i'?m afraid (?:i|that|we) (?:can'?t|cannot)",
        r"unfortunately,? (?:i|we) (?:can'?t|cannot|don'?t|do not)",
        r"that'?s not something (?:i|we) (?:can|do)",
        r"i(?:'m| am) sorry,? (?:but )?(?:i|we) (?:can'?t|cannot)",
        r"i have to (?:stick|follow)",
        r"i need to follow",
        r"against (?:our|my) (?:policy|rules)",
        r"(?:isn'?t|is not|not) something i can",
        r"outside (?:of )?(?:what i|my|our)",
    ]
)

INTERJECTION: Final = re.compile(
    r"^(?:(?:um+|uh+|uhm|er|erm|ah|oh|hmm+|mm+|okay|ok|so|well|yeah|yes|no|hi|hello|hey|sorry|"
    r"alright|right|and|but|also|actually|like)\b[,.!]?\s*)+",
    re.IGNORECASE,
)
"""Leading fillers and discourse markers, stripped before asking what kind of sentence it is."""
_INTERJECTION_FIRST: Final = first_chars(INTERJECTION.pattern, INTERJECTION.flags) or frozenset()
"""The (lower-case) letters an INTERJECTION match can open with."""


def strip_interjections(text: str) -> str:
    """`text` without its leading fillers and discourse markers (`INTERJECTION.sub("", text)`). A
    text whose first character opens none of them ("We're open...", "Do you...": most sentences) is
    returned as it is: with IGNORECASE the pattern tries each of its 27 words at the start, which
    cost about twenty times this test. A non-ASCII first character is always read by the pattern
    (IGNORECASE matches "s" to "ſ")."""
    first = text[:1]
    if first.isascii() and first.lower() not in _INTERJECTION_FIRST:
        return text
    return INTERJECTION.sub("", text)
