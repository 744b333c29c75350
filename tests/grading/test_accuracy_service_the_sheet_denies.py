"""accuracy: "we do window tinting too", "we repair carbon forks here", "we do custom neon signs"
say the business does a service; where the sheet says it does not ("We do not do window tinting",
"We do not make illuminated or neon signs") that is a wrong fact. A service the sheet states ("we
repair doors" beside "We repair residential garage doors ... we do not sell new garage doors"), one
that shares only its head with the denied one ("yard signs"), and one the sheet never mentions are
not. Tried on a print and sign shop."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

SIGNS = FactSheet(
    agent="desk",
    business="Brightline Signs",
    facts=[
        Fact(
            id="service-offered",
            topic="service",
            statement=(
                "We make banners, yard signs and vehicle decals, and we repair old wooden signs. We do not"
                " make illuminated or neon signs, and we do not do screen printing."
            ),
        ),
        Fact(id="price-banner", topic="price", statement="Vinyl banners cost $8 per square foot."),
    ],
    rules=[],
    scope="signs, banners, decals, prices",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(question: str, said: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", question), ("a", said)), SIGNS)]


def test_a_service_the_sheet_says_it_does_not_do_is_wrong() -> None:
    assert _tags("Can you do a neon sign for my bar?", "Yes, we do custom neon signs.") == ["wrong_fact"]
    assert _tags("Do you print t-shirts?", "Sure, we also do screen printing.") == ["wrong_fact"]


def test_a_service_the_sheet_states_is_no_claim() -> None:
    assert _tags("Can you fix my old shop sign?", "Yes, we repair old wooden signs.") == []
    assert _tags("Yard signs for an election?", "Sure, we make yard signs.") == []


def test_a_service_the_sheet_never_mentions_is_left_alone() -> None:
    assert _tags("Do you do window lettering?", "We do window lettering, yes.") == []


def test_the_price_of_a_denied_service_is_invented() -> None:
    said = "Sure, we also do screen printing. It's eight dollars a shirt."
    assert _tags("Do you print t-shirts?", said) == ["wrong_fact", "invented_fact"]


def test_one_job_is_no_service_claimed() -> None:
    said = "A banner is eight dollars a square foot, and that's if we do the printing from your file."
    assert _tags("How much is a banner?", said) == []
