"""accuracy: a free claim that agrees with the sheet is no contradiction. What makes a sheet's free
thing conditional is read in the fact's own clause ("provided free in sizes from toddler to XL; ...
riders under 16 ..." has no condition on the helmets), and what makes the agent's claim
unconditional in the agent's clause ("provided for free, and every rider has to wear one" says
nothing of every order); an "every" that restates the sheet's own condition ("free with every
rental") is the sheet's. Tried on a bike shop; the hard negatives are a thing free only on a
threshold said to be free on every order, and another threshold."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

BIKES = FactSheet(
    agent="desk",
    business="Spoke and Chain Bikes",
    facts=[
        Fact(
            id="policy-helmets",
            topic="policy",
            statement=(
                "Helmets are provided free in sizes from toddler to XL; one must be worn by every "
                "rider, and riders under 16 keep it on at all times."
            ),
        ),
        Fact(
            id="price-rental",
            topic="price",
            statement="A city bike is $18 per hour; a basket is included free with every rental.",
        ),
        Fact(id="price-delivery", topic="price", statement="Bike delivery is free for orders over $100."),
    ],
    rules=[],
    scope="bike rentals, repairs, delivery",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(question: str, said: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", question), ("a", said)), BIKES)]


def test_free_said_as_the_sheet_says_it_beside_an_every_about_something_else() -> None:
    said = "Helmets are provided for free, and every rider has to wear one."
    assert _tags("Do you have helmets?", said) == []


def test_every_that_restates_the_sheets_condition_is_the_sheets() -> None:
    assert _tags("Does it come with a basket?", "A basket comes free with every rental.") == []


def test_free_on_every_order_where_the_sheet_has_a_threshold_is_wrong() -> None:
    assert _tags("Do you deliver?", "Bike delivery is free on every order.") == ["wrong_fact"]


def test_another_threshold_is_still_wrong() -> None:
    assert _tags("Do you deliver?", "Bike delivery is free on every order over fifty.") == ["wrong_fact"]
