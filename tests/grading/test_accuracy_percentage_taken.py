"""accuracy: an amount worked from a percentage the sheet does not hold. Taken off a sheet price
("I'll do twenty-five percent off. That makes it sixty dollars"), it is the price told for that
thing and contradicts the sheet's price (wrong_fact, beside the invented discount, not an invented
amount); the share itself (the charge, the credit) is judged as its percentage is, so a wrong
rate's worked-out charge is the same wrong_fact, not a second, invented one. Tried on a saddlery;
the hard negatives are the sheet's own percentage and its own price."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

SADDLERY = FactSheet(
    agent="desk",
    business="Bridle Lane Saddlery",
    facts=[
        Fact(id="price-halter", topic="price", statement="A hand-stitched leather halter is $80."),
        Fact(id="price-cleaning", topic="price", statement="Saddle cleaning and conditioning is $45."),
        Fact(id="members", topic="price", statement="Riding school students get 10% off tack."),
        Fact(id="restocking", topic="policy", statement="Returns carry a 5% restocking fee."),
    ],
    rules=[],
    scope="tack, repairs, cleaning, returns",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(asked: str, said: str) -> list[str]:
    return sorted(f.tag for f in accuracy.check(call(("c", asked), ("a", said)), SADDLERY))


def test_a_price_after_an_unheld_percentage_off_contradicts_the_sheet_price() -> None:
    assert _tags(
        "My daughter needs something new for her horse, can you do me a deal?",
        "Sure, I'll do twenty-five percent off. That makes it sixty dollars.",
    ) == ["invented_fact", "wrong_fact"]


def test_the_share_of_a_wrong_percentage_is_the_same_wrong_fact() -> None:
    assert _tags(
        "What if it doesn't fit and I send it back?",
        "There's a fifteen percent restocking fee, so on eighty that's twelve dollars.",
    ) == ["wrong_fact"]


def test_the_sheets_own_percentage_and_price_stand() -> None:
    assert (
        _tags(
            "I'm in the pony club, is there a discount on the halter?",
            "Yes, members get ten percent off, so the halter comes to seventy-two.",
        )
        == []
    )
    assert _tags("How much is saddle cleaning?", "Saddle cleaning is forty-five dollars.") == []
