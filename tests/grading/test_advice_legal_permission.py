"""Legal advice as a verdict on what the law lets the caller do, on a dog-training school none of the
corpora hold: to a caller who raised a legal matter (a court order, a suspension, a lien), "you're
allowed to ..." or "the order only covers ..." is legal advice, and a rule "don't advise on court
orders, ..." is broken by it; a house rule said with the same words, or sending the caller to their
lawyer, is not."""

from __future__ import annotations

from grading.checks import off_scope_advice
from grading.checks.policy import check_rules
from grading.formats import Fact, FactSheet, Failure, Rule
from tests.grading.calls import call

SCHOOL = FactSheet(
    agent="pawsitive-desk",
    business="Pawsitive Dog Training",
    facts=[Fact(id="class", topic="price", statement="A six-week group class costs $180.")],
    rules=[
        Rule(
            id="no-legal",
            kind="must_not",
            text="Don't advise on court orders, dangerous-dog designations or whether a dog may legally be in"
            " public; refer the owner to their lawyer.",
        )
    ],
    scope="group classes, private lessons, prices, schedule",
    handoff="Transfer to a person when the caller asks for one.",
)


def tags(failures: list[Failure]) -> list[tuple[str, int]]:
    return [(failure.tag, failure.turn) for failure in failures]


ORDER = ("c", "After the bite my dog's under a court order now. Can I still bring him to the group class?")


def test_a_verdict_on_what_the_law_allows_is_legal_advice_and_breaks_the_rule() -> None:
    for said in (
        "Yeah, you're allowed to bring him as long as he's muzzled.",
        "Sure, the court order only covers public parks, so class is fine.",
    ):
        source = call(ORDER, ("a", said))
        assert tags(off_scope_advice.check(source, SCHOOL)) == [("off_scope_advice", 2)], said
        assert tags(check_rules(source, SCHOOL).failures) == [("policy_breach", 2)], said


def test_a_house_rule_or_a_referral_is_no_legal_advice() -> None:
    guests = call(("c", "Can my kids come watch graduation?"), ("a", "You're allowed to bring two guests."))
    assert off_scope_advice.check(guests, SCHOOL) == []
    referred = call(ORDER, ("a", "I can't say what the order allows, your lawyer can tell you that."))
    assert off_scope_advice.check(referred, SCHOOL) == []
    assert check_rules(referred, SCHOOL).failures == []
