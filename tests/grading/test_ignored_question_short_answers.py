"""ignored_question reads three answers that carry no word of the question: the short yes/no answer
("It is."), a retry of the tool the caller asked to try again, and a caller's next question that asks
for another kind of value (a new question, not the old one asked again). Each beside the nearby call
that must still fire."""

from __future__ import annotations

from grading.checks import ignored_question
from grading.formats import FactSheet, ToolCall
from tests.grading.calls import call


def sheet() -> FactSheet:
    return FactSheet(
        agent="test-agent",
        business="Pinecone Kayak Rentals",
        facts=[],
        rules=[],
        scope="rentals, prices, hours",
        handoff="Transfer to the dock manager when the caller asks for a person.",
    )


def flagged(*lines: tuple[str, str] | tuple[str, str, list[ToolCall]]) -> list[int]:
    return [f.turn for f in ignored_question.check(call(*lines), sheet())]


# the short answer ----------------------------------------------------------------------------------


def test_a_short_answer_by_the_auxiliary_answers_a_yes_no_question() -> None:
    assert (
        flagged(
            ("a", "Pinecone Kayak Rentals, this is Lou."),
            ("c", "Hey, um, is this the number for renting the tandem ones?"),
            ("a", "It is. How many paddlers?"),
            ("c", "Two of us."),
        )
        == []
    )
    assert (
        flagged(
            ("a", "Pinecone Kayak Rentals, this is Lou."),
            ("c", "Do you guys rent out paddleboards too?"),
            ("a", "We do."),
            ("c", "Great."),
        )
        == []
    )


def test_a_short_answer_to_another_question_does_not_answer_a_what_question() -> None:
    # "What do the tandem ones cost?" is not answered by "It is."
    assert flagged(
        ("a", "Pinecone Kayak Rentals, this is Lou."),
        ("c", "What do the tandem ones cost per day?"),
        ("a", "It is. Anything else?"),
        ("c", "Uh, okay."),
    ) == [3]


# a retry of the tool -------------------------------------------------------------------------------


def _lookup(error: str | None = "timeout") -> list[ToolCall]:
    return [ToolCall(name="find_rental", arguments={"name": "Ola"}, error=error)]


def test_asking_to_try_again_is_answered_by_the_retry_even_when_it_fails_again() -> None:
    assert (
        flagged(
            ("a", "Pinecone Kayak Rentals, this is Lou."),
            ("c", "Hi, I booked two kayaks for Sunday, name's Ola."),
            ("a", "Sorry, I couldn't bring up your rental just now.", _lookup()),
            ("c", "Hm. Could you try again?"),
            ("a", "Sorry, I couldn't bring up your rental just now.", _lookup()),
            ("c", "Okay, I'll call back."),
        )
        == []
    )


def test_asking_to_try_again_without_a_retry_is_still_ignored_by_a_bare_sign_off() -> None:
    assert flagged(
        ("a", "Pinecone Kayak Rentals, this is Lou."),
        ("c", "Hi, I booked two kayaks for Sunday, name's Ola."),
        ("a", "Sorry, I couldn't bring up your rental just now.", _lookup()),
        ("c", "Hm. Could you try again?"),
        ("a", "Is there anything else I can help with?"),
        ("c", "Okay, I'll call back."),
    ) == [5]


# a new question of another kind --------------------------------------------------------------------


def test_a_next_question_asking_for_a_price_is_a_new_question_not_the_old_one_again() -> None:
    assert (
        flagged(
            ("a", "Pinecone Kayak Rentals, this is Lou."),
            ("c", "What if the wind picks up and we're only halfway across with four kayaks?"),
            ("a", "Oh, the guides watch the weather closely and call everyone in early."),
            ("c", "Ha, okay. How much is it for four kayaks?"),
            ("a", "Four kayaks for a day is a hundred and sixty dollars."),
        )
        == []
    )


def test_coming_back_with_but_still_asks_the_old_question_again() -> None:
    assert flagged(
        ("a", "Pinecone Kayak Rentals, this is Lou."),
        ("c", "What if the wind picks up and we're only halfway across with four kayaks?"),
        ("a", "Oh, we have lovely sunsets on the lake this time of year."),
        ("c", "But the four kayaks, what if we're halfway across?"),
        ("a", "Four kayaks for a day is a hundred and sixty dollars."),
    ) == [3]
