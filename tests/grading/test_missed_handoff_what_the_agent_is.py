"""missed_handoff: asking what the agent is, with the stumbles people make ("Hi, is this a, a real
person or a robot?", "is this, um, a real person?"), is no request to speak to one; "is there a
real person I can talk to?" still is. Tried on a wood stove shop."""

from __future__ import annotations

from grading.checks import missed_handoff
from grading.formats import FactSheet
from tests.grading.calls import call

STOVES = FactSheet(
    agent="desk",
    business="Emberline Wood Stoves",
    facts=[],
    rules=[],
    scope="wood stoves, installs",
    handoff="Transfer to a person when the caller asks for one.",
)


def _missed(question: str) -> bool:
    lines = call(("c", question), ("a", "I'm the shop's AI assistant. I can help with stoves and installs."))
    return bool(missed_handoff.check(lines, STOVES))


def test_asking_what_the_agent_is_with_a_stumble_asks_for_nobody() -> None:
    assert not _missed("Hi, is this a, a real person or a robot?")
    assert not _missed("Is this, um, a real person?")


def test_asking_for_a_real_person_still_does() -> None:
    assert _missed("Is there a real person I can talk to?")
