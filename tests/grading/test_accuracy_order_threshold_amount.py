"""accuracy: an order threshold said in two groups is an amount ("orders over nine ninety-nine" is
$999, not nine and ninety-nine), so a free thing on the sheet's own threshold agrees with it. Tried
on a rug shop; the hard negatives are another threshold said the same way, and free on every order."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

RUGS = FactSheet(
    agent="desk",
    business="Loomhouse Rugs",
    facts=[
        Fact(id="price-kilim", topic="price", statement="The Tabriz wool rug costs $1,150.00."),
        Fact(id="price-shipping", topic="price", statement="Shipping is $49, free on orders over $799."),
    ],
    rules=[],
    scope="rugs, shipping",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(said: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", "Is shipping extra?"), ("a", said)), RUGS)]


def test_free_over_the_sheets_threshold_said_in_two_groups_agrees() -> None:
    assert _tags("Your order is over seven ninety-nine, so shipping is free.") == []


def test_free_on_orders_over_the_threshold_said_in_two_groups_agrees() -> None:
    assert _tags("Shipping is free on orders over seven ninety-nine.") == []


def test_another_threshold_said_in_two_groups_is_wrong() -> None:
    assert _tags("Shipping is free on orders over four ninety-nine.") == ["wrong_fact"]


def test_free_on_every_order_is_wrong() -> None:
    assert _tags("Shipping is free on every order.") == ["wrong_fact"]
