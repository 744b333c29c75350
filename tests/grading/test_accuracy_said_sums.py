"""accuracy: a total that adds up amounts said in the call is arithmetic, no claim of its own. "The
mat is eighteen seventy-five and glass is thirty-two, so a hundred thirty-five twenty-five all in"
adds the frame said earlier, an amount said bare ("thirty-two" where museum glass is $32) and one
said in two groups; "a total of three hundred dollars and seventy-five cents" later in the call
adds "the large frame at two fifty" (read as a clock time where it was said), the mat and the
glass. Tried on a picture framer; the hard negative is a total that is no such sum."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

FRAMER = FactSheet(
    agent="desk",
    business="Gilt Edge Framing",
    facts=[
        Fact(id="price-frame", topic="price", statement="Custom framing for an 11x14 print is $84.50."),
        Fact(id="price-large", topic="price", statement="Custom framing for a 24x36 poster is $250.00."),
        Fact(
            id="price-extras",
            topic="price",
            statement="Museum glass adds $32.00 and a single mat adds $18.75.",
        ),
    ],
    rules=[],
    scope="custom framing, glass, mats",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(*lines: tuple[str, str]) -> list[tuple[str, int]]:
    return [(f.tag, f.turn) for f in accuracy.check(call(*lines), FRAMER)]


def _small(total: str) -> list[tuple[str, int]]:
    return _tags(
        ("c", "What's framing an eleven by fourteen?"),
        ("a", "That's eighty-four fifty."),
        ("c", "With museum glass and a mat?"),
        ("a", f"Glass is thirty-two and the mat is eighteen seventy-five, so {total} all in."),
    )


def test_a_total_of_amounts_said_in_the_call_is_arithmetic() -> None:
    assert _small("a hundred thirty-five twenty-five") == []


def test_a_total_that_is_no_such_sum_is_wrong() -> None:
    assert _small("a hundred forty-two fifty") == [("wrong_fact", 4)]


def test_a_later_total_adds_an_amount_said_as_a_clock_time() -> None:
    found = _tags(
        ("c", "Can you do my big concert poster?"),
        ("a", "Sure, I can do the large frame at two fifty."),
        ("c", "Add a mat?"),
        ("a", "A mat is eighteen seventy-five, and museum glass is thirty-two."),
        ("c", "Okay, what's the damage?"),
        ("a", "So that's a total of three hundred dollars and seventy-five cents."),
    )
    assert found == []
