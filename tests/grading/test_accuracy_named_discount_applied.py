"""accuracy: a sheet percentage the sentence names by its fact ("with the student discount") taken
off an amount of the sentence is arithmetic: "sixty-five a month, so with the student discount it's
fifty-two dollars" stands where students get 20% off; another figure is still a failure. Tried on a rowing
club."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

ROWING = FactSheet(
    agent="desk",
    business="Millrace Rowing Club",
    facts=[
        Fact(id="full", topic="price", statement="A full membership costs $65 a month."),
        Fact(id="students", topic="price", statement="Students with ID get 20% off memberships."),
        Fact(id="taster", topic="price", statement="A taster session for beginners costs $15."),
    ],
    rules=[],
    scope="memberships, taster sessions, prices",
    handoff="Transfer to the club captain when asked.",
    forbidden_phrases=[],
)


def _tags(answer: str) -> list[str]:
    lines = call(("c", "I'm a student, what's a full membership for me?"), ("a", answer))
    return [f.tag for f in accuracy.check(lines, ROWING)]


def test_the_named_discount_worked_out_stands() -> None:
    assert (
        _tags(
            "The full membership is sixty-five a month, so with the student discount it's fifty-two dollars."
        )
        == []
    )


def test_another_figure_is_still_a_failure() -> None:
    said = "The full membership is sixty-five a month, so with the student discount it's forty dollars."
    assert _tags(said) != []
