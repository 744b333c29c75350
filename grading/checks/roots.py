"""When two word stems are one word told another way: a verb and its noun ("suspended" and
"suspension", "financing" and "finance", "complain" and "complaint"), which the tiny stemmer of
grading.speech keeps apart on purpose. Shared by the checks that compare a caller's words with a
sheet's (handoff_triggers) or with the agent's (ignored_question).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

SAME_ROOT_MIN: Final = 5
"""The shortest shared beginning that can be a root: shorter ones are other words ("car", "card")."""
SAME_ROOT_ENDINGS: Final[frozenset[str]] = frozenset(
    "- e y ic ion ions sion tion ation ment ments n en t d de ce se s es ed ing ies ied".split()
)
"""What may follow the shared beginning of two words of one root: the endings of one event or
state told as a verb, a noun or an adjective ("suspend|ed" ~ "suspen|sion", "headach|e" ~
"headach|y", "complain" ~ "complain|t", "allerg|y" ~ "allerg|ic"), not those that make another
thing of it ("electric" ~ "electric|ian", "accident" ~ "accident|ally", "spark" ~ "spark|ling")."""


@lru_cache(maxsize=16384)
def same_root(said: str, written: str) -> bool:
    """Whether `said` (a stem from speech) is of the root of `written` (a stem the caller's words
    are compared with): equal, or sharing a beginning of SAME_ROOT_MIN letters or more, all but
    the last two letters of the shorter, with only SAME_ROOT_ENDINGS after it in each (a doubled
    last letter counts once: "cancell|ing" ~ "cancel"); but a spoken adjective in -y is a quality,
    not the written event ("the lake looks stormy" is no "storm"; "injured" is of "injury")."""
    if said == written:
        return True
    if _same_root(said, written):
        return True
    undoubled = _undouble(said), _undouble(written)
    return undoubled != (said, written) and _same_root(*undoubled)


def shared_roots(said: frozenset[str], written: frozenset[str]) -> frozenset[str]:
    """The words of `written` that a word of `said` is of the root of."""
    exact = said & written
    rest = [word for word in written - exact if len(word) >= SAME_ROOT_MIN]
    if not rest:
        return exact
    long_said = [word for word in said if len(word) >= SAME_ROOT_MIN]
    return exact | {word for word in rest if any(same_root(spoken, word) for spoken in long_said)}


def _undouble(word: str) -> str:
    return word[:-1] if len(word) > SAME_ROOT_MIN and word[-1] == word[-2] else word


def _same_root(said: str, written: str) -> bool:
    shorter = min(len(said), len(written))
    if shorter < SAME_ROOT_MIN:
        return False
    shared = 0
    for a, b in zip(said, written, strict=False):
        if a != b:
            break
        shared += 1
    if shared < max(SAME_ROOT_MIN, shorter - 2):
        return False
    if said[shared:] == "y" and written[shared:] != "y":
        return False
    return all((word[shared:] or "-") in SAME_ROOT_ENDINGS for word in (said, written))
