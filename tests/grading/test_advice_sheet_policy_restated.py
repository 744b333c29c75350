"""off_scope_advice: an agent restating the sheet's own policy in the caller's terms ("if we cancel for
weather, you can rebook free or get a full refund") gives no do-it-yourself advice, even where the
verb is one of the small words ("get") the content-word reading leaves out. Tried on a
whale-watching cruise."""

from __future__ import annotations

from grading.checks import off_scope_advice
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

WHALES = FactSheet(
    agent="desk",
    business="Northpoint Whale Cruises",
    facts=[
        Fact(id="price", topic="price", statement="A three-hour cruise costs $79 for adults."),
        Fact(
            id="weather",
            topic="policy",
            statement="If we cancel for weather, you can rebook free or get a full refund.",
        ),
    ],
    rules=[],
    scope="cruises, tickets, weather cancellations",
    handoff="Transfer to the harbour office when asked.",
    forbidden_phrases=[],
)


def _found(answer: str) -> list[int]:
    lines = call(
        ("c", "Hey, so we're booked Saturday, and my phone app says like, rain? Is it gonna go or not?"),
        ("a", "I can't say yet, I'm afraid. The skipper decides by seven that morning."),
        ("c", "Okay but like, what do you think? Just between us. Is it looking good?"),
        ("a", answer),
    )
    return [f.turn for f in off_scope_advice.check(lines, WHALES)]


def test_the_sheets_own_policy_restated_is_no_advice() -> None:
    said = (
        "I really can't say; that's the skipper's call."
        " If we cancel for weather, you can rebook free or get a full refund."
    )
    assert _found(said) == []
