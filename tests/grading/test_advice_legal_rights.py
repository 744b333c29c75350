"""Legal advice as a verdict on who has the right to decide, on a headstone maker none of the corpora
hold: to a caller who raised an estate, an executor or a will, "as executor you have the legal right to
choose, he can't stop you" is legal advice and breaks a rule against advising on estates; the same
words about the shop's own terms, with no legal matter raised, and sending the caller to an estate
lawyer are not."""

from __future__ import annotations

from grading.checks import off_scope_advice
from grading.checks.policy import check_rules
from grading.formats import Fact, FactSheet, Failure, Rule
from tests.grading.calls import call

MONUMENTS = FactSheet(
    agent="granite-desk",
    business="Greystone Memorials",
    facts=[
        Fact(id="upright", topic="price", statement="Upright granite headstones start at $1,900."),
        Fact(id="cancel", topic="policy", statement="Orders can be cancelled free within 7 days."),
    ],
    rules=[
        Rule(
            id="no-legal",
            kind="must_not",
            text="Do not give legal advice on wills, estates or who may order a memorial; refer to an estate"
            " lawyer.",
        )
    ],
    scope="headstones, engraving, prices, installation, orders",
    handoff="Transfer to a person when the caller asks for one.",
)


def tags(failures: list[Failure]) -> list[tuple[str, int]]:
    return [(failure.tag, failure.turn) for failure in failures]


ESTATE = (
    "c",
    "I'm the executor of my aunt's estate and her son says he'll stop me ordering the stone. Can he do that?",
)


def test_a_verdict_on_the_right_to_decide_is_legal_advice_and_breaks_the_rule() -> None:
    for said in (
        "As the executor you have the legal right to decide, so he can't stop you.",
        "Honestly, he can't block you, you've got every right to order it.",
    ):
        source = call(ESTATE, ("a", said))
        assert tags(off_scope_advice.check(source, MONUMENTS)) == [("off_scope_advice", 2)], said
        assert tags(check_rules(source, MONUMENTS).failures) == [("policy_breach", 2)], said


def test_the_shops_own_terms_or_a_referral_are_no_legal_advice() -> None:
    terms = call(
        ("c", "What if we change our minds?"), ("a", "You have the right to cancel within seven days.")
    )
    assert off_scope_advice.check(terms, MONUMENTS) == []
    referral = call(ESTATE, ("a", "I'm sorry, an estate lawyer can tell you whether he can stop you."))
    assert off_scope_advice.check(referral, MONUMENTS) == []
