"""accuracy: in "the assessment is free and takes about an hour" the words after "free and" are a
second predicate of the thing said before, not what is free: the free thing is the assessment, which
the sheet makes free. Tried on a tutoring centre; the hard negatives are a priced thing said to be
free the same way, and a thing said after "free" that the sheet prices."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

TUTOR = FactSheet(
    agent="desk",
    business="Brightpath Tutoring",
    facts=[
        Fact(
            id="price-assessment",
            topic="price",
            statement="The first assessment, including a written report, is free.",
        ),
        Fact(id="price-session", topic="price", statement="A one-hour tutoring session costs $60."),
        Fact(id="price-workbook", topic="price", statement="The workbook costs $15."),
    ],
    rules=[],
    scope="assessments, sessions",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(question: str, said: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", question), ("a", said)), TUTOR)]


def test_free_and_a_second_predicate_is_about_the_thing_before() -> None:
    assert _tags("How does the assessment work?", "The assessment is free and takes about an hour.") == []


def test_a_priced_thing_said_free_and_more_is_wrong() -> None:
    said = "The workbook is free and comes with every session."
    assert _tags("Do I need to buy the workbook?", said) == ["wrong_fact"]


def test_a_free_thing_named_after_free_that_the_sheet_prices_is_wrong() -> None:
    assert _tags("What do I get?", "You get a free workbook with the assessment.") == ["wrong_fact"]
