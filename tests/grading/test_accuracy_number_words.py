"""accuracy: number words a fact writes are values, not what it is about. "For twenty windows and two
doors it's a hundred eighty" is the house price ("up to 20 windows and 2 doors is $180"), not the
extras fact for sharing its "twenty" and "two" ("each window beyond twenty adds $6 and each door
beyond two adds $10"). Tried on a window cleaner; the hard negative is a wrong house price said the
same way."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

WINDOWS = FactSheet(
    agent="desk",
    business="Crystal Pane Window Cleaning",
    facts=[
        Fact(id="price-house", topic="price", statement="A house with up to 20 windows and 2 doors is $180."),
        Fact(
            id="price-extras",
            topic="price",
            statement="Each window beyond twenty adds $6 and each door beyond two adds $10.",
        ),
    ],
    rules=[],
    scope="window cleaning prices",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _refs(said: str) -> list[str | None]:
    lines = call(("c", "How much for my house?"), ("a", said))
    return [f.ref for f in accuracy.check(lines, WINDOWS)]


def test_a_count_said_in_words_does_not_point_at_the_fact_that_writes_it() -> None:
    assert _refs("For twenty windows and two doors it's a hundred eighty dollars.") == []


def test_a_wrong_price_said_the_same_way_is_held_against_the_house_price() -> None:
    assert _refs("For twenty windows and two doors it's a hundred sixty dollars.") == ["price-house"]
