"""ignored_question: "when do I get it sealed?" "I'm not sure when a new deck should get its first
coat, so I'd rather not guess. I can have the office call you" takes the question up: the agent
says it does not know the very thing asked, by the question's own word, and offers a way to
find out. It was an ignored question (the reply shares no word with "sealed"). The hard
negatives: "I'm not sure" of another thing ("I'm not sure what stain you have" to a "when"), and
a reply about something else. Tried on a deck builder."""

from __future__ import annotations

from grading.checks import ignored_question
from grading.formats import FactSheet
from tests.grading.calls import call

DECKS = FactSheet(
    agent="desk",
    business="Cedar Line Decks",
    facts=[],
    rules=[],
    scope="deck building, repairs, staining",
    handoff="Transfer to the office when asked.",
)
ASKED = "And the, uh, the sealing, when do I get that done on a new one?"


def _ignored(reply: str) -> list[int]:
    found = ignored_question.check(call(("c", ASKED), ("a", reply), ("c", "Okay.")), DECKS)
    return [failure.turn for failure in found]


def test_not_sure_of_the_thing_asked_takes_it_up() -> None:
    reply = "I'm not sure when a brand-new deck should get its first coat, so I'd rather not guess."
    assert _ignored(f"{reply} I can have the office call you back about it.") == []


def test_not_sure_of_another_thing_does_not() -> None:
    assert _ignored("I'm not sure what stain you have. We use a cedar-tone oil from Benjamin Moore.") == [2]


def test_a_reply_about_something_else_does_not() -> None:
    assert _ignored("We use a cedar-tone oil from Benjamin Moore on every deck.") == [2]
