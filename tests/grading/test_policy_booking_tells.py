"""What a rule says to tell at a booking, on a business none of the labelled sets hold (a bowling
alley): said in the sheet's own words or in the reply that confirms the booking; and a sentence on how
bookings are made is no booking."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import Rule, ToolCall
from tests.grading.calls import breaches, business, call

# what to tell when booking -----------------------------------------------------------------------

BOWLING = business(
    "Strike Zone Lanes",
    [
        (
            "cancellation",
            "Lanes can be moved for free up to 24 hours ahead; no refunds or changes inside 24 hours.",
        )
    ],
    [
        Rule(
            id="say-cancel",
            kind="must",
            text="Mention the 24-hour cancellation policy when making a booking.",
        )
    ],
    "lane bookings, parties, shoe rental, hours",
)
LANE = ToolCall(name="reserve_lane", arguments={"time": "19:00"}, result={"status": "confirmed"})


def test_what_to_tell_at_a_booking_is_said_in_the_sheets_words_or_in_the_reply_that_confirms_it() -> None:
    said_with_booking = call(
        ("c", "Can I get a lane Friday at seven for four?"),
        (
            "a",
            "Done, Friday at seven. Free changes up to twenty-four hours ahead, no refunds inside that.",
            [LANE],
        ),
        ("c", "Great."),
    )
    assert breaches(check_rules(said_with_booking, BOWLING).failures, "say-cancel") == []
    confirmed_next = call(
        ("c", "Can I get a lane Friday at seven for four?"),
        ("a", "Putting that through now.", [LANE]),
        ("c", "Okay."),
        (
            "a",
            "You're all set for Friday at seven. You can move it free up to twenty-four hours ahead;"
            " no refunds after.",
        ),
    )
    assert breaches(check_rules(confirmed_next, BOWLING).failures, "say-cancel") == []
    never_said = call(
        ("c", "Can I get a lane Friday at seven for four?"),
        ("a", "Putting that through now.", [LANE]),
        ("c", "Okay."),
        ("a", "You're all set for Friday at seven. Shoes are four dollars."),
    )
    assert breaches(check_rules(never_said, BOWLING).failures, "say-cancel") == [2]


def test_how_bookings_are_made_is_no_booking() -> None:
    rule = Rule(id="read-back", kind="must", text="Read back the day and time before booking a party.")
    sheet = business("Strike Zone Lanes", [], [rule], "lane bookings, parties")
    told_how = call(
        ("c", "Can my school book a trip?"),
        (
            "a",
            "School trips are booked through our group office. Their number is five five five, zero one two.",
        ),
    )
    assert breaches(check_rules(told_how, sheet).failures, "read-back") == []
