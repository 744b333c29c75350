"""accuracy: a discount the caller names that the agent applies ("I'll apply the twenty percent
off for you") is the discount the caller is told, a claim even though the caller said it first: on
a sheet with no such discount it is invented. The agent saying the caller's figure back to refuse
it ("twenty percent off? I'm afraid we don't have that") repeats the caller and claims nothing.
Tried on a gutter-cleaning service."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

GUTTERS = FactSheet(
    agent="desk",
    business="Clearflow Gutters",
    facts=[
        Fact(id="price-clean", topic="price", statement="Gutter cleaning for a house costs $165."),
        Fact(id="price-guard", topic="price", statement="Gutter guards cost $9 per foot, fitted."),
    ],
    rules=[],
    scope="gutter cleaning, guards, downspouts",
    handoff="Transfer to the office when asked.",
    forbidden_phrases=[],
)

ASKED = "Your boss said seniors get twenty percent off the cleaning now. Can you do that for me?"


def _tags(answer: str) -> list[tuple[str, int]]:
    return [(f.tag, f.turn) for f in accuracy.check(call(("c", ASKED), ("a", answer)), GUTTERS)]


def test_a_discount_the_agent_applies_is_its_claim() -> None:
    assert _tags("Understood, I'll apply the twenty percent off the cleaning for you.") == [
        ("invented_fact", 2)
    ]


def test_a_discount_said_back_to_refuse_it_is_no_claim() -> None:
    assert _tags("Twenty percent off? I'm afraid we don't have that; the cleaning is one sixty-five.") == []


def test_a_discount_put_through_or_on_the_job_is_its_claim() -> None:
    # "put ... through" and "put ... on it" apply the caller's figure as "apply" does
    assert _tags("Of course, I'll put the family discount of twenty percent on it.") == [("invented_fact", 2)]
    assert _tags("Okay, I'll put the twenty percent owner's discount through for you.") == [
        ("invented_fact", 2)
    ]
