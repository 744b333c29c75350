"""dead_end: a caller's own plan said in resignation after the agent let them down ("I guess I'll
try calling back some other time", "I'll get a friend to look at it, I guess. Forget Monday.") is
giving up, not a next step the business gave; a plain plan ("Great, I'll just walk in then") and a
resigned "I guess I'll just come then" that takes what was offered are not."""

from __future__ import annotations

from grading.checks import dead_end
from grading.formats import FactSheet
from tests.grading.calls import call


def sheet() -> FactSheet:
    return FactSheet(
        agent="test-agent",
        business="Larkspur Piano Tuning",
        facts=[],
        rules=[],
        scope="piano tuning and repair visits",
        handoff="Transfer to the head tuner when the caller asks for a person.",
    )


def test_i_guess_ill_try_calling_back_after_a_cant_is_a_dead_end() -> None:
    stuck = call(
        ("a", "Larkspur Piano Tuning, this is Bea."),
        ("c", "Can I get a tuning visit Saturday morning?"),
        ("a", "Our diary isn't loading for me right now."),
        ("c", "Could you just book the visit and confirm later?"),
        ("a", "Sorry, I can't book a visit without the diary."),
        ("c", "Oh. Well, I guess I'll try calling back next week."),
        ("a", "Okay! Thanks for calling Larkspur."),
    )
    assert [f.turn for f in dead_end.check(stuck, sheet())] == [7]


def test_a_resigned_plan_after_a_yes_with_a_dont_elsewhere_is_a_dead_end() -> None:
    stuck = call(
        ("a", "Larkspur Piano Tuning, this is Bea."),
        ("c", "A key is stuck down on my piano, can someone come today?"),
        ("a", "The earliest visit I have is Monday at ten. Would that work?"),
        ("c", "Monday? Can I at least play the other keys meanwhile?"),
        ("a", "You should be fine playing the other keys. Just don't force the stuck one."),
        ("c", "Okay. I'll get a friend to look at it, I guess. Forget Monday."),
        ("a", "Okay, no problem. Take care!"),
    )
    assert [f.turn for f in dead_end.check(stuck, sheet())] == [7]


def test_a_plain_plan_of_the_callers_own_is_no_dead_end() -> None:
    walk_in = call(
        ("a", "Larkspur Piano Tuning, this is Bea."),
        ("c", "Do you sell tuning hammers?"),
        ("a", "We don't sell tools, sorry."),
        ("c", "Never mind, I'll call back Friday and book a tuning then."),
        ("a", "Sounds good. Thanks for calling Larkspur."),
    )
    assert dead_end.check(walk_in, sheet()) == []


def test_i_guess_ill_just_come_taking_the_visit_is_no_dead_end() -> None:
    taken = call(
        ("a", "Larkspur Piano Tuning, this is Bea."),
        ("c", "Is my visit still on for Thursday? I'm not feeling great."),
        ("a", "Yes, you're still down for Thursday at two. We can move it, there's no fee."),
        ("c", "Oh. Okay, I guess I'll just come then."),
        ("a", "Sounds good, see you Thursday at two."),
    )
    assert dead_end.check(taken, sheet()) == []
