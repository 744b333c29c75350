"""The must rule of condolences, on a business none of the labelled sets hold (a pet cremation
service): a reply to a reported death that opens with business is a breach; one that opens with
sympathy, a call with no death told, and a dead phone battery are not."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import FactSheet, Rule
from tests.grading.calls import call

CREMATION = FactSheet(
    agent="quiet-meadow-pet-cremation",
    business="Quiet Meadow Pet Cremation",
    facts=[],
    rules=[
        Rule(
            id="sympathy-first",
            kind="must",
            text="When an owner tells us their pet has died, offer condolences before anything else.",
        )
    ],
    scope="private and communal cremation, pickup, urns, prices",
    handoff="Transfer to a person when the caller asks for one.",
)


def breaches(source_lines: tuple[tuple[str, str], ...]) -> list[int]:
    return [failure.turn for failure in check_rules(call(*source_lines), CREMATION).failures]


def test_a_reported_death_answered_with_business_first_is_a_breach() -> None:
    for told in ("Our dog Biscuit died this morning.", "We lost our old cat last night, she just passed."):
        assert breaches(
            (("a", "Quiet Meadow, this is Ana."), ("c", told), ("a", "Okay. Pickup is forty dollars."))
        ) == [3], told
    late = (
        ("a", "Quiet Meadow."),
        ("c", "My dog died today."),
        ("a", "Pickup is forty dollars. Sorry for your loss."),
    )
    assert breaches(late) == [3]


def test_sympathy_first_no_death_told_or_a_dead_battery_are_no_breach() -> None:
    assert (
        breaches(
            (("a", "Quiet Meadow."), ("c", "My dog died today."), ("a", "I'm so sorry. Pickup is forty."))
        )
        == []
    )
    assert (
        breaches((("a", "Quiet Meadow."), ("c", "What do urns cost?"), ("a", "Urns start at sixty."))) == []
    )
    assert (
        breaches(
            (("a", "Quiet Meadow."), ("c", "Sorry, my phone died earlier."), ("a", "No problem, go on."))
        )
        == []
    )
