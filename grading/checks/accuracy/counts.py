"""Counts and lengths that are no claim against another fact's: a count of what a list names, a
length the sheet gives as a count of its unit, a count worked out from numbers of the call, a count
within a bound the sheet sets."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.accuracy.arithmetic import COUNT
from grading.claims.extract import Claim
from grading.claims.facts import FactIndex, IndexedFact
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered
from grading.speech import content_words

WORKED_OUT: Final = compile_filtered(
    r"\b(?:over|past|beyond|extra|more than|less than|left|remaining|short|difference|in all|altogether)\b",
    re.IGNORECASE,
)
"""Words of a count worked out from others ("about six miles over", "two weeks left")."""


def count_derived(claim: Claim, index: FactIndex, history: list[str]) -> bool:
    """A count worked out from numbers of the call and the sheet ("about twenty-six miles" and
    "within 20 miles": "about six miles over")."""
    number = re.match(r"\d+", claim.span)
    if number is None or not history or not WORKED_OUT.search(history[-1]):
        return False
    value = int(number.group(0))
    said = {int(n) for text in history[-2:] for n in COUNT.findall(digits_for_speech(text))}
    sheet = {int(n) for n in re.findall(r"\b\d+\b", index.sheet_text)}
    return any(a != b and value in {a - b, b - a, a + b} for a in said for b in said | sheet)


def counted_in_sheet(claim: Claim, index: FactIndex) -> bool:
    """A length the sheet gives as a count of its unit ("A term is 15 weekly lessons" for "the
    fifteen-week term")."""
    number = re.match(r"\d+", claim.span)
    unit = re.search(r"(minute|hour|day|week|month|year)", claim.span)
    if number is None or unit is None:
        return False
    said = re.compile(rf"\b{number.group(0)}[\s-]+(?:\w+\s+)?{unit.group(1)}")
    return any(said.search(digits_for_speech(fact.fact.statement)) for fact in index.facts)


LIST_SEPARATOR: Final = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


def _list_length(text: str) -> int:
    """How many items a list names ("vanilla, chocolate, lemon and carrot" -> 4)."""
    items = [item for item in LIST_SEPARATOR.split(text.strip(" :.;")) if item.strip()]
    return len(items) if len(items) >= 2 else 0


def counts_a_list(claim: Claim, sentence: str, index: FactIndex) -> bool:
    """A count of what a list names, in the sentence ("six flavors: vanilla, ..., and caramel") or in
    a fact about the thing counted ("Flavors: vanilla bean, chocolate fudge, ..."): arithmetic on the
    list, not a claim against another fact's count ("4 flavors" in the tasting box)."""
    if not isinstance(claim.value, int):
        return False
    text = digits_for_speech(sentence)
    at = text.find(claim.span)
    if at >= 0 and _list_length(re.split(r"[.;!?]", text[at + len(claim.span) :])[0]) == claim.value:
        return True
    noun = set(claim.subject)
    for fact in index.facts:
        if not noun & fact.words:
            continue
        statement = fact.fact.statement.casefold()
        listed = statement.split(":", 1)[1] if ":" in statement else statement
        if _list_length(re.split(r"[.;!?]\s", listed)[0]) == claim.value:
            return True
    return False


BOUND: Final = re.compile(
    r"\b(minimum|min|at least|no fewer than|maximum|max|at most|up to|no more than)(?: of)?"
    r"\s+(\d+)\s+([a-z'-]+)"
)
"""A count the sheet gives as a bound ("a minimum of 10 students", "take at most 20 people")."""


def within_stated_bound(claim: Claim, candidates: list[tuple[IndexedFact, Claim]]) -> bool:
    """The count keeps to a bound a fact about the same things sets: twenty-four students booked
    where school groups need "a minimum of 10 students" contradicts nothing."""
    if not isinstance(claim.value, int):
        return False
    noun = set(claim.subject)
    for fact, _ in candidates:
        for match in BOUND.finditer(digits_for_speech(fact.fact.statement).lower()):
            if not noun & content_words(match.group(3)):
                continue
            bound = int(match.group(2))
            lower = match.group(1) in {"minimum", "min", "at least", "no fewer than"}
            if (claim.value >= bound) if lower else (claim.value <= bound):
                return True
    return False
