"""accuracy: "for most mirrorless cameras, your Sony included, a sensor cleaning is sixty-five
dollars" counts the caller's own thing among those the statement covers; the "included" set off by
commas is no claim that something comes at no charge. It had been an invented free claim on a clean
call. Tried on a camera repair shop; the hard negatives are something said to be included in a price
where the sheet charges for it, in an aside of the same shape and at the end of a sentence."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

CAMERAS = FactSheet(
    agent="desk",
    business="Aperture Camera Repair",
    facts=[
        Fact(
            id="price-sensor",
            topic="price",
            statement="A sensor cleaning is $65 for any interchangeable-lens camera.",
        ),
        Fact(id="price-lens-check", topic="price", statement="A lens calibration check is $20 extra."),
    ],
    rules=[],
    scope="camera repair, sensor cleaning, lens calibration",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(said: str) -> list[str]:
    lines = call(("c", "How much to clean the sensor on my Sony a7?"), ("a", said))
    return sorted(f.tag for f in accuracy.check(lines, CAMERAS))


def test_the_callers_thing_counted_in_an_aside() -> None:
    assert (
        _tags("For most mirrorless cameras, your Sony included, a sensor cleaning is sixty-five dollars.")
        == []
    )


def test_a_charged_thing_said_included_stays_judged() -> None:
    assert _tags("A sensor cleaning is sixty-five dollars, with your lens check included.") != []
    assert _tags("That's sixty-five dollars, the lens calibration check included.") != []
