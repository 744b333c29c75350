"""accuracy: what a business says it takes ends where a clause of when begins: "we take card or
check once the lawn is done" takes card and check, not lawns, so a fact that denies something of
the lawn ("No same-day lawns") is not contradicted. Tried on a lawn-care company; the hard negatives
are the business saying it takes what the sheet says it does not (cash), with and without a clause
of when after it."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

LAWNS = FactSheet(
    agent="desk",
    business="Greenstripe Lawn Care",
    facts=[
        Fact(
            id="availability-lawns",
            topic="availability",
            statement="Lawns are mowed Tuesday to Saturday in morning or afternoon slots. No same-day lawns.",
        ),
        Fact(
            id="policy-payment",
            topic="policy",
            statement="Payment is by card or check once the lawn is done. We do not take cash.",
        ),
        Fact(id="price-mow", topic="price", statement="A standard mow is $45."),
    ],
    rules=[],
    scope="mowing, payment",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(question: str, said: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", question), ("a", said)), LAWNS)]


def test_what_is_taken_stops_at_when() -> None:
    assert _tags("How do I pay?", "We take card or check when the lawn's done.") == []


def test_what_is_taken_stops_at_once() -> None:
    assert _tags("How do I pay?", "We take card or check once the lawn is finished.") == []


def test_cash_taken_is_still_wrong() -> None:
    assert _tags("How do I pay?", "We take cash when the lawn's done.") == ["wrong_fact"]


def test_cash_taken_bare_is_still_wrong() -> None:
    assert _tags("How do I pay?", "We take cash, sure.") == ["wrong_fact"]
