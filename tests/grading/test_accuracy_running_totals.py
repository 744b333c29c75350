"""accuracy: totals said in ways the summing words had not met. "Tire shine is six dollars, which
brings you to twenty-nine" (a running total on one said bare before), "fourteen for the wash, nine
for the vacuum, and six for the shine, so twenty-nine dollars" (a list concluded by "so"), and "two
basic washes and one deluxe comes to fifty-two dollars" (counts said times sheet prices) add up
what was said; none is a price of its own. Tried on a car wash; the hard negatives are the same
sentences with totals that nothing adds up to."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

CAR_WASH = FactSheet(
    agent="desk",
    business="Bluewave Car Wash",
    facts=[
        Fact(id="price-basic", topic="price", statement="A basic exterior wash is $14."),
        Fact(id="price-deluxe", topic="price", statement="The deluxe wash with wax is $24."),
        Fact(id="price-vacuum", topic="price", statement="An interior vacuum is $9 extra."),
        Fact(id="price-shine", topic="price", statement="Tire shine is $6 extra."),
    ],
    rules=[],
    scope="car washes, interior cleaning",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(*said: str) -> list[str]:
    lines = call(
        ("c", "How much for a basic wash with the vacuum?"),
        ("a", "The basic wash with a vacuum comes to twenty-three."),
        ("c", "And if I add tire shine, and my wife brings her car too?"),
        *(("a", text) for text in said),
    )
    return sorted(f.tag for f in accuracy.check(lines, CAR_WASH))


def test_a_running_total_brought_to() -> None:
    assert _tags("Tire shine is six dollars, which brings you to twenty-nine dollars.") == []
    assert _tags("Tire shine is six dollars, which brings you to thirty-four dollars.") != []


LISTED = "Right, fourteen for the wash, nine for the vacuum, and six for the shine, so {} dollars."


def test_a_list_of_amounts_concluded_by_so() -> None:
    assert _tags(LISTED.format("twenty-nine")) == []
    assert _tags(LISTED.format("thirty-five")) != []


def test_counts_said_times_sheet_prices() -> None:
    assert _tags("Two basic washes and one deluxe comes to fifty-two dollars.") == []
    assert _tags("Two basic washes and one deluxe comes to fifty-eight dollars.") != []
