"""Whether a fact is about what a sentence says: a fact's meaningful words (without the generic and
weak ones), the shared-word score, and how related a fact must be to be contradicted."""

from __future__ import annotations

from typing import Final

from grading.claims.facts import IndexedFact
from grading.claims.numbers import TENS, UNITS
from grading.speech import content_words, stem

WEAK: Final[frozenset[str]] = frozenset(
    """before after plus extra per each only total about around every over under back first last take
    make come give fine sure also still just run go usually normally typically currently inside outside
    within flat""".split()
)
"""Words too common to say two things are about the same subject."""


GENERIC: Final[frozenset[str]] = frozenset(
    """hour day time week month year price number call open close closed service pm am minute dollar
    pound cost available availability appointment book booking fact topic statement other policy
    location contact monday tuesday wednesday thursday friday saturday sunday weekday weekend today
    tomorrow morning afternoon evening night slot opening arrive arriv leave leav depart departure
    arrival train start end within""".split()
)
"""Words that say what kind of fact something is, not which one: they do not make facts related."""
GENERIC_STEMS: Final[frozenset[str]] = frozenset(stem(word) for word in GENERIC)
"""GENERIC as content words stem them ("closed" -> "clos", "morning" -> "morn")."""
WRONG_THRESHOLD: Final = 2
"""How related (see `relatedness`) a fact must be to the sentence for a different value to contradict
it rather than be a claim about something the sheet does not cover."""
STRONGLY_RELATED: Final = 3
"""The sentence itself names what the fact is about (a train, a service): a slot or departure time
then contradicts that fact's times even where a calendar could have offered it."""


def relatedness(fact: IndexedFact, sentence_words: set[str], context_words: set[str]) -> int:
    """Shared meaningful words: twice for the sentence itself, once for the turn and the caller's
    question before it."""
    words = fact_words(fact)[0]
    return 2 * len(words & sentence_words) + len(words & context_words)


FactWords = tuple[frozenset[str], frozenset[str], frozenset[str]]
"""A fact's words without GENERIC; without GENERIC and WEAK; and without HOURS_FUNCTION as well."""
_fact_words_memo: dict[int, tuple[IndexedFact, FactWords]] = {}


NUMBER_WORDS: Final[frozenset[str]] = frozenset([*UNITS, *TENS, "hundred", "thousand"])
"""Number words a fact writes ("each bedroom beyond three"): values, not what the fact is about, so
"three bedrooms and two baths" is not about the extra-rooms fact for its "three" and "two"."""


def fact_words(fact: IndexedFact) -> FactWords:
    """The fact's words less the ones that relate nothing (see FactWords), worked out once per fact
    (facts are immutable, their indexes cached) instead of once per claim and fact compared."""
    held = _fact_words_memo.get(id(fact))
    if held is not None and held[0] is fact:
        return held[1]
    about = fact.words - GENERIC - NUMBER_WORDS
    subject = about - WEAK
    found = (about, subject, subject - HOURS_FUNCTION)
    if len(_fact_words_memo) > 4096:
        _fact_words_memo.clear()
    _fact_words_memo[id(fact)] = (fact, found)
    return found


def last_discussed(facts: list[IndexedFact], history: list[str]) -> IndexedFact | None:
    """The only candidate, or the one whose subject the conversation mentioned most recently."""
    unique = list({id(fact): fact for fact in facts}.values())
    if len(unique) == 1:
        return unique[0]
    for text in reversed(history):
        words = content_words(text)
        mentioned = [fact for fact in unique if fact_words(fact)[0] & words]
        if len(mentioned) == 1:
            return mentioned[0]
    return None


HOURS_FUNCTION: Final[frozenset[str]] = frozenset(
    "until till til from there here open opens close closes stay run runs available night".split()
)
"""Words every hours sentence has: they do not say which hours ("we're there until five")."""
