"""The literal prefilter must never change what a pattern finds: a gated search gives the plain
pattern's match (span and groups) on every text, for every phrase pattern of the checks and for
random patterns over a small alphabet, case-sensitive and IGNORECASE."""

from __future__ import annotations

import gc
import re

from hypothesis import given, settings
from hypothesis import strategies as st

import grading.engine  # noqa: F401  (imports every check, so every phrase pattern exists)
from grading.prefilter import AlternativesGate, GatedPattern, literal_words, records, top_level_alternatives
from grading.speech import Phrases

PHRASES = [found for found in gc.get_objects() if isinstance(found, Phrases)]
GATED = [found for found in gc.get_objects() if isinstance(found, GatedPattern)]
PATTERN_WORDS = sorted(
    {
        word
        for phrases in PHRASES
        for alternative in phrases.alternatives
        for word in literal_words(alternative, lowered=True) or ()
    }
)
PIECES = st.one_of(
    st.sampled_from(PATTERN_WORDS),
    st.sampled_from(
        ["'s", "'", ",", ".", "?", "-", "Don't", "EMERGENCY", "x9", "ſ", "٣", "\t", "’", "i", "a"]
    ),
)


def _same(plain: re.Match[str] | None, fast: re.Match[str] | None) -> bool:
    if plain is None or fast is None:
        return plain is fast
    return plain.span() == fast.span() and plain.groups() == fast.groups()


def test_known_shapes() -> None:
    assert literal_words(r"\bi (?:can )?guarantee(?!\w)", lowered=True) == frozenset({"guarantee"})
    assert literal_words(r"\b(?:it'?s|that'?s) tax[- ]deductible\b", lowered=True) == frozenset(
        {"deductible"}
    )
    assert literal_words(r"arriv\w*", lowered=True) is None  # no whole word
    assert literal_words(r"\bno\b|\w+ing\b", lowered=True) is None  # one alternative knows nothing
    assert literal_words(r"(?=.*\bcall\b)\d+") == frozenset({"call"})  # a lookahead's word is in the text
    assert literal_words(r"\bCall\b") is None  # case-sensitive upper case: unknown on lowered text
    assert literal_words(r"\bCall\b", re.IGNORECASE) == frozenset({"call"})


def test_most_phrase_alternatives_get_a_word() -> None:
    alternatives = [alternative for phrases in PHRASES for alternative in phrases.alternatives]
    assert len(alternatives) > 500
    known = sum(literal_words(alternative, lowered=True) is not None for alternative in alternatives)
    assert known > len(alternatives) * 3 // 4


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, max_size=14), st.sampled_from([" ", "", ", ", " - "]))
def test_phrases_find_what_the_plain_pattern_finds(parts: list[str], glue: str) -> None:
    text = glue.join(parts)
    for phrases in PHRASES:
        plain = re.compile(phrases.pattern)
        assert _same(plain.search(text.lower()), phrases.search(text)), phrases.pattern
        assert [m.span() for m in plain.finditer(text.lower())] == [m.span() for m in phrases.finditer(text)]


@settings(max_examples=200, deadline=None)
@given(st.lists(PIECES, max_size=14))
def test_gated_patterns_find_what_the_plain_pattern_finds(parts: list[str]) -> None:
    text = " ".join(parts)
    for gated in GATED:
        plain = re.compile(gated.pattern, gated.flags)
        assert _same(plain.search(text), gated.search(text)), gated.pattern
        assert plain.sub("#", text) == gated.sub("#", text)
        assert plain.split(text) == gated.split(text)


_ATOMS = st.sampled_from(
    [
        "ab", "cd", "a", "b", "é", "Ab", " ", "'", "-", "1",
        r"\b", r"(?!\w)", r"(?<!\w)", r"\s+", r"\s", r"[ab]", r"[- ]", r"[aA]", ".", r"\w+", r"\d", r"\W",
        "^", "$", r"(?=\s)", r"[^a]",
        r"\bab\b", r" cd ", r"\bAb(?!\w)", r"(?<!\w)cd\b", r"\bé\b", r"\b(?:ab|cd)\b", r"\ba'b\b", r" ab\s",
    ]
)  # fmt: skip


_WORDY = st.sampled_from(
    ["ab", "cd", "Ab", "é", "x", " ", "'", r"\b", r"(?!\w)", r"\s+", r"[- ]", "'?", r"\w", "."]
)


