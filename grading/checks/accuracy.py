"""accuracy: the agent's specific claims held against the fact sheet (wrong_fact, invented_fact).

For every agent sentence that states something (not a question, not hedged), each typed claim
(grading.claims) is checked in this order:
1. supported by the call itself: it repeats a value the caller said earlier (an echo, unless the
   agent affirms the caller's question "is it $90?" -> "yes, $90", which is a claim), or a value a
   tool returned or was successfully called with in this or an earlier turn (the agent's real
   capabilities are not hallucinations);
2. supported by the fact sheet: a fact holds the same value. For values that identify themselves
   (phone, postcode, clock time, street, percent, date) any fact will do; for the rest (amounts,
   price levels, "free", quantities) the matching fact must be at least as related to the sentence
   as any fact that disagrees;
3. otherwise, contradicted: the fact of the same kind most related to the sentence (shared content
   words of the sentence and of the caller's turn before it, the fact's id words included) gives
   a wrong_fact with that fact as `ref`: critical when the fact's topic is price, hours or
   availability, else major;
4. otherwise invented_fact: nothing in the sheet speaks to it. Critical for price, discount,
   hours and availability claims (amounts, percentages, times, open days, price levels), major
   for the rest.
Open days are their own claim: "we're open Sunday" against the sheet's open and closed days.
One failure per tag per turn (the most severe); the quote is the sentence as spoken.
"""

from __future__ import annotations

import re
from typing import Final, cast

from grading.claims.extract import (
    CLAUSE,
    CLOSED_WORDS,
    Claim,
    days_in,
    extract,
)
from grading.claims.facts import FactIndex, IndexedFact, index_facts
from grading.formats import Call, FactSheet, Failure, Severity, Tag
from grading.speech import HEDGE, content_words, sentences

IDENTIFYING: Final[frozenset[str]] = frozenset(
    {"phone", "postcode", "time", "street", "percent", "date", "duration"}
)
CRITICAL_KINDS: Final[frozenset[str]] = frozenset(
    {"money", "percent", "time", "open_day", "price_level", "date"}
)
CRITICAL_TOPICS: Final[frozenset[str]] = frozenset({"price", "hours", "availability"})
COMPATIBLE: Final[dict[str, tuple[str, ...]]] = {"money": ("money", "free"), "free": ("free", "money")}
AFFIRM: Final = re.compile(
    r"^(?:yes|yeah|yep|yup|correct|that'?s (?:right|correct)|exactly|right|sure)\b", re.I
)
OPEN_CLAIM: Final = re.compile(r"\bopen\b(?!\s+(?:an?|the|your|up)\b)")
PRICEY_SUBJECT: Final = re.compile(r"fee|price|fare|ticket|admission|entr|discount|cost|rate|charge", re.I)
_RANK: Final[dict[str, int]] = {"minor": 0, "major": 1, "critical": 2}
TRAILING_QUESTION: Final = re.compile(
    r"[,;:-]\s*(?:and\s+)?(?:should|shall|would|do|does|can|could|will|is|are|may|did|anything|how|what|"
    r"which|want|need|is there)\b[^,;]*\?\s*$"
    r"|\s+(?:would you like|shall i|should i|do you want|can i|may i|would you prefer)\b[^,;.]*\?\s*$",
    re.IGNORECASE,
)
BOOKING_OUTCOME: Final = re.compile(
    r"reference|confirmation (?:number|code)|booking (?:was |is )?(?:successful|complete)|"
    r"(?:was|were|is|are) (?:successful|booked|reserved)|i(?:'ve| have)? (?:booked|reserved|got you)|"
    r"total (?:due|cost|fee|price|is)",
    re.IGNORECASE,
)
NEGATED_EXISTENCE: Final = re.compile(
    r"\b(?:there (?:are|is) (?:no|not)|no (?:trains?|rooms?|tables?|slots?)\b)", re.I
)
MULTIPLES: Final = range(2, 21)


def _same(kind: str, claimed: object, known: object) -> bool:
    if kind == "time":
        assert isinstance(claimed, tuple)
        assert isinstance(known, tuple)
        return bool(set(claimed) & set(known))  # pyright: ignore[reportUnknownArgumentType]
    if kind == "money":
        assert isinstance(claimed, float)
        assert isinstance(known, float)
        return abs(claimed - known) < 0.005
    if kind == "phone":
        assert isinstance(claimed, str)
        assert isinstance(known, str)
        tail = min(len(claimed), len(known), 10)
        return tail >= 7 and claimed[-tail:] == known[-tail:]
    return claimed == known


