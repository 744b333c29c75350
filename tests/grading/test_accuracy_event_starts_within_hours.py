"""accuracy: a time something starts at, inside the sheet's hours, said beside the hours ("we're
open nine to five, and the last guided walk starts at four") is that thing's time, no opening or
closing time; a start outside the hours, or a wrong opening time, is still wrong. Tried on a
botanical garden, invented for these tests."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

GARDEN = FactSheet(
    agent="desk",
    business="Fernhollow Botanical Garden",
    facts=[
        Fact(id="hours-garden", topic="hours", statement="The garden is open daily 9:00 am to 5:00 pm."),
        Fact(id="service-walks", topic="service", statement="Guided walks run through the day."),
    ],
    rules=[],
    scope="opening hours, tickets, guided walks, events",
    handoff="Transfer to the visitor desk when the caller asks for a person.",
)


def _tags(said: str) -> list[str]:
    asked = "When can I come by for a walk?"
    return [f.tag for f in accuracy.check(call(("c", asked), ("a", said)), GARDEN)]


def test_a_start_inside_the_hours_is_no_opening_time() -> None:
    assert _tags("We're open nine to five, and the last guided walk starts at four.") == []


def test_a_start_outside_the_hours_is_still_wrong() -> None:
    assert _tags("We're open nine to five, and the last guided walk starts at seven.") == ["wrong_fact"]


def test_a_wrong_opening_time_is_still_wrong() -> None:
    assert _tags("We open at ten and close at five, and the last guided walk starts at four.") == [
        "wrong_fact"
    ]
