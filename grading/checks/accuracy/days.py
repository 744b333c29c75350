"""Days: the days a sentence says are open or closed, held against the sheet's open and closed days,
and a date that is the day after one of the sheet's dates (a reopening)."""

from __future__ import annotations

import re
from datetime import date, timedelta
from functools import lru_cache
from typing import Final

import msgspec

from grading.checks.accuracy.relatedness import GENERIC, GENERIC_STEMS, HOURS_FUNCTION, WEAK
from grading.checks.accuracy.verdict import Verdict, topic_severity
from grading.claims.extract import (
    CLAUSE,
    CLOSED_WORDS,
    Claim,
    days_in,
    days_named,
    partial_closure,
    says_every_day,
)
from grading.claims.facts import FactIndex, IndexedFact
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered
from grading.formats import Severity, Tag
from grading.speech import content_words, holds_any

OPEN_CLAIM: Final = compile_filtered(
    r"\b(?:open|serve|serves|(?<!first )(?<!first-)served|serving)\b(?!\s+(?:an?|the|your|up)\b)"
)
"""A clause that says something is open or served on its days; "first come, first served" says how
lanes or tables are given out, not that the business opens that day."""
WE_DO_DAYS: Final = compile_filtered(
    r"\b(?:we|they|i|our [a-z]+)\s+(?:also\s+|can\s+)?"
    r"(?:do|work|come out|go out|take bookings|see (?:people|patients|clients))\s+(?:on\s+)?"
    r"(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekends?)\b"
)
""""Sure, we do Sundays": working a day is being open that day."""
EVERY_OPEN_DAY: Final = compile_filtered(
    r"\bevery day (?:that |when )?(?:we'?re|we are|they'?re|they are|it'?s|it is|the \w+ is|you'?re) open\b"
)
""""In the case every day we're open": every open day, not a claim of opening every day."""


REOPENING: Final = compile_filtered(r"\b(?:again|reopen\w*|back open|resume\w*|from)\b", re.IGNORECASE)


def day_after_a_sheet_date(claim: Claim, index: FactIndex) -> bool:
    """The claimed date is the day after a date on the sheet (the end of a closure)."""
    if not isinstance(claim.value, str):
        return False
    month, day = (int(part) for part in claim.value.split("-"))
    for _, known in index.with_kind("date"):
        if not isinstance(known.value, str):
            continue
        known_month, known_day = (int(part) for part in known.value.split("-"))
        try:
            following = date(2001, known_month, known_day) + timedelta(days=1)
        except ValueError:
            continue
        if (following.month, following.day) == (month, day):
            return True
    return False


@lru_cache(maxsize=4096)
def _claimed_days(sentence: str, asked_if_open: bool) -> tuple[frozenset[int], frozenset[int]]:
    """The days `sentence` says are open and closed. Cached: it depends on the sentence alone, and
    agents say the same sentences call after call ("We're closed Sundays")."""
    claimed_open: set[int] = set()
    claimed_closed: set[int] = set()
    lowered = sentence.casefold()
    if not holds_any(lowered, DAYS_SAID):
        return frozenset(), frozenset()  # most sentences: no clause below can name a day
    for clause in CLAUSE.split(lowered):
        days = days_in(clause)
        if says_every_day(clause) and not EVERY_OPEN_DAY.search(clause):
            days |= set(range(7))
        if not days:
            continue
        if CLOSED_WORDS.search(clause):
            if not partial_closure(clause):
                claimed_closed |= days
        elif OPEN_CLAIM.search(clause) or WE_DO_DAYS.search(clause) or asked_if_open:
            # "Are you open Sunday?" "Yep, Sundays ten to four." says open without the word
            claimed_open |= days
    return frozenset(claimed_open), frozenset(claimed_closed)


DAYS_SAID: Final = ("day", "sun", "sat", "mon", "tue", "wed", "thu", "fri", "week", "daily")
"""What a clause naming days holds: a day's name (`days_in` looks for the same letters) or one of
EVERY_DAY's words. A few substring tests of the sentence spare the clause-by-clause reading of the
rest (cheaper than one `re` alternation of them, which is entered at every candidate letter)."""


