"""Amounts, percentages, durations and counts judged by what their own clause names: the facts about
that thing, their ranges and the days they price."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from grading.checks.accuracy.arithmetic import is_derived, is_total
from grading.checks.accuracy.clauses import said_of, span_clause_words
from grading.checks.accuracy.relatedness import WRONG_THRESHOLD, fact_words, relatedness
from grading.checks.accuracy.values import NOT_INVENTED, same
from grading.checks.accuracy.verdict import Verdict, topic_severity
from grading.claims.extract import Claim, days_named, extract
from grading.claims.facts import FactIndex, IndexedFact
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered
from grading.speech import content_words

PRICE_TALK: Final = compile_filtered(
    r"fee|price|fare|discount|cost|rate|charge|off\b|tax|deal|sav|pay|cheap|deposit"
)
RANGE_IN_FACT: Final = compile_filtered(
    r"[$£€]?(\d+(?:\.\d+)?)\s*(?:to|and|-|–)\s*[$£€]?(\d+(?:\.\d+)?)"
    r"|(?:starts? at|from|at least|minimum of)\s*[$£€]?(\d+(?:\.\d+)?)\b(?!\s*(?:to|-|–|and)\s*[$£€]?\d)"
)


def _within_range(claim: Claim, fact: IndexedFact) -> bool:
    """A fact gives a range of amounts ("from £180 to £260", "starts at £95") and the value lies
    in it. A range without a currency is of something else ("medium (25 to 60 lb) $60")."""
    if not isinstance(claim.value, float):
        return False
    for match in RANGE_IN_FACT.finditer(fact.text):
        if not CURRENCY_SIGN.search(match.group(0)):
            continue
        if match.group(3) is not None:
            if claim.value >= float(match.group(3)):
                return True
        elif float(match.group(1)) <= claim.value <= float(match.group(2)):
            return True
    return False


CURRENCY_SIGN: Final = re.compile(r"[$£€]")


DURATION_RANGE: Final = re.compile(r"\d\s*(?:to|-|–|or|and)\s*\d")


def _within_durations(claim: Claim, fact: IndexedFact) -> bool:
    """A fact gives a range of time ("ready 7 to 10 days after ordering") and the length said
    lies in it ("about eight days")."""
    if not isinstance(claim.value, int) or not DURATION_RANGE.search(digits_for_speech(fact.fact.statement)):
        return False
    lengths = [
        known.value for known in fact.claims if known.kind == "duration" and isinstance(known.value, int)
    ]
    return len(lengths) >= 2 and min(lengths) * 0.9 <= claim.value <= max(lengths) * 1.1


def judge_by_subject(
    claim: Claim,
    sentence: str,
    index: FactIndex,
    candidates: list[tuple[IndexedFact, Claim]],
    sentence_words: set[str],
    context_words: set[str],
    history: list[str],
) -> Verdict | str:
    """A value judged against the facts about what its clause names: supported when any of them
    holds the same value (or a range that holds it), contradicted by the one most about it when
    none does. A clause that names things no fact of this kind is about cannot contradict a fact:
    an amount there is invented (a price for something the sheet does not price), and a
    percentage or length of time there is not about the business at all ("1 percent cream").
    "undecided" when the clause names nothing (the sentence-level rules decide)."""
    clause = span_clause_words(claim.span, sentence)
    if claim.kind == "money" and clause:
        # "that's forty-two ninety-nine a day with two hundred miles a day": "miles" is what the
        # count beside the amount counts, not what the amount prices; "twenty-five dollars a
        # person": the person is what the amount is charged by
        clause = clause - _counted_nouns(sentence) - charged_by(claim, sentence)
    if not clause:
        return "undecided"
    # an amount is also about a fact that says the thing is free (and contradicts it)
    same_kind = [
        (fact, known)
        for fact, known in candidates
        if known.kind == claim.kind or (claim.kind == "money" and known.kind == "free")
    ]
    scored = [(len(fact_words(fact)[1] & clause), fact, known) for fact, known in same_kind]
    best = max((score for score, _, _ in scored), default=0)
    if best == 0:
        if claim.kind == "money":
            # no priced fact is about what the clause names: a value the sheet has anywhere stands
            # ("and the dog would be three dollars a night" beside "Pets cost $3.00 per pet per
            # night"; the sentence's "tent sites are thirty-two" is not what it prices)
            valued = [fact for fact, known in same_kind if same("money", claim.value, known.value)]
            if valued and not _unknown_at_another_rate(claim, sentence, clause, valued, index):
                return None
            if valued:
                return "invented_fact", "critical", None
            if len(clause) >= 2:
                # "Portland to Denver runs $4200": any other amount is invented, not a contradiction
                return (
                    None
                    if is_derived(claim, index, history, sentence)
                    else ("invented_fact", "critical", None)
                )
        if len(clause) < 2 or any(word in index.vocabulary for word in clause):
            return "undecided"
        if claim.kind == "percent":
            return "undecided" if PRICE_TALK.search(digits_for_speech(sentence)) else None
        return None if claim.kind in NOT_INVENTED else "undecided"
    about = [(fact, known) for score, fact, known in scored if score == best]
    for fact, known in about:
        if known.kind == claim.kind and same(claim.kind, claim.value, known.value):
            other_day = _priced_for_other_days(claim, fact, sentence, history)
            return None if other_day is None else ("wrong_fact", topic_severity(other_day), other_day)
        if claim.kind == "money" and _within_range(claim, fact):
            return None
        if claim.kind == "duration" and _within_durations(claim, fact):
            return None
    if claim.kind == "money" and (
        is_total(claim, [(best, f, k) for f, k in about], context_words)
        or is_derived(claim, index, history, sentence)
    ):
        return None
    if any(
        known.kind == "money" and same("money", claim.value, known.value) and said_of(claim, sentence, fact)
        for fact, known in same_kind
    ):
        return None  # "two adults at fourteen fifty ... for the family": said of the adults
    about_words: set[str] = set()
    for fact, _ in about:
        about_words |= fact.words
    if any(
        known.kind == claim.kind
        and same(claim.kind, claim.value, known.value)
        and (fact_words(fact)[1] - about_words) & sentence_words
        for fact, known in same_kind
    ):
        # "use your own router, or rent ours for twelve bucks a month": the clause's word (rent)
        # points at the rented-equipment fee, but the sentence names the router, which only the
        # fact holding $12 has ("consultations for immigration are $150" names nothing the
        # family consultation at $150 has and the immigration one lacks: still wrong)
        return None
    fact = max((fact for fact, _ in about), key=lambda f: relatedness(f, sentence_words, context_words))
    return "wrong_fact", topic_severity(fact), fact


def _unknown_at_another_rate(
    claim: Claim, sentence: str, clause: frozenset[str], valued: list[IndexedFact], index: FactIndex
) -> bool:
    """The clause prices a thing the sheet never mentions, by a unit no fact holding the same
    amount is charged by ("kayaks are fifteen bucks an hour" where the sheet's only $15 is a
    cancellation fee): the amount is the price of that thing, invented, not the sheet's value said
    of it by another name ("the dog would be three dollars a night" beside "pets cost $3 per pet per
    night" keeps its unit, and stands)."""
    spoken = digits_for_speech(sentence)
    at = spoken.find(claim.span) if claim.span else -1
    after = UNIT_AFTER.match(spoken, at + len(claim.span)) if at >= 0 else None
    unit: set[str] = content_words(after.group(0)) if after is not None else set()
    named = {word for word in clause if not any(ch.isdigit() for ch in word)}
    if not unit or not any(word not in index.vocabulary for word in named):
        return False
    return not any(unit & fact.words for fact in valued)


UNIT_AFTER: Final = re.compile(r"\s+(?:a|an|per|each)\s+[a-z]+")
"""The unit said right after an amount ("25 dollars a person", "89 dollars per child")."""


def charged_by(claim: Claim, sentence: str) -> frozenset[str]:
    """What an amount is charged by, not what it prices: its unit, whether the claim's span holds it
    ("nineteen a person") or the words right after it do ("twenty-five dollars a person", "eighty-nine
    dollars per child"). "It's eighty-nine dollars per child" for an overnight the turn named is no
    child's admission price."""
    unit = {word for word in content_words(claim.span) if not word[:1].isdigit()}
    spoken = digits_for_speech(sentence)
    at = spoken.find(claim.span) if claim.span else -1
    if at >= 0:
        after = UNIT_AFTER.match(spoken, at + len(claim.span))
        if after is not None:
            unit |= content_words(after.group(0))
    return frozenset(unit)


def about_the_unpriced(
    claim: Claim,
    sentence: str,
    candidates: list[tuple[IndexedFact, Claim]],
    sentence_words: set[str],
    context_words: set[str],
) -> bool:
    """An amount whose clause names nothing prices what its sentence and the talk before it are
    about, and it contradicts a price fact only when that fact is about the same thing: when, with
    the amount's unit set aside ("per child", "a person"), no price fact is related enough, the
    amount is invented (eighty-nine dollars per child for an overnight the sheet does not have is no
    child's admission price)."""
    unit = charged_by(claim, sentence)
    said = sentence_words - unit
    talk = context_words - unit
    best_priced = max((relatedness(fact, said, talk) for fact, _ in candidates), default=0)
    return best_priced < WRONG_THRESHOLD


@lru_cache(maxsize=4096)
def _counted_nouns(sentence: str) -> frozenset[str]:
    """The nouns the sentence's counts count ("two hundred miles", "three rooms")."""
    return frozenset(
        word for claim in extract(sentence) if claim.kind == "quantity" for word in claim.subject
    )


def _priced_for_other_days(
    claim: Claim, fact: IndexedFact, sentence: str, history: list[str]
) -> IndexedFact | None:
    """The fact prices by day and the amount said is another day's ("$159" for a Saturday where
    the sheet says $159 Sunday to Thursday and $199 Friday and Saturday): the day is the one the
    sentence names, else the one the caller's turn before it names."""
    if not fact.amount_days or not isinstance(claim.value, float):
        return None
    days = days_named(sentence) or (days_named(history[-2]) if len(history) >= 2 else frozenset())
    if not days:
        return None
    said = [found for value, found in fact.amount_days if abs(value - claim.value) < 0.005]
    if not said or any(not found or found & days for found in said):
        return None
    if any(found & days for _, found in fact.amount_days):
        return fact
    return None
