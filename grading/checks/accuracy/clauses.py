"""The clause of an agent sentence that holds a claim, the meaningful words it names, and whether
it names things the sheet never mentions."""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise
from typing import Final

from grading.checks.accuracy.relatedness import GENERIC, WEAK, fact_words
from grading.claims.extract import Claim
from grading.claims.facts import FactIndex, IndexedFact
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered
from grading.speech import content_words

CLAUSES: Final = compile_filtered(r"[,;]\s*|\s+(?:and|but|while|so)\s+")


def unknown_subject(claim: Claim, sentence: str, index: FactIndex) -> bool:
    """The clause holding the claim is about things the sheet never mentions ("happy hour at the
    bar is half-price cocktails from four to six"): the value cannot contradict a fact, it is
    invented. Needs two meaningful words, so a bare "it's ninety dollars" is judged on its value."""
    clause = span_clause(claim.span, sentence)
    words = content_words(clause) - GENERIC - {w for w in content_words(claim.span)}
    words = {word for word in words if not word.isdigit()}
    return len(words) >= 2 and not any(word in index.vocabulary for word in words)


@lru_cache(maxsize=4096)
def span_clause(span: str, sentence: str) -> str:
    """The clause (after number normalisation) that holds a claim's span."""
    # cached: several rules of one claim ask for its clause
    lowered = digits_for_speech(sentence)
    return next((part for part in CLAUSES.split(lowered) if span in part), "")


@lru_cache(maxsize=4096)
def span_clause_words(span: str, sentence: str) -> frozenset[str]:
    """The meaningful words of the clause that holds a claim's span, the claim's own words left out."""
    clause = span_clause(span, sentence)
    meaningful = content_words(clause) - GENERIC - WEAK - content_words(span)
    return frozenset(word for word in meaningful if not word[:1].isdigit())


NAMED_BEFORE: Final = re.compile(r"((?:[a-z'-]+\s+){1,3})(?:at|are|is|cost|costs|for|pay|pays)\s+[$£€]?$")
"""The two or three words before an amount and the verb or "at" that ties them to it ("adults are",
"two adults at", "the chairs cost")."""


def named_before(claim: Claim, sentence: str) -> set[str]:
    """What the words right before an amount name ("two adults at fourteen fifty": adults)."""
    spoken = digits_for_speech(sentence)
    at = spoken.find(claim.span) if claim.span else -1
    if at <= 0:
        return set()
    tied = NAMED_BEFORE.search(spoken, max(0, at - 40), at)
    return content_words(tied.group(1)) - GENERIC - WEAK if tied is not None else set()


PHRASE_STOPWORDS: Final[frozenset[str]] = frozenset(
    "a an the is are was be it its it's that's this that our we we're you your of for to and or in on at"
    " per with by from as".split()
)
"""Words no phrase is named by: a two-word phrase counts only when both of its words are others."""
_TOKEN: Final = re.compile(r"[a-z][a-z'-]*")


def phrases_of(text: str) -> set[tuple[str, str]]:
    """The pairs of adjacent words of `text` (lower-cased) neither of which is a stop word."""
    tokens = _TOKEN.findall(text.lower())
    return {
        (first, second)
        for first, second in pairwise(tokens)
        if first not in PHRASE_STOPWORDS and second not in PHRASE_STOPWORDS
    }


def named_by_phrase(sentence: str, fact: IndexedFact) -> bool:
    """The sentence names the fact by a two-word phrase of its statement ("I can't waive the
    service call fee; it's ninety-five dollars" against "The service call fee is $95"): a name made
    of words too common to relate a fact on their own ("service", "call"), which together are the
    fact's. Asked only of a fact that holds the amount said."""
    return not phrases_of(sentence).isdisjoint(phrases_of(fact.fact.statement))


def said_of(claim: Claim, sentence: str, fact: IndexedFact) -> bool:
    """The amount is said of what the fact is about: every word named right before it is the fact's
    ("two adults at fourteen fifty ... for the family" is the adults' price, whatever family
    membership the rest of the sentence is nearer to; "the cargo van is" is not the passenger van's
    rate)."""
    named: set[str] = named_before(claim, sentence) if claim.kind == "money" else set()
    return bool(named) and named <= fact_words(fact)[1]
