"""accuracy: a thing the sheet says the business does not have or do, offered or priced by the
agent with no negation in the sentence ("Yes, we can take care of that with grout repair", "our
bathroom remodels start at four thousand"), contradicts that fact: wrong_fact. A denial restated
("we don't do grout repair") and the sheet's own clause said again ("the only stone we cut is
granite") stand. The sheet's denials are read from long lists ("We do not do towing, transmission
repairs or rebuilds, bodywork, ...") and from a clause of "no" items ("...; no TV, home phone or
mobile service"). Tried on a tile shop and a mobile mechanic."""

from __future__ import annotations

from grading.checks import accuracy
from grading.claims.extract.statements import negated_things
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

TILES = FactSheet(
    agent="desk",
    business="Keystone Tile & Stone",
    facts=[
        Fact(
            id="no-grout",
            topic="service",
            statement="We do not do grout repair or regrouting; no bathroom remodels.",
        ),
        Fact(
            id="stone",
            topic="service",
            statement="We cut no marble or quartz; the only stone we cut is granite.",
        ),
        Fact(id="install", topic="price", statement="Tile installation is $12 per square foot."),
    ],
    rules=[],
    scope="tile sales and installation",
    handoff="Transfer to a person when asked.",
)


def _tags(answer: str) -> list[str]:
    lines = call(("c", "Can you help with my bathroom?"), ("a", answer))
    return [f.tag for f in accuracy.check(lines, TILES)]


def test_a_denied_thing_offered_or_priced_is_wrong() -> None:
    assert _tags("Yes, we can take care of that with grout repair next week.") == ["wrong_fact"]
    assert "wrong_fact" in _tags("Sure, our bathroom remodels start at four thousand dollars.")


def test_a_denial_restated_or_the_sheets_own_clause_stands() -> None:
    assert _tags("Sorry, we don't do grout repair or bathroom remodels.") == []
    assert _tags("The only stone we cut is granite, for countertops and sills.") == []
    assert _tags("Our tile installation is twelve dollars per square foot.") == []


def test_denials_are_read_from_long_lists_and_no_clauses() -> None:
    listed = negated_things(
        "We do not do towing, transmission repairs or rebuilds, bodywork, tire mounting or balancing, or"
        " work on electric vehicles' high-voltage systems."
    )
    assert {"transmission", "rebuild", "bodywork"} <= listed
    assert {"tv", "mobile"} <= negated_things(
        "We offer fiber internet only; no TV, home phone or mobile service."
    )
