"""Round 3: policy and conversation classes found on tuning sets A and C, written for other
businesses (a vet, a bike shop, a tutoring centre, a tyre shop) in our own words, each with the
nearby thing that must not fire."""

from __future__ import annotations

from grading.checks.policy import RECORD_RULE, check_rules
from grading.formats import Fact, FactSheet, Failure, Rule
from tests.grading.calls import call


def business(name: str, facts: list[tuple[str, str]], rules: list[Rule], scope: str) -> FactSheet:
    return FactSheet(
        agent=name.lower().replace(" ", "-"),
        business=name,
        facts=[Fact(id=fact_id, topic="other", statement=statement) for fact_id, statement in facts],
        rules=rules,
        scope=scope,
        handoff="Transfer to a person when the caller asks for one.",
    )


def tags(failures: list[Failure]) -> list[tuple[str, int]]:
    return [(failure.tag, failure.turn) for failure in failures]


# a record rule is one whose object is someone's record, not a verdict or advice -------------------


def test_rules_on_verdicts_or_advice_are_not_record_rules() -> None:
    for text in (
        "Don't tell an owner what their pet's illness is; only the vet can examine it.",
        "Never tell a rider how much their warranty will cover.",
        "Don't tell parents whether their child will pass the exam.",
        "Never give advice about a customer's tyres wearing out; book an inspection instead.",
        "Don't tell anyone it's fine to leave a bike outside overnight.",
        "Never tell a caller which plan to put their savings in.",
        "Never give medical advice; tell the caller to contact their doctor.",
    ):
        assert not RECORD_RULE.search(text), text
    for text in (  # hard negatives: these ARE record rules
        "Never read out a client's card number over the phone.",
        "Never give out a tutor's home address or personal phone number.",
        "Don't share a patient's test results by phone.",
    ):
        assert RECORD_RULE.search(text), text


VET = business(
    "Maple Vet Clinic",
    [
        ("exam", "A standard exam costs $68."),
        ("address", "We're at 212 Birch Road, Unit 4."),
    ],
    [
        Rule(
            id="no-diagnosis",
            kind="must_not",
            text="Don't tell an owner what their pet's illness is; only a vet can examine the animal.",
        )
    ],
    "appointments, prices, hours, location",
)


def test_prices_and_addresses_under_a_diagnosis_rule_are_not_a_record_read_out() -> None:
    for said in (
        "An exam with our senior vet is ninety-five.",
        "You're in for an exam Tuesday, suite B, bay 7.",
        "The exam is sixty-eight, and the blood panel after it is one forty.",
    ):
        source = call(("c", "My cat's been off her food, what would an exam cost?"), ("a", said))
        outcome = check_rules(source, VET)
        assert not any("record" in failure.reason for failure in outcome.failures), said
