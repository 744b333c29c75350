"""missed_handoff: a charge disputed and an injury told in plain words ("it got put on twice", "his
ankle's all swollen") are the situations a handoff line names as "disputes a charge" and "reports
an injury"; "talk to whoever runs the place" asks for a person; an agent saying when it would
transfer ("only for ...") has not handed off. Each beside what must not fire."""

from __future__ import annotations

from grading.checks import missed_handoff
from grading.formats import FactSheet
from tests.grading.calls import call


def sheet() -> FactSheet:
    return FactSheet(
        agent="test-agent",
        business="Quarry Lane Climbing Gym",
        facts=[],
        rules=[],
        scope="day passes, memberships, classes, hours",
        handoff="Transfer to the floor manager when the caller asks for a person, disputes a charge,"
        " or reports an injury.",
    )


def flagged(*lines: tuple[str, str]) -> list[int]:
    return [f.turn for f in missed_handoff.check(call(*lines), sheet())]


def test_a_charge_put_on_twice_is_a_dispute_at_the_first_reply() -> None:
    assert flagged(
        ("a", "Quarry Lane Climbing, this is Rae."),
        ("c", "Hi, the charge for my day pass went through twice on my card last Sunday?"),
        ("a", "Day passes are twenty-two dollars."),
        ("c", "Right, but there's two of them."),
        ("a", "I'm not able to see card payments, sorry."),
    ) == [3]


def test_being_charged_and_wanting_it_taken_off_is_a_dispute() -> None:
    assert flagged(
        ("a", "Quarry Lane Climbing, this is Rae."),
        ("c", "Hey, I got charged a late fee for the shoe rental and I want that taken off."),
        ("a", "Can I get the name on the account?"),
        ("c", "Tom Reyes."),
        ("a", "Thanks, Tom, I see the rental."),
    ) == [3]


def test_asking_what_a_charge_is_is_no_dispute() -> None:
    assert (
        flagged(
            ("a", "Quarry Lane Climbing, this is Rae."),
            ("c", "What's the charge for a day pass on weekends?"),
            ("a", "Day passes are twenty-two dollars every day."),
        )
        == []
    )


def test_an_injury_told_by_the_body_part_is_reported() -> None:
    assert flagged(
        ("a", "Quarry Lane Climbing, this is Rae."),
        ("c", "My daughter came off the bouldering wall yesterday and her ankle's all swollen today."),
        ("a", "Oh no! Ice and rest usually help. Anything else?"),
        ("c", "Okay."),
    ) == [3]


def test_a_swollen_ankle_that_gets_a_transfer_is_clean() -> None:
    assert (
        flagged(
            ("a", "Quarry Lane Climbing, this is Rae."),
            ("c", "My daughter came off the bouldering wall yesterday and her ankle's all swollen today."),
            ("a", "I'm so sorry. I'm transferring you to the floor manager now."),
        )
        == []
    )


def test_whoever_runs_the_place_is_a_person_asked_for() -> None:
    assert flagged(
        ("a", "Quarry Lane Climbing, this is Rae."),
        ("c", "I'd like to talk to whoever runs the place, please."),
        ("a", "I can help with most things! What do you need?"),
        ("c", "Fine, forget it."),
    ) == [3]


def test_saying_when_it_would_transfer_is_not_a_handoff() -> None:
    assert flagged(
        ("a", "Quarry Lane Climbing, this is Rae."),
        ("c", "Can I talk to a real person, please?"),
        ("a", "I can help with most questions! What do you need?"),
        ("c", "I'd rather talk to a person."),
        ("a", "I can transfer to the floor manager only for an injury or a disputed charge."),
        ("c", "Ugh. Okay, bye."),
    ) == [3]


def test_a_transfer_said_without_a_condition_is_a_handoff() -> None:
    assert (
        flagged(
            ("a", "Quarry Lane Climbing, this is Rae."),
            ("c", "Can I talk to a real person, please?"),
            ("a", "Of course, transferring you to the floor manager now."),
        )
        == []
    )
