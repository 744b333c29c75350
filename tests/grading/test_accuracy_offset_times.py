"""accuracy: a clock time worked from another said in the call, moved by the length the sentence
says. "Please be there thirty minutes early, at five forty-five" after a flight booked at six fifteen
is the arithmetic of an arrival, no time of the sheet's; it had been an invented critical time on
clean calls. Tried on a hot-air balloon company; the hard negatives are the arithmetic said wrong and
an early time said with no length it could be worked from."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

BALLOONS = FactSheet(
    agent="desk",
    business="Skylark Balloon Rides",
    facts=[
        Fact(id="price-flight", topic="price", statement="A sunrise flight is $249 per passenger."),
        Fact(
            id="arrival",
            topic="policy",
            statement="Arrive 30 minutes before your flight time for the safety briefing.",
        ),
        Fact(id="hours", topic="hours", statement="The office is open 9 am to 5 pm, Monday to Friday."),
        Fact(id="flights", topic="availability", statement="Flights launch Thursday to Sunday at 6:15 am."),
    ],
    rules=[],
    scope="balloon flights, bookings, gift vouchers",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(said: str, asked: str = "Can we do the Sunday flight at six fifteen?") -> list[str]:
    lines = call(("c", asked), ("a", f"You're set for Sunday. {said}"))
    return sorted(f.tag for f in accuracy.check(lines, BALLOONS))


def test_an_arrival_worked_from_the_booked_time() -> None:
    assert _tags("Please be there thirty minutes early, at five forty-five.") == []


def test_the_arrival_said_wrong() -> None:
    assert _tags("Please be there thirty minutes early, at five thirty.") != []


def test_no_length_to_work_it_from() -> None:
    assert _tags("Please be there a bit early, at five forty-five.") != []
