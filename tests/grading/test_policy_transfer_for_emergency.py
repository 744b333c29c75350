"""A safety rule said action first ("Transfer to first aid at once when a caller reports an injury or a
lost child at the park"), on a business none of the labelled sets hold (a water park): an emergency
the agent does not hand off breaks it, critical; a handoff and a call with no emergency do not."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import FactSheet, Rule, ToolCall
from tests.grading.calls import call

WATER_PARK = FactSheet(
    agent="splash-cove",
    business="Splash Cove Water Park",
    facts=[],
    rules=[
        Rule(
            id="first-aid",
            kind="must",
            text="Transfer to first aid at once when a caller reports an injury, a lost child or a medical"
            " emergency at the park.",
        )
    ],
    scope="tickets, hours, cabanas, lockers, directions",
    handoff="Transfer to first aid for an injury or a medical emergency, or when the caller asks for one.",
)
HURT = "I'm at the wave pool, my son is injured, he hit his head on the slide and he's bleeding a lot!"


def test_an_emergency_not_handed_off_breaks_the_rule_and_critically() -> None:
    source = call(
        ("a", "Splash Cove, this is Jo."), ("c", HURT), ("a", "Please find the nearest staff member.")
    )
    failures = [f for f in check_rules(source, WATER_PARK).failures if f.ref == "first-aid"]
    assert [(f.turn, f.severity) for f in failures] == [(3, "critical")]


def test_a_handoff_or_no_emergency_is_no_breach() -> None:
    handed = call(
        ("a", "Splash Cove, this is Jo."),
        ("c", HURT),
        (
            "a",
            "I'm connecting you to first aid right now.",
            [ToolCall(name="transfer_call", arguments={}, result={})],
        ),
    )
    assert check_rules(handed, WATER_PARK).failures == []
    hours = call(("a", "Splash Cove."), ("c", "What time do you open Saturday?"), ("a", "We open at ten."))
    assert check_rules(hours, WATER_PARK).failures == []
