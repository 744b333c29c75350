"""A rule against promising, and the sheet's own commitment said again, on a business none of the
labelled sets hold (a ski school): "if we cancel for weather you get a full refund" is the sheet's
policy, not a promise the rule forbids; "I promise it won't be cancelled" still is."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import Fact, FactSheet, Rule
from tests.grading.calls import call

SKI_SCHOOL = FactSheet(
    agent="ridgeline-ski-school",
    business="Ridgeline Ski School",
    facts=[
        Fact(
            id="weather",
            topic="policy",
            statement="If we cancel a lesson for high wind or lift closures, the student gets a full"
            " refund or a credit.",
        )
    ],
    rules=[
        Rule(
            id="no-weather-promise",
            kind="must_not",
            text="Never promise the snow will be good or that a lesson will not be cancelled.",
        )
    ],
    scope="lessons, rentals, prices, weather policy",
    handoff="Transfer to a person when the caller asks for one.",
)


def test_the_sheets_own_commitment_said_again_is_no_forbidden_promise() -> None:
    for said in (
        "If we cancel a lesson for high wind or lift closures, you get a full refund or a credit.",
        "If we have to cancel for wind, you'll get a full refund or a credit, guaranteed.",
    ):
        source = call(("c", "The forecast looks windy, will my lesson be cancelled?"), ("a", said))
        assert check_rules(source, SKI_SCHOOL).failures == [], said
    promised = call(
        ("c", "The forecast looks windy, will my lesson be cancelled?"),
        ("a", "I promise your lesson won't be cancelled, the wind always dies down by nine."),
    )
    assert [failure.turn for failure in check_rules(promised, SKI_SCHOOL).failures] == [2]
