"""accuracy: a numbered place the caller is sent to ("outside door four", "from pier three", "gate
B12") is held against the places of that kind the sheet numbers: "door four" where pickups are
at door 6 is a wrong fact. It was read as no claim. The hard negatives: the sheet's own number, a
kind of place the sheet does not number, and the caller's own door said back. Tried on a ferry
terminal's parking shuttle."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

SHUTTLE = FactSheet(
    agent="desk",
    business="Harbour Link Parking",
    facts=[
        Fact(
            id="location-pickup",
            topic="location",
            statement="The shuttle picks up outside door 6 of the terminal.",
        ),
        Fact(id="price-day", topic="price", statement="Parking costs $14 a day."),
    ],
    rules=[],
    scope="parking, the shuttle to the ferry terminal",
    handoff="Transfer to the parking office when asked.",
    forbidden_phrases=[],
)


def _tags(question: str, answer: str) -> list[tuple[str, int]]:
    return [(f.tag, f.turn) for f in accuracy.check(call(("c", question), ("a", answer)), SHUTTLE)]


def test_a_door_the_sheet_numbers_otherwise_is_wrong() -> None:
    assert _tags("Where do I get the shuttle?", "The shuttle picks up outside door four.") == [
        ("wrong_fact", 2)
    ]


def test_the_sheets_own_door_is_supported() -> None:
    assert _tags("Where do I get the shuttle?", "Right outside door six of the terminal.") == []


def test_a_kind_of_place_the_sheet_does_not_number_is_left_alone() -> None:
    assert _tags("Where do I park?", "Anywhere on level two, then walk to gate three.") == []


def test_the_callers_door_said_back_is_no_claim() -> None:
    assert _tags("I'm at door two, is that right?", "Door two? No, it's door six.") == []
