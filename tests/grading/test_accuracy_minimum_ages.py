"""accuracy: the youngest age a thing is open to is a claim held against the sheet's own minimum
ages ("kids can drive from age eight" where junior karts are from age 10 is wrong; "ages ten and up"
and "you must be sixteen for the adult karts" stand); an age said where the sheet gives no minimum
is left alone. Tried on a go-kart track."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

KARTS = FactSheet(
    agent="desk",
    business="Redline Karting",
    facts=[
        Fact(id="junior", topic="policy", statement="Junior karts are for drivers from age 10."),
        Fact(id="adult", topic="policy", statement="On the adult karts drivers must be 16 or older."),
        Fact(id="price", topic="price", statement="A ten-minute race costs $25."),
    ],
    rules=[],
    scope="races, parties, prices",
    handoff="Transfer to the track marshal when asked.",
    forbidden_phrases=[],
)
NO_AGES = FactSheet(
    agent="desk",
    business="Redline Karting",
    facts=[Fact(id="price", topic="price", statement="A ten-minute race costs $25.")],
    rules=[],
    scope="races, prices",
    handoff="Transfer to the track marshal when asked.",
    forbidden_phrases=[],
)


def _tags(answer: str, sheet: FactSheet = KARTS) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", "Can my kid drive?"), ("a", answer)), sheet)]


def test_an_age_below_the_sheets_minimum_is_wrong() -> None:
    assert _tags("Sure, kids can drive the junior karts from age eight.") == ["wrong_fact"]


def test_the_sheets_own_ages_stand() -> None:
    assert _tags("Junior karts are ages ten and up.") == []
    assert _tags("For the adult karts you must be sixteen.") == []


def test_an_age_where_the_sheet_gives_none_is_left_alone() -> None:
    assert _tags("Sure, kids can drive from age eight.", NO_AGES) == []
