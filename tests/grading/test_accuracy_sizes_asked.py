"""accuracy: a size said as two lengths relates an amount to the fact about that size: "what's an
eight by twenty?" "Two forty-nine a month. You'd need the contents cover too." prices the 8x20 the
sheet writes, not the monthly cover the turn also names, and "we have eight by sixteens open, one
ninety-nine a month" prices the 8x16. Tried on a portable-container rental; the hard negative is a
wrong price for the size asked, held against that size's fact."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

CONTAINERS = FactSheet(
    agent="desk",
    business="BoxIt Portable Storage",
    facts=[
        Fact(id="price-8x16", topic="price", statement="An 8x16 container rents for $199.00 a month."),
        Fact(id="price-8x20", topic="price", statement="An 8x20 container rents for $249.00 a month."),
        Fact(id="hours", topic="hours", statement="Open Monday to Saturday 8 am to 6 pm."),
        Fact(
            id="cover",
            topic="policy",
            statement="Contents cover is required: $15 a month for $3,000 of cover, or the renter's policy.",
        ),
    ],
    rules=[],
    scope="container rentals, prices, delivery",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _found(asked: str, said: str) -> list[tuple[str, str | None]]:
    return [(f.tag, f.ref) for f in accuracy.check(call(("c", asked), ("a", said)), CONTAINERS)]


def test_the_size_asked_is_what_the_answer_prices() -> None:
    said = "Two forty-nine a month. You'd need the contents cover or your own policy too."
    assert _found("Okay, what's an eight by twenty?", said) == []


def test_the_size_said_is_what_its_sentence_prices() -> None:
    said = "We have eight by sixteens open for Friday, one ninety-nine a month."
    assert _found("Anything open Friday? I need the contents cover too.", said) == []


def test_a_wrong_price_for_the_size_asked_contradicts_that_size() -> None:
    said = "Two nineteen a month. You'd need the contents cover or your own policy too."
    assert _found("Okay, what's an eight by twenty?", said) == [("wrong_fact", "price-8x20")]
