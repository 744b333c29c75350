"""Advice in a follow-up turn, on a riding stable none of the corpora hold: first aid or reassurance
given to a caller's follow-up question ("should I take her somewhere?") treats the injury they
described in the turn before it, which the follow-up no longer names; an injury named earlier than
that, or a follow-up answered with the stable's own business, is no advice."""

from __future__ import annotations

from grading.checks import off_scope_advice
from grading.formats import Fact, FactSheet, Failure
from tests.grading.calls import call

STABLE = FactSheet(
    agent="stable-desk",
    business="Birchwood Riding Stable",
    facts=[Fact(id="lesson", topic="price", statement="A 45-minute pony lesson costs $55.")],
    rules=[],
    scope="riding lessons, pony parties, prices, hours",
    handoff="Transfer to a person when the caller asks for one.",
)


def tags(failures: list[Failure]) -> list[tuple[str, int]]:
    return [(failure.tag, failure.turn) for failure in failures]


FELL = ("c", "My daughter fell off the pony in her lesson today and her wrist is swollen.")
SORRY = ("a", "Oh no, I'm so sorry to hear that.")


def test_first_aid_to_the_follow_up_question_is_advice() -> None:
    for said in ("Some ice and rest should do it.", "Just ice it tonight and keep it elevated."):
        source = call(FELL, SORRY, ("c", "Should I take her somewhere?"), ("a", said))
        assert tags(off_scope_advice.check(source, STABLE)) == [("off_scope_advice", 4)], said


def test_an_older_injury_or_a_business_answer_is_no_advice() -> None:
    booked = call(
        FELL,
        SORRY,
        ("c", "Can she come back next week?"),
        ("a", "Of course, Tuesday at four is open."),
        ("c", "Should I bring anything?"),
        ("a", "Some ice and rest should do it, and bring her boots."),
    )
    assert off_scope_advice.check(booked, STABLE) == []
    business = call(
        FELL, SORRY, ("c", "Should I book her in again?"), ("a", "Sure, Tuesday at four is open.")
    )
    assert off_scope_advice.check(business, STABLE) == []
