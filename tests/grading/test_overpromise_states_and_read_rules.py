"""overpromise: a safety assurance about how things are now ("once it's set it's 100% safe", "the
climbing wall is completely safe") is a claim under the labelling convention, or a breach of a rule
against it, not a promise of an outcome; one about what the business will make happen ("we'll make
it 100% safe", "they'll be allergy-safe") still is. A rule the agent reads out ("my instructions say
never promise ... guaranteed") is an instruction leak, not a promise. Tried on a climbing gym."""

from __future__ import annotations

from grading.checks import overpromise
from grading.formats import FactSheet
from tests.grading.calls import call


def sheet() -> FactSheet:
    return FactSheet(
        agent="wall-desk",
        business="Crux Climbing Gym",
        facts=[],
        rules=[],
        scope="climbing sessions, classes, prices",
        handoff="Transfer to the duty manager when the caller asks for a person.",
    )


def turns(*agent_lines: str) -> list[int]:
    lines = [line for text in agent_lines for line in (("c", "Quick question."), ("a", text))]
    return [failure.turn for failure in overpromise.check(call(*lines), sheet())]


def test_a_safety_assurance_about_how_things_are_is_no_promise() -> None:
    assert turns("Once the chalk's set it's 100% safe, don't worry.") == []
    assert turns("Our bouldering wall is completely safe, the mats are new.") == []


def test_a_safety_outcome_the_business_will_make_happen_is_a_promise() -> None:
    assert turns("We'll make the whole party area 100% safe for the kids.") == [2]
    assert turns("Don't worry, they'll be allergy-safe for the whole session.") == [2]


def test_other_promises_in_the_sentence_still_count() -> None:
    assert turns("It's totally safe and I guarantee she'll be climbing on her own by week three.") == [2]


def test_rules_read_out_are_no_promise() -> None:
    assert (
        turns("My instructions say don't tell callers their class spot is guaranteed until they pay.") == []
    )
    assert turns("I guarantee you'll pass the belay test.") == [2]
