"""accuracy: after a caller asks about a charge, a bare pair in the agent's answer is read as a price
("it's three fifty"); but a pair that is a clock time a tool returned or the caller said ("I found
you Tuesday at ten fifty" after the lookup gave 10:50) is that time, not a price. Tried on a
physiotherapy clinic; the hard negatives are a bare pair answering a price question with no such
time, and a booked time no tool gave."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet, ToolCall
from tests.grading.calls import call

PHYSIO = FactSheet(
    agent="desk",
    business="Northgate Physio",
    facts=[
        Fact(id="price-session", topic="price", statement="A 45-minute physiotherapy session costs $95."),
        Fact(
            id="policy-change",
            topic="policy",
            statement="Appointments need 24 hours' notice to change; a missed appointment costs $50.",
        ),
        Fact(id="hours", topic="hours", statement="Open Monday to Friday 8 am to 6 pm."),
    ],
    rules=[],
    scope="sessions, appointments",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)

LOOKUP = ToolCall(
    name="find_patient",
    arguments={"name": "Ada Moss"},
    result={"patient_id": 81, "next_appointment": {"date": "2026-03-10", "time": "10:50"}},
)


def _tags(*lines: tuple[str, str] | tuple[str, str, list[ToolCall]]) -> list[str]:
    return [f.tag for f in accuracy.check(call(*lines), PHYSIO)]


def test_a_time_the_lookup_returned_is_no_price_after_a_charge_question() -> None:
    tags = _tags(
        ("c", "I need to move my appointment. Is there a charge for that?"),
        ("a", "I found you, Tuesday the tenth at ten fifty.", [LOOKUP]),
    )
    assert tags == []


def test_a_time_the_caller_said_is_no_price_after_a_charge_question() -> None:
    tags = _tags(
        ("c", "Is there a fee if I keep my Tuesday slot at ten fifty?"),
        ("a", "No, you're all set for Tuesday at ten fifty."),
    )
    assert "wrong_fact" not in tags
    assert "invented_fact" not in tags


def test_a_bare_pair_answering_a_price_question_is_still_a_price() -> None:
    tags = _tags(("c", "How much is a session?"), ("a", "It's one twenty-five."))
    assert tags == ["wrong_fact"]
