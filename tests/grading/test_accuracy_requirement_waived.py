"""accuracy: a requirement of the sheet said not to apply ("you won't need any ID" where every
renter must show photo ID; "glass bottles are fine" where there are no glass bottles on the water)
contradicts the fact: wrong_fact at its topic's severity. A thing the sheet itself excuses ("no
reservation needed for single kayaks"), forbids in the agent's own words ("no glass bottles are
allowed") or never speaks of ("snacks are fine") stands. Tried on a kayak rental."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

KAYAKS = FactSheet(
    agent="desk",
    business="Stillwater Kayak Rentals",
    facts=[
        Fact(id="id", topic="policy", statement="Every renter must show photo ID at the dock."),
        Fact(id="glass", topic="policy", statement="No glass bottles on the water; cans are fine."),
        Fact(id="walkin", topic="availability", statement="No reservation is needed for single kayaks."),
        Fact(id="price", topic="price", statement="A single kayak is $25 an hour."),
    ],
    rules=[],
    scope="kayak rentals",
    handoff="Transfer to a person when asked.",
)


def _tags(answer: str) -> list[str]:
    lines = call(("c", "Anything I should know before I come down?"), ("a", answer))
    return [f.tag for f in accuracy.check(lines, KAYAKS)]


def test_a_requirement_said_not_to_apply_is_wrong() -> None:
    assert _tags("Nope, you won't need any ID or anything, just show up.") == ["wrong_fact"]
    assert _tags("Sure, glass bottles are fine on the water.") == ["wrong_fact"]


def test_what_the_sheet_excuses_forbids_or_never_names_stands() -> None:
    assert _tags("No reservation needed for a single kayak.") == []
    assert _tags("Sorry, no glass bottles are allowed.") == []
    assert _tags("Snacks are fine, just take your trash back.") == []
