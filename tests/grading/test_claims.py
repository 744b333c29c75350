"""Claim extraction: spoken numbers, money, times, phones, postcodes, streets."""

from __future__ import annotations

import pytest

from grading.claims import extract
from grading.claims.numbers import digits_for_speech


@pytest.mark.parametrize(
    ("spoken", "written"),
    [
        ("ninety dollars", "90 dollars"),
        ("one hundred and twenty dollars", "120 dollars"),
        ("a hundred bucks", "100 bucks"),
        ("five five five, zero one four two", "5550142"),
        ("at nine thirty", "at 9:30"),
        ("at nine oh five", "at 9:05"),
        ("it's about one forty-three", "it's about 1 43"),
        ("the total is two oh nine", "the total is 2 09"),
        ("half past nine", "9:30"),
        ("three o'clock", "3:00"),
        ("between eight and ten", "between 8 and 10"),
        ("$1,200", "$1200"),
        ("zero one eight... uh, zero one eight three", "0183"),
        ("brake pads are two forty-nine per axle", "brake pads are $249 per axle"),
        ("it costs one twenty", "it costs $120"),
        ("it comes to thirty-three fifteen a month", "it comes to $33.15 a month"),
        ("the treatment is one seventy-nine fifty", "the treatment is $179.50"),
        ("the appointment is nine thirty", "the appointment is 9:30"),
    ],
)
def test_spoken_numbers_become_digits(spoken: str, written: str) -> None:
    assert digits_for_speech(spoken) == written


def kinds(text: str) -> dict[str, object]:
    return {claim.kind: claim.value for claim in extract(text)}


def test_money_in_every_spelling_is_the_same_value() -> None:
    assert kinds("It's $120.")["money"] == 120.0
    assert kinds("one hundred twenty dollars")["money"] == 120.0
    assert kinds("That's 10.10 pounds each")["money"] == 10.1


def test_times_without_am_pm_match_either_half_of_the_day() -> None:
    assert kinds("leaves at 5:29")["time"] == (329, 1049)
    assert kinds("open until 6 pm")["time"] == (1080,)
    assert kinds("from eight in the morning")["time"] == (480,)


def test_phone_postcode_street_percent() -> None:
    assert kinds("call us at (217) 555-0142")["phone"] == "2175550142"
    assert kinds("The postcode is CB1 2AS")["postcode"] == "cb12as"
    assert kinds("We're at 52 Mill Road")["street"] == "mill road"
    assert kinds("Seniors get 50% off")["percent"] == 50.0


def test_free_offers_and_price_levels() -> None:
    free = [c for c in extract("There is free parking outside.") if c.kind == "free"]
    assert free
    assert "park" in free[0].subject
    assert kinds("It is a bit expensive")["price_level"] == "expensive"
    assert not [c for c in extract("The pasta is gluten-free.") if c.kind == "free"]


def test_plain_chat_has_no_claims() -> None:
    assert extract("Sure, let me help you with that.") == []
