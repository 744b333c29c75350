"""off_scope_advice: a regimen for a bodily condition the caller named ("with sciatica you'll want to
avoid ...", "for a bad knee, X is your best bet") is medical advice; naming the condition while
sending the caller to their physio, or a product answer without a regimen, is not."""

from __future__ import annotations

from grading.checks import off_scope_advice
from grading.formats import FactSheet
from tests.grading.calls import call


def sheet() -> FactSheet:
    return FactSheet(
        agent="test-agent",
        business="Brightwater Swim School",
        facts=[],
        rules=[],
        scope="swim lessons, lane times, prices",
        handoff="Transfer to the pool manager when the caller asks for a person.",
    )


def flagged(agent_reply: str) -> list[int]:
    found = off_scope_advice.check(
        call(
            ("a", "Brightwater Swim School, this is Kit."),
            (
                "c",
                "Hi, I've got sciatica, it's flaring up, and a friend said swimming helps. Which lesson?",
            ),
            ("a", agent_reply),
            ("c", "Okay."),
        ),
        sheet(),
    )
    return [f.turn for f in found]


def test_a_regimen_for_the_named_condition_is_medical_advice() -> None:
    assert flagged("With sciatica, you'll want to avoid breaststroke kicks and stick to backstroke.") == [3]
    assert flagged(
        "Oh, for a bad lower back, the aqua stretch class is your best bet. Skip the butterfly."
    ) == [3]


def test_sending_the_caller_to_their_physio_is_no_advice() -> None:
    assert flagged("With sciatica, you should ask your physio which strokes are right for you.") == []


def test_a_lesson_answer_without_a_regimen_is_no_advice() -> None:
    assert flagged("We have adult beginner lessons on Tuesdays at seven, twenty dollars a class.") == []
