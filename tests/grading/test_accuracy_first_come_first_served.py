"""accuracy: "first come, first served" says how courts or tables are given out, not that the
business is open or serves on the day the clause names: "come Sunday, when it's first come, first
served" claims no Sunday opening. Tried on a tennis club closed on Sundays; the hard negatives are
the club said to be open, or to serve, on Sunday."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

TENNIS = FactSheet(
    agent="desk",
    business="Larkspur Tennis Club",
    facts=[
        Fact(id="hours", topic="hours", statement="Open Monday to Saturday, 8 am to 9 pm. Closed Sunday."),
        Fact(
            id="availability-courts",
            topic="availability",
            statement="Courts are first come, first served. Club leagues take every court Friday from 6 pm.",
        ),
        Fact(id="price-court", topic="price", statement="A court is $18.00 per hour."),
    ],
    rules=[],
    scope="courts, hours",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)

ASKED = "Can I get a court Friday night?"


def _tags(said: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", ASKED), ("a", said)), TENNIS)]


def test_first_served_on_an_open_day_claims_nothing() -> None:
    assert _tags("Before six works, or Thursday evening, when it's first come, first served.") == []


def test_first_served_hyphenated_claims_nothing() -> None:
    assert _tags("Thursday night is first-come, first-served.") == []


def test_open_on_the_closed_day_is_wrong() -> None:
    assert _tags("Before six works, or Sunday evening, when we're open late.") == ["wrong_fact"]


def test_serving_on_the_closed_day_is_wrong() -> None:
    assert _tags("We serve walk-ins on Sundays too.") == ["wrong_fact"]
