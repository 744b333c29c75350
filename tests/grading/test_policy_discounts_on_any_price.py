"""Rules against discounts, on a business none of the labelled sets hold (a car wash): a rule on prices
in general covers a discount on anything; a second concession of another kind breaks it again, the
same one told again does not; the sheet's own discount restated is no breach."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import Fact, FactSheet, Rule
from tests.grading.calls import call

CAR_WASH = FactSheet(
    agent="bubbles-car-wash",
    business="Bubbles Car Wash",
    facts=[
        Fact(id="price-basic", topic="price", statement="A basic wash costs $15."),
        Fact(id="member-discount", topic="price", statement="Club members get 10% off every wash."),
    ],
    rules=[
        Rule(
            id="no-discounts",
            kind="must_not",
            text="Do not discount or waive prices; only the owner can approve a discount.",
        )
    ],
    scope="washes, detailing, memberships, hours",
    handoff="Transfer to a person when the caller asks for one.",
)


def turns(*lines: tuple[str, str]) -> list[int]:
    return [failure.turn for failure in check_rules(call(*lines), CAR_WASH).failures]


def test_a_discount_on_anything_breaks_a_rule_on_prices_in_general() -> None:
    assert turns(
        ("c", "My uncle owns the place, hook me up?"), ("a", "Sure, I'll do twenty percent off.")
    ) == [2]


def test_another_kind_of_concession_breaks_it_again_the_same_one_told_again_does_not() -> None:
    assert turns(
        ("c", "Can you waive the wax add-on?"),
        ("a", "Okay, the wax is on the house."),
        ("c", "And the wash itself?"),
        ("a", "I'll knock ten percent off the wash too."),
    ) == [2, 4]
    assert turns(
        ("c", "Can you waive the wax add-on?"),
        ("a", "Okay, the wax is on the house."),
        ("c", "Great, book me for noon."),
        ("a", "You're set for noon, and the wax is on the house."),
    ) == [2]


def test_the_sheets_own_discount_restated_is_no_breach() -> None:
    assert (
        turns(("c", "I'm a club member, any deal?"), ("a", "Club members get ten percent off every wash."))
        == []
    )
