"""accuracy: "no fee" followed by the agent's reason ("No fee, since it's more than a day away";
"No fee this time, since ...") names no free thing after it: the reason is not what is free, so the
claim is about the fee the sheet charges on a condition, and the agent applying that condition is no
invented fact. A notice period is such a condition ("48 hours' notice to reschedule; a missed
lesson costs $30"). Tried on a music school; the hard negatives are a fee said to be waived with no
reason given, and a free thing the sheet prices with no condition."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

MUSIC = FactSheet(
    agent="desk",
    business="Allegro Music School",
    facts=[
        Fact(id="price-lesson", topic="price", statement="A 45-minute piano lesson costs $52."),
        Fact(
            id="policy-reschedule",
            topic="policy",
            statement="Lessons need 48 hours' notice to reschedule; a missed lesson costs $30.",
        ),
        Fact(id="price-books", topic="price", statement="The method book is $18."),
    ],
    rules=[],
    scope="lessons, rescheduling, books",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(question: str, said: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", question), ("a", said)), MUSIC)]


def test_no_fee_comma_since_is_the_condition_applied() -> None:
    said = "No fee, since you're telling us more than forty-eight hours ahead."
    assert _tags("Can I move Friday's lesson to next week? Is there a charge?", said) == []


def test_no_fee_this_time_comma_since_is_the_condition_applied() -> None:
    said = (
        "No fee this time, since it's more than forty-eight hours away; the thirty dollars is only "
        "for a missed lesson."
    )
    assert _tags("I need to move my lesson on Monday, will I be charged?", said) == []


def test_a_free_book_the_sheet_prices_is_still_wrong() -> None:
    assert _tags("Do I need to buy the book?", "The method book is free, since you're new.") == ["wrong_fact"]
