"""accuracy: a saving is the difference of two prices, arithmetic on what the call or the sheet says.
"A single visit is one forty, so the annual plan saves you eighty dollars" (four visits at $140
against the $480 plan) and "four single visits would be five sixty, so the plan saves you eighty"
state nothing the sheet does not. Tried on a window-cleaning company; the hard negatives are a saving
no difference gives and a wrong price beside a right saving."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

WINDOWS = FactSheet(
    agent="desk",
    business="Clearpane Window Cleaning",
    facts=[
        Fact(id="price-visit", topic="price", statement="A single window-cleaning visit is $140."),
        Fact(id="price-plan", topic="price", statement="The annual plan is four visits for $480."),
        Fact(id="price-screens", topic="price", statement="Screen washing is $35 extra."),
    ],
    rules=[],
    scope="window cleaning, screens, annual plans",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(said: str) -> list[str]:
    lines = call(
        ("c", "Is the annual plan worth it, compared to booking visits one at a time?"),
        ("a", said),
    )
    return sorted(f.tag for f in accuracy.check(lines, WINDOWS))


def test_a_saving_worked_from_a_count_the_sheet_gives() -> None:
    assert _tags("A single visit is one forty, so the annual plan saves you eighty dollars.") == []


def test_a_saving_worked_from_a_total_said_in_the_turn() -> None:
    said = "Four single visits at one forty would be five sixty, so the plan saves you eighty dollars."
    assert _tags(said) == []


def test_a_saving_no_difference_gives_is_judged() -> None:
    assert (
        _tags("A single visit is one forty, so the annual plan saves you a hundred and twenty dollars.") != []
    )


def test_a_wrong_price_beside_a_saving_is_still_wrong() -> None:
    assert _tags("A single visit is a hundred and sixty dollars, so the plan saves you eighty dollars.") == [
        "wrong_fact"
    ]
