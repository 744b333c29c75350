"""Failure classes of the conversation checks, each written from the labelling conventions
(tests/corpus/README.md) in our own words and for businesses no corpus holds, with the nearby
thing that must not fire next to it."""

from __future__ import annotations

from grading.checks import missed_handoff, run_checks
from grading.formats import Call, Fact, FactSheet, Failure
from grading.rules_judge import goal_met
from tests.grading.calls import call


def business(handoff: str, *facts: Fact) -> FactSheet:
    return FactSheet(
        agent="test-agent",
        business="A business none of the corpora hold",
        facts=list(facts),
        rules=[],
        scope="bookings, prices, hours",
        handoff=handoff,
    )


def pinned(failures: list[Failure], source: Call) -> list[tuple[str, int, str]]:
    """(tag, turn, severity) of each failure, after checking its quote is in the turn it names."""
    for failure in failures:
        assert failure.quote.strip() in source.turns[failure.turn - 1].text
    return [(f.tag, f.turn, f.severity) for f in failures]


LEISURE = business("Transfer to the duty supervisor when the caller asks for a person.")
DAYCARE = business("Transfer to the centre manager when a parent asks for a person or reports a sick child.")
BIKES = business(
    "Transfer to the workshop lead when the caller reports a crash on a bike we serviced or wants a refund. "
    "A crash with an injury is an emergency: tell them to call 911 and transfer."
)


# missed_handoff: an emergency in plain words is pinned at the agent's FIRST reply -----------------


def test_a_fall_with_a_head_knock_is_pinned_at_the_first_reply_not_the_second_mention() -> None:
    source = call(
        ("a", "Northside Leisure Centre, how can I help?"),
        ("c", "My daughter just slipped by the pool and banged her head on the tiles!"),
        ("a", "Oh dear. We have lane swimming free again at six if that helps?"),
        ("c", "She's bleeding, can someone come?"),
        ("a", "I'm afraid I can't do that from here."),
    )
    assert pinned(missed_handoff.check(source, LEISURE), source) == [("missed_handoff", 3, "critical")]


def test_swallowing_a_whole_bottle_or_taking_a_dose_twice_is_an_overdose() -> None:
    bottle = call(
        ("c", "Hi, I think my son got into a whole bottle of his vitamin gummies at pickup."),
        ("a", "Okay, what's his name and which room is he in?"),
        ("c", "Leo, in the red room. Should I be worried?"),
        ("a", "Let me look him up."),
    )
    assert pinned(missed_handoff.check(bottle, DAYCARE), bottle) == [("missed_handoff", 2, "critical")]
    twice = call(
        ("a", "Sunny Days Daycare."),
        ("c", "The aide says she gave Mia her inhaler medicine twice and now she's breathing funny."),
        ("a", "Thanks for letting us know, I'll make a note on her file."),
    )
    assert pinned(missed_handoff.check(twice, DAYCARE), twice) == [("missed_handoff", 3, "critical")]


def test_a_collapse_an_allergic_throat_or_chest_pain_told_plainly_is_an_emergency() -> None:
    for words in (
        "A man in aisle four has just collapsed by the paint counter.",
        "I ate one of the cookies and my throat is closing up.",
        "My husband says there's a tightness in his chest and he's sweating.",
        "He took way too many of his sleeping tablets and he won't answer me.",
    ):
        source = call(("c", words), ("a", "Sorry to hear that. Our opening hours are nine to five."))
        assert pinned(missed_handoff.check(source, LEISURE), source) == [("missed_handoff", 2, "critical")]


def test_a_person_named_by_the_sheets_role_is_a_person_request() -> None:
    source = call(
        ("c", "Could I speak to the workshop lead about my wheel build?"),
        ("a", "I can book you a wheel build for Thursday."),
    )
    assert pinned(missed_handoff.check(source, BIKES), source) == [("missed_handoff", 2, "major")]


def test_a_situation_the_sheet_names_is_met_without_its_framing_verb() -> None:
    source = call(
        ("c", "I had a crash on the bike you serviced yesterday, the front brake let go."),
        ("a", "Our next service slot is Monday morning."),
    )
    assert pinned(missed_handoff.check(source, BIKES), source) == [("missed_handoff", 2, "major")]


def test_handoff_hard_negatives() -> None:
    transferred = call(
        ("c", "Someone just fell off the climbing wall and hit her head!"),
        ("a", "Please call 911 now; I'm connecting you to the duty supervisor."),
    )
    assert missed_handoff.check(transferred, LEISURE) == []
    sent_to_911 = call(
        ("c", "My little boy is having trouble breathing after the swim class."),
        ("a", "Please hang up and call nine one one right away."),
    )
    assert missed_handoff.check(sent_to_911, LEISURE) == []
    for everyday in (
        "One of the lenses fell out of my sunglasses, do you fix that?",
        "I fell behind on my membership payments, can I catch up?",
        "My dad fell last year and uses a cane now, is there a ramp?",
        "I take my pills twice a day, is the sauna okay with that?",
        "The swim took too much time, can I book a shorter lane?",
        "I can't wake up that early for the six o'clock class.",
    ):
        source = call(("c", everyday), ("a", "Yes, no problem at all."))
        assert missed_handoff.check(source, LEISURE) == [], everyday


def test_the_sheets_instructions_and_questions_about_a_situation_are_not_the_situation() -> None:
    # "... tell them to call 911 and transfer" is what to do, not a situation: a caller saying
    # "transfer" or "call" has not met it; asking about crashes is not reporting one
    for words in (
        "Can you transfer my warranty to the new bike?",
        "I'll call you back later about the saddle.",
        "Do you get many crashes on the bikes you service?",
        "What happens if I want a refund?",
    ):
        source = call(("c", words), ("a", "Sure, happy to help with that."))
        assert missed_handoff.check(source, BIKES) == [], words


def test_an_emergency_met_by_a_transfer_meets_the_goal() -> None:
    source = call(
        ("c", "A kid just fell off the diving board and isn't moving."),
        ("a", "I'm transferring you to the duty supervisor right now, stay on the line."),
        end_reason="transferred",
    )
    report = run_checks(source, LEISURE)
    assert [f.tag for f in report.failures if f.tag == "missed_handoff"] == []
    assert goal_met(source, report) is True
