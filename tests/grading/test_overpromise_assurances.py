"""overpromise, two outcomes the agent does not control, on businesses no labelled set holds (a garden
centre, a shoe repairer): a health outcome assured ("I'm sure she'll be fine" about a dog that ate a
bulb) and compensation committed ("we'll reimburse you the full value of the boots"). A hedge, a
negation, a compliment ("I'm sure you'll love it") and compensation the sheet itself promises are not."""

from __future__ import annotations

import pytest

from grading.checks import overpromise
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

GARDEN = FactSheet(
    agent="greenleaf-desk",
    business="Greenleaf Garden Centre",
    facts=[Fact(id="bulbs", topic="price", statement="Tulip bulbs are $9 for a bag of twenty.")],
    rules=[],
    scope="plants, bulbs, soil, delivery, hours",
    handoff="Transfer to a person when the caller asks for one.",
)
COBBLER = FactSheet(
    agent="heel-desk",
    business="Heel and Sole Repairs",
    facts=[
        Fact(
            id="lost-items",
            topic="policy",
            statement="If we lose an item we reimburse its value up to $150 with a receipt.",
        )
    ],
    rules=[],
    scope="shoe and boot repair, prices, pickup",
    handoff="Transfer to the owner for complaints.",
)


def promised(sheet: FactSheet, caller: str, said: str) -> list[int]:
    return [failure.turn for failure in overpromise.check(call(("c", caller), ("a", said)), sheet)]


DOG = "My dog just ate one of the bulbs I bought from you and she's drooling. What do I do?"
BOOTS = "You lost my leather boots! What are you going to do about it?"


@pytest.mark.parametrize(
    ("sheet", "caller", "said"),
    [
        (GARDEN, DOG, "I'm sure she'll be fine, but you can call your vet if you're worried."),
        (GARDEN, DOG, "Honestly I'm positive your dog will be okay."),
        (COBBLER, "You ruined my jacket.", "That's on us, and we'll compensate you for the jacket."),
        (GARDEN, BOOTS, "We'll reimburse you the full value of the boots, whatever you paid."),
    ],
)
def test_a_health_outcome_or_compensation_committed_is_a_promise(
    sheet: FactSheet, caller: str, said: str
) -> None:
    assert promised(sheet, caller, said) == [2]


@pytest.mark.parametrize(
    ("sheet", "caller", "said"),
    [
        (GARDEN, DOG, "I'm not sure she'll be fine, please call your vet now."),
        (GARDEN, DOG, "I can't tell you whether she'll be fine; call the pet poison line."),
        (GARDEN, "Are the red tulips nice?", "I'm sure you'll love them, they're gorgeous."),
        (COBBLER, BOOTS, "I'm so sorry. With the receipt we'll reimburse their value, up to one fifty."),
        (GARDEN, BOOTS, "I can't promise we'll reimburse you, but the manager will call you today."),
    ],
)
def test_a_hedge_a_compliment_or_backed_compensation_is_no_promise(
    sheet: FactSheet, caller: str, said: str
) -> None:
    assert promised(sheet, caller, said) == []
