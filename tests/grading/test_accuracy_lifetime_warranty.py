"""accuracy: a warranty said to last for life is held against the sheet's warranties: on a thing
the sheet warrants for a set time (or not at all) it is a wrong fact, on a thing no warranty of
the sheet is about it is invented, and a sheet that gives a lifetime warranty supports it. A
later "under the lifetime warranty we'd fix it" is the same wrong claim again, read with the turn
that first said what it was on. They were read as no claim. Tried on a roofer."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call


def _roofer(warranty: str) -> FactSheet:
    return FactSheet(
        agent="desk",
        business="Summit Ridge Roofing",
        facts=[
            Fact(id="price-inspection", topic="price", statement="A roof inspection costs $150."),
            Fact(id="policy-warranty", topic="policy", statement=warranty),
        ],
        rules=[],
        scope="roof repairs, replacements, inspections, gutters",
        handoff="Transfer to the office when asked.",
        forbidden_phrases=[],
    )


TWO_YEARS = _roofer("Roof repairs carry a 2-year workmanship warranty.")


def _tags(sheet: FactSheet, *lines: tuple[str, str]) -> list[tuple[str, int]]:
    return [(failure.tag, failure.turn) for failure in accuracy.check(call(*lines), sheet)]


def test_lifetime_on_what_the_sheet_warrants_for_two_years_is_wrong() -> None:
    found = _tags(
        TWO_YEARS,
        ("c", "Is the repair guaranteed?"),
        ("a", "Every roof repair comes with a lifetime warranty."),
    )
    assert found == [("wrong_fact", 2)]


def test_lifetime_on_what_no_warranty_covers_is_invented() -> None:
    found = _tags(
        TWO_YEARS, ("c", "And the gutters?"), ("a", "Oh, our gutter installs have a lifetime guarantee.")
    )
    assert found == [("invented_fact", 2)]


def test_a_sheet_with_a_lifetime_warranty_supports_it() -> None:
    sheet = _roofer("Roof replacements carry a lifetime workmanship warranty.")
    found = _tags(
        sheet, ("c", "Is a new roof guaranteed?"), ("a", "A new roof comes with a lifetime warranty.")
    )
    assert found == []


def test_the_warranty_said_again_is_wrong_again() -> None:
    found = _tags(
        TWO_YEARS,
        ("c", "Is the repair guaranteed?"),
        ("a", "Every roof repair comes with a lifetime warranty."),
        ("c", "So if it leaks in ten years?"),
        ("a", "Yes, under the lifetime warranty we'd fix it."),
    )
    assert found == [("wrong_fact", 2), ("wrong_fact", 4)]
