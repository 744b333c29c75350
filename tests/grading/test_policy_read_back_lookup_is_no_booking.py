"""policy: a read-back rule ("read back the pickup address, date and time when booking") is owed when
a booking is made, not when a booking is looked up: a `lookup_booking` tool call found the caller's
ride, and the agent transferred them. It was read as a booking completed without the day read
back. The hard negative: a booking tool call with no day said is still a breach. Tried on a
minibus service."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import FactSheet, Rule, ToolCall
from tests.grading.calls import call

MINIBUS = FactSheet(
    agent="desk",
    business="Hopper Minibus",
    facts=[],
    rules=[Rule(id="read-back", kind="must", text="Read back the pickup date and time when booking a ride.")],
    scope="minibus rides, bookings",
    handoff="Transfer to dispatch when asked.",
)


def _breached(tool: ToolCall, said: str) -> list[int]:
    found = check_rules(call(("c", "Where's my driver? He's late."), ("a", said, [tool])), MINIBUS).failures
    return [failure.turn for failure in found if failure.tag == "policy_breach"]


def test_a_booking_looked_up_owes_no_read_back() -> None:
    lookup = ToolCall(name="lookup_booking", arguments={"phone": "caller"}, result={"booking_id": "HB-204"})
    assert (
        _breached(lookup, "I see your pickup at 22 Pier Street. I'm transferring you to dispatch now.") == []
    )


def test_a_booking_made_without_the_day_is_still_a_breach() -> None:
    booked = ToolCall(
        name="book_ride", arguments={"pickup": "22 Pier Street"}, result={"status": "confirmed"}
    )
    assert _breached(booked, "You're all set, the driver will pick you up at 22 Pier Street.") == [2]
