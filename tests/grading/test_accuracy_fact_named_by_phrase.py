"""accuracy: an amount the sheet holds stands where the sentence names its fact by a two-word
phrase of the fact's statement ("the service call fee is eighty-five dollars" against "The
service call fee is $85"), even when the words of that name are too common to relate a fact on
their own and the talk before was about another price. Tried on a septic pumping service."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

SEPTIC = FactSheet(
    agent="desk",
    business="Deepwell Septic Pumping",
    facts=[
        Fact(
            id="visit",
            topic="price",
            statement="The service call fee is $85; it covers the trip and the inspection.",
        ),
        Fact(
            id="pumping",
            topic="price",
            statement="Tank pumping typically runs $350 to $600, depending on tank size.",
        ),
        Fact(id="riser", topic="price", statement="A riser lid installed runs $240."),
    ],
    rules=[],
    scope="septic pumping, inspections, risers",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(*lines: str) -> list[str]:
    turns = [("a" if index % 2 else "c", line) for index, line in enumerate(lines)]
    return [f.tag for f in accuracy.check(call(*turns), SEPTIC)]


def test_the_fact_named_by_its_phrase_holds_the_amount() -> None:
    assert (
        _tags(
            "What does pumping a tank run?",
            "Tank pumping typically runs three fifty to six hundred, depending on size.",
            "Okay, and do you take cards?",
            "Would you like to book? The service call fee is eighty-five dollars.",
        )
        == []
    )


def test_the_phrase_may_sit_in_another_clause_of_the_sentence() -> None:
    assert (
        _tags(
            "Can you knock off the call-out charge?",
            "I can't waive the service call fee; it's eighty-five dollars.",
        )
        == []
    )


def test_another_amount_for_the_named_fact_is_still_wrong() -> None:
    assert _tags(
        "What does pumping a tank run?",
        "Tank pumping typically runs three fifty to six hundred. The service call fee is sixty-five dollars.",
    ) == ["wrong_fact"]
