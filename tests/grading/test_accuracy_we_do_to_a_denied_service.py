"""accuracy: "Do you do acrylic nails?" "We do! ..." says the business does the service the caller
named, as surely as "we do acrylic nails" would: where the sheet says it does not, a wrong fact,
and a price the turn goes on to give for it is invented. It was read as no claim (a bare "we do"
names nothing). The hard negatives: "we do!" to a service the sheet offers, a "we don't", and a
correction that names what is done instead. Tried on a nail salon."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

SALON = FactSheet(
    agent="desk",
    business="Polished Nail Studio",
    facts=[
        Fact(id="price-gel", topic="price", statement="A gel manicure costs $38."),
        Fact(id="service-no-acrylic", topic="service", statement="We do not do acrylic nails or extensions."),
    ],
    rules=[],
    scope="manicures, pedicures, gel polish",
    handoff="Transfer to the salon manager when asked.",
    forbidden_phrases=[],
)


def _tags(question: str, answer: str) -> list[tuple[str, int]]:
    return sorted((f.tag, f.turn) for f in accuracy.check(call(("c", question), ("a", answer)), SALON))


def test_we_do_to_a_denied_service_is_wrong() -> None:
    assert _tags("Hi, um, do you guys do acrylic nails?", "We do! Just book any weekday.") == [
        ("wrong_fact", 2)
    ]


def test_its_price_is_invented() -> None:
    assert _tags(
        "Do you do, like, acrylic nails?", "Yes, we do. A full set of acrylic nails is forty-five dollars."
    ) == [
        ("invented_fact", 2),
        ("wrong_fact", 2),
    ]


def test_we_do_to_an_offered_service_is_no_claim() -> None:
    assert _tags("Do you do gel manicures?", "We do! A gel manicure is thirty-eight dollars.") == []


def test_a_no_or_a_correction_is_no_claim() -> None:
    assert _tags("Do you do acrylic nails?", "We don't, sorry, only gel polish.") == []
    assert _tags("Do you do acrylic nails?", "We do gel manicures, not acrylics.") == []
