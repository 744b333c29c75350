"""accuracy: "your first class is free since you're new" says the first class is free; the reason
after "free" names no free thing. The words after "free" had been taken for the free thing ("since"),
so the sheet's own free first class could not back it and the claim was invented. Tried on a pottery
studio; the hard negatives are the same sentence against a sheet with no free class (where the class
is priced), and a free thing the sheet does not have given with a reason."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call


def _sheet(*facts: Fact) -> FactSheet:
    return FactSheet(
        agent="desk",
        business="Kiln and Wheel Pottery",
        facts=[
            Fact(id="price-class", topic="price", statement="A wheel-throwing class is $38."),
            Fact(id="price-firing", topic="price", statement="Firing a finished piece is $6."),
            *facts,
        ],
        rules=[],
        scope="pottery classes, firing, studio time",
        handoff="Transfer to a person when asked.",
        forbidden_phrases=[],
    )


TRIAL = _sheet(Fact(id="trial", topic="price", statement="New students get their first wheel class free."))


def _tags(said: str, sheet: FactSheet = TRIAL) -> list[str]:
    lines = call(("c", "I've never done pottery. What does a class cost?"), ("a", said))
    return sorted(f.tag for f in accuracy.check(lines, sheet))


def test_free_with_a_reason_is_the_sheets_free_first_class() -> None:
    assert _tags("Your first wheel class is free since you're new.") == []
    assert _tags("Your first class is free because you're new here.") == []


def test_the_same_free_class_against_a_sheet_without_one() -> None:
    assert _tags("Your first wheel class is free since you're new.", _sheet()) != []


def test_a_free_thing_the_sheet_lacks_given_with_a_reason() -> None:
    assert _tags("The glaze workshop is free since you're new.") == ["invented_fact"]
