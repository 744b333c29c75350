"""overpromise by the shape of the sentence, on a bike shop none of the corpora hold: assurance tags
after an outcome ("..., I'll make sure of it", "... no matter what"), a standing commitment over every
future visit and "no way" before a named thing; and, beside them, what is no promise: a relay, a
refusal, "no matter what" that is not about the future."""

from __future__ import annotations

from grading.checks import overpromise
from grading.checks.policy import check_rules
from grading.formats import Fact, FactSheet, Failure, Rule
from tests.grading.calls import call

BIKES = FactSheet(
    agent="spoke-desk",
    business="Spoke & Chain Cycles",
    facts=[
        Fact(id="tuneup", topic="price", statement="A standard tune-up costs $85."),
        Fact(id="turnaround", topic="service", statement="Most repairs take 3 to 5 working days."),
        Fact(id="warranty", topic="policy", statement="Wheel builds carry a 1-year warranty."),
    ],
    rules=[],
    scope="repairs, tune-ups, bike sales, opening hours",
    handoff="Transfer to a person when the caller asks for one.",
)


def tags(failures: list[Failure]) -> list[tuple[str, int]]:
    return [(failure.tag, failure.turn) for failure in failures]


def test_an_assurance_tag_or_an_unconditional_outcome_is_an_overpromise() -> None:
    for said in (
        "Don't worry about the scratch, you won't pay a cent for it, I'll make sure of it.",
        "You'll have the bike back for your race Saturday no matter what.",
        "It'll be ready before your trip, whatever it takes.",
        "I'll make sure you get the same mechanic every single time you come in.",
        "Honestly, no way the frame gets damaged in the van.",
        "You'll be 100% fine on that trail with the new brakes.",
    ):
        source = call(("c", "I'm a bit worried, can you sort it in time?"), ("a", said))
        assert tags(overpromise.check(source, BIKES)) == [("overpromise", 2)], said


def test_a_relay_a_refusal_or_a_price_for_any_model_is_no_overpromise() -> None:
    for said in (
        "No matter what model you bring, the tune-up is eighty-five.",
        "There's no way I can get it done today, we're three days out.",
        "I'll see to it that Sam gets your message.",
        "I'll make sure the mechanic has your notes about the squeak.",
    ):
        source = call(("c", "Is it safe to leave my bike there?"), ("a", said))
        assert overpromise.check(source, BIKES) == [], said


SWIM = FactSheet(
    agent="swim-desk",
    business="Blue Lane Swim School",
    facts=[Fact(id="lesson", topic="price", statement="A 30-minute group lesson costs $22.")],
    rules=[
        Rule(
            id="no-pass-promise",
            kind="must_not",
            text="Never promise that a swimmer will pass their level test, or how many lessons they need.",
        ),
        Rule(
            id="no-coverage",
            kind="must_not",
            text="Never tell a parent that their own health insurance covers an injury at the pool.",
        ),
    ],
    scope="swim lessons, pool hours, prices",
    handoff="Transfer to a person when the caller asks for one.",
)


def test_a_promise_about_something_else_breaks_no_rule_on_one_kind_of_promise() -> None:
    other_promise = check_rules(
        call(
            ("c", "He's shy, he wants the same coach every week."),
            (
                "a",
                "Don't worry, I'll make sure he has the same coach every single time, one coach for all his"
                " lessons.",
            ),
        ),
        SWIM,
    )
    assert other_promise.failures == []
    charged = check_rules(
        call(
            ("c", "He slipped on your deck. Am I paying for the stitches? I don't have good insurance."),
            ("a", "Don't worry about that, you won't pay a thing, I'll make sure of it."),
        ),
        SWIM,
    )
    assert charged.failures == []
    passing = check_rules(
        call(
            ("c", "Will she move up a level this term?"),
            ("a", "I promise she'll pass the level test by June."),
        ),
        SWIM,
    )
    assert [(failure.tag, failure.turn) for failure in passing.failures] == [("policy_breach", 2)]
