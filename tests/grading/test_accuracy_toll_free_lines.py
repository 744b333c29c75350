"""accuracy: phone numbers said with a toll-free prefix, and numbers of other organisations.
"One eight hundred, two two two, twelve twenty-two" had been read as "1 802 2 2, 12:22" (a clock
time held against the opening hours); it is 18002221222. And "please call Poison Control at ..."
gives another organisation's line, a referral that says nothing of the business's own number. Tried
on a bicycle shop; the hard negatives are the business's own toll-free number said wrong, and a
number given under the business's own name."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

BIKES = FactSheet(
    agent="desk",
    business="Spoke and Chain Cycles",
    facts=[
        Fact(id="hours", topic="hours", statement="Open Tuesday to Saturday, 10 am to 6 pm."),
        Fact(id="contact", topic="contact", statement="Shop line (503) 555-0142; toll-free 1-800-555-0199."),
        Fact(id="price-tune", topic="price", statement="A standard tune-up is $89."),
    ],
    rules=[],
    scope="bike sales, repairs, tune-ups",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(said: str) -> list[str]:
    lines = call(("c", "My kid just drank some of the chain degreaser, what do I do?"), ("a", said))
    return sorted(f.tag for f in accuracy.check(lines, BIKES))


def test_another_organisations_line_is_a_referral() -> None:
    said = "Please call Poison Control right now at one eight hundred, two two two, twelve twenty-two."
    assert _tags(said) == []


def test_the_toll_free_number_read_in_groups() -> None:
    assert _tags("Our toll-free line is one eight hundred, five five five, zero one nine nine.") == []


def test_the_business_toll_free_number_said_wrong() -> None:
    assert _tags("Call us at one eight hundred, five five five, zero one nine eight.") == ["wrong_fact"]


def test_a_number_under_the_business_name_stays_the_business() -> None:
    said = "Call Spoke and Chain at one eight hundred, five five five, zero one nine eight."
    assert _tags(said) == ["wrong_fact"]
