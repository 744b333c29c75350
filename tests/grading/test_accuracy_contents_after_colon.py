"""accuracy: a fact may list what a package comes with after a colon ("The Summit package is $39
per climber, minimum 6 climbers: two hours of climbing, harness, chalk and a juice box per
climber, and an instructor"); the agent saying the package "includes a harness, chalk, a juice
..." restates it, as it does for contents in brackets or after "includes". Tried
on a climbing gym; the hard negatives are the package said to include a thing the fact does not
list, and a wrong price for it."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

CLIMBING = FactSheet(
    agent="desk",
    business="Granite Peak Climbing",
    facts=[
        Fact(
            id="price-summit",
            topic="price",
            statement=(
                "The Summit party package is $39.00 per climber, minimum 6 climbers: two hours of "
                "climbing, harness, chalk and a juice box per climber, and an instructor."
            ),
        ),
        Fact(id="price-day", topic="price", statement="A day pass is $22.00."),
        Fact(id="hours", topic="hours", statement="Open daily 10 am to 10 pm."),
    ],
    rules=[],
    scope="parties, passes",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)

ASKED = "What's in the birthday party package?"


def _tags(said: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", ASKED), ("a", said)), CLIMBING)]


def test_contents_listed_after_a_colon_are_restated() -> None:
    said = (
        "The Summit party package is thirty-nine per climber, minimum six, and it includes a harness, "
        "chalk, a juice, and an instructor."
    )
    assert _tags(said) == []


def test_a_thing_the_list_lacks_is_still_wrong() -> None:
    said = "The Summit party package is thirty-nine per climber, and it includes a free t-shirt."
    assert "wrong_fact" in _tags(said) or "invented_fact" in _tags(said)


def test_a_wrong_price_for_the_package_is_still_wrong() -> None:
    said = "The Summit party package is forty-nine per climber, and it includes two hours of climbing."
    assert _tags(said) == ["wrong_fact"]
