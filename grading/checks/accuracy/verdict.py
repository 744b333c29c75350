"""What judging one claim returns (a Verdict: tag, severity, the fact contradicted) and how severe
a contradiction of a fact is."""

from __future__ import annotations

from typing import Final

from grading.claims.facts import IndexedFact
from grading.formats import Severity, Tag

CRITICAL_TOPICS: Final[frozenset[str]] = frozenset({"price", "hours", "availability"})
RANK: Final[dict[str, int]] = {"minor": 0, "major": 1, "critical": 2}


Verdict = tuple[Tag, Severity, IndexedFact | None] | None


def topic_severity(fact: IndexedFact) -> Severity:
    return "critical" if fact.fact.topic in CRITICAL_TOPICS else "major"
