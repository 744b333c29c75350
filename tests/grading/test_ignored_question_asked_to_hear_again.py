"""ignored_question: a caller who asks to hear again what was said ("Wait, sorry, what time was
that?", "could you repeat that?") is answered by the agent saying it again; a repeat after a new
question still answers nothing. Tried on a bike rental."""

from __future__ import annotations

from grading.checks import ignored_question
from grading.formats import FactSheet
from tests.grading.calls import call

BIKES = FactSheet(
    agent="desk",
    business="Spokes & Pedals Rentals",
    facts=[],
    rules=[],
    scope="bike rentals",
    handoff="Transfer to a person when asked.",
)
BOOKED = "You're booked Saturday, May ninth, nine to eleven a.m., for two hybrid bikes."


def _turns(question: str) -> list[int]:
    lines = call(
        ("c", "Two hybrids Saturday morning, please."),
        ("a", BOOKED),
        ("c", question),
        ("a", BOOKED),
    )
    return [f.turn for f in ignored_question.check(lines, BIKES)]


def test_asked_to_hear_it_again_a_repeat_answers() -> None:
    assert _turns("Great. Wait, sorry, what time was that?") == []
    assert _turns("Sorry, could you repeat that?") == []


def test_a_repeat_after_a_new_question_answers_nothing() -> None:
    assert _turns("Great. Do you have helmets for kids?") == [4]
