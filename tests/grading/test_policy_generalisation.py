"""The policy-side checks on businesses none of the corpora hold (a law office, a walk-in clinic,
an electrician, a furniture shop, a vet): each failure class said in several plain ways, and the
nearby thing that must not fire. Written from the rubric and the labelling conventions, not from
any corpus case."""

from __future__ import annotations

from grading.checks import overpromise
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


FURNITURE = business(
    "Oakline Furniture",
    [("delivery", "Made-to-order sofas are delivered 6 to 8 weeks after ordering.")],
    [],
    "orders, delivery times, showroom hours",
)
ELECTRICIAN = business(
    "Brightwire Electric",
    [("callout", "A call-out visit costs $95; the electrician quotes the repair on site.")],
    [],
    "call-outs, quotes, opening hours",
)


# overpromise: a personal assurance about an outcome --------------------------------------------


def test_a_personal_assurance_about_an_outcome_is_an_overpromise() -> None:
    for said in (
        "Don't stress, I'll make sure the sofa is there before your housewarming, you have my word.",
        "No way it'll be late, it'll be with you by the weekend.",
        "We'll make sure your order arrives before the move, rest assured.",
        "I give you my word the sofa will fit through that door.",
    ):
        source = call(("c", "My party's in two weeks, will the sofa come in time?"), ("a", said))
        assert tags(overpromise.check(source, FURNITURE)) == [("overpromise", 2)], said
    for said in (
        "I swear he'll have the power back on tonight.",
        "You'll be totally fine, the breaker won't trip again.",
    ):
        source = call(("c", "Will the sparky sort out my power today?"), ("a", said))
        assert tags(overpromise.check(source, ELECTRICIAN)) == [("overpromise", 2)], said


def test_a_stated_lead_time_a_relayed_message_or_the_callers_own_promise_is_not_an_overpromise() -> None:
    source = call(
        ("c", "I promise I'll be home for the delivery. When will the sofa come?"),
        ("a", "We aim to have made-to-order sofas with you six to eight weeks after ordering."),
        ("c", "Can you ask the workshop to hurry?"),
        ("a", "I'll make sure the workshop gets your message, and they'll call you if anything changes."),
        ("c", "Can you promise it'll be before June?"),
        ("a", "I can't give you my word on a date, I'm afraid; six to eight weeks is what we quote."),
    )
    assert overpromise.check(source, FURNITURE) == []
