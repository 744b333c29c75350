"""Situations a fact sheet names in its own words ("if a pet may have eaten something toxic
(chocolate, grapes, xylitol)", "transfer ... when the caller disputes a bill or has an emergency:
gas smell, burst pipe"), and whether a caller's turn describes one.

A situation is read as alternatives, each a set of content words: the clause itself and every
example in its list or parentheses. A caller's clause meets an alternative when it holds all of
its words, and words under a negation ("not, like, flooding") do not count. Requiring every word is
what keeps "move the gas line" from meeting "smells gas".
"""

from __future__ import annotations

import re
from typing import Final

from grading.speech import content_words, frozen_content_words

GENERIC_ACTORS: Final[frozenset[str]] = frozenset(
    {
        "caller",
        "customer",
        "owner",
        "patient",
        "pet",
        "someone",
        "something",
        "may",
        "have",
        "their",
        "is",
        "one",
    }
)
NEGATION: Final = re.compile(r"\b(?:not|no|isn'?t|wasn'?t|aren'?t|don'?t|doesn'?t|never)\b", re.IGNORECASE)
_LIST: Final = re.compile(r",|;|:|\bor\b|\band\b|\(|\)|\.")
_PERSON: Final = re.compile(
    r"\b(?:asks? for|wants?|requests?) (?:a |an |the )?(?:person|one|human|manager)", re.I
)


def alternatives(text: str) -> list[set[str]]:
    """The word sets that describe the situation(s) in `text`; requests for a person are left to
    the person-request patterns."""
    found: list[set[str]] = []
    for part in _LIST.split(text):
        if _PERSON.search(part):
            continue
        words = content_words(part) - GENERIC_ACTORS
        if words:
            found.append(words)
    return found


def meets(text: str, situations: list[set[str]]) -> bool:
    """Whether some clause of `text` holds every word of one situation (see the module docstring)."""
    if not _NEGATION_WORD.search(text.lower()):
        # Without a negation every clause's words are words of the whole turn (no word spans a
        # stop), so a situation the whole turn lacks is in no clause: skip the clause by clause pass.
        # (A lower-case pattern on lowered text: twice as fast as NEGATED_SPAN's IGNORECASE.)
        turn_words = frozen_content_words(text)
        if not any(words <= turn_words for words in situations):
            return False
    for sentence in _CLAUSE_END.split(text):
        said = content_words(NEGATED_SPAN.sub(" ", sentence))
        if any(words <= said for words in situations):
            return True
    return False


_CLAUSE_END: Final = re.compile(r"[.;!?]")
_NEGATION_WORD: Final = re.compile(r"\b(?:not|no|isn'?t|wasn'?t|aren'?t|don'?t|doesn'?t|never)\b")
"""NEGATED_SPAN's first part, in lower case: a turn without it holds no negated span."""
NEGATED_SPAN: Final = re.compile(
    r"\b(?:not|no|isn'?t|wasn'?t|aren'?t|don'?t|doesn'?t|never)\b(?:[\s,]+(?:like|really|even|a|an|the)\b)*"
    r"(?:[\s,]+[\w'-]+){1,2}",
    re.IGNORECASE,
)
"""A negation and the word or two it governs ("not, like, flooding"): removed before matching."""
