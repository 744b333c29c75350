"""accuracy, three readings a sheet's wording allows: a count within a bound the sheet sets ("a
minimum of 12 riders") contradicts nothing, while one outside it still does; someone of an age the
sheet's "under 4 ride free" covers ("your two and a half year old is free") is free by the sheet,
while an older child is not; and "a year" after "three times in" is the frame of a rate, no length of
time to hold against the sheet's durations. Tried on a miniature railway."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

RAILWAY = FactSheet(
    agent="desk",
    business="Thornbury Miniature Railway",
    facts=[
        Fact(id="fare", topic="price", statement="A return ride costs $6; children under 4 ride free."),
        Fact(
            id="groups",
            topic="price",
            statement="Group rides need a minimum of 12 riders and cost $4 per rider.",
        ),
        Fact(id="pass", topic="price", statement="A season pass costs $40 and lasts 6 months."),
        Fact(id="booking", topic="policy", statement="Group rides must be booked 2 weeks ahead."),
    ],
    rules=[],
    scope="rides, group rides, season passes",
    handoff="Transfer to the station master when asked.",
    forbidden_phrases=[],
)


def _tags(question: str, answer: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", question), ("a", answer)), RAILWAY)]


def test_a_count_within_the_sheets_bound_stands() -> None:
    said = "You're down for a group ride on Saturday for twenty riders."
    assert _tags("Can we book a group ride for twenty riders?", said) == []


def test_a_count_outside_it_is_wrong() -> None:
    said = "Group rides need at least eight riders."
    assert _tags("How many do we need for a group ride?", said) == ["wrong_fact"]


def test_a_child_the_age_limit_covers_rides_free() -> None:
    said = "Then your two and a half year old is free."
    assert _tags("My daughter is two and a half, does she pay?", said) == []


def test_an_older_child_is_not_free_by_it() -> None:
    said = "Then your six year old is free."
    assert _tags("My son is six, does he pay?", said) != []


def test_a_year_after_times_in_is_no_length_of_time() -> None:
    said = "If you'd ride seven times in a year it pays for itself."
    assert _tags("Is the season pass worth it?", said) == []
