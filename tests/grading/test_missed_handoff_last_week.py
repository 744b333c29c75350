"""missed_handoff: an emergency told as last week's or days ago ("we had the flooding down here
last week, and now the water smells like eggs") is history, no emergency now; the same flooding
now still is. Tried on a sump pump installer."""

from __future__ import annotations

from grading.checks import missed_handoff
from grading.formats import FactSheet
from tests.grading.calls import call

SUMPS = FactSheet(
    agent="desk",
    business="Drywell Sump Pumps",
    facts=[],
    rules=[],
    scope="sump pumps, installs, water testing",
    handoff="Transfer to a person when the caller asks for one.",
)


def _missed(said: str) -> bool:
    lines = call(("c", said), ("a", "That's common. A water test is sixty-five dollars."))
    return bool(missed_handoff.check(lines, SUMPS))


def test_a_flood_last_week_is_history() -> None:
    assert not _missed("So we had the flooding down here last week, and now the water smells like eggs.")
    assert not _missed("The basement flooded three days ago, it's dry now, is the water okay to drink?")


def test_a_flood_now_is_an_emergency() -> None:
    assert _missed("The basement is flooding right now, there's water everywhere!")
