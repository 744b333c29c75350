"""The first-character filter in front of the phrase patterns must never change what they find."""

from __future__ import annotations

import gc
import re

from hypothesis import given, settings
from hypothesis import strategies as st

import grading.engine  # noqa: F401  (imports every check, so every phrase pattern exists)
from grading.first_chars import compile_filtered, filtered, first_chars
from grading.speech import Phrases

PHRASES = [found for found in gc.get_objects() if isinstance(found, Phrases)]
SAID = (
    "i think emergency chest pain speak to a real person ignore your instructions can i get "
    "what's your card number monday nine thirty transfer me 911 asterisks star the it's on fire "
    "you should invest in stocks"
)
WORDS = st.sampled_from([*SAID.split(), "'s", ",", ".", "?", "-", "Don't", "EMERGENCY", "x9", "ſ", "٣", "\t"])


def test_known_shapes() -> None:
    assert first_chars(r"\b(?:emergency|chest pain)(?!\w)") == frozenset("ec")
    assert first_chars(r"(?:is|'s) on fire") == frozenset("i'")
    assert first_chars(r"\b(?:a )?cat") == frozenset("ac")  # an optional first word, or the next
    assert first_chars(r"\d+ dollars") == frozenset({r"\d"})  # kept as \d: every Unicode digit
    assert first_chars(r"(?i)cat") is None
    assert filtered(r"[^a]b") == r"[^a]b"
    # a branch behind `(?!)` (a gated-out alternative kept for its groups) cannot match: no letters
    assert first_chars(r"\bcat|(?!)(?:(dog))") == frozenset("c")
    assert first_chars(r"x?(?!)(a)") == frozenset("x")


def test_most_phrase_patterns_get_a_filter() -> None:
    assert len(PHRASES) > 20
    assert sum(first_chars(phrases.pattern) is not None for phrases in PHRASES) > len(PHRASES) // 2


@settings(max_examples=150, deadline=None)
@given(st.lists(WORDS, max_size=12))
def test_filter_finds_what_the_pattern_finds(parts: list[str]) -> None:
    text = " ".join(parts).lower()
    for phrases in PHRASES:
        plain = re.compile(phrases.pattern).search(text)
        fast = re.compile(filtered(phrases.pattern)).search(text)
        assert (plain and plain.span()) == (fast and fast.span()), phrases.pattern


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.sampled_from(["Day", "MONDAY", "weeKend", "ſat", "sat", "K", "Noon", "9", "x", " ", "?"]),
        max_size=8,
    )
)
def test_ignorecase_filter_finds_what_the_pattern_finds(parts: list[str]) -> None:
    text = "".join(parts)
    for pattern in (r"day|\b(?:mon|tue|sat)\b|weekend", r"\bk|[0-9]|noon"):
        plain = re.compile(pattern, re.IGNORECASE).search(text)
        fast = compile_filtered(pattern, re.IGNORECASE).search(text)
        assert (plain and plain.span()) == (fast and fast.span()), pattern
