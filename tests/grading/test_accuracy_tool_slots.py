"""accuracy: slots a tool returned back the agent's times, every one of them: a list of ISO slots is
read item by item, so "17:30" next to the following "2026-03-05" is not swallowed into one long
phone number and lost as a time. Tried on a tattoo studio whose Saturday hours end at noon; the hard
negative is a time no tool returned, still held against the hours."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet, ToolCall
from tests.grading.calls import call

STUDIO = FactSheet(
    agent="desk",
    business="Inkwell Tattoo Studio",
    facts=[
        Fact(id="hours-week", topic="hours", statement="Monday to Thursday, 11:00 am to 7:30 pm."),
        Fact(
            id="hours-sat",
            topic="hours",
            statement="Saturday, 10:00 am to 12:00 pm. Closed on Sundays and holidays.",
        ),
        Fact(id="price-consult", topic="price", statement="A design consultation costs $40."),
    ],
    rules=[],
    scope="consultations, bookings, prices",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)
SLOTS = ToolCall(
    name="check_availability",
    arguments={"service": "consult", "after": "17:00"},
    result={"slots": ["2026-03-04T17:30", "2026-03-05T18:15"]},
)


def test_every_slot_a_tool_returned_backs_the_time_said() -> None:
    offered = call(
        ("c", "Can I come in Wednesday or Thursday after work, I'm off at five on Saturday?"),
        ("a", "Let me look... I've got Wednesday at five thirty or Thursday at quarter past six.", [SLOTS]),
    )
    assert accuracy.check(offered, STUDIO) == []


def test_a_time_no_tool_returned_is_still_judged() -> None:
    made_up = call(
        ("c", "Can I come in Wednesday or Thursday after work?"),
        ("a", "I've got Wednesday at eight thirty.", [SLOTS]),
    )
    assert [f.tag for f in accuracy.check(made_up, STUDIO)] == ["wrong_fact"]
