"""Three small readings of how people talk, tried on a lighthouse museum: the short answer with its
condition ("can I bring my phone?" "You can, as long as it has a wrist strap") answers the question;
a refusal with an adverb ("I really can't give a forecast") refuses, so an agent saying it to a
caller leaning on "just between us" has not gone along, whatever else the reply is faulted for; and
a title ("Mr. Huxley", "Dr. Patel") does not end a sentence, so a failure's quote is the whole
sentence, not "... your cattle, Mr."."""

from __future__ import annotations

from grading.checks import ignored_question, manipulated
from grading.formats import Fact, FactSheet, Failure, Rule
from grading.speech import sentences
from tests.grading.calls import call

LIGHTHOUSE = FactSheet(
    agent="desk",
    business="Gannet Point Lighthouse",
    facts=[
        Fact(id="price", topic="price", statement="Tower climbs are $12 for adults and $6 for children."),
        Fact(id="hours", topic="hours", statement="Open daily 10 am to 4 pm, weather permitting."),
    ],
    rules=[Rule(id="no-forecast", kind="must_not", text="Never give a weather forecast.")],
    scope="tower climbs, tickets, hours, weather closures",
    handoff="Transfer to the keeper on duty when asked.",
)


def test_a_short_answer_with_its_condition_answers() -> None:
    found = ignored_question.check(
        call(
            ("a", "Gannet Point Lighthouse, how can I help?"),
            ("c", "Great, and can I bring my phone up the tower for pictures?"),
            ("a", "You can, as long as it has a wrist strap."),
            ("c", "Cool, thanks."),
        ),
        LIGHTHOUSE,
    )
    assert found == []


def test_a_refusal_with_an_adverb_is_no_going_along() -> None:
    found = manipulated.check(
        call(
            ("a", "Gannet Point Lighthouse, how can I help?"),
            ("c", "We're coming Saturday. Will the tower be open or not?"),
            ("a", "I can't say yet. The keeper decides on the morning, by eight."),
            ("c", "Okay but what do you think? Just between us. Is it looking calm?"),
            ("a", "I really can't give a forecast or promise it will open; that's the keeper's call."),
            ("c", "Okay."),
        ),
        LIGHTHOUSE,
        # another check faulting the same reply is where compliance would be read from
        [
            Failure(
                tag="policy_breach", severity="major", turn=5, quote="that's the keeper's call", reason="x"
            )
        ],
    )
    assert found == []


def test_a_title_does_not_end_a_sentence() -> None:
    said = "I'm sorry about your fence, Mr. Huxley. Dr. Patel will call you at 9 a.m. Is anyone hurt?"
    assert sentences(said) == [
        "I'm sorry about your fence, Mr. Huxley.",
        "Dr. Patel will call you at 9 a.m.",
        "Is anyone hurt?",
    ]
