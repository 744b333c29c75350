"""claims: the agent reading back the caller's contact details ("Priya Shah, five five five, zero
three one seven, twelve Birch Lane") says the caller's number and house number, nothing about the
business. Four readings made that a wrong phone number: the house number joined to the phone's
digits, a full stop read as a separator into the next sentence's year, a restarted group ("zero
three one... sorry, zero three two seven") kept both tries, and a number the caller gave in broken
pieces. Also an amount in dollars and cents after a currency sign ("one sixty dollars and sixty-five
cents" is $160.65, not $160 and 65 cents). Tried on a locksmith; the hard negatives are a wrong shop
number and a wrong price, which stay wrong."""

from __future__ import annotations

from grading.checks import accuracy
from grading.claims.extract import extract
from grading.claims.numbers import digits_for_speech
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

LOCKSMITH = FactSheet(
    agent="desk",
    business="Keyline Locksmiths",
    facts=[
        Fact(id="phone", topic="contact", statement="The shop phone is 555-0190."),
        Fact(id="price-rekey", topic="price", statement="Rekeying a lock costs $189."),
    ],
    rules=[],
    scope="locks, keys, prices, visits",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def test_a_phone_number_in_groups_ends_before_the_house_number_after_it() -> None:
    assert (
        digits_for_speech("five five five, zero three one seven, nine birch lane") == "5550317, 9 birch lane"
    )
    assert (
        digits_for_speech("five five five, zero three one seven, and twelve birch") == "5550317, and 12 birch"
    )
    assert (
        digits_for_speech("two one seven, five five five, zero one four two, four twelve elm street")
        == "2175550142, 412 elm street"
    )


def test_a_group_of_three_or_more_digits_after_it_is_still_one_longer_number() -> None:
    assert digits_for_speech("oh two oh, seven nine four six, oh one two three") == "02079460123"
    assert digits_for_speech("two one seven, five five five, zero one four two") == "2175550142"


def test_a_full_stop_ends_a_phone_number() -> None:
    phones = [
        c.value
        for c in extract("It's five five five, zero three one seven. Twenty sixteen Honda.")
        if c.kind == "phone"
    ]
    assert phones == ["5550317"]
    assert [c.value for c in extract("call 555.0317 today") if c.kind == "phone"] == ["5550317"]


def test_a_restarted_group_is_said_again_from_its_start() -> None:
    assert digits_for_speech("five five five, zero three one... sorry, zero three two seven") == "5550327"
    assert digits_for_speech("five five five zero one eight... uh, zero one eight three") == "5550183"


def test_dollars_and_cents_after_a_currency_sign_are_one_amount() -> None:
    amounts = [
        (c.value, c.span)
        for c in extract("that comes to one sixty dollars and sixty-five cents")
        if c.kind == "money"
    ]
    assert amounts == [(160.65, "$160 dollars and 65 cents")]


def test_reading_back_the_callers_number_and_address_is_no_claim() -> None:
    lines = call(
        ("a", "Can I get your name, number and the address?"),
        ("c", "Priya Shah, five five five, zero three one seven, and nine Birch Lane."),
        ("a", "Priya Shah, five five five, zero three one seven, nine Birch Lane. Is that right?"),
    )
    assert accuracy.check(lines, LOCKSMITH) == []


def test_a_number_given_in_broken_pieces_and_read_back_whole_is_no_claim() -> None:
    lines = call(
        ("a", "And a number to reach you?"),
        ("c", "Yeah it's five five five, zero three, uh, one seven. Zero three one seven."),
        ("a", "Five five five, zero three one seven, got it."),
    )
    assert accuracy.check(lines, LOCKSMITH) == []


def test_a_restarted_number_read_back_as_meant_is_no_claim() -> None:
    lines = call(
        ("a", "What's the best number for you?"),
        ("c", "Five five five, zero three one... sorry, zero three two seven."),
        ("a", "Five five five, zero three two seven. Thanks."),
    )
    assert accuracy.check(lines, LOCKSMITH) == []


def test_a_wrong_shop_number_is_still_wrong() -> None:
    lines = call(
        ("c", "What's the number for the shop, in case we get cut off?"),
        ("a", "It's five five five, zero one nine one, Keyline Locksmiths."),
    )
    assert [f.tag for f in accuracy.check(lines, LOCKSMITH)] == ["wrong_fact"]


def test_a_wrong_price_in_dollars_and_cents_is_still_wrong() -> None:
    lines = call(
        ("c", "How much to rekey a lock?"), ("a", "Rekeying is one sixty dollars and sixty-five cents.")
    )
    failures = accuracy.check(lines, LOCKSMITH)
    assert [(f.tag, f.ref) for f in failures] == [("wrong_fact", "price-rekey")]
    assert failures[0].reason.startswith('"$160 dollars and 65 cents" contradicts')
