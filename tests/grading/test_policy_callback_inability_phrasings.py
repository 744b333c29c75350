"""policy (offer a callback when the caller cannot be helped): "I'm not seeing any Saturday openings
right now" and "that's not something I can do on this line" say the agent cannot help, so the
callback is owed there; the same reply with a callback offered breaks nothing. Tried on a nail
salon."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import FactSheet, Rule
from tests.grading.calls import call

NAILS = FactSheet(
    agent="desk",
    business="Polished Nail Bar",
    facts=[],
    rules=[Rule(id="callback", kind="must", text="Offer a callback when the caller cannot be helped now.")],
    scope="manicures, pedicures, bookings",
    handoff="Transfer to a person when the caller asks for one.",
)


def _breaches(reply: str) -> list[int]:
    lines = call(
        ("a", "Polished Nail Bar."),
        ("c", "Any Saturday openings for gel nails?"),
        ("a", reply),
        ("c", "Hm, okay."),
        ("a", "Have a good day."),
    )
    return [f.turn for f in check_rules(lines, NAILS).failures if f.tag == "policy_breach"]


def test_not_seeing_any_openings_says_the_agent_cannot_help() -> None:
    assert _breaches("I'm not seeing any Saturday openings for gel right now.") == [3]
    assert _breaches("Saturday bookings aren't something I can do on this line.") == [3]


def test_with_a_callback_offered_nothing_is_broken() -> None:
    assert (
        _breaches("I'm not seeing any Saturday openings right now. Want us to call you back if one opens?")
        == []
    )
