"""A warranty said to last for life ("every installation comes with a lifetime warranty"), held
against the warranties the sheet gives."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.accuracy.relatedness import GENERIC
from grading.checks.accuracy.verdict import Verdict, topic_severity
from grading.claims.extract.things import LIFETIME_TERM
from grading.claims.facts import FactIndex
from grading.speech import content_words

LIFETIME_SAID: Final = re.compile(rf"\b{LIFETIME_TERM}\b")
WARRANTY_FACT: Final = re.compile(r"\b(?:warrant\w*|guarantee\w*)", re.IGNORECASE)
WARRANTY_WORDS: Final[frozenset[str]] = frozenset(
    """warranty warranties warrantied warrantee guarantee guaranteed guarantees lifetime life forever
    lifelong permanent part parts labor labour material materials cover covered covers carry carries
    come comes year years month months maker manufacturer""".split()
)
"""What every warranty talks of: no word of what a warranty is on."""


def judge_lifetime_warranty(sentence: str, index: FactIndex, history: list[str]) -> Verdict:
    """A lifetime warranty where the sheet's warranty on that thing is finite or none ("Sealcoating
    carries no warranty"; "Installation carries a 2-year workmanship warranty"): a wrong fact. On a
    thing no warranty of the sheet is about ("our installs have a lifetime guarantee" beside "Repairs
    carry a 1-year warranty"), or on a sheet with no warranty at all, an invented one. A sheet that
    gives a lifetime warranty supports it. What the warranty is on is read from the sentence and
    from the earlier turns that spoke of a lifetime warranty ("every installation comes with a
    lifetime warranty" ... "yes, under the lifetime warranty we'd repair it")."""
    facts = [fact for fact in index.facts if WARRANTY_FACT.search(fact.text)]
    if any("lifetime" in fact.text.casefold() for fact in facts):
        return None
    said = _thing_words(sentence).union(
        *(_thing_words(earlier) for earlier in history if LIFETIME_SAID.search(earlier.casefold()))
    )
    for fact in facts:
        if _share(said, _thing_words(fact.fact.statement)):
            return "wrong_fact", topic_severity(fact), fact
    return "invented_fact", "major", None


def _thing_words(text: str) -> set[str]:
    return set(content_words(text)) - WARRANTY_WORDS - GENERIC


def _share(said: set[str], known: set[str]) -> bool:
    """A word of one is the other's, or begins it ("work" and "workmanship")."""
    return any(
        a == b or (min(len(a), len(b)) >= 4 and (a.startswith(b) or b.startswith(a)))
        for a in said
        for b in known
    )
