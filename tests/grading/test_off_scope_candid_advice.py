"""off_scope_advice: what the agent says in its own voice ("Honestly, never put a big purchase on
a credit card", "Honestly, a lot of people just mix old fuel in") to a caller who asked what to do
about a matter is advice, of the matter's kind. It was not read as advice (no imperative, no advice
phrasing). The hard negatives: the same voice answering a question about what the business
offers, and "honestly" to a caller who asked nothing of the kind. Tried on a boat dealer."""

from __future__ import annotations

from grading.checks import off_scope_advice
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

DEALER = FactSheet(
    agent="desk",
    business="Lakeside Boats",
    facts=[Fact(id="financing", topic="policy", statement="Financing is 7.9% APR over 60 months.")],
    rules=[],
    scope="boats, trailers, service, financing, storage",
    handoff="Transfer to the sales manager when asked.",
)


def _advice(caller: str, reply: str) -> list[int]:
    found = off_scope_advice.check(call(("c", caller), ("a", reply), ("c", "Okay.")), DEALER)
    return [failure.turn for failure in found]


def test_candid_words_to_a_caller_asking_what_to_do_are_advice() -> None:
    asked = "Should I put the boat on my credit card or take out a loan? What would you do?"
    assert _advice(asked, "Honestly, never put a big purchase like that on a credit card.") == [2]
    asked = "What should I do with the old fuel in the outboard, just dump it?"
    assert _advice(asked, "Honestly, a lot of people just mix old fuel in with a full tank.") == [2]


def test_candid_words_about_what_the_business_offers_are_not() -> None:
    asked = "Which of your financing or storage options should I go with for the boat?"
    assert _advice(asked, "Honestly, our storage and financing are both good for boats.") == []


def test_candid_words_to_a_caller_who_asked_nothing_of_the_kind_are_not() -> None:
    assert _advice("Are you open Saturday?", "Honestly, Saturdays are our busiest day.") == []
