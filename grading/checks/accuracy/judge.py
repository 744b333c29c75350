"""One claim judged against the fact sheet, kind by kind, in the order the package docstring gives;
an amount said in two groups of words, or a time that may be an amount, in each of its readings."""

from __future__ import annotations

import re
from typing import Final

import msgspec

from grading.checks.accuracy.arithmetic import (
    billed_length,
    is_derived,
    is_total,
    listed_amount,
    offset_time,
    percentage_taken,
)
from grading.checks.accuracy.clauses import named_by_phrase, said_of, span_clause, unknown_subject
from grading.checks.accuracy.counts import count_derived, counted_in_sheet, counts_a_list, within_stated_bound
from grading.checks.accuracy.days import REOPENING, day_after_a_sheet_date
from grading.checks.accuracy.free import judge_free
from grading.checks.accuracy.hours import as_amount, judge_time, number_of_the_sheet
from grading.checks.accuracy.offers import (
    denied_service,
    denying_fact,
    judge_credential,
    judge_offer,
    off_the_list,
)
from grading.checks.accuracy.percentages import discount_for_others, percent_sense
from grading.checks.accuracy.places import LOCATION_CONTEXT, judge_place, judge_place_number, judge_unit
from grading.checks.accuracy.prices import PRICEY_SUBJECT, exact_in_cents, prices_in_pounds, unknown_tier
from grading.checks.accuracy.relatedness import (
    GENERIC,
    WEAK,
    WRONG_THRESHOLD,
    fact_words,
    last_discussed,
    relatedness,
)
from grading.checks.accuracy.someone_elses import ELSEWHERE, another_organisations, someone_elses
from grading.checks.accuracy.subjects import about_the_unpriced, judge_by_subject
from grading.checks.accuracy.values import (
    COMPATIBLE,
    CRITICAL_KINDS,
    IDENTIFYING,
    NOT_INVENTED,
    SELF_NAMING,
    SUBJECT_KINDS,
    same,
)
from grading.checks.accuracy.verdict import topic_severity
from grading.checks.accuracy.warranties import judge_lifetime_warranty
from grading.claims.extract import Claim
from grading.claims.facts import FactIndex, IndexedFact
from grading.claims.numbers import digits_for_speech
from grading.formats import Severity, Tag
from grading.speech import content_words


def judge_claim(
    claim: Claim,
    sentence: str,
    index: FactIndex,
    sentence_words: set[str],
    context_words: set[str],
    history: list[str] | None = None,
) -> tuple[Tag, Severity, IndexedFact | None] | None:
    """None when the claim stands; otherwise the tag, severity and the fact it contradicts. An
    amount said in two groups of words stands when any of its readings does ("three forty-nine"
    against a sheet's $349 or $3.49)."""
    verdict = _judge_reading(claim, sentence, index, sentence_words, context_words, history)
    if verdict is not None and _denied_value(claim, sentence):
        return None
    if verdict is not None and offset_time(claim, sentence, history or []):
        return None
    if (
        verdict is not None
        and claim.kind in {"duration", "quantity"}
        and (counted_in_sheet(claim, index) or count_derived(claim, index, history or []))
    ):
        return None
    if verdict is not None:
        for amount in as_amount(claim, sentence):
            reading = Claim(kind="money", value=amount, span=claim.span)
            if _judge_reading(reading, sentence, index, sentence_words, context_words, history) is None:
                return None
        if number_of_the_sheet(claim, sentence, index):
            return None
    for alternative in claim.alternatives:
        if verdict is None:
            break
        reading = msgspec.structs.replace(claim, value=alternative, alternatives=())
        if _judge_reading(reading, sentence, index, sentence_words, context_words, history) is None:
            return None
    if verdict is not None and claim.kind == "money":
        taken = percentage_taken(claim, index, history or [], sentence)
        if taken is not None:
            fact, percent, said = taken
            if fact is not None:
                # "fifty percent off, that makes it nineteen a person": the price told for the
                # thing the sheet prices at $38
                return "wrong_fact", topic_severity(fact), fact
            # the share of a percentage (the credit, the charge) is judged as the percentage is
            share = _judge_reading(percent, said, index, content_words(said), context_words, history)
            if share is not None:
                return share
    return verdict


def judge_minimum_age(
    claim: Claim, index: FactIndex, sentence_words: set[str], context_words: set[str]
) -> tuple[Tag, Severity, IndexedFact | None] | None:
    """A youngest age against the sheet's: one the sheet states stands; another contradicts the
    minimum-age fact most related to the sentence ("children can fly from age six" where the
    minimum age is 8). With no minimum age on the sheet it is left alone (ages come up in ordinary
    talk)."""
    candidates = index.with_kind("age")
    if not candidates or any(known.value == claim.value for _, known in candidates):
        return None
    fact = max((fact for fact, _ in candidates), key=lambda f: relatedness(f, sentence_words, context_words))
    return "wrong_fact", topic_severity(fact), fact


