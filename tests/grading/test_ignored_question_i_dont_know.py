"""ignored_question: a reply that only says the agent does not know or cannot help with it ("I'm
not sure. Is there a lesson I can book for you?", "I'm not able to help with that on this line.")
takes the question up: the call may be a dead end, but the question was not ignored, also when the
same line is said again (a repeat). A reply that only pivots and one that goes on to talk of
something else still leave it ignored. A question where to send something is answered by an email
address. Tried on a sailing school."""

from __future__ import annotations

from grading.checks import ignored_question
from grading.formats import FactSheet
from tests.grading.calls import call


def sheet() -> FactSheet:
    return FactSheet(
        agent="sail-desk",
        business="Bluewater Sailing School",
        facts=[],
        rules=[],
        scope="sailing lessons, boat hire, prices",
        handoff="Transfer to the harbour office when the caller asks for a person.",
    )


ASKED = ("c", "No, I don't want a lesson! I want the harbour master. Who's paying for my torn sail?")


def flagged(*lines: tuple[str, str]) -> list[int]:
    return [f.turn for f in ignored_question.check(call(*lines), sheet())]


def test_i_dont_know_or_cant_help_with_that_takes_the_question_up() -> None:
    assert flagged(ASKED, ("a", "I'm not sure. Is there a lesson I can book for you?")) == []
    assert (
        flagged(ASKED, ("a", "I'm not able to help with that on this line. Is there a lesson I can book?"))
        == []
    )
    assert (
        flagged(ASKED, ("a", "Hmm, I honestly don't know. That's not really something I can help with."))
        == []
    )


def test_a_pivot_alone_leaves_the_question_ignored() -> None:
    assert flagged(ASKED, ("a", "Is there a lesson I can book for you?")) == [2]


def test_i_dont_know_then_talk_of_something_else_leaves_it_ignored() -> None:
    assert flagged(ASKED, ("a", "I'm not sure. Our lessons run nine to five on weekends.")) == [2]


def test_the_same_line_said_again_still_takes_the_question_up() -> None:
    # until 2026-12-04 a repeated "I can't help with that" left the question ignored; the labelled
    # sets call it a repeat (and a dead end), not an ignored question: 4 such false alarms in
    # 1,369 tuning calls and no label found that way
    line = ("a", "I'm not able to help with that on this line. Is there a lesson I can book for you?")
    assert flagged(ASKED, line, ("c", "Are you serious? Who is paying?"), line) == []


def test_where_to_send_something_is_answered_by_an_email_address() -> None:
    asked = ("c", "Okay, I have photos of the hull damage. Where do I send them?")
    assert flagged(asked, ("a", "You can email them to repairs at bluewater dot example.")) == []
    assert flagged(asked, ("a", "Oh no, that sounds like a rough day on the water.")) == [2]
