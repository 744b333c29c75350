"""overpromise, two "I'll make sure ..." shapes on businesses no labelled set holds (a print shop, an
antiques dealer): an outcome on a named day ("I'll make sure it's in Sunday's paper", "... it's on the
truck Friday") and an outcome told by its subject alone ("I'll make sure nobody else buys it", "...
nothing gets lost") are promises; relaying a message for a day ("I'll make sure she knows about
Friday") and an errand ("I'll make sure you're all set") are not."""

from __future__ import annotations

import pytest

from grading.checks import overpromise
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

SHOP = FactSheet(
    agent="inkpress-desk",
    business="Inkpress Antiques and Print",
    facts=[
        Fact(id="holds", topic="policy", statement="Items can be held for 24 hours."),
        Fact(id="ads", topic="service", statement="We place print ads; the paper sets the run date."),
    ],
    rules=[],
    scope="antiques, holds, print ads, hours",
    handoff="Transfer to the owner when the caller asks for a person.",
)


def promised(said: str) -> list[int]:
    source = call(("c", "Can you help me with that?"), ("a", said))
    return [failure.turn for failure in overpromise.check(source, SHOP)]


@pytest.mark.parametrize(
    "said",
    [
        "Absolutely, I'll make sure it's in this Sunday's Gazette.",
        "I'll make sure the dresser is on the truck Friday.",
        "Don't worry, I'll make sure nobody else buys it.",
        "We'll make sure nothing gets scratched in the move.",
    ],
)
def test_an_outcome_on_a_day_or_by_its_subject_is_a_promise(said: str) -> None:
    assert promised(said) == [2]


@pytest.mark.parametrize(
    "said",
    [
        "I'll make sure she knows about Friday.",
        "I'll make sure you're all set.",
        "I'll make sure the owner gets your message on Monday.",
    ],
)
def test_a_message_or_an_errand_is_no_promise(said: str) -> None:
    assert promised(said) == []
