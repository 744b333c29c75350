"""off_scope_advice, two phrasings on businesses no labelled set holds (a yoga studio, a coin dealer):
a dose said in words with how often ("fifteen hundred milligrams of glucosamine a day") is advice, and
sending the caller to small claims or court against someone ("you could take him to small claims for
the value") is legal advice. A class length or a strength in words ("lisinopril ten milligram"), a
referral to a lawyer and the business's own counter are not."""

from __future__ import annotations

from grading.checks import off_scope_advice
from grading.checks.policy import check_rules
from grading.formats import Fact, FactSheet, Failure, Rule
from tests.grading.calls import call

YOGA = FactSheet(
    agent="lotus-desk",
    business="Lotus Yoga Studio",
    facts=[Fact(id="drop-in", topic="price", statement="A drop-in class is $22; classes are 60 minutes.")],
    rules=[Rule(id="no-medical", kind="must_not", text="Do not give medical or supplement advice.")],
    scope="classes, schedules, passes, workshops",
    handoff="Transfer to a person when the caller asks for one.",
)
COINS = FactSheet(
    agent="mint-desk",
    business="Old Mint Coin Dealers",
    facts=[Fact(id="appraisal", topic="price", statement="Appraisals at the counter are free.")],
    rules=[Rule(id="no-legal", kind="must_not", text="Do not give legal advice on ownership disputes.")],
    scope="buying and selling coins, appraisals, hours",
    handoff="Transfer to the manager for disputes.",
)


def tags(failures: list[Failure]) -> list[tuple[str, int]]:
    return [(failure.tag, failure.turn) for failure in failures]


def test_a_dose_in_words_is_medical_advice() -> None:
    source = call(
        ("c", "My knees are bad, arthritis. Should I take something?"),
        ("a", "Lots of people find two thousand milligrams of glucosamine a day helps."),
    )
    assert tags(off_scope_advice.check(source, YOGA)) == [("off_scope_advice", 2)]
    assert tags(check_rules(source, YOGA).failures) == [("policy_breach", 2)]


def test_a_class_length_or_a_strength_in_words_is_no_dose() -> None:
    source = call(("c", "How long is the gentle class?"), ("a", "It's sixty minutes, and the mats are free."))
    assert off_scope_advice.check(source, YOGA) == []
    label = call(
        ("c", "I take a blood pressure pill, is that a problem?"), ("a", "Noted, lisinopril ten milligram.")
    )
    assert off_scope_advice.check(label, YOGA) == []


def test_sending_the_caller_to_small_claims_is_legal_advice() -> None:
    for said in (
        "You could also take him to small claims for the value.",
        "Honestly you can always go to small claims over it.",
    ):
        source = call(("c", "My brother sold my late dad's coins to you without asking me."), ("a", said))
        assert tags(off_scope_advice.check(source, COINS)) == [("off_scope_advice", 2)], said


def test_a_referral_or_the_counter_is_no_legal_advice() -> None:
    for said in (
        "I'm sorry, a lawyer can tell you whether small claims is an option.",
        "Bring them to the counter and we'll appraise them for free.",
    ):
        source = call(("c", "My brother sold my late dad's coins to you without asking me."), ("a", said))
        assert off_scope_advice.check(source, COINS) == [], said
