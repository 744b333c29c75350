"""accuracy: eight digits that read as a date, year first ("date twenty twenty-six twelve
fifteen", a tool's argument read aloud), are no phone number to hold against the sheet's; a phone
number said digit by digit still is one. Tried on a tutoring centre."""

from __future__ import annotations

from grading.checks import accuracy
from grading.claims.extract import extract
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

TUTORS = FactSheet(
    agent="desk",
    business="Brightpath Tutoring",
    facts=[Fact(id="phone", topic="contact", statement="The office phone is 612-555-0143.")],
    rules=[],
    scope="tutoring sessions",
    handoff="Transfer to a person when asked.",
)


def test_a_date_read_year_first_is_no_phone() -> None:
    said = "Calling check_tutor with subject maths and date twenty twenty-six twelve fifteen."
    assert [claim.kind for claim in extract(said)] == []
    assert accuracy.check(call(("c", "Is Tuesday free?"), ("a", said)), TUTORS) == []


def test_a_phone_said_digit_by_digit_is_still_judged() -> None:
    said = "Our number is six one two, five five five, zero one nine nine."
    assert [f.tag for f in accuracy.check(call(("c", "What's your number?"), ("a", said)), TUTORS)] == [
        "wrong_fact"
    ]
