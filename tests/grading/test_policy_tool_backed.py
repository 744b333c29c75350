"""A claim a tool must back ("check the calendar with the availability tool before saying a date is
open"), on a business none of the labelled sets hold (a recording studio), with opening hours and a
checked date as the negatives."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import Rule, ToolCall
from tests.grading.calls import breaches, business, call

# a claim a tool must back ------------------------------------------------------------------------

STUDIO = business(
    "Low End Recording",
    [],
    [
        Rule(
            id="check-schedule",
            kind="must",
            text="Check the calendar with the availability tool before saying a session date is open"
            " or taken.",
        ),
        Rule(
            id="book-tool",
            kind="must",
            text="Confirm a session with the booking tool before telling the caller it is booked.",
        ),
    ],
    "studio time, rates, engineers",
)
LOOKED = ToolCall(name="check_calendar", arguments={"date": "2026-05-02"}, result={"open": True})
FAILED = ToolCall(name="book_session", arguments={"date": "2026-05-02"}, result=None, error="slot_taken")
BOOKED = ToolCall(name="book_session", arguments={"date": "2026-05-02"}, result={"status": "confirmed"})


def test_a_date_called_open_or_a_session_called_booked_needs_the_tool_first() -> None:
    unchecked = call(("c", "Is May second open for a full day?"), ("a", "Yep, May second is wide open!"))
    assert breaches(check_rules(unchecked, STUDIO).failures, "check-schedule") == [2]
    checked = call(
        ("c", "Is May second open for a full day?"),
        ("a", "Let me look.", [LOOKED]),
        ("c", "Okay."),
        ("a", "May second is open."),
    )
    assert breaches(check_rules(checked, STUDIO).failures, "check-schedule") == []
    hours = call(("c", "When can I come by?"), ("a", "We're open till ten on Saturdays."))
    assert breaches(check_rules(hours, STUDIO).failures, "check-schedule") == []
    tool_failed = call(
        ("c", "Book me May second."),
        ("a", "Booking it now.", [FAILED]),
        ("c", "Thanks."),
        ("a", "You're all booked for May second."),
    )
    assert breaches(check_rules(tool_failed, STUDIO).failures, "book-tool") == [4]
    tool_worked = call(("c", "Book me May second."), ("a", "You're booked for May second.", [BOOKED]))
    assert breaches(check_rules(tool_worked, STUDIO).failures, "book-tool") == []
