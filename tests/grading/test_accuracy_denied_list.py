"""accuracy: a denial whose verb governs a list ("we never agree to discounts, waived fees or
custom quotes") denies each item, so "waived fees" there is no waiver granted, as "we never waive
fees" is none. Tried on a moving company whose sheet never speaks of waiving; the hard negatives
are a waiver granted, and a free thing in a clause after the denied one."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

MOVERS = FactSheet(
    agent="desk",
    business="Bluebird Movers",
    facts=[
        Fact(id="price-crew", topic="price", statement="A two-mover crew is $120.00 per hour."),
        Fact(id="price-deposit", topic="price", statement="Every booking takes a $100 deposit."),
        Fact(id="service-list", topic="service", statement="We move homes and offices within the county."),
    ],
    rules=[],
    scope="moves, prices",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)

ASKED = "Can you do anything on the deposit?"


def _tags(said: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", ASKED), ("a", said)), MOVERS)]


def test_a_waiver_in_a_denied_list_is_no_waiver() -> None:
    said = "We never agree to discounts, waived fees or custom quotes; those go to the owner."
    assert _tags(said) == []


def test_a_waiver_granted_is_invented() -> None:
    assert _tags("For you, I've waived the deposit.") == ["invented_fact"]


def test_a_free_thing_after_the_denied_clause_is_still_claimed() -> None:
    said = "We don't do discounts, but the boxes are free with every move."
    assert _tags(said) == ["invented_fact"]
