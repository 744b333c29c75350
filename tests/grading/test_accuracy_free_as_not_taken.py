"""accuracy: "free" after a place or a slot, ending its clause or saying when ("there's a
wheelchair space free", "a lane free in about an hour"), means not taken: no claim that something
costs nothing. It was an invented free offer in a correct booking. "The party room is free for
members" says who pays nothing and stays a price claim. Tried on a bowling and events hall."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

HALL = FactSheet(
    agent="desk",
    business="Ridgeway Lanes and Hall",
    facts=[
        Fact(id="price-lane", topic="price", statement="A lane costs $32 an hour for up to six bowlers."),
        Fact(id="price-room", topic="price", statement="The party room costs $60 for two hours."),
        Fact(id="access", topic="service", statement="Lane 1 has a ramp and a wheelchair space."),
    ],
    rules=[],
    scope="bowling lanes, the party room, shoe hire",
    handoff="Transfer to the duty manager when asked.",
    forbidden_phrases=[],
)


def _tags(question: str, answer: str) -> list[tuple[str, int]]:
    return [(f.tag, f.turn) for f in accuracy.check(call(("c", question), ("a", answer)), HALL)]


def test_a_space_free_is_a_space_not_taken() -> None:
    assert _tags("My dad uses a wheelchair, is that okay?", "Yes, there's a wheelchair space free.") == []


def test_a_lane_free_later_is_a_lane_not_taken() -> None:
    assert (
        _tags("Can we get a lane tonight?", "There's a lane free in about an hour, at thirty-two an hour.")
        == []
    )


def test_a_room_free_for_members_is_still_a_price() -> None:
    assert _tags("How much is the party room?", "The party room is free for members.") == [("wrong_fact", 2)]
