"""accuracy: prices said the way people say them in answer to a price question: "a hundred and a
quarter" is 125; "what's a kayak for the day?" asks a price without a price word; "tuning's a
hundred twenty" and "a hundred twenty on top of that" put a bare number in the price slot; a
sentence that names the rate itself ("it's the holiday rate, so ninety for the walk") prices its
bare number. Tried on a piano tuner, a kayak hire and a dog walker; the hard negatives are the right
price said the same ways, a duration with a quarter, and a clock time in a sentence about a fee."""

from __future__ import annotations

from grading.checks import accuracy
from grading.claims.numbers import digits_for_speech
from grading.formats import Fact, FactSheet
from tests.grading.calls import call


def _sheet(business: str, facts: list[tuple[str, str, str]]) -> FactSheet:
    return FactSheet(
        agent="desk",
        business=business,
        facts=[Fact(id=i, topic=t, statement=s) for i, t, s in facts],  # pyright: ignore[reportArgumentType]
        rules=[],
        scope="bookings, prices, hours",
        handoff="Transfer to a person when asked.",
        forbidden_phrases=[],
    )


PIANO = _sheet(
    "Harmony Piano Care",
    [
        ("price-tuning", "price", "A standard tuning costs $140."),
        ("price-pitch", "price", "A pitch raise adds $60 to a tuning."),
        ("hours", "hours", "Open Monday to Friday 9 am to 5 pm."),
    ],
)
KAYAK = _sheet("Bayside Kayaks", [("price-kayak", "price", "A single kayak rents for $45 a day.")])
WALKER = _sheet(
    "Happy Tails Walking",
    [
        ("price-walk", "price", "A 30-minute walk costs $25."),
        ("price-holiday", "price", "Walks on public holidays cost $40."),
        ("price-late", "price", "Late key returns after 6 pm cost $1 a minute."),
        ("hours", "hours", "Walks run 7 am to 6 pm every day."),
    ],
)


def _tags(sheet: FactSheet, asked: str, said: str) -> list[str]:
    return sorted(f.tag for f in accuracy.check(call(("c", asked), ("a", said)), sheet))


def test_a_hundred_and_a_quarter_is_a_hundred_and_twenty_five() -> None:
    assert digits_for_speech("it's a hundred and a quarter") == "it's 125"
    assert digits_for_speech("two hundred and a half") == "250"
    assert digits_for_speech("an hour and a quarter") == "an hour and a quarter"
    assert _tags(PIANO, "How much is a tuning?", "A tuning's a hundred and a quarter.") == ["wrong_fact"]


def test_a_price_question_without_a_price_word() -> None:
    assert _tags(KAYAK, "What's a kayak for the day?", "A kayak for the day is three twenty-five.") == [
        "wrong_fact"
    ]
    assert _tags(KAYAK, "What's a kayak for the day?", "A kayak for the day is forty-five.") == []


def test_a_bare_number_after_a_possessive_or_before_on_top_is_the_price() -> None:
    assert _tags(PIANO, "How much would that be?", "Tuning's a hundred twenty, all in.") == ["wrong_fact"]
    assert _tags(PIANO, "How much would that be?", "Tuning's one forty, all in.") == []
    raised = "The tuning is one forty, and the pitch raise is eighty on top of that."
    assert _tags(PIANO, "How much would that be?", raised) == ["wrong_fact"]


def test_a_sentence_that_names_the_rate_prices_its_bare_number() -> None:
    holiday = "On the holiday it's the holiday rate, so fifty for the walk."
    assert _tags(WALKER, "And on a public holiday?", holiday) == ["wrong_fact"]
    right = "On the holiday it's the holiday rate, so forty for the walk."
    assert _tags(WALKER, "And on a public holiday?", right) == []
    # a clock time in a sentence about a fee stays a time
    late = "We finish at six, and after six the late fee is a dollar a minute."
    assert _tags(WALKER, "What if I'm late?", late) == []
