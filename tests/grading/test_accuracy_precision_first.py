"""accuracy: three readings that made a clean call fail on businesses nobody had studied, each a
claim where there was none. An amount whose own clause names something no priced fact is about
("and the dog would be three dollars a night"), when the sheet has that amount, is that price, not
a contradiction of the other thing the sentence prices; "fifty-fifty" is a split, not $50.50;
"I've got a technician free this afternoon" is someone's time, not something at no charge. Tried
on a kennel and a locksmith's van service, invented for these tests; the hard negatives keep the
contradiction, the amount and the free claim where they are."""

from __future__ import annotations

from grading.checks import accuracy
from grading.claims.extract import extract
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

KENNEL = FactSheet(
    agent="front-desk",
    business="Barkside Kennels",
    facts=[
        Fact(
            id="price-run",
            topic="price",
            statement="A kennel run costs $41.00 per night for one dog up to 60 lb.",
        ),
        Fact(id="price-walks", topic="price", statement="Extra walks cost $6.00 per walk."),
        Fact(id="price-bath", topic="price", statement="A bath before pick-up is $18.00."),
    ],
    rules=[],
    scope="boarding, walks, baths, pick-up times",
    handoff="Transfer to a person when the caller asks for one.",
    forbidden_phrases=[],
)


def _tags(sheet: FactSheet, question: str, said: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", question), ("a", said)), sheet)]


def test_an_amount_the_sheet_has_for_a_thing_it_does_not_name_stands() -> None:
    said = "A run is forty-one a night, and the stroll would be six dollars."
    assert _tags(KENNEL, "What would it cost for the week?", said) == []


def test_an_amount_the_sheet_does_not_have_beside_a_priced_thing_is_still_wrong() -> None:
    said = "A run is forty-one a night, and a bath would be twelve dollars."
    assert _tags(KENNEL, "What would it cost for the week?", said) == ["wrong_fact"]


def test_the_named_things_own_wrong_price_is_still_wrong() -> None:
    assert _tags(KENNEL, "How much is a run?", "A kennel run is thirty-five a night.") == ["wrong_fact"]


def test_fifty_fifty_is_a_split_not_an_amount() -> None:
    assert extract("When both owners share a run it's usually fifty-fifty on the bill.") == []
    assert extract("Honestly the odds are sixty-forty she'll settle in.") == []


def test_an_amount_in_two_groups_is_still_an_amount() -> None:
    assert [claim.value for claim in extract("The bath and walk come to fifty-five sixty.")] == [55.6]


def test_someone_free_at_a_time_is_availability_not_a_free_claim() -> None:
    said = "You're in luck, I've got a driver free this afternoon, noon to four."
    assert [claim.kind for claim in extract(said) if claim.kind == "free"] == []


def test_a_thing_had_free_or_free_today_is_still_free() -> None:
    assert "free" in [claim.kind for claim in extract("We have parking free on Sundays.")]
    assert "free" in [claim.kind for claim in extract("Pick-up is free today.")]
