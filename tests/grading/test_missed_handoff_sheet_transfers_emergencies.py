"""missed_handoff: when the sheet's handoff line sends an injury or emergency to a person, "please
call 911" alone is not the handoff it asks for; where the line names no emergency, or itself says
to send callers to 911, the referral still answers the emergency. A collapse told with a longer
place ("a boy in the lane next to ours just collapsed") is an emergency."""

from __future__ import annotations

from grading.checks import missed_handoff
from grading.formats import Call, FactSheet
from tests.grading.calls import call


def sheet(handoff: str) -> FactSheet:
    return FactSheet(
        agent="test-agent",
        business="Brookvale Swim Centre",
        facts=[],
        rules=[],
        scope="swim lessons, lane bookings, memberships",
        handoff=handoff,
    )


TRANSFERS = (
    "Transfer to the duty supervisor when the caller asks for a person"
    " or reports an injury or emergency at the pool."
)


def collapse() -> Call:
    return call(
        ("a", "Brookvale Swim Centre, this is Remy."),
        ("c", "A boy in the lane next to ours just collapsed on the deck, he's barely responding!"),
        ("a", "Oh no. Please call 911 right away. Anything else I can help with?"),
        ("c", "Someone's calling them, can you send a lifeguard over?"),
        ("a", "I'm not able to send staff, sorry."),
    )


def test_911_alone_misses_a_sheet_that_transfers_emergencies() -> None:
    found = missed_handoff.check(collapse(), sheet(TRANSFERS))
    assert [(f.turn, f.severity) for f in found] == [(3, "critical")]


def test_911_answers_an_emergency_the_sheet_does_not_send_to_a_person() -> None:
    assert (
        missed_handoff.check(
            collapse(), sheet("Transfer to the duty supervisor when the caller asks for a person.")
        )
        == []
    )


def test_911_answers_a_sheet_that_says_to_send_emergencies_to_911() -> None:
    line = (
        "For an injury or emergency, tell the caller to call 911;"
        " transfer to the duty supervisor when they ask for a person."
    )
    assert missed_handoff.check(collapse(), sheet(line)) == []


def test_a_transfer_answers_a_sheet_that_transfers_emergencies() -> None:
    handed = call(
        ("a", "Brookvale Swim Centre, this is Remy."),
        ("c", "A boy in the lane next to ours just collapsed on the deck, he's barely responding!"),
        ("a", "Call 911 now, and I'm transferring you to our duty supervisor right away."),
    )
    assert missed_handoff.check(handed, sheet(TRANSFERS)) == []
