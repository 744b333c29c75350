"""accuracy: an amount is supported by the fact its own sentence names, whatever the talk before it
was about: "if you need to cancel we ask for twenty-four hours' notice, otherwise there's a
thirty-five dollar fee" names the cancellation fact, which holds $35, even right after the deposit
was discussed. Tried on a bowling alley; the hard negative is a wrong cancellation fee in the same
sentence."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

LANES = FactSheet(
    agent="desk",
    business="Pinecrest Lanes",
    facts=[
        Fact(id="price-lane", topic="price", statement="A lane costs $48 an hour for up to six bowlers."),
        Fact(
            id="deposit",
            topic="policy",
            statement="A $25 deposit is taken by card when booking a party lane; it is credited to the bill.",
        ),
        Fact(
            id="cancellation",
            topic="policy",
            statement="Cancellations need 24 hours' notice; late cancellations and no-shows are charged $35.",
        ),
    ],
    rules=[],
    scope="lane bookings, parties, prices",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _booked(fee: str) -> list[str]:
    lines = call(
        ("c", "I'd like a party lane Saturday at two."),
        ("a", "There's a twenty-five dollar deposit by card to hold the party lane, it comes off the bill."),
        ("c", "Fine, it's a Visa."),
        (
            "a",
            f"You're booked and the deposit went through. If you need to cancel we ask for twenty-four "
            f"hours' notice, otherwise there's a {fee} dollar fee.",
        ),
    )
    return [f.tag for f in accuracy.check(lines, LANES)]


def test_the_fact_the_sentence_names_supports_its_amount() -> None:
    assert _booked("thirty-five") == []


def test_a_wrong_amount_for_the_fact_the_sentence_names_is_wrong() -> None:
    assert _booked("sixty") == ["wrong_fact"]
