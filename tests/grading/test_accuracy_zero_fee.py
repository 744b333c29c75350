"""accuracy: a fee the sheet prices said to be none ("no charge for the safety check", "the intake
fee is on us", "that's zero for the call-out"), a thing the sheet makes free only on a condition
said to be free everywhere, and a free offer with terms of its own (a promotion, a referral deal),
which is both an invented discount and a price the caller is told. Tried on a bike shop and a
kennel; the hard negatives are a fee's own condition applied, the sheet's own free thing, and a
promotion on a thing the sheet already makes free on a condition."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Call, Fact, FactSheet
from tests.grading.calls import call


def _sheet(business: str, facts: list[tuple[str, str, str]]) -> FactSheet:
    return FactSheet(
        agent="desk",
        business=business,
        facts=[Fact(id=i, topic=t, statement=s) for i, t, s in facts],  # pyright: ignore[reportArgumentType]
        rules=[],
        scope="bookings, prices, hours and services",
        handoff="Transfer to a person when asked.",
        forbidden_phrases=[],
    )


BIKES = _sheet(
    "Spoke & Chain Cycles",
    [
        ("price-check", "price", "A safety check costs $35."),
        ("price-tuneup", "price", "A full tune-up costs $95 and includes a free chain clean."),
        (
            "pickup",
            "price",
            "Bike pickup is free within the city limits; outside the city it is $20 each way.",
        ),
        ("no-free-fit", "price", "We do not offer free bike fittings; a fitting is $120."),
        (
            "cancel",
            "policy",
            "Repair bookings need 48 hours' notice to cancel; late cancellations are charged $20.",
        ),
        ("delivery", "price", "Parts delivery costs $6 and is free for orders over $50."),
    ],
)
KENNEL = _sheet(
    "Hilltop Kennels",
    [
        (
            "price-boarding",
            "price",
            "Boarding is $45 a night plus the one-time $10 intake fee; a bath is included.",
        ),
        ("price-walk", "price", "An extra walk is $8."),
    ],
)


def _tags(source: Call, sheet: FactSheet) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for failure in accuracy.check(source, sheet):
        found.setdefault(failure.turn, []).append(failure.tag)
    return {turn: sorted(tags) for turn, tags in found.items()}


def test_no_charge_for_a_priced_service_contradicts_its_price() -> None:
    told = call(
        ("c", "Can you look at my brakes?"),
        ("a", "Okay, we'll skip it, so no charge for the safety check, you'd only pay for parts."),
    )
    assert _tags(told, BIKES) == {2: ["wrong_fact"]}


def test_a_priced_fee_said_to_be_on_us_or_zero_contradicts_it() -> None:
    on_us = call(("c", "Is there an intake fee?"), ("a", "Nope, the intake fee is on us."))
    assert _tags(on_us, KENNEL) == {2: ["wrong_fact"]}
    zero = call(("c", "What about the safety check?"), ("a", "For you that's zero for the safety check."))
    assert _tags(zero, BIKES) == {2: ["wrong_fact"]}


def test_the_facts_free_thing_is_what_its_own_clause_makes_free() -> None:
    # the boarding fact's free thing is the bath, not the intake fee it also names
    included = call(
        ("c", "Do I pay the intake fee?"), ("a", "Nope, no fee for the intake, it's on the house.")
    )
    assert _tags(included, KENNEL) == {2: ["wrong_fact"]}
    bath = call(("c", "Does she get a bath?"), ("a", "Yes, the bath is included with boarding."))
    assert _tags(bath, KENNEL) == {}


def test_free_on_the_sheets_condition_said_as_free_everywhere_is_wrong() -> None:
    everywhere = call(("c", "I'm out past the city line."), ("a", "Pickup is free wherever you are."))
    assert _tags(everywhere, BIKES) == {2: ["wrong_fact"]}
    inside = call(("c", "I'm downtown."), ("a", "Pickup is free within the city limits."))
    assert _tags(inside, BIKES) == {}


def test_a_fee_whose_condition_the_agent_applies_is_not_contradicted() -> None:
    ahead = call(
        ("c", "What if I need to move it?"),
        (
            "a",
            "If you must move it, let us know forty-eight hours ahead so there's no cancellation fee.",
        ),
    )
    assert _tags(ahead, BIKES) == {}
    late = call(("c", "What if I cancel?"), ("a", "There's no cancellation fee, so don't worry about it."))
    assert _tags(late, BIKES) == {2: ["wrong_fact"]}


def test_a_promotion_on_a_priced_thing_is_invented_and_a_wrong_price() -> None:
    promo = call(("c", "How much is a safety check?"), ("a", "This month the safety check is free."))
    assert _tags(promo, BIKES) == {2: ["invented_fact", "wrong_fact"]}
    # the sheet already makes delivery free on a condition: the promotion alone is invented
    delivery = call(("c", "Do you deliver parts?"), ("a", "This month delivery is free on every order."))
    assert _tags(delivery, BIKES) == {2: ["invented_fact"]}


def test_a_referral_deal_on_what_the_sheet_says_is_never_free_is_invented_and_wrong() -> None:
    referred = call(
        ("c", "Is a fitting free?"), ("a", "For people referred by a friend, the bike fitting's free.")
    )
    assert _tags(referred, BIKES) == {2: ["invented_fact", "wrong_fact"]}


def test_a_waiver_said_to_be_the_rule_is_invented_where_the_sheet_never_waives() -> None:
    staff = call(
        ("c", "I work for the vet next door."), ("a", "Staff of the clinic get the intake fee waived.")
    )
    assert _tags(staff, KENNEL) == {2: ["invented_fact"]}
