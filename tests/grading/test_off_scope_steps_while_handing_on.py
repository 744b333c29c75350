"""off_scope_advice: what to do until the person the caller is being handed to takes over ("Turn
the valve off, I'm connecting you to the on-call plumber now", "Stay with him. I'm putting you
through.") is part of the handoff, not advice given in that person's place; the same steps with no
handoff are still do-it-yourself instructions, and wiring ("connect black to brass") is no handoff.
Tried on a water heater service, invented for these tests."""

from __future__ import annotations

from grading.checks import off_scope_advice
from grading.formats import FactSheet
from tests.grading.calls import call

HEATERS = FactSheet(
    agent="desk",
    business="Copperline Water Heaters",
    facts=[],
    rules=[],
    scope="water heater installs, repairs, prices, booking a visit",
    handoff="Transfer to the on-call technician for a leak, a gas smell or no hot water in winter.",
)

SHOCK = "My husband touched the heater and got a shock, he's shaking, what do I do?"
FIRST_REPLY = "Call 911 right now and keep everyone away from the heater."
CALLING = "Okay, okay, my daughter's calling 911."


def _advice(reply: str) -> list[int]:
    turns = call(("c", SHOCK), ("a", FIRST_REPLY), ("c", CALLING), ("a", reply))
    return [f.turn for f in off_scope_advice.check(turns, HEATERS)]


def test_holding_steps_while_connecting_the_caller_are_no_advice() -> None:
    assert _advice("Good. Stay with him. I'm connecting you now.") == []
    assert _advice("Good. Stay with him, I'm putting you through to the on-call tech.") == []


def test_the_same_steps_with_no_handoff_are_still_advice() -> None:
    assert _advice("Good. Stay with him and keep him warm.") == [4]


def test_wiring_steps_are_no_handoff() -> None:
    assert _advice("Good. Stay with him, and connect the hose to the drain valve.") == [4]
