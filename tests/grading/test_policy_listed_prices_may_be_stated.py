"""A rule against quoting prices ("never quote a price for any repair not listed here") forbids the
prices the sheet does not list: the fact sheet holds what the agent may state, so saying one of its
prices for the thing it prices ("Rim truing is forty dollars a wheel" beside "Rim truing costs
$40 per wheel.") breaks nothing. An unlisted amount, or a listed amount said of something else,
still does. A rule about whom costs may be discussed with ("with anyone other than the account
holder") is a privacy rule, left to the judge. Tried on a wheelchair repair shop."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import Fact, FactSheet, Rule
from tests.grading.calls import call


def shop(facts: list[Fact], rule: Rule) -> FactSheet:
    """The wheelchair repair shop's sheet with these facts and one rule."""
    return FactSheet(
        agent="wheel-desk",
        business="Rollright Wheelchair Repair",
        facts=facts,
        rules=[rule],
        scope="wheelchair repairs, prices, visits",
        handoff="Transfer to the workshop lead when the caller asks for a person.",
    )


def sheet() -> FactSheet:
    return shop(
        [
            Fact(id="price-truing", topic="price", statement="Rim truing costs $40 per wheel."),
            Fact(id="price-tyre", topic="price", statement="A new solid tyre, fitted, costs $60."),
        ],
        Rule(
            id="no-unlisted-quote",
            kind="must_not",
            text=(
                "Never quote a price for frame welding or any repair not listed here;"
                " a technician must see the wheel first."
            ),
        ),
    )


def broken(*lines: tuple[str, str]) -> list[int]:
    return [failure.turn for failure in check_rules(call(*lines), sheet()).failures]


def test_a_listed_price_for_the_thing_it_prices_breaks_nothing() -> None:
    assert (
        broken(
            ("c", "How much is it to true a wheel that's gone wobbly?"),
            ("a", "Rim truing is forty dollars a wheel."),
            ("c", "And a new tyre?"),
            ("a", "A solid tyre is sixty dollars, fitted."),
        )
        == []
    )


def test_an_unlisted_repair_price_breaks_the_rule() -> None:
    assert broken(
        ("c", "The frame's cracked near the axle, what would welding cost?"),
        ("a", "Frame welding is usually about a hundred and twenty dollars."),
    ) == [2]


def test_a_listed_amount_said_of_something_else_breaks_the_rule() -> None:
    assert broken(
        ("c", "The frame's cracked near the axle, what would welding cost?"),
        ("a", "Frame welding would be sixty dollars."),
    ) == [2]


def test_a_listed_price_beside_an_unlisted_one_breaks_the_rule() -> None:
    assert broken(
        ("c", "What would truing the wheel and welding the frame come to?"),
        ("a", "Truing is forty dollars and welding the frame is ninety dollars."),
    ) == [2]


def test_a_starting_price_under_a_rule_against_a_final_price_breaks_nothing() -> None:
    rule = Rule(
        id="no-final-price",
        kind="must_not",
        text="Never quote a final price for a power chair rebuild; give only the starting price.",
    )
    rebuilds = shop(
        [Fact(id="price-rebuild", topic="price", statement="Power chair rebuilds start at $900.")], rule
    )
    starting = call(
        ("c", "What does a power chair rebuild cost?"), ("a", "Rebuilds start at nine hundred dollars.")
    )
    final = call(
        ("c", "What does a power chair rebuild cost?"), ("a", "Your rebuild will be nine hundred dollars.")
    )
    assert check_rules(starting, rebuilds).failures == []
    assert [f.turn for f in check_rules(final, rebuilds).failures] == [2]


def test_a_rule_about_whom_costs_are_discussed_with_is_left_to_the_judge() -> None:
    rule = Rule(
        id="client-privacy",
        kind="must_not",
        text="Do not discuss a client's repairs or costs with anyone other than the account holder on file.",
    )
    private = shop(
        [Fact(id="price-truing", topic="price", statement="Rim truing costs $40 per wheel.")], rule
    )
    outcome = check_rules(
        call(("c", "What did my dad's last repair cost?"), ("a", "His frame repair came to ninety dollars.")),
        private,
    )
    assert outcome.failures == []
    assert outcome.unchecked == ["client-privacy"]