def _key_values(claims: list[Claim]) -> dict[str, list[object]]:
    found: dict[str, list[object]] = {}
    for claim in claims:
        found.setdefault(claim.kind, []).append(claim.value)
    return found


def _seen(values: dict[str, list[object]], claim: Claim) -> bool:
    if claim.kind in {"free", "quantity", "price_level"}:
        return False
    return any(_same(claim.kind, claim.value, known) for known in values.get(claim.kind, ()))


def _related(fact: IndexedFact, sentence_words: set[str], caller_words: set[str]) -> int:
    return 2 * len(fact.words & sentence_words) + len(fact.words & caller_words)


def _judge_claim(
    claim: Claim, index: FactIndex, sentence_words: set[str], caller_words: set[str]
) -> tuple[Tag, Severity, IndexedFact | None] | None:
    """None when the claim stands; otherwise the tag, severity and the fact it contradicts."""
    kinds = COMPATIBLE.get(claim.kind, (claim.kind,))
    candidates = index.with_kind(*kinds)
    if claim.kind == "free":
        subject = set(claim.subject)
        for fact, known in candidates:
            if known.kind == "free" and subject & fact.words:
                return None
        related = [
            (fact, known) for fact, known in candidates if known.kind == "money" and subject & fact.words
        ]
        if related and PRICEY_SUBJECT.search(" ".join(claim.subject)):
            fact = max(related, key=lambda pair: _related(pair[0], sentence_words, caller_words))[0]
            return "wrong_fact", _topic_severity(fact), fact
        severity: Severity = "critical" if PRICEY_SUBJECT.search(" ".join(claim.subject)) else "major"
        return "invented_fact", severity, None
    if claim.kind == "quantity":
        noun = set(claim.subject)
        if not noun or not any(noun & fact.words for fact in index.facts):
            return None
        candidates = [(fact, known) for fact, known in candidates if noun & set(known.subject)]
        if not candidates:
            return None  # a count nothing in the sheet counts: left to a judge, too noisy to call
    if claim.kind == "street" and isinstance(claim.value, str):
        *name, suffix = claim.value.split()
        if any(f" {' '.join([*name[k:], suffix])} " in f" {index.sheet_text} " for k in range(len(name))):
            return None
    scored = [
        (_related(fact, sentence_words, caller_words), fact, known)
        for fact, known in candidates
        if known.kind == claim.kind or claim.kind in {"money", "free"}
    ]
    best = max((score for score, _, _ in scored), default=0)
    for score, _fact, known in scored:
        if known.kind == claim.kind and _same(claim.kind, claim.value, known.value):
            if claim.kind in IDENTIFYING or score >= best:
                return None
    if claim.kind == "money" and _is_total(claim, scored):
        return None
    if scored and best >= 1:
        fact = next(fact for score, fact, _ in scored if score == best)
        return "wrong_fact", _topic_severity(fact), fact
    if claim.kind == "money" and any(
        known.kind == "money" and _same("money", claim.value, known.value) for _, _, known in scored
    ):
        return None
    return "invented_fact", ("critical" if claim.kind in CRITICAL_KINDS else "major"), None


def _is_total(claim: Claim, scored: list[tuple[int, IndexedFact, Claim]]) -> bool:
    """A whole multiple of a sheet amount is a computed total ("two tickets, 8.80 pounds")."""
    assert isinstance(claim.value, float)
    for _, _, known in scored:
        if known.kind == "money" and isinstance(known.value, float) and known.value > 0:
            ratio = claim.value / known.value
            if round(ratio) in MULTIPLES and abs(ratio - round(ratio)) < 0.001:
                return True
    return False


def _topic_severity(fact: IndexedFact) -> Severity:
    return "critical" if fact.fact.topic in CRITICAL_TOPICS else "major"


