"""accuracy: an hour the caller says loosely ("if we start at like two", "around, like, seven") is
the caller's; the agent saying it back ("after a two o'clock start it'll be closed") repeats the
caller and claims nothing. The claim extractor stays strict for the agent's own claims. Tried on a
climbing gym; the hard negatives are a wrong closing time the caller never said, and the agent
affirming the caller's wrong hour."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

CLIMB = FactSheet(
    agent="desk",
    business="Crux Climbing",
    facts=[
        Fact(id="service-cafe", topic="service", statement="The cafe serves food until 3 pm."),
        Fact(id="hours", topic="hours", statement="The gym is open every day 9 am to 10 pm."),
        Fact(id="price-day", topic="price", statement="A day pass is $22."),
    ],
    rules=[],
    scope="passes, the cafe, hours",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(question: str, said: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", question), ("a", said)), CLIMB)]


def test_the_callers_loose_hour_said_back_is_no_claim() -> None:
    said = "The cafe serves food until three, so after a two o'clock start it'll be closed by then."
    assert _tags("If we start at like two, could we eat after?", said) == []


def test_an_hour_said_with_fillers_said_back_is_no_claim() -> None:
    said = "There's no staff belay class at seven tonight, but the gym is open till ten."
    assert _tags("Can I bring my kids around, like, seven?", said) == []


def test_a_wrong_closing_time_the_caller_never_said_is_wrong() -> None:
    assert _tags("Is there food?", "The cafe serves food until five.") == ["wrong_fact"]


def test_affirming_the_callers_wrong_hour_is_wrong() -> None:
    assert _tags("The cafe does food till like five, right?", "Yes, till five.") == ["wrong_fact"]
