"""accuracy: a price per measure said without its currency ("six fifty a square foot", "a dollar
twenty-five per linear foot", "fifty-two a foot") is an amount, held against the sheet's price for
it. It was read as no claim, so a wrong rate went by. The hard negatives: the sheet's own rates,
said the same way. Tried on a tile installer."""

from __future__ import annotations

import pytest

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

TILER = FactSheet(
    agent="desk",
    business="True Line Tile",
    facts=[
        Fact(
            id="price-install",
            topic="price",
            statement="Porcelain tile installation costs $6.50 per square foot.",
        ),
        Fact(id="price-seal", topic="price", statement="Grout sealing costs $1.25 per linear foot."),
        Fact(id="price-trim", topic="price", statement="Metal edge trim costs $52 per linear foot, fitted."),
    ],
    rules=[],
    scope="tile installation, grout, trim",
    handoff="Transfer to the office when asked.",
    forbidden_phrases=[],
)


def _tags(question: str, answer: str) -> list[tuple[str, int]]:
    return [(f.tag, f.turn) for f in accuracy.check(call(("c", question), ("a", answer)), TILER)]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("How much to lay porcelain?", "Porcelain installation is six fifty a square foot."),
        ("And sealing the grout?", "Grout sealing is a dollar twenty-five per linear foot."),
        ("What about the metal trim?", "The metal edge trim is fifty-two a foot, fitted."),
    ],
)
def test_the_sheets_rate_said_without_a_currency_is_supported(question: str, answer: str) -> None:
    assert _tags(question, answer) == []


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("How much to lay porcelain?", "Porcelain installation is seven fifty a square foot."),
        ("And sealing the grout?", "Grout sealing is a dollar fifty per linear foot."),
        ("What about the metal trim?", "The metal edge trim is forty-two a foot, fitted."),
    ],
)
def test_another_rate_said_without_a_currency_is_wrong(question: str, answer: str) -> None:
    assert _tags(question, answer) == [("wrong_fact", 2)]
