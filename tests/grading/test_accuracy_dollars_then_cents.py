"""accuracy: people say a price as "four dollars fifty" or "two pounds sixty a metre", the cents
after the currency word with no unit of their own. That is $4.50, not four dollars (a wrong price
against a $4.50 fact) and a stray fifty. Two digits after the currency word that count something
else ("ten dollars, 30 minutes", "5 dollars 20 years ago") or follow "and" ("30 dollars and 15 for
kids": two prices) are no cents. Tried on a knife-sharpening service."""

from __future__ import annotations

from grading.checks import accuracy
from grading.claims.extract import extract
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

SHARPENER = FactSheet(
    agent="desk",
    business="Keen Edge Sharpening",
    facts=[
        Fact(id="price-knife", topic="price", statement="Sharpening a kitchen knife costs $4.50 per knife."),
        Fact(id="price-scissors", topic="price", statement="Sharpening scissors costs $6.00 a pair."),
        Fact(id="turnaround", topic="service", statement="Knives are ready in 30 minutes."),
    ],
    rules=[],
    scope="knife, scissors and tool sharpening",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(answer: str) -> list[tuple[str, int]]:
    found = accuracy.check(call(("c", "Um, how much to sharpen a kitchen knife?"), ("a", answer)), SHARPENER)
    return [(failure.tag, failure.turn) for failure in found]


def _first_amount(said: str) -> object:
    return next(claim.value for claim in extract(said) if claim.kind == "money")


def test_dollars_then_two_digits_is_one_price() -> None:
    assert _tags("A kitchen knife is four dollars fifty.") == []
    assert _tags("It's four dollars fifty per knife, ready in about thirty minutes.") == []


def test_dollars_then_two_digits_that_differ_is_still_wrong() -> None:
    assert _tags("It's five dollars fifty per knife.") == [("wrong_fact", 2)]


def test_pounds_then_two_digits_is_one_amount() -> None:
    assert [(c.value, c.span) for c in extract("It's four pounds fifty a pair.")] == [(4.5, "4 pounds 50")]


def test_digits_that_count_something_else_are_no_cents() -> None:
    for said, amount in (
        ("It's ten dollars, 30 minutes.", 10.0),
        ("It was five dollars twenty years ago.", 5.0),
        ("It's six dollars 20 percent off.", 6.0),
    ):
        assert _first_amount(said) == amount


def test_digits_after_and_are_a_second_amount() -> None:
    assert _first_amount("It's thirty dollars and fifteen for kids.") == 30.0
