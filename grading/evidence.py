"""Evidence verification: does a quote really occur in the turn it names?

Every failure the grade keeps must be checkable by a person reading the transcript, so a judge's
quote is held against the text of its turn. The match forgives what is not evidence: case,
punctuation, spacing, an ellipsis joining two fragments, and small recognition noise (a word or
two misheard or dropped, at most about one edit in eight characters). It does not forgive a quote
made up from nothing or taken from another turn. Used by the engine and by the OpenAI judge.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Final

from grading.formats import Call

_NON_WORD: Final = re.compile(r"[^\w%$£€]+")
_ELLIPSIS: Final = re.compile(r"\.\.\.+|…")
MIN_SIMILARITY: Final = 0.85
"""How close a window of the turn must be to the quote when it is not an exact (normalised) match."""


@lru_cache(maxsize=4096)
def normalise(text: str) -> str:
    """Lower case, punctuation to spaces, single spaces: the form quotes are compared in. Cached:
    the policy checks normalise every agent turn, and agents repeat their lines from call to call."""
    if text.isascii():
        # the same, without the regex: half the time, and every agent turn is normalised
        return " ".join(text.lower().translate(_ASCII_NON_WORD_TO_SPACE).split())
    return " ".join(_NON_WORD.sub(" ", text.casefold()).split())


_ASCII_NON_WORD_TO_SPACE: Final = str.maketrans(
    {char: " " for char in map(chr, range(128)) if not (char.isalnum() or char in "_%$")}
)
"""What `_NON_WORD` replaces, for ASCII text: every character but letters, digits, "_", "%", "$"."""


def _fragment_occurs(turn_text: str, fragment: str) -> bool:
    if fragment in turn_text:
        return True
    quote_words = fragment.split()
    turn_words = turn_text.split()
    if len(quote_words) < 3 or not turn_words:
        # A one- or two-word quote must match exactly: fuzziness there admits anything.
        return False
    best = 0.0
    size = len(quote_words)
    for width in (size - 1, size, size + 1):
        if width <= 0:
            continue
        for start in range(max(1, len(turn_words) - width + 1)):
            window = " ".join(turn_words[start : start + width])
            ratio = SequenceMatcher(None, window, fragment, autojunk=False).ratio()
            best = max(best, ratio)
            if best >= MIN_SIMILARITY:
                return True
    return False


def verify_against(text: str, quote: str) -> bool:
    """True when `quote` occurs in `text`, tolerant of case, punctuation and small noise."""
    fragments = [normalise(part) for part in _ELLIPSIS.split(quote)]
    fragments = [part for part in fragments if part]
    if not fragments:
        return False
    turn_text = normalise(text)
    return all(_fragment_occurs(turn_text, fragment) for fragment in fragments)


def quote_problem(call: Call, turn: int | None, quote: str) -> str | None:
    """Why a quote cannot stand as evidence for `turn` (1-based), or None when it can."""
    if turn is None:
        return "no turn named"
    if not 1 <= turn <= len(call.turns):
        return f"turn {turn} is out of range (the call has {len(call.turns)} turns)"
    if not quote.strip():
        return "empty quote"
    if not verify_against(call.turns[turn - 1].text, quote):
        return f"quote does not occur in turn {turn}"
    return None
