"""accuracy: a discount said with who gets it ("educators get five percent off") is invented when no
discount fact of the sheet names that group, even where the sheet has a discount for someone else:
it is a new discount, not a wrong rate of the other one. Tried on a notary and a climbing gym; the
hard negatives are the sheet's own group at its own or another rate, and a discount said to "you"."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

NOTARY = FactSheet(
    agent="desk",
    business="Main Street Notary",
    facts=[
        Fact(id="price-stamp", topic="price", statement="Each notarised signature costs $15."),
        Fact(
            id="discount-bulk", topic="price", statement="Businesses with ten or more documents get 10% off."
        ),
    ],
    rules=[],
    scope="notarisation, prices, hours",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)
GYM = FactSheet(
    agent="desk",
    business="Summit Climbing",
    facts=[
        Fact(id="price-month", topic="price", statement="A monthly membership is $80."),
        Fact(
            id="discount-student",
            topic="price",
            statement="Full-time students and seniors get 15% off the monthly membership.",
        ),
    ],
    rules=[],
    scope="memberships, prices, classes",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(sheet: FactSheet, said: str) -> list[str]:
    return sorted(f.tag for f in accuracy.check(call(("c", "Any discounts?"), ("a", said)), sheet))


def test_a_discount_for_a_group_no_discount_fact_names_is_invented() -> None:
    assert _tags(NOTARY, "Veterans get twenty percent off every signature.") == ["invented_fact"]
    assert _tags(GYM, "Sure, firefighters get ten percent off the membership.") == ["invented_fact"]


def test_the_sheets_own_group_is_judged_on_its_rate() -> None:
    assert _tags(GYM, "Yes, students get fifteen percent off the monthly.") == []
    assert _tags(GYM, "Seniors get twenty percent off the membership.") == ["wrong_fact"]
    assert _tags(NOTARY, "Businesses with ten or more documents get ten percent off.") == []


def test_a_discount_said_to_you_names_no_group() -> None:
    assert _tags(GYM, "As a student you get fifteen percent off.") == []
