"""accuracy: a bare credential ("we're fully licensed and insured", "we're fully bonded") is a
claim about the business: invented where the sheet never speaks of that credential, supported
where it does. It was left alone unless it named a body or a place. Tried on a moving company."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call


def _movers(*extra: Fact) -> FactSheet:
    return FactSheet(
        agent="desk",
        business="Two Rivers Moving",
        facts=[
            Fact(id="price-crew", topic="price", statement="A two-person crew costs $129 an hour."),
            *extra,
        ],
        rules=[],
        scope="local moves, packing, storage",
        handoff="Transfer to the office when asked.",
        forbidden_phrases=[],
    )


def _tags(answer: str, sheet: FactSheet) -> list[tuple[str, int]]:
    found = accuracy.check(
        call(("c", "Are you guys, like, legit? Insured and all that?"), ("a", answer)), sheet
    )
    return [(failure.tag, failure.turn) for failure in found]


def test_a_credential_the_sheet_never_speaks_of_is_invented() -> None:
    assert _tags("Yes, we're fully licensed, so you're in good hands.", _movers()) == [("invented_fact", 2)]


def test_a_credential_the_sheet_gives_is_supported() -> None:
    insured = Fact(id="insurance", topic="policy", statement="We are licensed and insured for local moves.")
    assert _tags("Yes, we're fully licensed, so you're in good hands.", _movers(insured)) == []


def test_a_credential_denied_is_no_claim() -> None:
    assert _tags("We're not bonded, no, but I can tell you about the crew.", _movers()) == []
