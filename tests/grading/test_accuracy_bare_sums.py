"""accuracy: a figure the turn works out and says bare in two groups ("so hers would be eleven
thirty-four") may be added to a sheet amount: "together that's twenty-six fourteen" is the full-day
rate plus that discounted figure, arithmetic on sheet facts, no claim of its own. Tried on a day
camp; the hard negative is a total that is no such sum."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

CAMP = FactSheet(
    agent="desk",
    business="Cedar Hollow Day Camp",
    facts=[
        Fact(id="price-full", topic="price", statement="A full summer of full days costs $1,480."),
        Fact(id="price-half", topic="price", statement="A full summer of half days costs $1,260."),
        Fact(id="sibling", topic="price", statement="Sibling discount: 10% off the second child's fee."),
    ],
    rules=[],
    scope="camp sign-ups, fees, schedules",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(total: str) -> list[str]:
    said = (
        "Ten percent of twelve sixty is a hundred twenty-six, so hers would be eleven thirty-four, "
        f"and together that's {total} for the summer."
    )
    lines = call(
        ("c", "My son does full days and my daughter half days, with the sibling discount?"), ("a", said)
    )
    return [f.tag for f in accuracy.check(lines, CAMP)]


def test_a_sheet_amount_plus_a_figure_worked_out_in_the_turn_is_arithmetic() -> None:
    assert _tags("twenty-six fourteen") == []


def test_a_total_that_is_no_such_sum_is_wrong() -> None:
    assert _tags("twenty-six forty") == ["wrong_fact"]
