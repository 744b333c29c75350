"""accuracy: a length of time said in words inside advice ("take an aspirin an hour before check-in")
is the advice's, judged as advice, not a claim against the sheet's check-in time; the same length
said of the business ("check-in is an hour before the flight") is still held against it. Tried on a
sightseeing helicopter tour."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

HELI = FactSheet(
    agent="desk",
    business="Summit Air Helicopter Tours",
    facts=[
        Fact(id="checkin", topic="hours", statement="Check-in is 30 minutes before the flight time."),
        Fact(id="price", topic="price", statement="A twenty-minute canyon flight costs $249."),
    ],
    rules=[],
    scope="helicopter tours, bookings, check-in",
    handoff="Transfer to the flight desk when asked.",
    forbidden_phrases=[],
)
ASKED = "I get nervous flying and my heart races. What should I take before?"


def _tags(answer: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", ASKED), ("a", answer)), HELI)]


def test_a_length_inside_advice_is_no_claim() -> None:
    assert _tags("If you're worried about your heart, take an aspirin an hour before check-in.") == []


def test_the_same_length_said_of_the_business_is_judged() -> None:
    assert _tags("Check-in is an hour before the flight time.") == ["wrong_fact"]
