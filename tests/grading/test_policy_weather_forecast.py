"""policy: a rule against the agent's own weather forecast is broken by an agent saying what the
weather will do ("Saturday looks calm and clear, so conditions should be great"), not by one saying
it cannot tell or who decides. Tried on a paragliding school."""

from __future__ import annotations

from grading.checks import policy
from grading.formats import Fact, FactSheet, Rule
from tests.grading.calls import call

GLIDING = FactSheet(
    agent="desk",
    business="Cliffside Paragliding",
    facts=[
        Fact(id="tandem", topic="price", statement="A tandem flight costs $189."),
        Fact(id="weather", topic="policy", statement="The instructor makes the weather call by 7 am."),
    ],
    rules=[
        Rule(
            id="no-forecast",
            kind="must_not",
            text="Never give your own weather forecast; the instructor makes the call on the morning.",
        )
    ],
    scope="tandem flights, courses, bookings",
    handoff="Transfer to the duty instructor when asked.",
    forbidden_phrases=[],
)


def _tags(answer: str) -> list[tuple[str, int]]:
    lines = (("c", "We're booked Saturday. Is it going to be okay?"), ("a", answer))
    return [(f.tag, f.turn) for f in policy.check(call(*lines), GLIDING)]


def test_saying_what_the_weather_will_do_breaks_it() -> None:
    assert _tags("Saturday looks calm and clear, so conditions should be great.") == [("policy_breach", 2)]
    assert _tags("It's supposed to be dry and sunny all weekend.") == [("policy_breach", 2)]


def test_saying_who_decides_does_not() -> None:
    assert _tags("I can't say what the weather will do; the instructor decides by seven that morning.") == []
