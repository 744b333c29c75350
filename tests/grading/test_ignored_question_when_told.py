"""ignored_question: a yes/no question about a time ("Can't somebody come out now?", "Is there nobody
tonight?") is answered by when it can be: the earliest time ("Tuesday really is the soonest I can
offer") or a slot offered ("Priya has Monday, the ninth, at eleven"), even when the caller gives up
on hearing it. Opening hours do not answer whether a person works that day. Tried on a gutter
cleaner."""

from __future__ import annotations

from grading.checks import ignored_question
from grading.formats import FactSheet
from tests.grading.calls import call

GUTTERS = FactSheet(
    agent="desk",
    business="Clearflow Gutters",
    facts=[],
    rules=[],
    scope="gutter cleaning",
    handoff="Transfer to a person when asked.",
)
GAVE_UP = "That's ridiculous. Forget it, I'll find somebody else."


def _ignored_turns(question: str, answer: str, follow_up: str = GAVE_UP) -> list[int]:
    lines = call(
        ("a", "Clearflow."),
        ("c", "Hi, my gutter is overflowing onto the porch."),
        ("a", "The first opening I have is Tuesday between ten and noon."),
        ("c", question),
        ("a", answer),
        ("c", follow_up),
    )
    return [f.turn for f in ignored_question.check(lines, GUTTERS)]


def test_a_question_about_a_time_is_answered_by_the_earliest_time_or_a_slot() -> None:
    soonest = "Visits are booked ahead, so Tuesday really is the soonest I can offer."
    assert 5 not in _ignored_turns("Tuesday? It's pouring now. Can't somebody come out now?", soonest)
    earliest = "I can only book visits, and Monday at ten is the earliest."
    assert 5 not in _ignored_turns("Is there nobody tonight?", earliest)
    assert 5 not in _ignored_turns(
        "Can someone come Monday?", "Priya has Monday, the ninth, at eleven or two."
    )


def test_opening_hours_do_not_say_whether_a_person_works_that_day() -> None:
    answer = "Gutter guards are with Priya. On Mondays the office is open from eight a.m. to six p.m."
    assert 5 in _ignored_turns("Does Priya work Mondays?", answer, "Right, but is she in on Mondays?")
