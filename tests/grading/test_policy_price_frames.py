"""A bare amount in a price frame under a rule against quoting a price, on a business none of the
labelled sets hold (a gutter installer): "you'd be looking at about eighteen hundred", "twenty-two
hundred flat, all in" quote a price; the same frames round a duration or a count do not."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import Fact, FactSheet, Rule
from tests.grading.calls import call

GUTTERS = FactSheet(
    agent="clearflow-gutters",
    business="Clearflow Gutters",
    facts=[
        Fact(
            id="estimate",
            topic="service",
            statement="Replacement quotes are given after a free on-site estimate.",
        )
    ],
    rules=[
        Rule(
            id="no-phone-quote",
            kind="must_not",
            text="Never quote a price for gutter replacement over the phone; book the free estimate.",
        )
    ],
    scope="gutter cleaning, replacement estimates, guards",
    handoff="Transfer to a person when the caller asks for one.",
)
ASKED = "What would it cost to replace the gutters on a two-storey house?"


def test_a_bare_amount_in_a_price_frame_is_a_quote() -> None:
    for said in (
        "For a two-storey you'd be looking at about eighteen hundred.",
        "You'll be looking at around twenty-one fifty for the replacement.",
        "Okay, twenty-two hundred flat, all in, for the replacement.",
    ):
        source = call(("c", ASKED), ("a", said))
        assert [failure.turn for failure in check_rules(source, GUTTERS).failures] == [2], said


def test_the_same_frames_round_a_duration_are_no_quote() -> None:
    for said in (
        "You'd be looking at about two hours for the job, but the price comes from the free estimate.",
        "I can't quote the replacement by phone; the free estimate takes about 30 minutes.",
    ):
        source = call(("c", ASKED), ("a", said))
        assert check_rules(source, GUTTERS).failures == [], said
