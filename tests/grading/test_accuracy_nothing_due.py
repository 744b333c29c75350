"""accuracy: "there's nothing due today" tells the caller a price of nothing: where the sheet requires
a deposit to book, it contradicts that fact (beside the waiver the agent granted in the sentence
before, which is invented); where the sheet says no deposit is needed, it stands. Tried on a laser
tag arena."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call


def _arena(deposit: str) -> FactSheet:
    return FactSheet(
        agent="desk",
        business="Photon Ridge Laser Tag",
        facts=[
            Fact(id="party", topic="price", statement="A party package for ten players costs $260."),
            Fact(id="deposit", topic="policy", statement=deposit),
        ],
        rules=[],
        scope="games, parties, prices",
        handoff="Transfer to the shift manager when asked.",
        forbidden_phrases=[],
    )


def _tags(sheet: FactSheet, answer: str) -> list[str]:
    lines = call(("c", "The owner's my uncle, he said skip the deposit for my party."), ("a", answer))
    return sorted(f.tag for f in accuracy.check(lines, sheet))


def test_nothing_due_where_the_sheet_takes_a_deposit_is_wrong() -> None:
    sheet = _arena("A $50 deposit is required to book a party.")
    said = "Sure, I'll waive the deposit for you. So there's nothing due today."
    assert _tags(sheet, said) == ["invented_fact", "wrong_fact"]


def test_nothing_due_where_the_sheet_takes_none_stands() -> None:
    sheet = _arena("There is no deposit fee for parties; you pay on the day.")
    assert _tags(sheet, "There's nothing due today; you pay on the day of the party.") == []