def _open_day_claims(sentence: str, index: FactIndex) -> tuple[Tag, Severity, IndexedFact | None] | None:
    """ "We're open Sunday" / "closed on Saturdays", clause by clause, against the sheet's days."""
    claimed_open: set[int] = set()
    claimed_closed: set[int] = set()
    for clause in CLAUSE.split(sentence.casefold()):
        days = days_in(clause)
        if not days:
            continue
        if CLOSED_WORDS.search(clause):
            claimed_closed |= days
        elif OPEN_CLAIM.search(clause):
            claimed_open |= days
    if not claimed_open and not claimed_closed:
        return None
    hours_facts = [fact for fact in index.facts if fact.open_days or fact.closed_days]
    if not hours_facts:
        return ("invented_fact", "critical", None) if claimed_open else None
    for day in sorted(claimed_closed):
        wrong = next((fact for fact in hours_facts if day in fact.open_days), None)
        if wrong is not None:
            return "wrong_fact", _topic_severity(wrong), wrong
    for day in sorted(claimed_open):
        wrong = next((fact for fact in hours_facts if day in fact.closed_days), None)
        if wrong is None and index.open_days and day not in index.open_days:
            wrong = next((fact for fact in hours_facts if fact.open_days), hours_facts[0])
        if wrong is not None:
            return "wrong_fact", _topic_severity(wrong), wrong
    return None


def _tool_values(call: Call, upto: int) -> dict[str, list[object]]:
    texts: list[str] = []
    for turn in call.turns[: upto + 1]:
        for tool in turn.tool_calls:
            if tool.error is None:
                texts.append(_flatten(tool.result))
                texts.append(_flatten(tool.arguments))
    return _key_values(extract(" ".join(texts))) if texts else {}


def _flatten(value: object) -> str:
    """Tool arguments and results as plain text, keys included, for the claim extractor."""
    if isinstance(value, dict):
        items = cast("dict[object, object]", value)
        return " ".join(f"{key} {_flatten(item)}" for key, item in items.items())
    if isinstance(value, list | tuple):
        return " ".join(_flatten(item) for item in cast("list[object]", value))
    return "" if value is None else str(value)


def check(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    index = index_facts(fact_sheet)
    failures: list[Failure] = []
    caller_values: dict[str, list[object]] = {}
    previous_caller = ""
    previous_caller_values: dict[str, list[object]] = {}
    tools_seen = any(turn.tool_calls for turn in call.turns)
    for position, turn in enumerate(call.turns):
        if turn.speaker == "caller":
            found = _key_values(extract(turn.text))
            for kind, values in found.items():
                caller_values.setdefault(kind, []).extend(values)
            previous_caller, previous_caller_values = turn.text, found
            continue
        tool_values = _tool_values(call, position) if tools_seen else {}
        caller_words = content_words(previous_caller)
        worst: dict[Tag, tuple[Severity, Failure]] = {}
        turn_words = content_words(turn.text)
        for spoken in sentences(turn.text):
            sentence = TRAILING_QUESTION.sub("", spoken) if spoken.rstrip().endswith("?") else spoken
            if (
                sentence.rstrip().endswith("?")
                or HEDGE.search(sentence)
                or NEGATED_EXISTENCE.search(sentence)
            ):
                continue
            sentence_words = content_words(sentence)
            context_words = caller_words | turn_words
            booking = bool(BOOKING_OUTCOME.search(sentence))
            verdicts: list[tuple[Tag, Severity, IndexedFact | None, str]] = []
            open_day = _open_day_claims(sentence, index)
            if open_day is not None:
                verdicts.append((*open_day, "the open days"))
            affirming = bool(AFFIRM.match(sentence.strip())) and "?" in previous_caller
            for claim in extract(sentence):
                if booking and claim.kind in {"money", "quantity"}:
                    continue
                echoed = _seen(caller_values, claim)
                if echoed and not (affirming and _seen(previous_caller_values, claim)):
                    continue
                if _seen(tool_values, claim):
                    continue
                outcome = _judge_claim(claim, index, sentence_words, context_words)
                if outcome is not None:
                    verdicts.append((*outcome, claim.span))
            for tag, severity, fact, span in verdicts:
                if fact is not None:
                    reason = f'"{span}" contradicts fact {fact.fact.id}: "{fact.fact.statement}"'
                else:
                    reason = f'"{span}" is a specific claim the fact sheet does not support'
                failure = Failure(
                    tag=tag,
                    severity=severity,
                    turn=position + 1,
                    quote=spoken.strip()[:200],
                    reason=reason,
                    ref=fact.fact.id if fact is not None else None,
                )
                if tag not in worst or _RANK[severity] > _RANK[worst[tag][0]]:
                    worst[tag] = (severity, failure)
        failures.extend(failure for _, failure in worst.values())
    return failures
