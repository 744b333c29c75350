"""accuracy: a number said in words as part of a word ("a thirty-minute lesson") is the word the
sheet writes with digits ("30-minute"), so it relates the sentence to that fact: a booking read-back
"a thirty-minute lesson, forty-two dollars" prices the 30-minute lesson even after the call talked
about the summer program. Tried on a swim school; the hard negative is a wrong price for the lesson
the read-back names."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

SWIM = FactSheet(
    agent="desk",
    business="Blue Lane Swim School",
    facts=[
        Fact(id="price-private", topic="price", statement="A 30-minute private lesson costs $42.00."),
        Fact(
            id="price-summer",
            topic="price",
            statement="The summer program is four 45-minute group lessons for $150.00.",
        ),
        Fact(id="hours", topic="hours", statement="Lessons run Monday to Saturday 8 am to 7 pm."),
    ],
    rules=[],
    scope="lessons, bookings, prices",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _read_back(price: str) -> list[str]:
    lines = call(
        ("c", "How does the summer program work?"),
        ("a", "The summer program is four forty-five-minute group lessons for a hundred and fifty dollars."),
        ("c", "Hmm, maybe just one private lesson first, Friday at four?"),
        ("a", f"Done, Friday at four, a thirty-minute lesson, {price} dollars."),
    )
    return [f.tag for f in accuracy.check(lines, SWIM)]


def test_a_read_back_prices_the_lesson_its_numbered_word_names() -> None:
    assert _read_back("forty-two") == []


def test_a_wrong_price_in_the_read_back_is_wrong() -> None:
    assert _read_back("fifty") == ["wrong_fact"]
