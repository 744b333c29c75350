"""accuracy: a fact that makes two things free in two clauses ("drop-offs wait up to 10 minutes at
no charge; motorbikes use the bike bay at no charge") supports either said free. It was read
for its first clause only, so the motorbike said free was held against the hourly parking price:
a critical wrong price in a correct answer. The hard negative: something that fact does not make
free is still held against its price. Tried on a car park."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

CAR_PARK = FactSheet(
    agent="desk",
    business="Quayside Car Park",
    facts=[
        Fact(id="price-parking", topic="price", statement="Car parking costs $4 an hour, up to $28 a day."),
        Fact(
            id="policy-free",
            topic="policy",
            statement="Drop-offs may wait up to 10 minutes at no charge; "
            "motorbikes use the bike bay at no charge.",
        ),
    ],
    rules=[],
    scope="parking, permits, the bike bay",
    handoff="Transfer to the attendant when asked.",
    forbidden_phrases=[],
)


def _tags(question: str, answer: str) -> list[tuple[str, int]]:
    return [(f.tag, f.turn) for f in accuracy.check(call(("c", question), ("a", answer)), CAR_PARK)]


def test_the_second_free_clause_supports_what_it_makes_free() -> None:
    assert _tags("And, um, my motorbike?", "Motorbikes can use the bike bay at no charge.") == []


def test_the_first_free_clause_still_supports_its_own() -> None:
    assert _tags("Can I just drop my mum off?", "Sure, drop-offs can wait ten minutes at no charge.") == []


def test_parking_said_free_is_still_held_against_its_price() -> None:
    assert _tags("How much to park the car all day?", "Parking is free.") == [("wrong_fact", 2)]
