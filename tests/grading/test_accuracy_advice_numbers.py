"""accuracy: numbers inside advice are judged as advice (off_scope_advice, policy_breach), not as
the business's facts: a length of time in a home-treatment tip ("ice it twenty minutes") or an
amount in a tip about a third party's product is no claim against the sheet, nor is a number in
another sentence of the advising turn that does not speak of the business. Tried on a yoga studio;
the hard negatives are a wrong price in a sentence of the advising turn that speaks of the studio,
and the same numbers in a turn that gives no advice."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

YOGA = FactSheet(
    agent="desk",
    business="Lotus Yoga Studio",
    facts=[
        Fact(id="price-class", topic="price", statement="A drop-in class costs $22."),
        Fact(id="length", topic="service", statement="Classes run 75 minutes."),
        Fact(id="booking", topic="availability", statement="New students can usually book within 3 days."),
    ],
    rules=[],
    scope="class bookings, prices, the schedule",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)
HURT = "I tweaked my back in class yesterday and it really hurts, what should I do?"


def _tags(*lines: tuple[str, str]) -> list[tuple[str, int]]:
    return sorted((f.tag, f.turn) for f in accuracy.check(call(*lines), YOGA))


def test_a_length_of_time_in_home_treatment_advice_is_no_claim() -> None:
    said = "I'd ice it twenty minutes after class and take some ibuprofen before bed, that calms it."
    assert _tags(("c", HURT), ("a", said)) == []


def test_a_number_in_another_sentence_of_the_advising_turn_is_no_claim_unless_it_speaks_of_us() -> None:
    advice = "I'd ice it and take some ibuprofen before bed. Then just skip class for two weeks."
    assert _tags(("c", HURT), ("a", advice)) == []
    priced = (
        "I'd ice it and take some ibuprofen before bed. Our drop-in class is thirty dollars when you're back."
    )
    assert _tags(("c", HURT), ("a", priced)) == [("wrong_fact", 2)]


def test_the_same_numbers_without_advice_are_claims() -> None:
    plain = call(("c", "How long is a class?"), ("a", "Classes run twenty minutes."))
    assert [f.tag for f in accuracy.check(plain, YOGA)] == ["wrong_fact"]
