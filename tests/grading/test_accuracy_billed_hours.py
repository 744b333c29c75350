"""accuracy: hours a sheet rate is charged by are what a price is worked from. "Add two hours at
seventy-five each" (the sheet's $75 per hour said on the length) and "three hours would be two
hundred and twenty-five dollars" (three hours times the rate) say nothing of the hours a package
holds; the lengths had been held against the package's own hours (a rate per hour had also been
multiplied by the length in minutes). Tried on a recording studio; the hard negatives are a
package's hours said wrong and a rate the sheet does not have."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

STUDIO = FactSheet(
    agent="desk",
    business="Low End Recording Studio",
    facts=[
        Fact(id="price-hourly", topic="price", statement="Studio time is $75 per hour, engineer included."),
        Fact(id="price-day", topic="price", statement="The day package is $260 for 4 hours of studio time."),
        Fact(id="price-mastering", topic="price", statement="Mastering is $45 per track."),
    ],
    rules=[],
    scope="studio time, mixing, mastering",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(said: str) -> list[str]:
    lines = call(
        ("c", "We need a long session with the day package. How does that work?"),
        ("a", said),
    )
    return sorted(f.tag for f in accuracy.check(lines, STUDIO))


def test_hours_said_with_the_sheet_rate() -> None:
    assert _tags("You could add two hours at seventy-five each to the day package.") == []


def test_hours_times_the_rate_per_hour() -> None:
    assert _tags("Without the package, three hours would be two hundred and twenty-five dollars.") == []


def test_a_package_hours_said_wrong_stays_wrong() -> None:
    assert _tags("The day package gives you six hours of studio time.") == ["wrong_fact"]


def test_a_rate_the_sheet_does_not_have() -> None:
    assert _tags("You could add two hours at ninety each to the day package.") != []
