"""The fact sheet as an index of typed values, built once per fact sheet and reused.

Each fact is read by the same claim extractor as agent speech, so a fact's "$120" and the agent's
"one hundred twenty dollars" land on the same value. Open and closed days are read clause by
clause. Fact sheet versions are immutable (DESIGN.md), so the index of a sheet object is cached by
identity for the few sheets a worker grades against at a time.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from typing import Final

import msgspec

from grading.claims.extract import (
    Claim,
    days_in,
    days_of_amounts,
    days_of_times,
    extract,
    negated_things,
    open_and_closed_days,
)
from grading.evidence import normalise
from grading.formats import Fact, FactSheet
from grading.speech import content_words


class IndexedFact(msgspec.Struct, frozen=True, kw_only=True):
    fact: Fact
    claims: tuple[Claim, ...]
    words: frozenset[str]
    text: str
    open_days: frozenset[int]
    closed_days: frozenset[int]
    negated: frozenset[str] = frozenset()
    """What the fact says the business does not have or do ("there is no airport shuttle")."""
    amount_days: tuple[tuple[float, frozenset[int]], ...] = ()
    """Each amount with the days it applies to, when the fact prices by day."""
    time_days: tuple[tuple[tuple[int, ...], frozenset[int]], ...] = ()
    """Each time with the days it applies to, for hours facts that name days."""
    contents: frozenset[str] = frozenset()
    """What the fact says its subject includes: a parenthesis ("Premium membership (all classes and
    the sauna)") or the words after "includes" / "including" / "comes with"."""


class FactIndex(msgspec.Struct, frozen=True, kw_only=True):
    facts: tuple[IndexedFact, ...]
    sheet_text: str
    vocabulary: frozenset[str]
    open_days: frozenset[int]
    closed_days: frozenset[int]
    offer_vocabulary: frozenset[str] = frozenset()
    """The words of the facts, the scope and the must rules, without the business's name: what the
    business offers ("Ironworks Fitness Club" has no kids' club because its name says club)."""
    negated: frozenset[str] = frozenset()
    """Every word some fact says the business does not have or do (the union of the facts'
    `negated`): one set test tells a sentence that names none of them."""

    kind_memo: dict[tuple[str, ...], tuple[tuple[IndexedFact, Claim], ...]] = msgspec.field(
        default_factory=dict
    )
    """with_kind's answers: every claim of an agent turn asks, and the facts never change."""

    def with_kind(self, *kinds: str) -> list[tuple[IndexedFact, Claim]]:
        """Every (fact, claim) pair whose claim is of one of `kinds` (a fresh list)."""
        pairs = self.kind_memo.get(kinds)
        if pairs is None:
            pairs = self.kind_memo[kinds] = tuple(
                (fact, claim) for fact in self.facts for claim in fact.claims if claim.kind in kinds
            )
        return list(pairs)


_CACHE_SIZE: Final = 64
_cache: OrderedDict[int, tuple[FactSheet, FactIndex]] = OrderedDict()
_lock = threading.Lock()
"""Workers grade on several threads; the cache's order bookkeeping must not interleave."""


def index_facts(fact_sheet: FactSheet) -> FactIndex:
    """The index of `fact_sheet` (cached by identity; see the module docstring)."""
    key = id(fact_sheet)
    with _lock:
        cached = _cache.get(key)
        if cached is not None and cached[0] is fact_sheet:
            _cache.move_to_end(key)
            return cached[1]
    index = _build(fact_sheet)
    with _lock:
        _cache[key] = (fact_sheet, index)
        if len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return index


HOURS_WORDS: Final = re.compile(r"(?<![\w-])(?:hours|open|opens|closed|closes)\b", re.IGNORECASE)
"""Opening-hours words ("after-hours surcharge" is a price, not hours)."""
SCHEDULE_TIME: Final = re.compile(r"\d\s*(?:am|pm|a\.m\.|p\.m\.)|\d:\d\d", re.IGNORECASE)
"""Days with clock times ("yard pickup Monday to Saturday 8:00 am to 5:00 pm") are a schedule."""
_CONTENTS: Final = re.compile(
    r"\(([^)]{2,120})\)|(?:\b(?:includes?|including|comes? with)|[a-z]:)\s+([^;.]{2,120})", re.IGNORECASE
)
"""What a fact says a thing comes with: in brackets ("Premium (all classes and the sauna)"), after
"includes", or listed after a colon ("... minimum 8 children: 90 minutes of bowling, shoes, ...")."""


DERIVED: Final = re.compile(r"^(.{4,}?)(?:ation|al)$")
"""A noun made from a verb ("cancellation", "rental"): the verb's stem is what a caller or agent says
with it ("cancelling is free", "rent one here")."""


def with_roots(found: set[str] | frozenset[str]) -> frozenset[str]:
    """A fact's words with the verb stems of its derived nouns ("cancellation" -> "cancell", the stem
    of "cancelling"; "rental" -> "rent"), so a sentence that uses the verb names the fact."""
    roots = {match.group(1) for word in found if (match := DERIVED.match(word)) is not None}
    return frozenset(found) | roots


def _contents(statement: str) -> frozenset[str]:
    found: set[str] = set()
    for match in _CONTENTS.finditer(statement):
        found |= content_words(match.group(1) or match.group(2))
    return frozenset(found)


def _build(fact_sheet: FactSheet) -> FactIndex:
    facts: list[IndexedFact] = []
    all_open: set[int] = set()
    all_closed: set[int] = set()
    for fact in fact_sheet.facts:
        opened: set[int] = set()
        closed: set[int] = set()
        if (
            fact.topic in {"hours", "availability"}
            or HOURS_WORDS.search(fact.statement)
            or (days_in(fact.statement) and SCHEDULE_TIME.search(fact.statement))
        ):
            # "The shop is at 418 Canal Street. Shop counter hours: Monday to Friday ...": hours
            # said in a location fact are hours all the same
            opened, closed = open_and_closed_days(fact.statement)
        all_open |= opened
        all_closed |= closed
        facts.append(
            IndexedFact(
                fact=fact,
                claims=tuple(extract(fact.statement)),
                words=with_roots(content_words(fact.statement + " " + fact.id.replace("-", " "))),
                text=normalise(fact.statement),
                open_days=frozenset(opened),
                closed_days=frozenset(closed),
                negated=negated_things(fact.statement),
                contents=_contents(fact.statement),
                amount_days=days_of_amounts(fact.statement) if days_in(fact.statement) else (),
                time_days=days_of_times(fact.statement)
                if fact.topic in {"hours", "availability"} and days_in(fact.statement)
                else (),
            )
        )
    sheet_text = " ".join(fact.text for fact in facts)
    return FactIndex(
        facts=tuple(facts),
        sheet_text=sheet_text,
        vocabulary=frozenset(
            content_words(
                " ".join([fact_sheet.business, fact_sheet.scope, *(f.statement for f in fact_sheet.facts)])
            )
        ),
        open_days=frozenset(all_open),
        closed_days=frozenset(all_closed - all_open),
        offer_vocabulary=frozenset(
            content_words(
                " ".join(
                    [
                        fact_sheet.scope,
                        *(f.statement for f in fact_sheet.facts),
                        # what a must rule tells the agent to say of the business ("warn about strobe
                        # lights and loud sounds") is the sheet's to say
                        *(rule.text for rule in fact_sheet.rules if rule.kind == "must"),
                    ]
                )
            )
        ),
        negated=frozenset[str]().union(*(fact.negated for fact in facts)),
    )
