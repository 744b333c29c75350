"""accuracy: a number read as the kind it is. A price per unit after "at" or with cents ("refills at
four and a quarter a gallon", "at 4.25 a gallon") is an amount, not a clock time held against the
opening hours; a rate said before APY or APR ("three point eight APY", "twenty-one ninety-nine APR")
is a percentage, so interest worked out from it is arithmetic on the sheet's rate; a date written the
way systems write it ("2026-11-16T19:00") is no phone number. Tried on a propane depot, a credit
union and a trailer rental; the hard negatives are the wrong price, the wrong rate and a real clock
time after "at"."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call


def _sheet(*facts: Fact) -> FactSheet:
    return FactSheet(
        agent="desk",
        business="Ridgeway Propane and Firewood",
        facts=list(facts),
        rules=[],
        scope="refill prices, firewood, hours",
        handoff="Transfer to a person when asked.",
        forbidden_phrases=[],
    )


DEPOT = _sheet(
    Fact(id="price-propane", topic="price", statement="Propane refills cost $4.25 per gallon."),
    Fact(id="price-wood", topic="price", statement="A cord of seasoned firewood is $240, delivered."),
    Fact(id="hours", topic="hours", statement="Open Monday to Saturday, 7:00 am to 6:00 pm."),
)


def _depot(said: str) -> list[str]:
    lines = call(("c", "What's propane going for these days?"), ("a", said))
    return [f.tag for f in accuracy.check(lines, DEPOT)]


def test_a_price_after_at_with_a_fraction_of_the_unit_is_an_amount() -> None:
    assert _depot("We fill tanks at four and a quarter a gallon.") == []


def test_a_price_with_cents_per_unit_is_an_amount() -> None:
    assert _depot("Refills are at 4.25 a gallon right now.") == []


def test_the_wrong_price_per_unit_is_still_wrong() -> None:
    assert _depot("Refills are at four and a half a gallon.") == ["wrong_fact"]


def test_a_clock_time_after_at_is_still_a_time() -> None:
    lines = call(("c", "When do you open on Saturday?"), ("a", "Saturdays we open at nine a.m."))
    assert [f.tag for f in accuracy.check(lines, DEPOT)] == ["wrong_fact"]


CREDIT_UNION = FactSheet(
    agent="desk",
    business="Millrace Credit Union",
    facts=[
        Fact(id="rate-cert-18", topic="price", statement="The 18-month certificate pays 3.80% APY."),
        Fact(
            id="rate-savings",
            topic="price",
            statement="Share savings pays 0.25% APY with a $3.00 monthly fee under a $100 balance.",
        ),
        Fact(id="rate-card", topic="price", statement="The Millrace Visa card has a 21.99% APR."),
    ],
    rules=[],
    scope="accounts, certificates, cards",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _union(question: str, said: str) -> list[str]:
    lines = call(("c", question), ("a", said))
    return [f.tag for f in accuracy.check(lines, CREDIT_UNION)]


def test_interest_worked_out_from_a_rate_said_before_apy_is_arithmetic() -> None:
    asked = "If I put five thousand in the eighteen-month, what do I earn in a year?"
    said = "That one is three point eight APY, so about a hundred ninety dollars over a year."
    assert _union(asked, said) == []


def test_a_rate_said_before_apr_in_two_groups_is_the_sheets_rate() -> None:
    said = "The card is twenty-one ninety-nine APR after the intro period."
    assert _union("What's the rate on your Visa?", said) == []


def test_a_wrong_rate_said_before_apy_is_wrong() -> None:
    asked = "What does the eighteen-month certificate pay?"
    assert _union(asked, "The eighteen-month pays four point two APY.") == ["wrong_fact"]


TRAILERS = FactSheet(
    agent="desk",
    business="Haulwell Trailer Rental",
    facts=[
        Fact(id="price-6x12", topic="price", statement="A 6x12 enclosed trailer is $39.95 a day."),
        Fact(id="contact", topic="contact", statement="The yard phone is (503) 555-0184."),
    ],
    rules=[],
    scope="trailer rentals",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def test_a_system_date_read_aloud_is_no_phone_number() -> None:
    said = "Reservation created: trailer 6x12, pickup 2026-11-16T09:00, return 2026-11-18T09:00."
    lines = call(("c", "Can you book the six by twelve for Monday?"), ("a", said))
    assert [f.tag for f in accuracy.check(lines, TRAILERS)] == []
