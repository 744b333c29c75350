"""Which of the sheet's prices an amount is: the sheet's currency, its numbered tiers, an amount it
holds exactly, and the priced fact a sentence whose words name nothing is about."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.accuracy.clauses import span_clause
from grading.checks.accuracy.relatedness import last_discussed
from grading.checks.accuracy.values import same
from grading.claims.extract import DAY_NAMES, Claim
from grading.claims.facts import FactIndex, IndexedFact
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered

PRICEY_SUBJECT: Final = compile_filtered(
    r"fee|price|fare|ticket|admission|entr|discount|cost|rate|charge|deposit", re.I
)


def prices_in_pounds(index: FactIndex) -> bool:
    """Whether the sheet's amounts are in pounds sterling (so "fifty pounds" is money): its amounts
    say so, or, with no amounts in another currency, it names pounds at all."""
    currencies = {known.currency for _, known in index.with_kind("money")}
    if "gbp" in currencies:
        return True
    return not currencies and re.search(r"£|pound|gbp", index.sheet_text) is not None


NAMED_NUMBER: Final = re.compile(r"\b([A-Z][a-z]+)\s+(\d+)\b(?![-:%.,]?\d)(?![-:%])")
"""A name with a number, as a sheet writes a tier or model ("Fiber 300", "Fiber 1 Gig", "Zone 2")."""
NOT_A_SERIES: Final[frozenset[str]] = frozenset(
    (
        *"""the a an open from to and or up over under each every suite unit apt apartment route highway
        form page customers clients january february march april may june july august september october
        november december""".split(),
        *DAY_NAMES,
        *(f"{day}s" for day in DAY_NAMES),
    )
)
"""Capitalised words before a number that name no series of the business's own."""
_series_memo: dict[int, tuple[FactIndex, dict[str, frozenset[str]]]] = {}


def _series(index: FactIndex) -> dict[str, frozenset[str]]:
    """The names the sheet numbers in a series, with their numbers ("fiber": 300, 1, 2): a word
    written with two or more different numbers. Memoised per index."""
    held = _series_memo.get(id(index))
    if held is not None and held[0] is index:
        return held[1]
    found: dict[str, set[str]] = {}
    for fact in index.facts:
        for name, number in NAMED_NUMBER.findall(fact.fact.statement.replace(",", "")):
            if name.casefold() not in NOT_A_SERIES:
                found.setdefault(name.casefold(), set()).add(number)
    series = {name: frozenset(numbers) for name, numbers in found.items() if len(numbers) >= 2}
    if len(_series_memo) > 64:
        _series_memo.clear()
    _series_memo[id(index)] = (index, series)
    return series


def unknown_tier(claim: Claim, sentence: str, index: FactIndex) -> bool:
    """The amount's clause (else its sentence) names a member of one of the sheet's series that the
    sheet does not have ("Our top plan is Fiber 5 Gig, a hundred forty-nine a month" where the
    sheet has Fiber 300, 1 Gig and 2 Gig): the price of an invented plan, not a wrong price of a
    plan the name shares words with. A clause naming one the sheet has is judged as before."""
    series = _series(index)
    if not series:
        return False
    spoken = digits_for_speech(sentence)
    for text in (span_clause(claim.span, sentence), spoken):
        said = [
            number not in numbers
            for name, numbers in series.items()
            if name in text
            for number in re.findall(rf"\b{name}\s+(\d+)\b(?![-:%.]?\d)", text)
        ]
        if said:
            return all(said)
    return False


def exact_in_cents(claim: Claim, scored: list[tuple[int, IndexedFact, Claim]]) -> bool:
    """An amount with cents that a fact holds exactly ("ninety-eight fifty" for the 10-inch cake at
    $98.50): too particular to be a coincidence, whichever words the sentence uses for the thing."""
    if not isinstance(claim.value, float) or claim.value.is_integer():
        return False
    return any(known.kind == "money" and same("money", claim.value, known.value) for _, _, known in scored)


RATE_UNIT: Final = re.compile(
    r"\b(?:a|an|per)\s+(night|hour|month|week|person|visit|session|lesson|class|day|guest|head)\b"
)


def priced_alike(sentence: str, index: FactIndex, history: list[str]) -> IndexedFact | None:
    """The priced fact a sentence's amount is about when its words name nothing: the one the call
    discussed last, else the one priced by the same unit ("twenty dollars a night" and boarding at
    "$52 per night")."""
    priced = [fact for fact, _ in index.with_kind("money")]
    discussed = last_discussed(priced, history)
    if discussed is not None:
        return discussed
    unit = RATE_UNIT.search(digits_for_speech(sentence))
    if unit is None:
        return None
    alike = [fact for fact in priced if re.search(rf"\b(?:a|an|per)\s+{unit.group(1)}\b", fact.text)]
    return last_discussed(alike, history) if alike else None


def first_stated(amounts: list[Claim], index: FactIndex) -> IndexedFact | None:
    """The fact whose amount the first of `amounts` states exactly, if any does."""
    for amount in amounts:
        stated = _stated_as_is(amount, index)
        if stated is not None:
            return stated
    return None


def _stated_as_is(claim: Claim, index: FactIndex) -> IndexedFact | None:
    """The one fact whose amount the claim states exactly (so the sentence is about its subject)."""
    facts = {
        id(fact): fact
        for fact, known in index.with_kind("money")
        if isinstance(claim.value, float) and same("money", claim.value, known.value)
    }
    return next(iter(facts.values())) if len(facts) == 1 else None
