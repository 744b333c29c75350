"""Where the business is: streets, house numbers, landmarks and suites, judged in sentences about its
location."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.accuracy.verdict import Verdict, topic_severity
from grading.claims.extract import Claim
from grading.claims.facts import FactIndex, IndexedFact
from grading.first_chars import compile_filtered
from grading.formats import Severity, Tag

LOCATION_CONTEXT: Final = compile_filtered(
    r"\b(?:we'?re|we are|located|our|address|find us|office|clinic|shop|store|restaurant|it'?s at|it is at|"
    r"it'?s on|is on|they'?re|they are|postcode|it'?s in)\b",
    re.IGNORECASE,
)


def judge_place(
    claim: Claim, sentence: str, index: FactIndex
) -> tuple[Tag, Severity, IndexedFact | None] | None:
    """Streets (with the house number when both give one) and landmarks, for sentences about where
    the business is."""
    if not LOCATION_CONTEXT.search(sentence):
        return None
    if claim.kind == "landmark":
        spots = [(fact, known) for fact, known in index.with_kind("landmark")]
        if not spots or any(set(claim.subject) & set(known.subject) for _, known in spots):
            return None
        return "wrong_fact", topic_severity(spots[0][0]), spots[0][0]
    if not isinstance(claim.value, str):
        return None
    *name, suffix = claim.value.split()
    for k in range(len(name)):
        street = " ".join([*name[k:], suffix])
        for fact in index.facts:
            if f" {street} " not in f" {fact.text} ":
                continue
            if claim.subject:
                number = re.search(r"(\d+)\s+(?:[a-z]+\s+){0,2}" + re.escape(street), fact.text)
                if number and number.group(1) != claim.subject[0]:
                    return "wrong_fact", topic_severity(fact), fact
            return None
    return None


def judge_unit(claim: Claim, sentence: str, index: FactIndex) -> Verdict:
    """ "We're at forty-four ten Commerce Drive, suite two-oh-one" where the address is Suite 210:
    a suite the sheet's address does not have, in a sentence about where the business is."""
    if not LOCATION_CONTEXT.search(sentence):
        return None
    units = [(fact, known) for fact, known in index.with_kind("unit_number")]
    if not units or any(known.value == claim.value for _, known in units):
        return None
    return "wrong_fact", topic_severity(units[0][0]), units[0][0]


def judge_place_number(claim: Claim, index: FactIndex) -> Verdict:
    """ "Outside door four" where the sheet says pickups are at door 6: a numbered place of a kind
    the sheet numbers (a door, a gate, a pier), with a number the sheet never gives that kind. A
    kind of place the sheet does not number is left alone."""
    same_kind = [
        (fact, known) for fact, known in index.with_kind("place_number") if known.subject == claim.subject
    ]
    if not same_kind or any(known.value == claim.value for _, known in same_kind):
        return None
    return "wrong_fact", topic_severity(same_kind[0][0]), same_kind[0][0]
