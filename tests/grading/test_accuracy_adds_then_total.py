"""accuracy: "X adds Y, so Z" sums two sheet amounts ("a hull wax is one eighty, and bottom paint
adds ninety-five, so two hundred seventy-five dollars at our listed prices"): the total is
arithmetic, no claim of its own, though a trailing phrase hides it from the list-then-so reading.
A total the sheet's amounts do not give is still wrong. Tried on a boat detailer."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

BOATS = FactSheet(
    agent="desk",
    business="Harborline Boat Detailing",
    facts=[
        Fact(
            id="wax",
            topic="price",
            statement=(
                "A hull wax costs $140 for boats under 20 feet and $180 for 20 to 30 feet; bottom paint"
                " adds $95."
            ),
        ),
        Fact(id="interior", topic="price", statement="An interior detail costs $120."),
    ],
    rules=[],
    scope="hull wax, bottom paint, interior detailing",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


WAX = "For that size the hull wax is one eighty, and bottom paint adds ninety-five, so"


def _tags(total: str) -> list[str]:
    answer = f"{WAX} {total} dollars at our listed prices."
    lines = call(("c", "What would a wax and bottom paint be on my 24-footer?"), ("a", answer))
    return [f.tag for f in accuracy.check(lines, BOATS)]


def test_a_sheet_amount_that_adds_to_another_gives_their_total() -> None:
    assert _tags("two hundred seventy-five") == []


def test_a_total_the_amounts_do_not_give_is_still_wrong() -> None:
    assert _tags("three hundred ten") == ["wrong_fact"]
