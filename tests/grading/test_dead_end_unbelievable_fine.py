"""dead_end: a caller's "Unbelievable. Fine, ..." after an agent that could not do what they asked
gives up on the request; "Fine, Tuesday works" after a booking does not."""

from __future__ import annotations

from grading.checks import dead_end
from grading.formats import FactSheet
from tests.grading.calls import call


def sheet() -> FactSheet:
    return FactSheet(
        agent="test-agent",
        business="Oakmere Bike Repair",
        facts=[],
        rules=[],
        scope="bike repairs, tune-ups, bookings",
        handoff="Transfer to the workshop lead when the caller asks for a person.",
    )


def test_unbelievable_fine_after_a_helpless_reply_is_a_dead_end() -> None:
    stuck = call(
        ("a", "Oakmere Bike Repair, this is Noor."),
        ("c", "I need to move my tune-up from Monday to Wednesday."),
        ("a", "Sorry, I couldn't change that booking. Anything else?"),
        ("c", "Could you try again?"),
        ("a", "Sorry, I couldn't change that booking. Anything else?"),
        ("c", "Unbelievable. Fine, I'll just skip it then."),
        ("a", "Okay. Thanks for calling Oakmere Bike Repair."),
    )
    assert [f.turn for f in dead_end.check(stuck, sheet())] == [7]


def test_fine_after_a_booking_is_no_dead_end() -> None:
    booked = call(
        ("a", "Oakmere Bike Repair, this is Noor."),
        ("c", "I need to move my tune-up from Monday to Wednesday."),
        ("a", "Done, you're moved to Wednesday at nine."),
        ("c", "Fine, Wednesday works. Thanks."),
        ("a", "Thanks for calling Oakmere Bike Repair."),
    )
    assert dead_end.check(booked, sheet()) == []
