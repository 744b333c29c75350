"""ignored_question reads a question of a two-question turn that the caller comes back for turns
later ("And the wetsuit thing?"): the reply took up the other question and left this one out, even
when it held a value of the kind asked. Beside it the calls that must stay clean: the reply that
held the question's words, "...again?", a one-question turn,
and an agent turn in between that answered it."""

from __future__ import annotations

from grading.checks import ignored_question
from grading.formats import FactSheet
from tests.grading.calls import call


def sheet() -> FactSheet:
    return FactSheet(
        agent="test-agent",
        business="Gullrock Surf School",
        facts=[],
        rules=[],
        scope="lessons, rentals, prices, hours",
        handoff="Transfer to the head coach when the caller asks for a person.",
    )


def flagged(*lines: tuple[str, str]) -> list[int]:
    return [f.turn for f in ignored_question.check(call(*lines), sheet())]


def test_a_second_question_the_caller_comes_back_for_later_was_ignored() -> None:
    assert flagged(
        ("a", "Gullrock Surf School, this is Ren."),
        ("c", "Hi, what time is the Sunday lesson? And, um, do you lend wetsuits?"),
        ("a", "The Sunday lesson starts at nine and runs till eleven."),
        ("c", "Nine, okay. Can I book two spots?"),
        ("a", "You're booked for two on Sunday at nine."),
        ("c", "Great. And the wetsuit thing?"),
        ("a", "Wetsuits are included with every lesson."),
    ) == [3]
    # a value of the kind asked, about the other question, does not answer "how long"
    assert flagged(
        ("a", "Gullrock Surf School, this is Ren."),
        ("c", "Do you do lessons on Mondays? And how long does a lesson take?"),
        ("a", "We do Mondays, from seven to four."),
        ("c", "Okay. And how long?"),
        ("a", "About ninety minutes."),
    ) == [3]


def test_a_return_after_a_reply_that_held_its_words_is_not_a_miss() -> None:
    # the reply named the wetsuits: the caller asks for more, not again
    assert (
        flagged(
            ("a", "Gullrock Surf School, this is Ren."),
            ("c", "Hi, what time is the Sunday lesson, and do you lend wetsuits?"),
            ("a", "Sunday is at nine, and wetsuits come with it."),
            ("c", "Great. And the wetsuits?"),
            ("a", "Sizes from kids' small to men's XXL."),
        )
        == []
    )
    # "again?" asks to hear an answer once more
    assert (
        flagged(
            ("a", "Gullrock Surf School, this is Ren."),
            ("c", "Do you do lessons on Mondays? And how long does a lesson take?"),
            ("a", "We do Mondays, and a lesson is ninety minutes."),
            ("c", "Great, book me for Monday at ten."),
            ("a", "You're booked for Monday at ten."),
            ("c", "Thanks. And how long again?"),
            ("a", "Ninety minutes."),
        )
        == []
    )


def test_a_later_return_needs_a_two_question_turn_and_no_answer_between() -> None:
    # one question: the reply was about it, in other words
    assert (
        flagged(
            ("a", "Gullrock Surf School, this is Ren."),
            ("c", "Do you lend wetsuits?"),
            ("a", "Every lesson comes with the gear you need."),
            ("c", "Okay, book me Sunday."),
            ("a", "You're booked for Sunday at nine."),
            ("c", "Cool. And the wetsuits?"),
            ("a", "Included, yes."),
        )
        == []
    )
    # answered in between: the caller's return proves nothing about the first reply
    assert (
        flagged(
            ("a", "Gullrock Surf School, this is Ren."),
            ("c", "What time is the Sunday lesson, and do you lend wetsuits?"),
            ("a", "The Sunday lesson starts at nine."),
            ("c", "Perfect, book me in."),
            ("a", "Done, and we lend wetsuits at the desk."),
            ("c", "Great. So the wetsuits?"),
            ("a", "Just ask at the desk when you arrive."),
        )
        == []
    )