def _words_of_best(scored: list[tuple[int, IndexedFact, Claim]], best: int) -> set[str]:
    """The own words of the facts most related to the sentence."""
    words: set[str] = set()
    for score, fact, _ in scored:
        if score == best:
            words |= fact_words(fact)[1]
    return words


DENIED_BEFORE: Final = re.compile(r"\b(?:not|rather than|instead of)\s+(?:an?\s+|the\s+)?$")
"""What puts a value aside right before it ("fifteen percent off, not fifteen dollars")."""


def _denied_value(claim: Claim, sentence: str) -> bool:
    """The value is the one the agent says it is not ("it's fifteen percent off repairs, not fifteen
    dollars"; "forty a night rather than fifty"): a correction states the other value, not this one.
    A bound after 'not' ("not more than fifty dollars") is a claim and stays judged."""
    if not claim.span:
        return False
    spoken = digits_for_speech(sentence)
    at = spoken.find(claim.span)
    return at > 0 and DENIED_BEFORE.search(spoken, 0, at) is not None


def _judge_reading(
    claim: Claim,
    sentence: str,
    index: FactIndex,
    sentence_words: set[str],
    context_words: set[str],
    history: list[str] | None = None,
) -> tuple[Tag, Severity, IndexedFact | None] | None:
    history = history or []
    if claim.kind == "duration" and billed_length(claim, sentence, index):
        return None
    if claim.kind in {"offer", "free"}:
        denied = denying_fact(claim, index)
        if denied is not None:
            return "wrong_fact", topic_severity(denied), denied
    if claim.kind == "offer":
        return judge_offer(claim, index)
    if claim.kind == "does":
        denied = denied_service(claim, index)
        if denied is not None:
            return "wrong_fact", topic_severity(denied), denied
        # "we carry Vera Wang" where the sheet lists the designers it carries: a name off that list
        return None if off_the_list(claim, index) is None else ("invented_fact", "major", None)
    if claim.kind == "credential":
        return judge_credential(claim, index)
    if claim.kind == "landmark":
        return judge_place(claim, sentence, index)
    if claim.kind == "unit_number":
        return judge_unit(claim, sentence, index)
    if claim.kind == "place_number":
        return judge_place_number(claim, index)
    if claim.kind == "warranty":
        return judge_lifetime_warranty(sentence, index, history)
    if claim.kind == "age":
        return judge_minimum_age(claim, index, sentence_words, context_words)
    if claim.kind == "street":
        if not LOCATION_CONTEXT.search(sentence):
            return None
        placed = judge_place(claim, sentence, index)
        if placed is not None:
            return placed
    if claim.kind == "phone" and another_organisations(sentence, index):
        return None  # "please call Poison Control at one eight hundred ...": a referral's number
    if claim.kind == "time":
        return judge_time(claim, sentence, index, sentence_words, context_words)
    if claim.kind == "date" and REOPENING.search(sentence) and day_after_a_sheet_date(claim, index):
        return None  # "closed December 24 through January 1" ... "open again January second"
    if claim.kind == "money" and ELSEWHERE.search(sentence):
        return None  # "a five dollar part at any hardware store": a price of somewhere else
    if claim.kind == "money" and unknown_tier(claim, sentence, index):
        return "invented_fact", "critical", None
    kinds = COMPATIBLE.get(claim.kind, (claim.kind,))
    candidates = index.with_kind(*kinds)
    if claim.kind == "percent":
        sense = percent_sense(claim.span, digits_for_speech(sentence))
        if sense is not None:
            # "twenty percent off for gift cards" is no APR: a percentage is held only against
            # the sheet's percentages of the same sense (or of none said)
            candidates = [
                (fact, known)
                for fact, known in candidates
                if percent_sense(known.span, digits_for_speech(fact.fact.statement)) in {sense, None}
            ]
            if sense == "discount" and not candidates:
                return "invented_fact", "critical", None  # a discount the sheet has nowhere
    if claim.kind == "money" and claim.currency == "gbp" and not prices_in_pounds(index):
        return None  # "a forty pound dog": pounds are weight where the business prices in dollars
    if claim.kind == "free" and (claim.value == "waived" or claim.span == "waived"):
        # a waiver, granted ("I've waived the deposit") or said to be the rule ("staff get the
        # call-out waived"): invented unless the sheet speaks of waiving at all
        if "waiv" in index.sheet_text:
            return None
        return "invented_fact", "critical" if PRICEY_SUBJECT.search(sentence) else "major", None
    if claim.kind == "free":
        return judge_free(claim, sentence, index, candidates, sentence_words, context_words, history)
    if claim.kind == "quantity":
        noun = set(claim.subject)
        candidates = [(fact, known) for fact, known in candidates if noun & set(known.subject)]
        if not candidates:
            return None  # a count nothing in the sheet counts: left to a judge, too noisy to call
        if counts_a_list(claim, sentence, index) or within_stated_bound(claim, candidates):
            return None
        # the same unit is not the same subject ("about twelve miles" driven is no count of the
        # "first 5 miles included"): the clause must name something of the fact besides the unit
        said = content_words(span_clause(claim.span, sentence)) - noun - GENERIC - WEAK
        if not any(said & (fact_words(fact)[1] - noun) for fact, _ in candidates):
            return None
    if claim.kind == "street" and isinstance(claim.value, str):
        *name, suffix = claim.value.split()
        if any(f" {' '.join([*name[k:], suffix])} " in f" {index.sheet_text} " for k in range(len(name))):
            return None
    if claim.kind == "percent" and discount_for_others(claim, sentence, index):
        return "invented_fact", "critical", None
    if claim.kind in SUBJECT_KINDS:
        about = judge_by_subject(claim, sentence, index, candidates, sentence_words, context_words, history)
        if not isinstance(about, str):
            return about
        if claim.kind == "duration" and not any(ch.isdigit() for ch in claim.span):
            # "I'll text you a reminder a day before": a length said in words is compared only
            # with the facts its own clause names, never guessed from the rest of the call
            return None
    scored = [
        (relatedness(fact, sentence_words, context_words), fact, known)
        for fact, known in candidates
        if known.kind == claim.kind or claim.kind in {"money", "free"}
    ]
    best = max((score for score, _, _ in scored), default=0)
    own_best = max((len(fact_words(fact)[1] & sentence_words) for _, fact, _ in scored), default=0)
    for score, _fact, known in scored:
        if known.kind == claim.kind and same(claim.kind, claim.value, known.value):
            if claim.kind in IDENTIFYING or score >= best:
                return None
            if own_best and len(fact_words(_fact)[1] & sentence_words) == own_best:
                # "if you need to cancel we ask for twenty-four hours' notice, otherwise there's a
                # forty dollar fee": the sentence names the cancellation fact, which holds $40,
                # whatever the deposit talk before it
                return None
            if said_of(claim, sentence, _fact):
                return None  # "two adults at fourteen fifty ... for the family": the adults' price
            if claim.kind == "money" and named_by_phrase(sentence, _fact):
                return None  # "the service call fee is ninety-five dollars": the fact's own name
            if (fact_words(_fact)[1] - _words_of_best(scored, best)) & sentence_words:
                # "it's a matinee, so nine dollars a ticket, lower than the senior price": the
                # sentence names what only the fact holding $9 is about (the matinee), beside the
                # senior price it is compared with
                return None
    if claim.kind == "phone" and someone_elses(sentence, history, index):
        # "his cell is five five five, zero four nine seven": a person's own number, not the
        # business's; one the sheet does not have is invented
        return "invented_fact", "major", None
    if claim.kind == "money" and (
        is_total(claim, scored, context_words) or is_derived(claim, index, history, sentence)
    ):
        return None
    if claim.kind == "money" and (exact_in_cents(claim, scored) or listed_amount(claim, sentence, scored)):
        return None
    if claim.kind == "money" and unknown_subject(claim, sentence, index):
        return "invented_fact", "critical", None
    if (
        claim.kind == "money"
        and scored
        and best >= WRONG_THRESHOLD
        and about_the_unpriced(claim, sentence, candidates, sentence_words, context_words)
    ):
        return "invented_fact", "critical", None
    if scored and best >= WRONG_THRESHOLD:
        fact = next(fact for score, fact, _ in scored if score == best)
        return "wrong_fact", topic_severity(fact), fact
    if claim.kind in SELF_NAMING and scored:
        discussed = last_discussed([fact for _, fact, _ in scored], history)
        if discussed is not None:
            return "wrong_fact", topic_severity(discussed), discussed
    if claim.kind == "money" and any(
        known.kind == "money" and same("money", claim.value, known.value) for _, _, known in scored
    ):
        return None
    if claim.kind in NOT_INVENTED:
        return None
    return "invented_fact", ("critical" if claim.kind in CRITICAL_KINDS else "major"), None
