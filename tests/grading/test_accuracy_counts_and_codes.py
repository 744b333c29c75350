"""accuracy: an amount said as a count of things times the sheet's price of one ("thirty child life
jackets are sixty-seven fifty" where one rents for $2.25) is arithmetic and stands, beside another
price in the sentence; a count at another price is still wrong; and a number read after a code's
letters ("your ticket number is T forty-two fifty") is part of the code, no amount. Tried on a
marina."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

MARINA = FactSheet(
    agent="desk",
    business="Brightwater Marina",
    facts=[
        Fact(
            id="jackets",
            topic="price",
            statement="A child life jacket rents for $2.25 and an adult life jacket for $7.75.",
        ),
        Fact(id="kayak", topic="price", statement="A double kayak costs $425 per week."),
    ],
    rules=[],
    scope="slips, rentals, fuel, prices",
    handoff="Transfer to the dockmaster when asked.",
    forbidden_phrases=[],
)
ASKED = "Hey, so I want a double kayak and, uh, thirty child life jackets for the eighth of May."


def _tags(answer: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", ASKED), ("a", answer)), MARINA)]


def test_a_count_times_the_price_of_one_stands() -> None:
    said = "The double kayak is four twenty-five and thirty child life jackets are sixty-seven fifty."
    assert _tags(said) == []


def test_a_count_at_another_price_is_wrong() -> None:
    said = "The double kayak is four twenty-five and thirty child life jackets are ninety dollars."
    assert _tags(said) == ["wrong_fact"]


def test_a_number_after_a_codes_letters_is_no_amount() -> None:
    assert _tags("I've logged it. Your ticket number is T forty-two fifty.") == []
