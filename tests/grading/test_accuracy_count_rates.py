"""claims: "N things a day" is a rate, not a length of time: "a hundred miles a day included" says
nothing about a day-long duration to hold against the sheet's grace period. Tried on a van rental;
the hard negative is a length of time said on its own."""

from __future__ import annotations

from grading.checks import accuracy
from grading.claims import extract
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

VANS = FactSheet(
    agent="desk",
    business="Roadrunner Van Rental",
    facts=[
        Fact(
            id="miles",
            topic="service",
            statement="Daily rentals include 100 miles per day; extra miles are $0.30 each.",
        ),
        Fact(
            id="late",
            topic="policy",
            statement="Returns have a 30-minute grace period; after that each late hour costs $15.",
        ),
    ],
    rules=[],
    scope="van rentals, prices, returns",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def test_a_count_per_day_is_no_duration() -> None:
    assert [c.kind for c in extract("you get a hundred miles a day included")] == ["free", "quantity"]
    said = call(
        ("c", "How many miles do I get?"),
        ("a", "On daily rentals you get a hundred miles a day included."),
    )
    assert accuracy.check(said, VANS) == []


def test_a_length_of_time_on_its_own_is_still_judged() -> None:
    said = call(("c", "Is there a grace period?"), ("a", "The grace period on returns is an hour."))
    assert [f.tag for f in accuracy.check(said, VANS)] == ["wrong_fact"]
