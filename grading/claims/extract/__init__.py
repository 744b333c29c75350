"""Typed claims out of one sentence: the specific values a caller could act on.

A claim is a kind and a normalised value, so that "$120", "120 dollars" and "one hundred twenty
dollars" are the same claim, "5:29" matches a fact's "05:29" or "17:29", and "(217) 555-0142"
matches "217.555.0142". Kinds: money, free (something offered at no charge), percent, time,
open_day (a day the business is or is not open), date, duration, phone, postcode, street,
price_level (cheap / moderate / expensive), quantity (a number of some thing).

Extraction is by precompiled patterns over the sentence after `digits_for_speech`; spans taken by
one kind are not read again by another (a phone number is not also a quantity).

Where each part lives: `sentence` (the extractor, kind by kind), `claim` (the Claim), `money`
(amounts, percentages), `times` (times, dates, frequencies, durations), `days` (weekdays, open and
closed days), `places` (phones, postcodes, streets, suites), `free`, `things` (offers, credentials,
landmarks, price levels, counts, sizes), `statements` (a fact's days and what it says is not had).
"""

from __future__ import annotations

from grading.claims.extract.claim import Claim, ClaimValue
from grading.claims.extract.days import (
    CLAUSE,
    CLOSED_WORDS,
    DAY_NAMES,
    EVERY_DAY,
    days_in,
    days_named,
    open_and_closed_days,
    partial_closure,
    says_every_day,
)
from grading.claims.extract.free import FREE_THEN_NO_THING
from grading.claims.extract.sentence import extract, says_a_number
from grading.claims.extract.statements import days_of_amounts, days_of_times, negated_things
from grading.claims.extract.things import sizes_as_written
from grading.claims.extract.times import ISO_DATE, MONTH_NAMES

__all__ = [
    "CLAUSE",
    "CLOSED_WORDS",
    "DAY_NAMES",
    "EVERY_DAY",
    "FREE_THEN_NO_THING",
    "ISO_DATE",
    "MONTH_NAMES",
    "Claim",
    "ClaimValue",
    "days_in",
    "days_named",
    "days_of_amounts",
    "days_of_times",
    "extract",
    "negated_things",
    "open_and_closed_days",
    "partial_closure",
    "says_a_number",
    "says_every_day",
    "sizes_as_written",
]
