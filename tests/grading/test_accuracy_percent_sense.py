"""accuracy: a percentage is held only against the sheet's percentages of the same sense. A discount
("twenty percent off") is no APR, deposit or tax rate: where the sheet's only percentages are of
another sense, a discount is invented, not a wrong rate of them; and a discount on a thing no
discount fact names ("twenty percent off for gift cards") is invented even where the sheet has the
same rate off something else. Tried on a driving school; the hard negatives are the sheet's own
discount at the wrong rate, a wrong deposit rate and the financing rate said right."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

SCHOOL = FactSheet(
    agent="desk",
    business="Lakeside Driving School",
    facts=[
        Fact(id="price-lesson", topic="price", statement="A single 60-minute lesson is $65."),
        Fact(id="price-package", topic="price", statement="A package of 5 lessons is 15% off."),
        Fact(
            id="policy-financing",
            topic="policy",
            statement="Financing is available for the full course, 0% APR for 12 months.",
        ),
        Fact(id="policy-deposit", topic="policy", statement="Road-test bookings need a 50% deposit."),
    ],
    rules=[],
    scope="lessons, packages, road tests",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)

NO_DISCOUNTS = FactSheet(
    agent="desk",
    business="Lakeside Driving School",
    facts=[fact for fact in SCHOOL.facts if fact.id != "price-package"],
    rules=[],
    scope="lessons, road tests",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(said: str, sheet: FactSheet = SCHOOL) -> list[str]:
    lines = call(("c", "Do you have any deals on lessons?"), ("a", said))
    return [f.tag for f in accuracy.check(lines, sheet)]


def test_a_discount_where_the_sheet_has_only_other_percentages_is_invented() -> None:
    assert _tags("The full course is ten percent off right now.", NO_DISCOUNTS) == ["invented_fact"]


def test_a_discount_on_a_thing_no_discount_fact_names_is_invented() -> None:
    assert _tags("Through December it's fifteen percent off for gift cards.") == ["invented_fact"]


def test_the_sheets_discount_on_its_own_thing_stands() -> None:
    assert _tags("It's fifteen percent off the five-lesson package.") == []


def test_the_sheets_discount_at_another_rate_is_wrong() -> None:
    assert _tags("It's twenty percent off the package.") == ["wrong_fact"]


def test_other_senses_are_judged_as_before() -> None:
    assert _tags("Financing is zero percent APR for twelve months.") == []
    assert _tags("Road tests need a fifteen percent deposit.") == ["wrong_fact"]
