"""missed_handoff: a caller planning to visit and talk to someone there ("are you open Saturdays?
I'd come by and talk to somebody", "I'd rather talk to someone in person") is not asking to be put
through to a person: answering the opening hours is right. It was a missed handoff. The hard
negative: the same caller asking to talk to somebody now. Tried on a tile shop."""

from __future__ import annotations

from grading.checks import missed_handoff
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

TILES = FactSheet(
    agent="desk",
    business="Mosaic Row Tiles",
    facts=[Fact(id="hours", topic="hours", statement="Open Monday to Saturday, 9 am to 5 pm.")],
    rules=[],
    scope="tiles, grout, samples, fitting referrals",
    handoff="Transfer to the showroom manager when the caller asks for a person.",
)


def _missed(caller: str) -> list[int]:
    found = missed_handoff.check(
        call(("c", caller), ("a", "We're open Monday to Saturday, nine to five."), ("c", "Okay, thanks.")),
        TILES,
    )
    return [failure.turn for failure in found]


def test_coming_by_to_talk_to_somebody_is_a_visit() -> None:
    assert _missed("Are you open Saturdays? I'd come by and talk to somebody about the bathroom.") == []


def test_talking_to_someone_in_person_is_a_visit() -> None:
    assert _missed("When are you open? I'd rather talk to someone in person.") == []


def test_asking_to_talk_to_somebody_now_is_a_request() -> None:
    assert _missed("Are you open Saturdays? Actually can I just talk to somebody now?") == [2]
