"""accuracy: an amount that prices a thing the sheet never mentions, by a unit no fact holding that
amount is charged by ("paddleboards are fifteen bucks an hour" where the sheet's only $15 is the
cancellation fee), is the price of that thing, invented; the sheet's amount said of a thing by
another name keeps its unit and stands ("the dog would be three dollars a night" beside "pets are
$3 per pet per night"). Plurals in -es meet their singular ("a class" is what "classes" price).
Tried on a lakeside cabin rental."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

CABINS = FactSheet(
    agent="desk",
    business="Loon Lake Cabins",
    facts=[
        Fact(id="price-cabin", topic="price", statement="A two-bedroom cabin is $140 a night."),
        Fact(id="pets", topic="price", statement="Pets are $3 per pet per night."),
        Fact(id="cancel", topic="policy", statement="Cancelling within 7 days of arrival costs a $15 fee."),
        Fact(id="classes", topic="price", statement="Casting classes on the dock are $45 each."),
    ],
    rules=[],
    scope="cabin bookings, pets, casting classes, prices",
    handoff="Transfer to the office when asked.",
    forbidden_phrases=[],
)


def _tags(question: str, answer: str) -> list[tuple[str, int]]:
    return [(f.tag, f.turn) for f in accuracy.check(call(("c", question), ("a", answer)), CABINS)]


def test_an_unknown_thing_at_the_amount_of_a_fee_is_invented() -> None:
    said = "Yep, paddleboards are fifteen bucks an hour, you grab them at the dock."
    assert _tags("Can we rent paddleboards?", said) == [("invented_fact", 2)]


def test_the_sheets_amount_by_its_own_unit_stands() -> None:
    assert _tags("And our dog?", "The dog would be three dollars a night.") == []


def test_a_class_is_what_classes_price() -> None:
    assert _tags("What else is there?", "We run a class on the dock, sixty dollars.") == [("wrong_fact", 2)]
