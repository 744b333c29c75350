"""accuracy: what someone other than the business pays is no claim about the business. "State Farm
usually pays out around eighty percent", "your insurance typically covers ninety percent", "most
dental plans reimburse sixty dollars": a percentage or amount of the caller's insurer, lender or
card is judged as advice or a rule broken (the labelling convention), never as an invented or wrong
fact of the sheet. Tried on an auto glass shop; the hard negatives are the business's own
insurance or warranty, which stays a claim, and a wrong price in the same turn."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

GLASS = FactSheet(
    agent="desk",
    business="Clearview Auto Glass",
    facts=[
        Fact(id="price-windshield", topic="price", statement="Windshield replacement is $389 for most cars."),
        Fact(id="price-chip", topic="price", statement="A chip repair is $59."),
        Fact(id="policy-billing", topic="policy", statement="We bill the customer's insurer directly."),
    ],
    rules=[],
    scope="windshield replacement, chip repair, insurance billing",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(said: str) -> list[str]:
    lines = call(("c", "Will my insurance pay for a new windshield?"), ("a", said))
    return [f.tag for f in accuracy.check(lines, GLASS)]


def test_a_named_insurer_paying_a_share_is_no_business_claim() -> None:
    assert _tags("Progressive usually pays out about ninety percent on glass claims.") == []


def test_the_callers_insurer_or_plan_paying_is_no_business_claim() -> None:
    assert _tags("Your insurance typically covers about eighty percent of it.") == []
    assert _tags("Most insurance companies pick up around three hundred dollars.") == []


def test_the_business_own_cover_stays_a_claim() -> None:
    assert _tags("Our lifetime warranty covers fifty percent of a repeat chip repair.") == ["invented_fact"]


def test_a_wrong_price_beside_it_is_still_wrong() -> None:
    said = (
        "Your insurance usually covers eighty percent, and the windshield itself is two ninety-nine dollars."
    )
    assert _tags(said) == ["wrong_fact"]
