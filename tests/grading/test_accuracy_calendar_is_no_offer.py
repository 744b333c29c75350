"""accuracy: "we have" / "she has" followed by a day, a date or room in the schedule offers no thing
("She has Friday, December eleventh at one or five", "we have drop-off space at ten", "we've got
sites open July third"): it is the calendar talking, for the booking tools to back, not an item or
service the sheet must list; an item offered the same way still is one ("we have a sauna too").
Tried on a pottery-painting cafe."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

PAINTING = FactSheet(
    agent="desk",
    business="Glaze Days Pottery Cafe",
    facts=[
        Fact(id="studio", topic="price", statement="Studio time is $10 per person plus the piece you paint."),
        Fact(id="hours", topic="hours", statement="Open Tuesday to Sunday, 10 am to 8 pm."),
    ],
    rules=[],
    scope="painting sessions, parties, firing and pickup",
    handoff="Transfer to the studio lead when asked.",
    forbidden_phrases=[],
)


def _tags(answer: str) -> list[str]:
    lines = call(("c", "When can we come in to paint?"), ("a", answer))
    return [f.tag for f in accuracy.check(lines, PAINTING)]


def test_a_day_or_room_in_the_schedule_is_no_offer() -> None:
    assert _tags("She has Friday, December eleventh at one p.m. or five p.m.") == []
    assert _tags("Thursday, December third, we have table space at ten or eleven.") == []
    assert _tags("We've got tables open July third through fifth.") == []


def test_an_item_offered_the_same_way_still_is_one() -> None:
    assert _tags("We have a kiln-side espresso bar too.") == ["invented_fact"]
