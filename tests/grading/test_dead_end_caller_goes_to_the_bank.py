"""dead_end: a caller who gives up to take it to their bank, card company or lawyer ("Yeah.
Whatever. I'll just call my bank.") was left at a dead end when the agent only says goodbye, even
after an answer to a side question (the sum of the charges); one whose last reply books a callback
from the billing manager was not. Tried on a gym's billing line."""

from __future__ import annotations

from grading.checks import dead_end
from grading.formats import FactSheet
from tests.grading.calls import call

GYM = FactSheet(
    agent="desk",
    business="Ironworks Gym",
    facts=[],
    rules=[],
    scope="memberships, billing",
    handoff="Transfer to a person when the caller asks for one.",
)


def _dead_end(last_caller: str, last_reply: str = "Okay. Have a good day.") -> bool:
    lines = call(
        ("c", "You charged my card for three months after I cancelled."),
        ("a", "I'm sorry about that. I'm not able to change charges."),
        ("c", "So three months is like, a hundred fifty?"),
        ("a", "Three months at forty-nine would be a hundred forty-seven dollars."),
        ("c", last_caller),
        ("a", last_reply),
    )
    return bool(dead_end.check(lines, GYM))


def test_taking_it_to_the_bank_is_giving_up() -> None:
    assert _dead_end("Yeah. Whatever. I'll just call my bank.")
    assert _dead_end("Fine, I'll take it up with my credit card company.")


def test_a_callback_booked_is_a_next_step() -> None:
    reply = "I understand. I've booked a callback from our billing manager for this afternoon."
    assert not _dead_end("Yeah. Whatever. I'll just call my bank.", reply)
