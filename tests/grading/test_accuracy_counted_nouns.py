"""accuracy: what a count beside an amount counts is not what the amount prices: in "that's fifty-nine
ninety a day with a hundred fifty miles a day" the clause's "miles" belongs to the count, so the
daily rate is not held against the extra-mile fee. Tried on a van rental; the hard negatives are a
wrong daily rate in the same shape and another van's rate said for this van."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

VANS = FactSheet(
    agent="desk",
    business="Roadrunner Van Rental",
    facts=[
        Fact(id="price-passenger", topic="price", statement="A passenger van costs $59.90 a day."),
        Fact(id="price-cargo", topic="price", statement="A cargo van costs $79.90 a day."),
        Fact(
            id="miles", topic="price", statement="Each day includes 150 miles; extra miles cost $0.30 each."
        ),
    ],
    rules=[],
    scope="van rentals, prices, returns",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(said: str) -> list[str]:
    lines = call(("c", "How much is the passenger van, and how many miles?"), ("a", said))
    return [f.tag for f in accuracy.check(lines, VANS)]


def test_the_noun_a_count_counts_does_not_name_what_the_amount_prices() -> None:
    assert _tags("That's fifty-nine ninety a day with a hundred fifty miles a day.") == []


def test_a_wrong_rate_in_the_same_shape_is_wrong() -> None:
    assert _tags("That's sixty-nine ninety a day with a hundred fifty miles a day.") == ["wrong_fact"]


def test_another_vans_rate_for_this_van_is_wrong() -> None:
    assert _tags("The cargo van is fifty-nine ninety a day.") == ["wrong_fact"]
