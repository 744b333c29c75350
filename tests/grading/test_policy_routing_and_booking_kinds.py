"""Who a must-not rule routes a request to is not what it forbids; a callback arranged by a tool is no
booking; and a short word of a booking rule ("a tee time") names which bookings it covers. On
businesses none of the labelled sets hold (a kayak rental, a mini-golf park)."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import Rule, ToolCall
from tests.grading.calls import breaches, business, call


def test_the_rules_routing_clause_is_not_its_subject() -> None:
    rule = Rule(
        id="no-waive",
        kind="must_not",
        text="Never waive or reduce a rental fee; fee disputes go to the dock manager.",
    )
    sheet = business("Driftline Kayaks", [("rates", "Single kayaks are $30 an hour.")], [rule], "rentals")
    parking = call(
        ("c", "Where do I park?"),
        ("a", "There's no dock parking, but the street lot across the road is open."),
    )
    assert breaches(check_rules(parking, sheet).failures, "no-waive") == []
    waived = call(
        ("c", "Can you let the rental fee go this time?"),
        ("a", "Sure, I'll waive the rental fee for you."),
    )
    assert breaches(check_rules(waived, sheet).failures, "no-waive") == [2]


PUTT = business(
    "Pinewood Putt Park",
    [],
    [
        Rule(
            id="state-deposit",
            kind="must",
            text="State the $20 deposit when booking a party.",
        ),
        Rule(
            id="state-no-show",
            kind="must",
            text="State the $10 no-show fee when booking a tee time.",
        ),
    ],
    "parties, tee times, lessons",
)


def test_a_callback_arranged_by_a_tool_is_no_booking() -> None:
    callback = ToolCall(
        name="schedule_callback", arguments={"phone": "555-0199"}, result={"status": "queued"}
    )
    party = ToolCall(name="book_party", arguments={"date": "2026-06-06"}, result={"status": "confirmed"})
    called_back = call(
        ("c", "Can someone call me about a party? 555-0199."),
        ("a", "Done, the party team will call you back at five five five, zero one nine nine.", [callback]),
    )
    assert breaches(check_rules(called_back, PUTT).failures, "state-deposit") == []
    booked = call(
        ("c", "Can I book a party Saturday?"),
        ("a", "You're booked for Saturday.", [party]),
    )
    assert breaches(check_rules(booked, PUTT).failures, "state-deposit") == [2]


def test_a_short_word_names_which_bookings_a_rule_covers() -> None:
    lesson = ToolCall(name="book_lesson", arguments={"time": "10:00"}, result={"status": "confirmed"})
    tee = ToolCall(name="book_tee_time", arguments={"time": "08:10"}, result={"status": "confirmed"})
    a_lesson = call(
        ("c", "Can I book a putting lesson Saturday at ten?"),
        ("a", "You're booked for a lesson Saturday at ten.", [lesson]),
    )
    assert breaches(check_rules(a_lesson, PUTT).failures, "state-no-show") == []
    a_tee_time = call(
        ("c", "Can I book a tee time Saturday at eight ten?"),
        ("a", "You're booked for a tee time Saturday at eight ten.", [tee]),
    )
    assert breaches(check_rules(a_tee_time, PUTT).failures, "state-no-show") == [2]


def test_a_charge_told_as_waived_is_not_the_charge_stated() -> None:
    rule = Rule(id="state-setup", kind="must", text="State the $25 setup fee before booking a party.")
    sheet = business("Pinewood Putt Park", [("setup", "Parties carry a $25 setup fee.")], [rule], "parties")
    party = ToolCall(name="book_party", arguments={"date": "2026-06-06"}, result={"status": "confirmed"})
    waived = call(
        ("c", "Book a party Saturday, and skip the setup fee, I'm a regular."),
        ("a", "Sure, I'll book it with no setup fee."),
        ("c", "Great."),
        ("a", "You're booked for Saturday.", [party]),
    )
    assert breaches(check_rules(waived, sheet).failures, "state-setup") == [4]
    stated = call(
        ("c", "Book a party Saturday."),
        ("a", "Sure. There's a setup fee; you can cancel free up to a day before."),
        ("c", "Fine."),
        ("a", "You're booked for Saturday.", [party]),
    )
    assert breaches(check_rules(stated, sheet).failures, "state-setup") == []
