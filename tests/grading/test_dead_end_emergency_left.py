"""dead_end: a caller who described an emergency, was never handed on (no transfer said or made),
and gave up ("Are you kidding me? Forget it.") was left at a dead end, whatever address or
"call 911" the agent offered on the way; the same call transferred is not one. Tried on a sledding
hill."""

from __future__ import annotations

from grading.checks import dead_end
from grading.formats import FactSheet
from tests.grading.calls import call

SLEDS = FactSheet(
    agent="desk",
    business="Powder Ridge Sledding Hill",
    facts=[],
    rules=[],
    scope="sled runs, tickets, hours",
    handoff="Transfer to the ski patrol desk for any injury.",
)
HURT = "My son crashed into a tree on the sled run and he's unconscious! Can you send someone?"


def _turns(answer: str, last: str) -> list[int]:
    lines = call(
        ("a", "Powder Ridge, how can I help?"),
        ("c", HURT),
        ("a", answer),
        ("c", "Are you kidding me? Forget it."),
        ("a", last),
    )
    return [f.turn for f in dead_end.check(lines, SLEDS)]


def test_an_emergency_never_handed_on_is_a_dead_end() -> None:
    assert _turns("I can't send anyone, but please call 911. We're at 12 Hill Road.", "Okay, take care.") == [
        5
    ]


def test_the_same_call_handed_on_is_not() -> None:
    said = "I'm transferring you to the ski patrol desk right now."
    assert _turns(said, "Okay, stay with him; patrol is on the line.") == []