def open_day_claims(
    sentence: str, index: FactIndex, asked_if_open: bool = False
) -> tuple[Tag, Severity, IndexedFact | None] | None:
    """ "We're open Sunday" / "closed on Saturdays", clause by clause, against the sheet's days."""
    claimed_open, claimed_closed = _claimed_days(sentence, asked_if_open)
    if not claimed_open and not claimed_closed:
        return None
    key = (id(index), sentence, asked_if_open)
    held = _open_day_memo.get(key)
    if held is not None and held[0] is index:
        return held[1]
    found = _judge_open_days(sentence, index, asked_if_open)
    if len(_open_day_memo) > 4096:
        _open_day_memo.clear()
    _open_day_memo[key] = (index, found)
    return found


_open_day_memo: dict[tuple[int, str, bool], tuple[FactIndex, Verdict]] = {}
"""Open-day verdicts by sheet index and sentence: the verdict depends on nothing else, and agents
say their days in the same words call after call ("We're open Monday to Friday, closed weekends")."""


def _judge_open_days(sentence: str, index: FactIndex, asked_if_open: bool) -> Verdict:
    """`open_day_claims` for a sentence that claims open or closed days."""
    claimed_open, claimed_closed = _claimed_days(sentence, asked_if_open)
    clauses = [clause for clause in CLAUSE.split(sentence) if clause and clause.strip()]
    dated = [clause for clause in clauses if days_named(clause) or says_every_day(clause.lower())]
    if len(dated) >= 2:
        # "Saturday the lobby's open nine till noon, and the drive-up is closed on Saturdays":
        # each clause against the facts about what it names
        for clause in dated:
            found = open_day_claims(clause, index, asked_if_open)
            if found is not None:
                return found
        return None
    if CALENDAR_DATE.search(digits_for_speech(sentence)):
        # "Saturday, October ninth is open; the tenth is a Sunday and it's open too": a date on
        # the calendar is free or booked, which says nothing of the weekly opening days
        return None
    hours_facts = [fact for fact in index.facts if fact.open_days or fact.closed_days]
    words = content_words(sentence) - GENERIC - GENERIC_STEMS - WEAK - HOURS_FUNCTION - DAY_SPAN_WORDS
    about = [fact for fact in hours_facts if words & fact.words]
    named_nothing = not about
    if not about:
        # "we're closed Sunday and Monday" names nothing: the opening hours, not the walk-in days
        about = [fact for fact in hours_facts if fact.fact.topic == "hours"]
    if about:
        # "we serve lunch every day": the lunch fact's days, not the union of every opening
        opened = frozenset(day for fact in about for day in fact.open_days)
        closed = frozenset(day for fact in about for day in fact.closed_days)
        index = msgspec.structs.replace(index, open_days=opened, closed_days=closed - opened)
        hours_facts = about
    if not hours_facts:
        return ("invented_fact", "critical", None) if claimed_open else None
    for day in sorted(claimed_closed):
        if named_nothing and any(day in fact.closed_days for fact in hours_facts):
            # "We're closed Sundays." where the office is closed on Sunday and lessons run: a
            # sentence that names neither is true of one of them
            continue
        wrong = next((fact for fact in hours_facts if day in fact.open_days), None)
        if wrong is not None:
            return "wrong_fact", topic_severity(wrong), wrong
    for day in sorted(claimed_open):
        if named_nothing and any(day in fact.open_days for fact in hours_facts):
            continue
        wrong = next((fact for fact in hours_facts if day in fact.closed_days), None)
        if wrong is None and index.open_days and day not in index.open_days:
            wrong = next((fact for fact in hours_facts if fact.open_days), hours_facts[0])
        if wrong is not None:
            return "wrong_fact", topic_severity(wrong), wrong
    return None


DAY_SPAN_WORDS: Final[frozenset[str]] = frozenset(
    """through thru till until to from between and one two three four five six seven eight nine ten
    eleven twelve""".split()
)
"""The words of a span of days or hours ("Monday through Friday", "at seven"): they name no fact."""
CALENDAR_DATE: Final = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\b"
    r"|\bthe \d{1,2}(?:st|nd|rd|th)\b"
)
