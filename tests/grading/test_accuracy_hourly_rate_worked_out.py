"""accuracy: a sheet rate by the hour worked out for the length of time the agent names ("half an
hour of labour comes to fifty-nine dollars" with labour at $118.00 an hour) is the sheet's price,
not a contradiction of it; an amount no such length gives is still wrong. Tried on a furnace
repair line, invented for these tests."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

FURNACES = FactSheet(
    agent="desk",
    business="Emberline Furnace Repair",
    facts=[
        Fact(
            id="price-labour", topic="price", statement="Labour is $96.00 an hour, billed in 15-minute steps."
        ),
        Fact(id="price-visit", topic="price", statement="The service visit is $79.00."),
    ],
    rules=[],
    scope="furnace repairs, prices, booking a visit",
    handoff="Transfer to the on-call technician for a gas smell.",
)


def _tags(said: str) -> list[str]:
    asked = "So what would the labour on that run me?"
    return [f.tag for f in accuracy.check(call(("c", asked), ("a", said)), FURNACES)]


def test_the_hourly_rate_for_the_time_said_stands() -> None:
    assert _tags("Half an hour of labour comes to forty-eight dollars, parts on top.") == []
    assert _tags("Two hours of labour would be a hundred ninety-two dollars.") == []


def test_an_amount_no_length_gives_is_still_wrong() -> None:
    assert _tags("Half an hour of labour comes to sixty dollars, parts on top.") == ["wrong_fact"]
