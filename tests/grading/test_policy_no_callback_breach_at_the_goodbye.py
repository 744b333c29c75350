"""policy (offer a callback when the caller cannot be helped): with no "can't" said, a caller who
gives up ("Unbelievable. Forget it.") is no callback breach at the agent's goodbye: labellers pin
the breach at the first reply that says the agent cannot help, or leave it out (the call is a dead
end, which its own check reads). Said "can't", the breach is at that reply. Tried on a boat-storage
yard."""

from __future__ import annotations

from grading.checks import dead_end
from grading.checks.policy import check_rules
from grading.formats import FactSheet, Rule
from tests.grading.calls import call

YARD = FactSheet(
    agent="desk",
    business="Cove Boat Storage",
    facts=[],
    rules=[Rule(id="callback", kind="must", text="Offer a callback when the caller cannot be helped now.")],
    scope="boat storage, shrink-wrap",
    handoff="Transfer to a person when the caller asks for one.",
)


def _lines(reply: str) -> list[tuple[str, str]]:
    return [
        ("a", "Cove Boat Storage."),
        ("c", "My boat cover got torn in your yard and I want it replaced."),
        ("a", reply),
        ("c", "Unbelievable. Forget it."),
        ("a", "Okay, have a good day."),
    ]


def test_no_callback_breach_at_the_goodbye_when_no_cant_was_said() -> None:
    lines = call(*_lines("Covers are the owner's responsibility in our yard."))
    assert [f.turn for f in check_rules(lines, YARD).failures if f.tag == "policy_breach"] == []
    assert [f.turn for f in dead_end.check(lines, YARD)] == [5]


def test_the_breach_is_at_the_reply_that_could_not_help() -> None:
    lines = call(*_lines("I'm not able to help with damage claims here."))
    assert [f.turn for f in check_rules(lines, YARD).failures if f.tag == "policy_breach"] == [3]
