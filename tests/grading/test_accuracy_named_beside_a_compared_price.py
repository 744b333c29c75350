"""accuracy: "the ten a.m. is an early session, so it's seven dollars a person, and your mom pays
that too since the early price is lower than the senior price" names the fact that holds $7 (the
early session) beside the senior price it is compared with: the amount is supported. It was held
against the senior price, the fact the sentence and the caller's question name most (it names the
early price too, as the sheet's exception). The hard negative: a wrong early-session price in the
same sentence. Tried on an ice rink."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

RINK = FactSheet(
    agent="desk",
    business="Glacier Point Rink",
    facts=[
        Fact(
            id="price-early",
            topic="price",
            statement="Any session before noon is an early session: $7 a person.",
        ),
        Fact(
            id="price-senior",
            topic="price",
            statement="Seniors 65 and over pay $8 at afternoon and evening sessions "
            "(the early session price applies to everyone before noon).",
        ),
        Fact(
            id="price-adult", topic="price", statement="Afternoon and evening sessions cost $11 for adults."
        ),
    ],
    rules=[],
    scope="public skating, lessons, skate hire",
    handoff="Transfer to the rink office when asked.",
    forbidden_phrases=[],
)
ASKED = "My mom's a senior, um, does she get the senior price for the ten a.m. skate?"


def _tags(price: str) -> list[tuple[str, int]]:
    reply = (
        f"The ten a.m. is an early session, so it's {price} a person, and your mom pays that too "
        "since the early price is lower than the senior price."
    )
    return [(f.tag, f.turn) for f in accuracy.check(call(("c", ASKED), ("a", reply)), RINK)]


def test_the_fact_named_beside_the_compared_price_supports_the_amount() -> None:
    assert _tags("seven dollars") == []


def test_a_wrong_amount_in_the_same_sentence_is_still_wrong() -> None:
    assert _tags("six dollars") == [("wrong_fact", 2)]
