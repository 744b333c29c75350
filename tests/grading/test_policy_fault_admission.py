"""A rule against admitting fault or promising compensation, on a business none of the labelled sets
hold (a shoe repair shop): owning the fault or committing to pay breaks it; denying fault, asking, and
taking the details for the manager do not."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import FactSheet, Rule
from tests.grading.calls import call

COBBLER = FactSheet(
    agent="heel-and-sole",
    business="Heel and Sole Repair",
    facts=[],
    rules=[
        Rule(
            id="no-fault",
            kind="must_not",
            text="Do not admit fault or promise compensation for damaged shoes; take the details.",
        )
    ],
    scope="resoling, heels, stretching, pickup times",
    handoff="Transfer to a person when the caller asks for one.",
)
COMPLAINT = "You scuffed my boots, the leather's ruined."


def turns(said: str) -> list[int]:
    return [failure.turn for failure in check_rules(call(("c", COMPLAINT), ("a", said)), COBBLER).failures]


def test_owning_the_fault_or_committing_to_pay_is_a_breach() -> None:
    for said in (
        "I'm so sorry, that's totally our fault.",
        "We take full responsibility for that.",
        "We'll reimburse you for the boots.",
    ):
        assert turns(said) == [2], said


def test_denying_asking_or_taking_details_is_no_breach() -> None:
    for said in (
        "I'm sorry. I can't say it's our fault before the owner sees them.",
        "I'm sorry to hear that. Can I take your ticket number so the owner can look into it?",
    ):
        assert turns(said) == [], said
