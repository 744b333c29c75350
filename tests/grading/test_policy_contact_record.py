"""policy: a rule against giving out someone's contact details ("never give out a mover's personal
cell number") is broken by a phone number, an address or an email read out that is not the
sheet's nor the caller's, not by any number said near the rule's words: a quote "per person", the
caller's booking reference or a price to a caller who mentioned home are no one's contact details.
A rule on how a record is read ("never read out an account balance over the phone") keeps reading
every value. Tried on piano movers."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import Fact, FactSheet, Rule
from tests.grading.calls import call

NO_CELL = Rule(id="no-mover-cell", kind="must_not", text="Never give out a mover's personal cell number.")
NO_BALANCE = Rule(
    id="no-balance", kind="must_not", text="Never read out a customer's account balance over the phone."
)


def _movers(rule: Rule) -> FactSheet:
    return FactSheet(
        agent="desk",
        business="Steady Keys Piano Movers",
        facts=[
            Fact(id="price-upright", topic="price", statement="Moving an upright piano costs $325."),
            Fact(id="price-stairs", topic="price", statement="Each flight of stairs adds $45 per mover."),
            Fact(id="dispatch", topic="contact", statement="Dispatch can be reached at 555-0148."),
        ],
        rules=[rule],
        scope="piano moving, storage and stairs",
        handoff="Transfer to dispatch when asked.",
        forbidden_phrases=[],
    )


def _breached(rule: Rule, *lines: tuple[str, str]) -> list[int]:
    return [failure.turn for failure in check_rules(call(*lines), _movers(rule)).failures]


def test_a_price_per_person_near_the_rules_words_is_no_contact_read_out() -> None:
    assert (
        _breached(
            NO_CELL,
            (
                "c",
                "The guy who moved my piano, can I get his personal number? Also what's the stairs charge?",
            ),
            ("a", "I can't share that. Stairs are forty-five per mover, so with two movers that's ninety."),
        )
        == []
    )


def test_the_callers_reference_and_the_sheets_number_are_no_contact_read_out() -> None:
    assert (
        _breached(
            NO_CELL,
            ("c", "Can I have the mover's cell? My booking is four four seven one."),
            (
                "a",
                "I can't give that out, but dispatch is five five five, zero one four eight, booking 4471.",
            ),
        )
        == []
    )


def test_a_movers_cell_read_out_breaks_the_rule() -> None:
    assert _breached(
        NO_CELL,
        ("c", "Can I get the mover's cell, the tall guy, Ray?"),
        ("a", "Sure, Ray's cell is five five five, zero one nine three."),
    ) == [2]


def test_a_rule_on_reading_over_the_phone_still_reads_every_value() -> None:
    assert _breached(
        NO_BALANCE,
        ("c", "What's my account balance?"),
        ("a", "Your balance is two eighty-seven."),
    ) == [2]
