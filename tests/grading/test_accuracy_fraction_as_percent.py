"""accuracy: a fraction said in words is the sheet's own when the sheet writes it as a percentage.
"A 50% deposit is due at signing" is said on the phone as "half is due at signing, so eleven
seventy-five": the amount is arithmetic on a sheet price, no claim of its own. Tried on a kitchen
remodeler; the hard negatives are a half the sheet does not have (its deposit is 30%), whose amount
is judged as said, and a half of the right price said wrong."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

REMODELER = FactSheet(
    agent="desk",
    business="Oakline Kitchen Remodeling",
    facts=[
        Fact(id="price-countertop", topic="price", statement="Quartz countertop installation is $5,300."),
        Fact(
            id="price-refacing", topic="price", statement="Cabinet refacing for a standard kitchen is $6,900."
        ),
        Fact(
            id="deposit",
            topic="policy",
            statement="A 50% deposit is due at signing; the balance on completion.",
        ),
        Fact(
            id="warranty",
            topic="policy",
            statement="Installations carry a 25% discount on repairs in year two.",
        ),
    ],
    rules=[],
    scope="kitchen remodels, countertops, cabinet refacing",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


HALF_DUE = "No, half is due at signing, so {} for the countertop, and the rest when we finish."


def _tags(said: str, sheet: FactSheet = REMODELER) -> list[str]:
    lines = call(
        ("c", "How much is the quartz countertop installation?"),
        ("a", "Quartz countertop installation is fifty-three hundred."),
        ("c", "Do I have to pay all of it up front?"),
        ("a", said),
    )
    return sorted(f.tag for f in accuracy.check(lines, sheet))


def test_half_of_a_sheet_price_where_the_sheet_says_fifty_percent() -> None:
    assert _tags(HALF_DUE.format("twenty-six fifty")) == []


def test_a_quarter_where_the_sheet_says_twenty_five_percent() -> None:
    assert _tags("A quarter off the refacing in year two would be seventeen twenty-five dollars.") == []


def test_a_half_the_sheet_does_not_have_is_judged_as_said() -> None:
    thirty = FactSheet(
        agent=REMODELER.agent,
        business=REMODELER.business,
        facts=[
            *REMODELER.facts[:2],
            Fact(
                id="deposit",
                topic="policy",
                statement="A 30% deposit is due at signing; the balance on completion.",
            ),
        ],
        rules=[],
        scope=REMODELER.scope,
        handoff=REMODELER.handoff,
        forbidden_phrases=[],
    )
    assert _tags(HALF_DUE.format("twenty-six fifty"), thirty) != []


def test_half_said_wrong_is_still_wrong() -> None:
    assert _tags(HALF_DUE.format("twenty-nine fifty")) != []
