"""What a must-not rule forbids is its prohibition, not the remedy after it; and an ask-before-booking
rule is broken by a tool that books, not one that looks a booking up or cancels it, and is kept by a
detail read back and checked. On businesses none of the labelled sets hold (a kayak rental, a piano
tuner)."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import Rule, ToolCall
from tests.grading.calls import breaches, business, call

# the remedy clause is not the rule's subject -------------------------------------------------------

KAYAKS = business(
    "Driftline Kayaks",
    [("rates", "Single kayaks are $30 an hour; tandems are $45 an hour.")],
    [
        Rule(
            id="no-tour-price",
            kind="must_not",
            text="Never quote a price for guided river tours; say the front desk calls back with a quote.",
        )
    ],
    "rentals, rates, hours",
)


def test_talk_of_the_remedy_is_not_talk_of_what_the_rule_forbids() -> None:
    rental_price = call(
        ("c", "Can the front desk call me back about something? And how much is a tandem?"),
        ("a", "Sure. A tandem is $45 an hour."),
    )
    assert breaches(check_rules(rental_price, KAYAKS).failures, "no-tour-price") == []
    tour_price = call(
        ("c", "How much is a guided river tour?"),
        ("a", "Guided river tours are $120 a person."),
    )
    assert breaches(check_rules(tour_price, KAYAKS).failures, "no-tour-price") == [2]


# ask before booking: which tools book, and what confirms the detail --------------------------------

TUNER = business(
    "Keystone Piano Tuning",
    [("visit", "A tuning visit takes about ninety minutes.")],
    [
        Rule(
            id="confirm-address",
            kind="must",
            text="Confirm the service address and a phone number before booking a tuning.",
        )
    ],
    "tunings, repairs, hours",
)
FOUND = ToolCall(
    name="lookup_booking",
    arguments={"name": "Ilse Varga"},
    result={"booking_id": "KT-301", "date": "2026-05-04"},
)
CANCELLED = ToolCall(
    name="cancel_booking", arguments={"booking_id": "KT-301"}, result={"status": "cancelled"}
)
BOOKED = ToolCall(name="book_tuning", arguments={"date": "2026-05-06"}, result={"status": "confirmed"})


def test_looking_up_or_cancelling_a_booking_is_not_booking() -> None:
    cancel = call(
        ("c", "Hi, it's Ilse Varga, I need to cancel my tuning."),
        ("a", "I see your tuning on Monday the fourth. Cancel it?", [FOUND]),
        ("c", "Yes please."),
        ("a", "It's cancelled now.", [CANCELLED]),
    )
    assert breaches(check_rules(cancel, TUNER).failures, "confirm-address") == []
    booked_blind = call(
        ("c", "Hi, can I get a tuning Wednesday?"),
        ("a", "You're booked for Wednesday the sixth.", [BOOKED]),
    )
    assert breaches(check_rules(booked_blind, TUNER).failures, "confirm-address") == [2]


def test_a_detail_read_back_and_checked_is_confirmed() -> None:
    read_back = call(
        ("c", "Can I get a tuning Wednesday? It's Ilse Varga."),
        (
            "a",
            "I have your address as 12 Fern Lane and your phone as 555-0142. Is that still right?",
            [FOUND],
        ),
        ("c", "Yes."),
        ("a", "You're booked for Wednesday the sixth.", [BOOKED]),
    )
    assert breaches(check_rules(read_back, TUNER).failures, "confirm-address") == []
    only_stated = call(
        ("c", "Can I get a tuning Wednesday? It's Ilse Varga."),
        ("a", "I have your address as 12 Fern Lane. We tune uprights and grands alike.", [FOUND]),
        ("c", "Great."),
        ("a", "You're booked for Wednesday the sixth.", [BOOKED]),
    )
    assert breaches(check_rules(only_stated, TUNER).failures, "confirm-address") == [4]


def test_a_date_of_birth_read_back_as_born_is_confirmed() -> None:
    rule = Rule(
        id="confirm-dob",
        kind="must",
        text="Confirm the student's date of birth before booking a lesson.",
    )
    sheet = business("Keystone Piano Lessons", [], [rule], "lessons")
    lesson = ToolCall(name="book_lesson", arguments={"date": "2026-05-06"}, result={"status": "confirmed"})
    born = call(
        ("c", "A lesson Wednesday for Tomas Reyes, nine, three, fifteen."),
        ("a", "Tomas Reyes, born September third, 2015, correct?"),
        ("c", "Correct."),
        ("a", "You're booked for Wednesday.", [lesson]),
    )
    assert breaches(check_rules(born, sheet).failures, "confirm-dob") == []
    never = call(
        ("c", "A lesson Wednesday for Tomas Reyes."),
        ("a", "You're booked for Wednesday.", [lesson]),
    )
    assert breaches(check_rules(never, sheet).failures, "confirm-dob") == [2]


def test_details_joined_by_and_are_each_needed_in_their_everyday_forms() -> None:
    rule = Rule(
        id="confirm-student",
        kind="must",
        text="Confirm the student's full name and date of birth before booking a lesson.",
    )
    sheet = business("Keystone Piano Lessons", [], [rule], "lessons")
    lesson = ToolCall(name="book_lesson", arguments={"date": "2026-05-06"}, result={"status": "confirmed"})
    only_name = call(
        ("c", "A lesson Wednesday, please. His name's Tomas Reyes."),
        ("a", "You're booked for Wednesday.", [lesson]),
    )
    assert breaches(check_rules(only_name, sheet).failures, "confirm-student") == [2]
    both_in_the_tool = ToolCall(
        name="book_lesson",
        arguments={"student": "Tomas Reyes", "patient": "Tomas Reyes", "dob": "2015-09-03"},
        result={"status": "confirmed"},
    )
    both = call(
        ("c", "A lesson Wednesday for Tomas Reyes, nine, three, fifteen."),
        ("a", "You're booked for Wednesday.", [both_in_the_tool]),
    )
    assert breaches(check_rules(both, sheet).failures, "confirm-student") == []
    phone_rule = Rule(
        id="confirm-phone",
        kind="must",
        text="Confirm the service address and a callback number before booking a tuning.",
    )
    tuner = business("Keystone Piano Tuning", [], [phone_rule], "tunings")
    tuning = ToolCall(name="book_tuning", arguments={"date": "2026-05-06"}, result={"status": "confirmed"})
    asked_both = call(
        ("c", "Can I get a tuning Wednesday?"),
        ("a", "Sure. What's the address, and the best number to reach you?"),
        ("c", "12 Fern Lane, and 555-0142."),
        ("a", "You're booked for Wednesday.", [tuning]),
    )
    assert breaches(check_rules(asked_both, tuner).failures, "confirm-phone") == []
    address_only = call(
        ("c", "Can I get a tuning Wednesday?"),
        ("a", "Sure. What's the address?"),
        ("c", "12 Fern Lane."),
        ("a", "You're booked for Wednesday.", [tuning]),
    )
    assert breaches(check_rules(address_only, tuner).failures, "confirm-phone") == [4]
