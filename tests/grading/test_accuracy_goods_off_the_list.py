"""accuracy: where the sheet lists the goods it carries ("We carry Ridgeline, Summit Co and
Tallpine."), "we carry Alderwood" names something off that list: invented. A name on the list stands,
and a service said with "we do" is not held against a list of goods. Tried on a guitar shop."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

GUITARS = FactSheet(
    agent="desk",
    business="Fretwork Guitar House",
    facts=[
        Fact(id="brands", topic="service", statement="We carry Ridgeline, Summit Co and Tallpine guitars."),
        Fact(id="setup", topic="price", statement="A standard setup costs $65."),
    ],
    rules=[],
    scope="guitars, setups, repairs, lessons",
    handoff="Transfer to the repair bench when asked.",
    forbidden_phrases=[],
)


def _tags(answer: str) -> list[str]:
    return [f.tag for f in accuracy.check(call(("c", "What brands do you have?"), ("a", answer)), GUITARS)]


def test_a_name_off_the_sheets_list_is_invented() -> None:
    assert _tags("Yes, we carry Alderwood as well as Summit Co.") == ["invented_fact"]


def test_a_name_on_the_list_stands() -> None:
    assert _tags("Sure, we carry Tallpine, and they're lovely.") == []


def test_a_service_is_not_held_against_a_list_of_goods() -> None:
    assert _tags("We do string changes while you wait.") == []
