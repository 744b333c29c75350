"""accuracy: right after the agent sends the caller to another kind of store ("drop them at any
bike repair shop"), "Most of them take it for free" speaks of those places, not of the business,
so no free thing of the business is claimed. Tried on a print shop; the hard negatives are the
same sentence with no store named before it, and the business's own "we take it for free"."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

PRINTS = FactSheet(
    agent="desk",
    business="Copperleaf Print",
    facts=[
        Fact(id="price-poster", topic="price", statement="A poster print is $18.00."),
        Fact(id="service-not", topic="service", statement="We do not recycle old ink cartridges."),
    ],
    rules=[],
    scope="prints",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)

ASKED = "What do I do with my old ink cartridges?"


def _tags(said: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", ASKED), ("a", said)), PRINTS)]


def test_free_at_the_stores_named_before_is_theirs() -> None:
    said = "You can drop them at any office supply store. Most of them take it for free."
    assert _tags(said) == []


def test_free_with_no_store_named_is_still_claimed() -> None:
    assert _tags("You can drop them off. Most of them take it for free.") == ["invented_fact"]


def test_our_own_free_take_back_is_still_claimed() -> None:
    said = "You can drop them at any office supply store. We take it for free too."
    assert _tags(said) != []
