"""The rules grader on a business none of the checks were written against (a hair salon): ordinary
calls raise nothing, and the usual slips are caught with the right tag and turn."""

from __future__ import annotations

from grading.engine import grade
from grading.formats import Fact, FactSheet, Rule
from tests.grading.calls import call

SALON = FactSheet(
    agent="salon",
    business="Luxe Hair Studio",
    facts=[
        Fact(id="price-cut", topic="price", statement="A women's haircut costs $65; a men's cut costs $40."),
        Fact(id="price-color", topic="price", statement="Full color starts at $120."),
        Fact(
            id="hours",
            topic="hours",
            statement="Open Tuesday to Saturday, 10 am to 7 pm. Closed Sunday and Monday.",
        ),
        Fact(id="address", topic="location", statement="We are at 88 Oak Avenue, Suite 2, above the bakery."),
        Fact(id="phone", topic="contact", statement="Call us at 555-0177."),
        Fact(id="cancel", topic="policy", statement="Cancel at least 24 hours ahead or pay a $20 fee."),
    ],
    rules=[Rule(id="no-bleach-quote", kind="must_not", text="Never quote a price for bleach or balayage.")],
    scope="haircuts, color, booking, hours, location",
    handoff="Transfer to the front desk when the caller asks for a person or has a complaint.",
)


def test_ordinary_booking_call_passes_clean() -> None:
    source = call(
        ("a", "Luxe Hair Studio, this is Sam, how can I help?"),
        ("c", "Hi um how much is a men's cut?"),
        ("a", "A men's cut is forty dollars."),
        ("c", "Cool, can I get one Thursday afternoon?"),
        ("a", "Let me look. I have Thursday at two thirty or four with Jordan."),
        ("c", "Four works. It's Alex Kim."),
        ("a", "Great, Alex, you're booked Thursday at four with Jordan."),
        ("c", "Awesome thanks, bye."),
        ("a", "See you Thursday!"),
    )
    result = grade(source, SALON)
    assert result.failures == []
    assert result.verdict == "pass"


def test_hours_and_directions_call_passes_clean() -> None:
    source = call(
        ("a", "Luxe Hair Studio."),
        ("c", "Are you guys open Mondays?"),
        ("a", "We're closed Monday, but we're open Tuesday to Saturday, ten to seven."),
        ("c", "Where are you exactly?"),
        ("a", "We're at 88 Oak Avenue, suite two, above the bakery."),
        ("c", "Perfect thanks."),
        ("a", "You're welcome, have a good one!"),
    )
    assert grade(source, SALON).failures == []


def test_wrong_price_and_an_open_day_said_with_yes() -> None:
    source = call(
        ("a", "Luxe Hair Studio."),
        ("c", "How much is a women's cut?"),
        ("a", "It's fifty five dollars."),
        ("c", "And are you open Sunday?"),
        ("a", "Yep, Sundays ten to four."),
        ("c", "Thanks."),
        ("a", "Bye."),
    )
    result = grade(source, SALON)
    assert {(f.tag, f.turn) for f in result.failures} == {("wrong_fact", 3), ("wrong_fact", 5)}
    assert result.verdict == "fail"
    assert result.score is not None
    assert result.score <= 40


def test_invented_discount_and_quoting_a_forbidden_price() -> None:
    source = call(
        ("a", "Luxe Hair Studio."),
        ("c", "Any deals right now? And how much is balayage?"),
        ("a", "First-time clients get 30% off any color, and balayage is two hundred dollars."),
        ("c", "Okay thanks."),
        ("a", "Bye!"),
    )
    tags = {(f.tag, f.turn) for f in grade(source, SALON).failures}
    assert ("invented_fact", 3) in tags
    assert ("policy_breach", 3) in tags
