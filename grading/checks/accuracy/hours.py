"""Times of day: opening hours, slots and schedules held against the sheet's times, and a time said
in words that is really an amount or one of the sheet's plain numbers."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.accuracy.clauses import span_clause, unknown_subject
from grading.checks.accuracy.relatedness import (
    GENERIC,
    HOURS_FUNCTION,
    STRONGLY_RELATED,
    WEAK,
    WRONG_THRESHOLD,
    fact_words,
    relatedness,
)
from grading.checks.accuracy.values import same
from grading.checks.accuracy.verdict import topic_severity
from grading.claims.extract import Claim, days_named
from grading.claims.facts import FactIndex, IndexedFact
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered
from grading.formats import Severity, Tag
from grading.speech import content_words

HOURS_CONTEXT: Final = compile_filtered(
    r"\b(?:open|opens|opening hours|close|closes|closing|closed|hours|until|till|serve|served|serving|"
    r"kitchen|last (?:seating|order|call)|we'?re (?:in|here))\b",
    re.IGNORECASE,
)
APPOINTMENT_CONTEXT: Final = compile_filtered(
    r"\b(?:i have|i'?ve got|we have|we'?ve got|there'?s|available|availability|opening|openings|slot|slots|"
    r"appointment|booked|book you|booking|reserved|reservation|schedule|scheduled|see you|fit you|come in|"
    r"bring (?:him|her|it|them|the)|drop (?:it|him|her|them)|be there|window|between|put you|you down|"
    r"earliest|latest|next|has|how about|works?|free|this (?:morning|afternoon|evening))\b",
    re.IGNORECASE,
)
DATED: Final = compile_filtered(
    r"\b(?:tomorrow|today|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    r"(?:\d+|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh"
    r"|twelfth)(?:st|nd|rd|th)?)s?\b",
    re.IGNORECASE,
)
"""A day or date beside a time: probably a slot, unless the clause is about something unknown."""


def _hour_ranges(index: FactIndex) -> list[tuple[IndexedFact, int, int]]:
    """(fact, opening, closing) minutes for the hours and availability facts that give a range."""
    ranges: list[tuple[IndexedFact, int, int]] = []
    for fact in index.facts:
        if fact.fact.topic not in {"hours", "availability"} or not HOURS_CONTEXT.search(fact.fact.statement):
            continue
        times = [
            claim.value for claim in fact.claims if claim.kind == "time" and isinstance(claim.value, tuple)
        ]
        if len(times) >= 2:
            flat = [minute for value in times for minute in value]
            ranges.append((fact, min(flat), max(flat)))
    return ranges


TIME_RANGE: Final = re.compile(r"\d\s*(?:am|pm|a\.m\.|p\.m\.)?\s*(?:to|until|till|-|–)\s*\d", re.IGNORECASE)


def _inside_its_range(minutes: tuple[int, ...], fact: IndexedFact) -> bool:
    """A slot time inside the span of hours the fact gives ("run 8 am to 5 pm"): a time the calendar
    offers within them, not one the fact's own times contradict (a schedule's listed departures)."""
    if not TIME_RANGE.search(fact.text):
        return False
    times = [
        minute
        for claim in fact.claims
        if claim.kind == "time" and isinstance(claim.value, tuple)
        for minute in claim.value
    ]
    return len(times) >= 2 and any(min(times) <= minute <= max(times) for minute in minutes)


def judge_time(
    claim: Claim, sentence: str, index: FactIndex, sentence_words: set[str], context_words: set[str]
) -> tuple[Tag, Severity, IndexedFact | None] | None:
    """Times, by what they are about: the business's hours (must equal a sheet time, on the days
    named when the sentence names days), a slot or arrival (must fall inside the sheet's hours; the
    calendar itself is the agent's tool), or a schedule the sheet lists (must equal one of its
    times). A time in a clause about things the sheet never mentions is invented."""
    if not isinstance(claim.value, tuple):
        return None
    candidates = index.with_kind("time")
    scored = [(relatedness(fact, sentence_words, context_words), fact) for fact, _ in candidates]
    best = max((score for score, _ in scored), default=0)
    if HOURS_CONTEXT.search(sentence):
        if _starts_within_hours(claim, sentence, index):
            return None
        hours = _hours_facts(index)
        # the days of the claim's own clause: "open 7 to 10, except Tuesdays from 1 to 3" names
        # Tuesday for the closure, not for the opening hours
        days = days_named(span_clause(claim.span, sentence))
        on_those_days = [fact for fact in hours if days & fact.open_days]
        # what the time's own clause names ("x-ray runs until half past four, and we close at
        # five": the x-ray fact for 4:30, the opening hours for 5)
        subject = content_words(span_clause(claim.span, sentence)) - GENERIC - WEAK - HOURS_FUNCTION
        named = [fact for fact in hours if subject & fact_words(fact)[2]]
        # the facts the clause names come first ("the lab runs until five" is about the lab's
        # hours, whatever else is open at five); else the facts for the days it names
        named_on_days = [fact for fact in named if not days or days & fact.open_days or not fact.open_days]
        pool = named_on_days or named or on_those_days or [fact for _, fact in scored] or hours
        matching = [
            fact
            for fact in pool
            if any(same("time", claim.value, known.value) for known in fact.claims if known.kind == "time")
        ]
        if matching:
            if all(_time_for_other_days(claim, fact, days) for fact in matching):
                # "Sundays we're open until eight" where 8 pm is the weekday closing time
                return "wrong_fact", topic_severity(matching[0]), matching[0]
            return None
        if unknown_subject(claim, sentence, index) or not hours:
            return "invented_fact", "critical", None
        fact = max(on_those_days or hours, key=lambda f: relatedness(f, sentence_words, context_words))
        return "wrong_fact", topic_severity(fact), fact
    if any(same("time", claim.value, known.value) for _, known in candidates):
        return None
    slot = bool(APPOINTMENT_CONTEXT.search(sentence))
    if best >= STRONGLY_RELATED:
        fact = next(fact for score, fact in scored if score == best)
        if slot and _inside_its_range(claim.value, fact):
            return None  # "I have nine thirty for a consultation" where consultations run 8 to 5
        return "wrong_fact", topic_severity(fact), fact
    if not slot and unknown_subject(claim, sentence, index):
        # a bare hour ("quiet after three") about things the sheet never mentions is small talk
        return None if LOOSE_HOUR.fullmatch(claim.span) else ("invented_fact", "critical", None)
    if slot or DATED.search(sentence):
        ranges = _hour_ranges(index)
        if not ranges or any(low <= minute <= high for _, low, high in ranges for minute in claim.value):
            return None
        fact = ranges[0][0]
        return "wrong_fact", topic_severity(fact), fact
    if best >= WRONG_THRESHOLD:
        fact = next(fact for score, fact in scored if score == best)
        return "wrong_fact", topic_severity(fact), fact
    if LOOSE_HOUR.fullmatch(claim.span):
        # "it's usually quiet after three": a loose hour about nothing the sheet or a booking
        # speaks of is no claim anyone could hold the business to
        return None
    return "invented_fact", "critical", None


EVENT_STARTS: Final = compile_filtered(
    r"\b(?:starts?|begins?|kicks? off|runs?|leaves?|departs?)\s+(?:at|around|about)\b", re.IGNORECASE
)
"""A time something begins or leaves at ("the last tour of the day starts at three")."""


def _starts_within_hours(claim: Claim, sentence: str, index: FactIndex) -> bool:
    """A time something starts at, inside the sheet's hours, in a clause with no hours word ("we're
    open ten to four, and the last tour of the day starts at three"): the tour's time, no opening
    or closing time, so the hours said beside it do not make it one."""
    assert isinstance(claim.value, tuple)
    clause = span_clause(claim.span, sentence)
    if HOURS_CONTEXT.search(clause) is not None or EVENT_STARTS.search(clause) is None:
        return False
    return any(low <= minute <= high for _, low, high in _hour_ranges(index) for minute in claim.value)


_hours_memo: dict[int, tuple[FactIndex, list[IndexedFact]]] = {}


def _hours_facts(index: FactIndex) -> list[IndexedFact]:
    """The facts that give opening hours: the hours topic, or times said with hours words in any
    fact. Memoised per index (indexes are cached and immutable; see grading.claims.facts)."""
    held = _hours_memo.get(id(index))
    if held is not None and held[0] is index:
        return held[1]
    hours = [
        fact
        for fact in index.facts
        if _has_time(fact) and (fact.fact.topic == "hours" or HOURS_CONTEXT.search(fact.fact.statement))
    ]
    if len(_hours_memo) > 64:
        _hours_memo.clear()
    _hours_memo[id(index)] = (index, hours)
    return hours


def _time_for_other_days(claim: Claim, fact: IndexedFact, days: frozenset[int]) -> bool:
    """The fact gives this time only for days other than the ones the clause names."""
    if not days or not fact.time_days:
        return False
    found = [when for value, when in fact.time_days if same("time", claim.value, value)]
    return bool(found) and all(when and not when & days for when in found)


def _has_time(fact: IndexedFact) -> bool:
    return any(claim.kind == "time" for claim in fact.claims)


def as_amount(claim: Claim, sentence: str) -> tuple[float, ...]:
    """The amounts a clock time said in two groups of words may be ("starts at nine fifty": $950
    or $9.50), where nothing in the sentence says it is a time of day."""
    shape = SPOKEN_TIME.fullmatch(claim.span)
    if claim.kind != "time" or shape is None or claim.span in sentence or OPENING_TALK.search(sentence):
        return ()
    hour, minute = int(shape.group(1)), int(shape.group(2))
    return (float(hour * 100 + minute), hour + minute / 100)


SPOKEN_TIME: Final = re.compile(r"(\d{1,2}):(\d{2})")
LOOSE_HOUR: Final = re.compile(r"(?:after|before|by)\s+\d{1,2}")
"""An hour given loosely ("after three"): unlike "brunch runs from nine to eleven", it states no
time the business keeps."""
BARE_HOUR: Final = re.compile(r"(?:at|from|to|until|till|til|by|before|after)\s+(\d{1,2})")


def number_of_the_sheet(claim: Claim, sentence: str, index: FactIndex) -> bool:
    """A time said in words that the sheet has as a plain number, not a time ("violin starts at
    five" where the sheet gives minimum ages "piano and violin 5"; "two-twenty for a standing
    reception" where capacity is "220 for a standing reception"), and nothing says time of day."""
    if claim.kind != "time" or claim.span in sentence or OPENING_TALK.search(sentence):
        return False
    pair = SPOKEN_TIME.fullmatch(claim.span)
    bare = BARE_HOUR.fullmatch(claim.span)
    if pair is not None:
        number = str(int(pair.group(1)) * 100 + int(pair.group(2)))
    elif bare is not None:
        number = bare.group(1)
    else:
        return False
    clause = content_words(span_clause(claim.span, sentence)) - GENERIC - WEAK - HOURS_FUNCTION
    if not clause:
        # "those are from five": the clause points back at what the sentence named
        clause = content_words(sentence) - GENERIC - WEAK - HOURS_FUNCTION
    plain = re.compile(rf"(?<![\d:.,$£€]){number}(?![\d:]|[.,]\d|\s*(?:am|pm|a\.m|p\.m|o'?clock))")
    # the fact must be about what the clause names ("violin"), so a stray 9 elsewhere on the
    # sheet does not turn "brunch runs from nine" into a number
    return any(
        clause & fact_words(fact)[1] and plain.search(digits_for_speech(fact.fact.statement))
        for fact in index.facts
    )


OPENING_TALK: Final = compile_filtered(
    r"\b(?:open|opens|opening|close|closes|closing|closed|hours|until|till|arriv\w*|appointment|slot|"
    r"a\.?m\b|p\.?m\b|morning|afternoon|evening|tonight|o'?clock)\b",
    re.IGNORECASE,
)
"""What makes a time said in words a time of day for sure (opening hours, a slot, a part of day)."""
