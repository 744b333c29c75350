"""Weekdays: the days a text names (ranges expanded), and the days it says are open or closed, a
closure for part of a day closing none."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered
from grading.prefilter import compile_gated

DAY_NAMES: Final[dict[str, int]] = {
    "monday": 0,
    "mon": 0,
    "tuesday": 1,
    "tue": 1,
    "tues": 1,
    "wednesday": 2,
    "wed": 2,
    "thursday": 3,
    "thu": 3,
    "thur": 3,
    "thurs": 3,
    "friday": 4,
    "fri": 4,
    "saturday": 5,
    "sat": 5,
    "sunday": 6,
    "sun": 6,
}
_DAY: Final = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?"
_DAY_SHORT: Final = r"(?:mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)"
DAY_RANGE: Final = compile_filtered(
    rf"\b({_DAY}|{_DAY_SHORT})\.?\s*(?:to|through|thru|till|until|-|–|and)\s*({_DAY}|{_DAY_SHORT})\b"
)
DAY_SINGLE: Final = compile_filtered(rf"\b({_DAY}|weekends?|weekdays?|weeknights?)\b")
DAY_NAME_HINT: Final = re.compile("mon|tue|wed|thu|fri|sat|sun|week")
"""What every DAY_RANGE and DAY_SINGLE match contains: a plain alternation of literals, which `re`
scans for far faster than the full patterns, and most clauses name no day at all."""
OPEN_WORDS: Final = re.compile(
    r"\b(?:open|opens|opening hours|hours are|we'?re in|available|see patients|work)\b"
)
CLOSED_WORDS: Final = re.compile(r"\b(?:closed|close on|not open|aren'?t open|don'?t open|no hours|shut)\b")


def open_and_closed_days(text: str) -> tuple[set[int], set[int]]:
    """The days a text says are open and the days it says are closed, clause by clause
    ("Open Saturday 9 am to 1 pm; closed Sunday" -> {Saturday}, {Sunday})."""
    opened: set[int] = set()
    closed: set[int] = set()
    for clause in CLAUSE.split(text.casefold()):
        days = days_in(clause)
        if not days and says_every_day(clause) and OPEN_WORDS.search(clause):
            # "Open every day 9 am to 5 pm": every day of the week, which a seasonal late opening
            # ("until 8 pm on Fridays") in another fact does not narrow
            days = set(range(7))
        if CLOSED_WORDS.search(clause):
            if not partial_closure(clause):
                closed |= days
            else:
                # "Open Tuesday to Friday 10 to 7, with the desk closed for lunch 1 to 1:30": a
                # day closed for part of it is a day open
                opened |= days
        else:
            opened |= days
    return opened, closed


EVERY_DAY: Final = compile_gated(r"\b(?:every day|daily|seven days a week|7 days a week|all week)\b")
"""Every day of the week without naming one: with an opening word, a clause of hours that opens on
all seven days."""
_EVERY_DAY_PARTS: Final = ("every day", "daily", "days a week", "all week")
"""What every EVERY_DAY match holds, found by substring tests: most clauses hold none, and the gated
search would first read each new clause's words for itself."""


def says_every_day(text: str) -> bool:
    """Whether EVERY_DAY matches `text` (a clause, lower-cased as EVERY_DAY reads it)."""
    for part in _EVERY_DAY_PARTS:
        if part in text:
            return EVERY_DAY.search(text) is not None
    return False


PARTIAL_CLOSURE: Final = compile_filtered(r"\d|\bnoon\b|\bfor (?:lunch|cleaning|a break|maintenance)\b")


def partial_closure(clause: str) -> bool:
    """ "Closed for lunch 1 to 1:30", "except Tuesdays 1 to 3 pm when it is closed": a closure
    for part of the day, so the days it names are not closed days."""
    return PARTIAL_CLOSURE.search(digits_for_speech(clause)) is not None


CLAUSE: Final = compile_filtered(r"[;.]\s+|[;.]$|,?\s*\bbut\b|,\s*and\b|,\s*(?=closed)")


def days_in(text: str) -> set[int]:
    """Every weekday a text names, ranges expanded ("Monday to Friday", "Mon-Fri", "weekdays"). A
    fresh set the caller may change."""
    return set(days_named(text))


@lru_cache(maxsize=4096)
def days_named(text: str) -> frozenset[int]:
    """`days_in` shared and read-only: cached, since the checks ask it of the same clauses and
    sentences over and over (every claim of a sentence about hours asks it of its clause)."""
    found: set[int] = set()
    lowered = text.casefold()
    if not DAY_NAME_HINT.search(lowered):
        return frozenset()
    for match in DAY_RANGE.finditer(lowered):
        first = DAY_NAMES[match.group(1).rstrip("s")[:3] if match.group(1)[:3] != "thu" else "thu"]
        last = DAY_NAMES[match.group(2).rstrip("s")[:3] if match.group(2)[:3] != "thu" else "thu"]
        day = first
        while True:
            found.add(day)
            if day == last:
                break
            day = (day + 1) % 7
    for match in DAY_SINGLE.finditer(lowered):
        word = match.group(1)
        if word.startswith("weekend"):
            found |= {5, 6}
        elif word.startswith("weekday"):
            found |= {0, 1, 2, 3, 4}
        elif word.startswith("weeknight"):
            found |= {6, 0, 1, 2, 3}  # the nights before a working day
        else:
            found.add(DAY_NAMES[word.rstrip("s")[:3] if not word.startswith("thu") else "thu"])
    return frozenset(found)
