"""claims: a phone number read in comma-separated groups whose line number is said as two pairs
("five five five, two one four, sixty sixty") is one digit string, not the price $60.60, so the
agent reading it back digit by digit is an echo of the caller's own number. Tried on a tailor; the
hard negatives are lists of numbers that are no phone number and a wrong business number."""

from __future__ import annotations

from grading.checks import accuracy
from grading.claims.numbers import digits_for_speech
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

TAILOR = FactSheet(
    agent="desk",
    business="Needle & Thread Alterations",
    facts=[
        Fact(id="phone", topic="contact", statement="The shop phone is (555) 730-1188."),
        Fact(id="price-hem", topic="price", statement="Hemming trousers costs $18."),
    ],
    rules=[],
    scope="alterations, prices, pickup",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def test_a_line_number_said_as_two_pairs_is_part_of_the_phone_number() -> None:
    assert digits_for_speech("five five five, two one four, sixty sixty") == "5552146060"
    assert digits_for_speech("nine, ten or eleven") == "9, 10 or 11"
    assert digits_for_speech("one, two, three, twenty") == "1, 2, 3, 20"


def test_reading_the_callers_number_back_digit_by_digit_is_an_echo() -> None:
    lines = call(
        ("a", "Can I get a number for when it's ready?"),
        ("c", "Sure, five five five, two one four, sixty sixty. It's Dana."),
        ("a", "Five five five, two one four, six zero six zero, Dana."),
    )
    assert accuracy.check(lines, TAILOR) == []


def test_a_wrong_shop_number_is_still_wrong() -> None:
    lines = call(
        ("c", "What's your number?"), ("a", "It's five five five, seven three zero, one one nine nine.")
    )
    assert [f.tag for f in accuracy.check(lines, TAILOR)] == ["wrong_fact"]