def _regexes(atoms: st.SearchStrategy[str] = _ATOMS) -> st.SearchStrategy[str]:
    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.lists(inner, min_size=2, max_size=4).map("".join),
            st.lists(inner, min_size=2, max_size=3).map(lambda parts: "(?:" + "|".join(parts) + ")"),
            st.lists(inner, min_size=2, max_size=3).map("|".join),
            inner.map(lambda part: f"(?:{part})?"),
            inner.map(lambda part: f"(?:{part})+"),
            inner.map(lambda part: f"(?:{part}){{0,2}}"),
            inner.map(lambda part: f"(?:{part}){{2}}"),
            inner.map(lambda part: f"(?={part})"),
            inner.map(lambda part: f"(?!{part})"),
            inner.map(lambda part: f"({part})"),
        )

    return st.recursive(atoms, extend, max_leaves=8)


_WORD = st.sampled_from(["ab", "cd", "Ab", "é", "a'b", "x", "ab'?s"])
_ELEMENT = st.one_of(
    _WORD,
    st.lists(_WORD, min_size=2, max_size=3).map(lambda words: "(?:" + "|".join(words) + ")"),
    _WORD.map(lambda word: f"(?:{word} )?"),
    st.sampled_from([r"\w+", r"\d", ".", "[ab]", r"(?=\w*b)", r"(?!ab)"]),
)
_PHRASE = st.tuples(
    st.lists(_ELEMENT, min_size=1, max_size=4),
    st.sampled_from([" ", r"\s+", "[- ]", " ?", "'"]),
    st.sampled_from([r"\b", "", "^", r"(?<!\w)"]),
    st.sampled_from([r"(?!\w)", r"\b", "", " ", "$", r"(?=\s)"]),
).map(lambda parts: parts[2] + parts[1].join(parts[0]) + parts[3])
_PATTERNS = st.one_of(
    _regexes(),
    _regexes(_WORDY).map(lambda inner: rf"\b(?:{inner})(?!\w)"),
    st.lists(_PHRASE, min_size=1, max_size=3).map("|".join),
)


_TEXT = st.lists(
    st.tuples(
        st.sampled_from(
            ["ab", "cd", "a", "b", "é", "A", "B", "AB", "1", "ſ", "K", "x", "CD", "a'b", "abs", "Ab's"]
        ),
        st.sampled_from([" ", " ", "", "'", "-", "\n", ", "]),
    ),
    max_size=8,
).map(lambda pairs: "".join(piece + glue for piece, glue in pairs))


@settings(max_examples=3000, deadline=None)
@given(_PATTERNS, _TEXT, st.sampled_from([0, re.IGNORECASE]))
def test_random_patterns_find_what_the_plain_pattern_finds(pattern: str, text: str, flags: int) -> None:
    try:
        plain = re.compile(pattern, flags)
    except re.error:
        return  # a random lookbehind of variable width and the like
    gated = GatedPattern(pattern, flags)
    assert _same(plain.search(text), gated.search(text)), (pattern, text)
    assert plain.findall(text) == gated.findall(text), (pattern, text)
    phrases = Phrases(pattern) if not flags else None
    if phrases is not None:
        assert _same(plain.search(text.lower()), phrases.search(text)), (pattern, text)
    need = literal_words(pattern, flags)
    if need is not None and text.isascii() and plain.search(text):
        assert need & set(re.findall(r"\w+", text.lower())), (pattern, text)


def test_top_level_alternatives_cut_only_outside_groups_and_classes() -> None:
    assert top_level_alternatives(r"a|(?:b|c)|[|]|\||d") == ["a", "(?:b|c)", "[|]", r"\|", "d"]
    assert top_level_alternatives(r"[]|]x|y") == ["[]|]x", "y"]
    assert top_level_alternatives(r"(?i)a|b") is None


def test_a_gate_keeps_group_numbers() -> None:
    gate_pattern = GatedPattern(r"(red) car|(blue) bike")
    found = gate_pattern.search("a blue bike")
    assert found is not None
    assert found.groups() == (None, "blue")


def test_alternatives_gate_rejects_texts_without_the_words() -> None:
    full = re.compile(r"\bguarantee\b|\bpromise\b")
    gate = AlternativesGate(["\\bguarantee\\b", "\\bpromise\\b"], full, re.compile, lowered=True)
    assert gate.select("nothing here")[1] is None
    selected = gate.select("i promise")[1]
    assert selected is not None
    assert selected.search("i promise") is not None
    assert selected.pattern != full.pattern  # only the alternative the text can match


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("aAbBzZ 9,.'-İKßé"), max_size=30), st.booleans())
def test_a_text_and_its_lower_case_read_alike_in_either_order(text: str, lower_first: bool) -> None:
    """A text and its lower-cased copy may share one reading: it must be the one each would get
    read alone, whichever is read first."""
    alone: dict[str, object] = {}
    for key in (text, text.lower()):
        records.records.clear()
        alone[key] = records.record_of(key)
    records.records.clear()
    for key in (text.lower(), text) if lower_first else (text, text.lower()):
        assert records.record_of(key) == alone[key]
