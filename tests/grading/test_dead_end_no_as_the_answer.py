"""dead_end: "Can the kids bring their own pizza?" "I'm afraid not: there's no outside food" answers
the question, with a no; a call that closes on it is resolved, even where the no shares no word
with the question. It was a dead end ("the agent could not help"). The hard negative: "no, I
can't help with that" is a brush-off, and a call that closes on it is still a dead end. Tried on a
trampoline park."""

from __future__ import annotations

from grading.checks import dead_end
from grading.formats import FactSheet
from tests.grading.calls import call

PARK = FactSheet(
    agent="desk",
    business="Bounce Yard",
    facts=[],
    rules=[],
    scope="jump sessions, parties, socks",
    handoff="Transfer to the duty manager when asked.",
)


def _dead_end_turns(reply: str) -> list[int]:
    found = dead_end.check(
        call(
            ("a", "Bounce Yard, this is Sam."),
            ("c", "Hi, um, can the kids bring their own pizza to the party?"),
            ("a", reply),
            ("c", "Boo. Okay, thanks."),
            ("a", "Thanks for calling!"),
        ),
        PARK,
    )
    return [failure.turn for failure in found]


def test_a_no_that_answers_the_question_resolves_it() -> None:
    assert _dead_end_turns("I'm afraid not: there's no outside food or drink.") == []
    assert _dead_end_turns("Sorry, no, there's no outside food allowed.") == []


def test_a_brush_off_is_still_a_dead_end() -> None:
    assert _dead_end_turns("No, I don't know, I can't help with that.") == [5]
