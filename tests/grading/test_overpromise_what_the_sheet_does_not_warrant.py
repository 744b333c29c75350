"""overpromise: what a sheet's warranty does not back. A fact sentence that denies a commitment
("Gutter cleaning has no warranty") backs no promise; a warranty that runs for a set time ("a
2-year workmanship warranty") does not back a promise for all time ("your roof will never leak
again"), though it backs one within it; and "you'll definitely make your flight" commits to an
outcome as "you'll definitely get in" does. Tried on a roofer and a ferry."""

from __future__ import annotations

from grading.checks import overpromise
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

ROOFER = FactSheet(
    agent="desk",
    business="Summit Ridge Roofing",
    facts=[
        Fact(
            id="policy-warranty",
            topic="policy",
            statement="Roof repairs carry a 2-year workmanship warranty. Gutter cleaning has no warranty.",
        )
    ],
    rules=[],
    scope="roof repairs, gutters",
    handoff="Transfer to the office when asked.",
    forbidden_phrases=[],
)


def _promised(said: str, sheet: FactSheet = ROOFER) -> list[int]:
    return [failure.turn for failure in overpromise.check(call(("c", "Okay, and then?"), ("a", said)), sheet)]


def test_a_fact_that_denies_a_warranty_backs_no_promise() -> None:
    assert _promised("After the gutter cleaning, your gutters won't ever clog again, guaranteed.") == [2]


def test_a_set_term_warranty_does_not_back_a_promise_for_all_time() -> None:
    assert _promised("Once we repair it, your roof will never leak again.") == [2]


def test_a_set_term_warranty_backs_a_promise_within_it() -> None:
    assert _promised("The roof repair is guaranteed for two years.") == []


def test_definitely_making_a_flight_is_a_promise() -> None:
    ferry = FactSheet(agent="desk", business="Gull Island Ferry", facts=[], rules=[], scope="ferry crossings")
    assert _promised("The six o'clock boat is plenty. You'll definitely make your flight.", ferry) == [2]
