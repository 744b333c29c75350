"""accuracy: a price is a wrong_fact only when the sheet prices the thing it is for; a price for a
thing the sheet does not price is invented_fact, whatever other price shares its unit ("a person",
"per person"). Tried on a beekeeper's apiary; the hard negatives are the sheet's own priced things
at a wrong price, said with and without their unit or beside another fact about them."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

APIARY = FactSheet(
    agent="desk",
    business="Hollow Oak Apiary",
    facts=[
        Fact(id="price-honey", topic="price", statement="A one-pound jar of wildflower honey is $12."),
        Fact(
            id="price-class",
            topic="price",
            statement="The two-hour beginner beekeeping class is $45 per person.",
        ),
        Fact(
            id="price-swarm", topic="price", statement="Collecting a bee swarm from a tree or fence is $75."
        ),
        Fact(id="no-walls", topic="service", statement="We do not remove bees from inside walls or roofs."),
    ],
    rules=[],
    scope="honey, classes, swarm collection, visits",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(asked: str, said: str) -> list[str]:
    return sorted(f.tag for f in accuracy.check(call(("c", asked), ("a", said)), APIARY))


def test_a_price_charged_by_another_prices_unit_is_invented() -> None:
    # "a person" is what the beekeeping class is charged by, not what this amount prices
    assert _tags(
        "Do you run candle-making workshops?",
        "We do! Candle-making is on Sunday mornings, and it's thirty dollars a person.",
    ) == ["invented_fact"]


def test_a_price_beside_another_fact_of_the_same_thing_stays_wrong() -> None:
    # the class's length and its price in one sentence: the price fact is still what it prices
    assert _tags(
        "Tell me about the beginner beekeeping class.",
        "The beginner class runs two hours and costs fifty-five dollars a person.",
    ) == ["wrong_fact"]


def test_the_sheets_own_priced_things_at_a_wrong_price_stay_wrong() -> None:
    assert _tags("How much is the beginner beekeeping class?", "It's fifty-five dollars a person.") == [
        "wrong_fact"
    ]
    assert _tags("How much is a jar of wildflower honey?", "A one-pound jar is fifteen dollars.") == [
        "wrong_fact"
    ]
    assert _tags("How much is the beginner beekeeping class?", "It's forty-five dollars a person.") == []
    assert _tags("Can you collect a bee swarm from my fence?", "Sure, that's ninety dollars.") == [
        "wrong_fact"
    ]
