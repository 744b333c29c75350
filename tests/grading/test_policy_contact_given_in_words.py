"""A rule to confirm the caller's name and phone number before booking is followed when the caller
gives them without the rule's words ("Okay, book it. Ines Varga, five five five, zero two one
eight.") and the agent then books: the number said as digit words and the full name said on its
own are the details the rule asks for. A caller who only mentions a number ("give me a number or I
hang up") has given none, nor has one who gives no name. Tried on a bike courier."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import FactSheet, Rule, ToolCall
from tests.grading.calls import call


def sheet() -> FactSheet:
    return FactSheet(
        agent="courier-desk",
        business="Swift Spoke Couriers",
        facts=[],
        rules=[
            Rule(
                id="confirm-contact",
                kind="must",
                text="Confirm the sender's full name and a phone number before booking.",
            )
        ],
        scope="courier pickups, prices, delivery times",
        handoff="Transfer to dispatch when the caller asks for a person.",
    )


BOOKED = (
    "a",
    "You're booked for two o'clock on Dock Street.",
    [ToolCall(name="book_pickup", result={"status": "confirmed"})],
)


def broken(*lines: tuple[str, str] | tuple[str, str, list[ToolCall]]) -> list[int]:
    return [failure.turn for failure in check_rules(call(*lines), sheet()).failures]


def test_a_name_and_number_given_in_words_are_the_details_asked() -> None:
    assert (
        broken(
            ("c", "Can you pick up a parcel on Dock Street at two?"),
            ("a", "I can. Shall I book it?"),
            ("c", "Okay, book it. Ines Varga, five five five, zero two one eight."),
            BOOKED,
        )
        == []
    )


def test_a_number_only_mentioned_is_no_number_given() -> None:
    assert broken(
        ("c", "Can you pick up a parcel on Dock Street at two?"),
        ("a", "I can. Shall I book it?"),
        ("c", "Look, I'm Ines Varga, give me a number for the driver or I'll hang up."),
        BOOKED,
    ) == [4]


def test_a_number_without_a_name_is_not_both_details() -> None:
    assert broken(
        ("c", "Can you pick up a parcel on Dock Street at two?"),
        ("a", "I can. Shall I book it?"),
        ("c", "okay book it, five five five, zero two one eight."),
        BOOKED,
    ) == [4]
