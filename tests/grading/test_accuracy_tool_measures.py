"""accuracy: a count the agent gives of what a tool just measured, rounded as speech rounds it
("about nine miles" where the distance lookup returned 8.7 miles), is the tool's evidence, not a
claim against the sheet's numbers ("included within 20 miles"). Tried on a piano mover; the hard
negative is a distance far from what the tool returned, still judged."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet, ToolCall
from tests.grading.calls import call

PIANOS = FactSheet(
    agent="desk",
    business="Keystone Piano Movers",
    facts=[
        Fact(
            id="price-travel",
            topic="price",
            statement="Travel is included within 20 miles of the depot, plus $3 per mile beyond that.",
        ),
        Fact(id="price-upright", topic="price", statement="Moving an upright piano costs $290."),
    ],
    rules=[],
    scope="piano moves",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _distance(miles: float) -> ToolCall:
    return ToolCall(name="distance_lookup", arguments={"address": "14 Birch Lane"}, result={"miles": miles})


def _tags(said: str, tools: list[ToolCall]) -> list[str]:
    lines = (("c", "We're at 14 Birch Lane. Is travel extra?"), ("a", said, tools))
    return [f.tag for f in accuracy.check(call(*lines), PIANOS)]


def test_a_rounded_distance_the_tool_returned_is_its_evidence() -> None:
    said = "That's about nine miles from the depot, so travel is included."
    assert _tags(said, [_distance(8.7)]) == []


def test_a_distance_far_from_the_tools_is_still_judged() -> None:
    said = "That's about nine miles from the depot, so travel is included."
    assert _tags(said, [_distance(27.4)]) != []
