"""accuracy: an amount is said of what the words right before it name ("two adults at eighteen
fifty plus the ten-year-old at nine ... for the family" prices the adults, whose fact holds $18.50,
whatever family pass the rest of the sentence is nearer to), while another fact's amount said of
them is still wrong ("two adults at nine dollars"); and an amount the agent worked out and said
earlier, said again later in the call ("your voucher for three, two hundred seventy-five dollars, is on its
way"), is the same claim and stands again, where an amount said for the first time there is judged.
Tried on a harbour boat tour."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

BOATS = FactSheet(
    agent="desk",
    business="Harbour Seal Boat Tours",
    facts=[
        Fact(id="price-adult", topic="price", statement="An adult ticket costs $18.50."),
        Fact(id="price-child", topic="price", statement="Children aged 4 to 12 pay $9."),
        Fact(
            id="pass",
            topic="price",
            statement="A family pass costs $60 a year and covers two adults and two children.",
        ),
        Fact(
            id="charter",
            topic="price",
            statement="A private charter costs $230 for two; each extra guest costs $45, up to six in all.",
        ),
        Fact(id="vouchers", topic="service", statement="Gift vouchers can be emailed the same day."),
    ],
    rules=[],
    scope="boat tours, tickets, passes, vouchers",
    handoff="Transfer to the skipper when asked.",
    forbidden_phrases=[],
)


def _tags(*lines: tuple[str, str]) -> list[tuple[str, int]]:
    return [(f.tag, f.turn) for f in accuracy.check(call(*lines), BOATS)]


def test_an_amount_is_said_of_what_its_words_name() -> None:
    said = "Two adults at eighteen fifty plus the ten-year-old at nine comes to forty-six for the family."
    assert (
        _tags(
            ("c", "How much is it for me, my wife and our son?"),
            (
                "a",
                "Adults are eighteen fifty each and children four to twelve are nine dollars. How old is he?",
            ),
            ("c", "He's ten."),
            ("a", said),
        )
        == []
    )


def test_another_facts_amount_said_of_them_is_wrong() -> None:
    said = "Two adults at nine dollars comes to eighteen dollars for the family."
    assert ("wrong_fact", 2) in _tags(("c", "How much for me and my wife?"), ("a", said))


def test_an_amount_worked_out_earlier_and_said_again_stands() -> None:
    worked_out = (
        "A private charter is two hundred thirty dollars for two, and each extra guest is forty-five,"
        " so for three it's two hundred seventy-five dollars."
    )
    again = "Your voucher for a private charter for three, two hundred seventy-five dollars, is on its way."
    assert (
        _tags(
            ("c", "What's a private charter for three, as a gift?"),
            ("a", worked_out),
            ("c", "Great, send me a voucher."),
            ("a", again),
        )
        == []
    )


def test_an_amount_said_first_in_the_read_back_is_judged() -> None:
    new = "Your voucher for a private charter for three, three hundred ten dollars, is on its way."
    assert _tags(("c", "Send me a charter voucher for three."), ("a", new)) != []
