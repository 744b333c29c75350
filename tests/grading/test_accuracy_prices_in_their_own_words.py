"""accuracy: a bare amount the sentence says in words only a price takes is a price, whatever the
caller asked: after "flat" ("a pergola is a flat two twenty-five"; "a flat four fifty" read also as
$4.50 and as $450), or as a pair no clock reads in the slot of a price ("it's eight ninety-nine for a
kit": no hour has 99 minutes). "Flat" says nothing of which fact a sentence is about. A pair a clock
does read ("I have nine thirty for a consultation") stays a time. Tried on a garden-shed builder."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

SHEDS = FactSheet(
    agent="desk",
    business="Timberline Garden Sheds",
    facts=[
        Fact(id="price-gate", topic="price", statement="A garden gate is $450, fitted."),
        Fact(id="price-stain", topic="price", statement="Shed staining is a flat $6 per square foot."),
        Fact(id="hours", topic="hours", statement="Consultations run Monday to Friday, 8 am to 5 pm."),
    ],
    rules=[],
    scope="garden sheds, gates, staining, consultations",
    handoff="Transfer to the office when asked.",
    forbidden_phrases=[],
)


def _tags(question: str, answer: str) -> list[tuple[str, int]]:
    return [(f.tag, f.turn) for f in accuracy.check(call(("c", question), ("a", answer)), SHEDS)]


def test_a_flat_amount_for_something_not_on_the_sheet_is_invented() -> None:
    said = "We do! A pergola is a flat two twenty-five for a small one."
    assert _tags("Do you build pergolas?", said) == [("invented_fact", 2)]


def test_a_flat_amount_the_sheet_holds_stands() -> None:
    assert _tags("Do you do gates too?", "Yes, a garden gate is a flat four fifty, fitted.") == []


def test_a_pair_no_clock_reads_is_a_price() -> None:
    said = "Sure, it's eight ninety-nine for a pergola kit, delivered."
    assert _tags("Do you sell anything for a pergola?", said) == [("invented_fact", 2)]


def test_a_pair_a_clock_reads_stays_a_time() -> None:
    assert _tags("When can someone come out?", "I have nine thirty for a consultation on Monday.") == []
