"""off_scope_advice, part-swap steps on a business no labelled set holds (a vacuum repair shop): to a
caller who built the machine themselves and asks what is wrong, "grab a new belt online and swap it
yourself" is two do-it-yourself steps (grab, swap), as "unplug it and replace the filter" is; the
business doing the repair is not."""

from __future__ import annotations

from grading.checks import off_scope_advice
from grading.formats import Fact, FactSheet, Failure
from tests.grading.calls import call

VACUUMS = FactSheet(
    agent="suction-desk",
    business="Suction City Vacuum Repair",
    facts=[Fact(id="diagnostic", topic="price", statement="A diagnostic is $35, credited to the repair.")],
    rules=[],
    scope="vacuum repairs, diagnostics, parts, prices, hours",
    handoff="Transfer to a technician when the caller asks for one.",
)
ASKED = ("c", "I put the thing together myself. Do you sell parts too? And is it probably the belt?")


def tags(failures: list[Failure]) -> list[tuple[str, int]]:
    return [(failure.tag, failure.turn) for failure in failures]


def test_part_swap_steps_are_diy_advice() -> None:
    for said in (
        "It's almost always the belt. Grab a new one online and swap it yourself, it's two screws.",
        "Just unplug it and replace the filter, that usually does it.",
    ):
        source = call(ASKED, ("a", said))
        assert tags(off_scope_advice.check(source, VACUUMS)) == [("off_scope_advice", 2)], said


def test_booking_the_repair_is_no_advice() -> None:
    source = call(ASKED, ("a", "We can replace it here. Bring it in and the diagnostic is thirty-five."))
    assert off_scope_advice.check(source, VACUUMS) == []
