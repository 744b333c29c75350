"""accuracy: a sentence about open days that names nothing ("We're closed Sundays.") is held
against the sheet's hours facts, and where those disagree about a day (the shop closed on Sunday,
the nursery yard open) it is true of one of them, so no contradiction; the words of a span of days
("Monday through Saturday", "at nine") name no fact ("booked through the front desk"). Tried on a
garden centre; the hard negative is a day every hours fact opens, said to be closed."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

GARDEN = FactSheet(
    agent="desk",
    business="Fernbrook Garden Centre",
    facts=[
        Fact(
            id="hours-shop", topic="hours", statement="Shop: Monday to Saturday 9 am to 6 pm, closed Sunday."
        ),
        Fact(
            id="hours-yard",
            topic="hours",
            statement="The nursery yard is open Monday to Sunday 8 am to 5 pm.",
        ),
        Fact(
            id="workshops",
            topic="availability",
            statement="Workshops run Tuesdays and Thursdays at 10 am, booked through the front desk.",
        ),
    ],
    rules=[],
    scope="plants, workshops, hours",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(said: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", "When are you open?"), ("a", said)), GARDEN)]


def test_a_day_one_hours_fact_closes_is_no_contradiction_when_the_sentence_names_neither() -> None:
    assert _tags("We're closed Sundays.") == []


def test_the_words_of_a_span_of_days_name_no_fact() -> None:
    assert _tags("We open at nine a.m., Monday through Saturday.") == []


def test_a_day_every_hours_fact_opens_said_closed_is_wrong() -> None:
    assert _tags("We're closed Mondays.") == ["wrong_fact"]
