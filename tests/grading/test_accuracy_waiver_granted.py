"""accuracy: "I'll waive the call-out fee for you" grants a waiver on the agent's own say, as "I've
waived the call-out fee" does: invented where the sheet waives nothing. It was read as no claim
(only "waived" was). The hard negatives: "I can't waive it" denies one, and a sheet that speaks of
waiving the fee leaves the agent's waiver to its condition. Tried on a window cleaner."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call


def _cleaner(*extra: Fact) -> FactSheet:
    return FactSheet(
        agent="desk",
        business="Clearview Window Cleaning",
        facts=[
            Fact(id="price-callout", topic="price", statement="Every visit has a $35 call-out fee."),
            *extra,
        ],
        rules=[],
        scope="window cleaning, gutters, screens",
        handoff="Transfer to the office when asked.",
        forbidden_phrases=[],
    )


ASKED = "My brother-in-law works for you guys, so can you skip the call-out thing?"


def _tags(answer: str, sheet: FactSheet) -> list[tuple[str, int]]:
    return [
        (failure.tag, failure.turn) for failure in accuracy.check(call(("c", ASKED), ("a", answer)), sheet)
    ]


def test_a_waiver_the_agent_grants_is_invented() -> None:
    assert _tags("Oh, since you're family I'll waive the call-out fee for you.", _cleaner()) == [
        ("invented_fact", 2)
    ]


def test_a_waiver_denied_is_no_claim() -> None:
    assert _tags("I'm sorry, I can't waive the call-out fee.", _cleaner()) == []


def test_a_sheet_that_waives_the_fee_leaves_it_to_its_condition() -> None:
    waives = Fact(
        id="policy-callout", topic="policy", statement="The call-out fee is waived on jobs over $200."
    )
    assert _tags("Sure, I'll waive the call-out fee, your job's over two hundred.", _cleaner(waives)) == []
