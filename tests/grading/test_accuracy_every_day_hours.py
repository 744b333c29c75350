"""accuracy: a sheet's "Open every day 10 am to 6 pm" opens every day of the week. It had been read
as naming no day, so a seasonal late opening in another fact ("until 9 pm on Saturdays in December")
became the only open day the sheet had, and "we're open Tuesday" or "we're open Sunday too" was a
critical wrong_fact. Tried on a planetarium; the hard negatives are a sheet that names its days (a
day outside them stays wrong) and "7 days a week" said of a hotline, which opens no office day."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call


def _sheet(*facts: Fact) -> FactSheet:
    return FactSheet(
        agent="desk",
        business="Northstar Planetarium",
        facts=[
            *facts,
            Fact(id="price-show", topic="price", statement="A dome show ticket is $16."),
            Fact(
                id="hours-late",
                topic="hours",
                statement="In December the planetarium stays open until 9 pm on Saturdays.",
            ),
        ],
        rules=[],
        scope="dome shows, tickets, hours",
        handoff="Transfer to a person when asked.",
        forbidden_phrases=[],
    )


EVERY_DAY = _sheet(Fact(id="hours", topic="hours", statement="Open every day 10 am to 6 pm."))


def _tags(said: str, sheet: FactSheet = EVERY_DAY) -> list[str]:
    lines = call(("c", "Are you open on Tuesday?"), ("a", said))
    return sorted(f.tag for f in accuracy.check(lines, sheet))


def test_a_weekday_of_a_sheet_open_every_day() -> None:
    assert _tags("Yes, we're open Tuesday, ten to six.") == []
    assert _tags("We're open Sunday too, ten to six.") == []


def test_a_day_outside_the_named_days_stays_wrong() -> None:
    named = _sheet(Fact(id="hours", topic="hours", statement="Open Wednesday to Sunday 10 am to 6 pm."))
    assert _tags("Yes, we're open Tuesday, ten to six.", named) == ["wrong_fact"]


def test_a_hotline_seven_days_a_week_opens_no_office_day() -> None:
    office = _sheet(
        Fact(
            id="hours", topic="hours", statement="The box office is open Wednesday to Sunday; closed Tuesday."
        ),
        Fact(
            id="hotline",
            topic="availability",
            statement="The events hotline answers 24 hours a day, 7 days a week.",
        ),
    )
    assert _tags("Yes, the box office is open Tuesday.", office) == ["wrong_fact"]
