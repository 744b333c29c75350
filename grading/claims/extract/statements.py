"""What a fact's statement says beside its claims: the days each of its amounts and times applies
to, and the things it says the business does not have or do."""

from __future__ import annotations

import re
from typing import Final

from grading.claims.extract.days import days_in
from grading.claims.extract.money import MONEY
from grading.claims.extract.sentence import cached_extract
from grading.speech import content_words

NEGATED: Final = re.compile(
    r"\b(?:there (?:is|are) no|we have no|has no|have no|no longer (?:offer|have|do)s?|"
    r"(?:does|do|did) not (?:do|offer|have|provide|run|take|accept|sell|move|carry|allow|make|repair|fix"
    r"|install|rent)|"
    r"(?:doesn'?t|don'?t) (?:do|offer|have|provide|run|take|accept|sell|move|carry|allow|make|repair|fix"
    r"|install|rent)|"
    r"(?:are|is) not (?:accredited|licensed|certified|authori[sz]ed|able) to (?:issue|do|offer|provide|sell"
    r"|perform|write))\s+"
    r"([a-z][a-z', -]{2,160}?)(?=[;.]|\s+(?:but|so|because|since|over|under)\b|$)"
)


AMOUNT_BOUNDARY: Final = re.compile(r"[;.](?:\s|$)|,\s*(?:and|but)\b")


def days_of_amounts(text: str) -> tuple[tuple[float, frozenset[int]], ...]:
    """Each amount of a fact with the days it applies to ("$159 per night Sunday to Thursday and
    $199 on Friday and Saturday nights"): the days said after it, up to the next amount or clause
    end; else the days said before it in its clause ("on weekends it's $199")."""
    lowered = text.casefold()
    found = [(m.start(), m.end(), float(m.group(1) or m.group(3))) for m in MONEY.finditer(lowered)]
    result: list[tuple[float, frozenset[int]]] = []
    for i, (start, end, value) in enumerate(found):
        after = lowered[end : found[i + 1][0] if i + 1 < len(found) else len(lowered)]
        after = AMOUNT_BOUNDARY.split(after, maxsplit=1)[0]
        days = days_in(after)
        if not days:
            before = lowered[found[i - 1][1] if i else 0 : start]
            days = days_in(AMOUNT_BOUNDARY.split(before)[-1])
        result.append((value, frozenset(days)))
    return tuple(result)


TIME_SEGMENT: Final = re.compile(
    r"[;,.](?:\s|$)|\s+and\s+(?=(?:on\s+)?\d|(?:on\s+)?[a-z]+days?\b|weekends?\b)"
)


def days_of_times(text: str) -> tuple[tuple[tuple[int, ...], frozenset[int]], ...]:
    """Each time of an hours fact with the days it applies to ("Monday to Friday 10 am to 8 pm,
    Sunday 11 am to 5 pm"): segment by segment, a segment's own days, else the days of the segment
    before it (a lunch break inside the weekday hours); empty where the fact names no days."""
    result: list[tuple[tuple[int, ...], frozenset[int]]] = []
    carried: frozenset[int] = frozenset()
    timed = True  # whether the segment before gave times; days in a row ("Saturday and Sunday") add up
    for segment in TIME_SEGMENT.split(text.casefold()):
        own = frozenset(days_in(segment))
        days = (own if timed else carried | own) or carried
        carried = days
        times = [c.value for c in cached_extract(segment) if c.kind == "time" and isinstance(c.value, tuple)]
        timed = bool(times) or not own
        result.extend((value, days) for value in times)
    return tuple(result)


NO_THING: Final = re.compile(r"(?:^|[;.:]\s*)no\s+([a-z][a-z'-]+(?:,?\s+[a-z][a-z'-]+){0,7}?)\s*(?=[;.]|$)")
"""A clause that is only "no X" ("Eye exams are by appointment only; no walk-ins."; "We offer fiber
internet only; no TV, home phone or mobile service."): X is denied, unless it is something not
needed ("no appointment needed")."""


def negated_things(text: str) -> frozenset[str]:
    """The content words of what a fact says the business does not have or do ("There is no
    airport shuttle", "We do not move pianos or pool tables", "...; no walk-ins")."""
    found: set[str] = set()
    lowered = text.casefold()
    for match in NEGATED.finditer(lowered):
        found |= content_words(match.group(1))
    for match in NO_THING.finditer(lowered):
        if not re.search(r"\b(?:needed|required|necessary|minimum|charge|fee|cost)$", match.group(1)):
            found |= content_words(match.group(1))
    return frozenset(found)
