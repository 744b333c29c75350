"""accuracy: "half off" and "half price" are a discount of 50%, said in words: on a sheet with no
such discount, "students get half off" is invented. They were read as no claim at all. The hard
negatives: "half an hour" is a length of time, and a half price the sheet gives is supported.
Tried on a planetarium."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

SHOW = Fact(id="price-show", topic="price", statement="A dome show ticket costs $16.")
LENGTH = Fact(id="show-length", topic="service", statement="Each dome show lasts 40 minutes.")
CHILD = Fact(id="price-child", topic="price", statement="Children under 12 pay half price.")


def _planetarium(*facts: Fact) -> FactSheet:
    return FactSheet(
        agent="desk",
        business="Starfield Planetarium",
        facts=[SHOW, LENGTH, *facts],
        rules=[],
        scope="dome shows, telescope nights, school visits",
        handoff="Transfer to the box office manager when asked.",
        forbidden_phrases=[],
    )


def _tags(question: str, answer: str, *facts: Fact) -> list[tuple[str, int]]:
    found = accuracy.check(call(("c", question), ("a", answer)), _planetarium(*facts))
    return sorted((failure.tag, failure.turn) for failure in found)


def test_half_off_the_sheet_does_not_have_is_invented() -> None:
    assert _tags("Do students get anything?", "Students get half off with a valid ID.") == [
        ("invented_fact", 2)
    ]


def test_half_price_the_sheet_gives_is_supported() -> None:
    assert _tags("And my daughter, she's eight?", "Kids under twelve are half price.", CHILD) == []


def test_half_an_hour_is_no_discount() -> None:
    assert _tags("Do I need to come early?", "Get here about half an hour before.") == []
