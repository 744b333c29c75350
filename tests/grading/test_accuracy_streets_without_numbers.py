"""accuracy: a street named without a house number is a street only where a word places it ("we're
just off Mill Road", "the address is Quarry Lane"); "a clicking drive goes to our partner lab" is a
hard drive, no address to hold against the sheet's. A street the sheet does not have, placed so, is
still judged. Tried on a phone repair shop."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

PHONES = FactSheet(
    agent="desk",
    business="Fixwell Phone Repair",
    facts=[
        Fact(id="address", topic="location", statement="The shop is at 14 Quarry Lane, just off Mill Road."),
        Fact(
            id="recovery",
            topic="price",
            statement="Data recovery from a working drive is $99; clicking drives go to a partner lab.",
        ),
    ],
    rules=[],
    scope="phone and laptop repair, data recovery",
    handoff="Transfer to the technician when asked.",
    forbidden_phrases=[],
)


def _tags(answer: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", "My drive is clicking."), ("a", answer)), PHONES)]


def test_a_drive_that_clicks_is_no_street() -> None:
    assert _tags("A clicking drive goes to our partner lab.") == []


def test_a_street_placed_by_its_words_is_judged() -> None:
    assert _tags("We're just off Mill Road.") == []
    assert _tags("We're just off Birch Road.") != []
