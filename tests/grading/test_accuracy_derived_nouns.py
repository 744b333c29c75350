"""accuracy: a fact written with a noun made from a verb ("Kayak rental is $25"; "Cancellation is
free up to 48 hours before") is named by a sentence that uses the verb ("rent one for twenty-five";
"cancelling is free up to forty-eight hours before"): the stems differ, the thing does not. Tried on
a kayak outfitter; the hard negatives are another price for the rental and a free cancellation
with no notice."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

KAYAKS = FactSheet(
    agent="desk",
    business="Riverbend Kayaks",
    facts=[
        Fact(
            id="price-rentals", topic="price", statement="Kayak rental is $25 per hour; paddle rental is $4."
        ),
        Fact(
            id="policy-booking",
            topic="policy",
            statement="Cancellation is free up to 48 hours before the tour; later cancellations cost $20.",
        ),
        Fact(id="price-tour", topic="price", statement="The sunset tour costs $65 per person."),
    ],
    rules=[],
    scope="rentals, tours",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(question: str, said: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", question), ("a", said)), KAYAKS)]


def test_the_verb_names_the_rental_fact() -> None:
    said = "You can bring your own, or rent one here for twenty-five an hour."
    assert _tags("I'm booked on the sunset tour. Do I need my own kayak?", said) == []


def test_another_price_for_renting_is_wrong() -> None:
    said = "You can bring your own, or rent one here for thirty-five an hour."
    assert _tags("I'm booked on the sunset tour. Do I need my own kayak?", said) == ["wrong_fact"]


def test_cancelling_free_on_the_sheets_notice_agrees() -> None:
    said = "Cancelling is free up to forty-eight hours before the start, and you're well ahead of that."
    assert _tags("Can I cancel my tour on Saturday?", said) == []
