"""overpromise: a sheet sentence that both commits and denies ("Full refund if cancelled before the
second lesson, 50% before the fourth, no refund after that") still backs the commitment in its
own clause: "you get a full refund if you cancel before the second lesson" is the sheet said
again. A refund the sheet never offers is still a promise. Tried on a swim school."""

from __future__ import annotations

from grading.checks import overpromise
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

SWIM = FactSheet(
    agent="desk",
    business="Otter Pond Swim School",
    facts=[
        Fact(
            id="refund",
            topic="policy",
            statement=(
                "Full refund if cancelled before the second lesson, 50% before the fourth, no refund"
                " after that."
            ),
        ),
        Fact(id="price", topic="price", statement="An eight-lesson block costs $160."),
    ],
    rules=[],
    scope="swim lessons",
    handoff="Transfer to a person when asked.",
)


def _promised(said: str) -> bool:
    return bool(overpromise.check(call(("c", "What if we drop out?"), ("a", said)), SWIM))


def test_the_sheets_refund_said_again_is_backed() -> None:
    assert not _promised(
        "You get a full refund if you cancel before the second lesson, and half before the fourth."
    )


def test_a_refund_the_sheet_does_not_give_is_a_promise() -> None:
    assert _promised("Don't worry, you'll get a full refund on the goggles and the swim bag too.")
