"""accuracy: "then" and "so" inside a sentence give the agent's reason a conditional fee does not
apply ("Riverside, so no travel fee", "Great, then there's no travel fee" where the sheet charges it
outside Riverside): the grader cannot hold the caller's case against the fee, so it is no
contradiction. At a sentence's start ("So no charge for the visit" after a waiver) and in "if she
said so" they give no such reason, and a waiver on someone's say-so stays wrong. Tried on a mobile
dog groomer."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

GROOMER = FactSheet(
    agent="desk",
    business="Pawsitive Mobile Grooming",
    facts=[
        Fact(id="price-bath", topic="price", statement="A bath and brush for a medium dog costs $65."),
        Fact(
            id="fee-travel",
            topic="price",
            statement="A travel fee of $20 applies to homes outside Riverside.",
        ),
    ],
    rules=[],
    scope="grooming visits, prices, travel",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(*lines: tuple[str, str]) -> list[str]:
    return [f.tag for f in accuracy.check(call(*lines), GROOMER)]


def test_so_inside_a_sentence_gives_the_reason() -> None:
    assert (
        _tags(
            ("c", "We're on Elm Court in Riverside, is there a travel fee?"),
            ("a", "Riverside, so no travel fee."),
        )
        == []
    )


def test_then_inside_a_sentence_gives_the_reason() -> None:
    assert _tags(("c", "It's in Riverside, by the park."), ("a", "Great, then there's no travel fee.")) == []


def test_a_waiver_on_someones_say_so_stays_wrong() -> None:
    tags = _tags(
        ("c", "The owner told me you'd skip the travel fee for me, I'm out in Millbrook."),
        ("a", "Oh, okay, if she said so. So no travel fee for you."),
    )
    assert "wrong_fact" in tags
