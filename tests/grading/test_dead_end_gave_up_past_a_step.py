"""dead_end: a next step offered early in the call does not resolve what the caller gives up on
later ("I can note that on the order." ... "Forget it, I'll go somewhere else."); one the caller
turns down in their very next turn was still offered. A caller leaving to go elsewhere is giving
up however politely they thank the agent, and an agent saying its earlier line again answers
nothing new, so a caller who then gives up was not answered. Tried on a print shop."""

from __future__ import annotations

from grading.checks import dead_end
from grading.formats import FactSheet
from tests.grading.calls import call


def sheet() -> FactSheet:
    return FactSheet(
        agent="test-agent",
        business="Inkwell Print Shop",
        facts=[],
        rules=[],
        scope="printing orders, pickup, prices",
        handoff="Transfer to the shop manager when the caller asks for a person.",
    )


def test_giving_up_after_the_call_went_past_an_early_next_step_is_a_dead_end() -> None:
    stuck = call(
        ("c", "Hi, my banners came out the wrong colour."),
        ("a", "I'm sorry about that. I can note that on the order for the team."),
        ("c", "Okay, but I need them reprinted by Friday, can you do that?"),
        ("a", "Hmm, I'm not sure."),
        ("c", "Forget it, I'll go somewhere else."),
        ("a", "Okay, have a nice day."),
    )
    assert [f.turn for f in dead_end.check(stuck, sheet())] == [6]


def test_a_next_step_turned_down_in_the_very_next_turn_was_still_offered() -> None:
    offered = call(
        ("c", "Can I talk to the manager about my order?"),
        ("a", "She's out today. You could call back tomorrow morning and ask for her."),
        ("c", "Unbelievable."),
        ("a", "I'm sorry about that."),
    )
    assert dead_end.check(offered, sheet()) == []


def test_leaving_for_someone_else_with_thanks_is_still_giving_up() -> None:
    stuck = call(
        ("c", "Can you print fifty flyers for tonight?"),
        ("a", "Tonight is fully booked, I'm afraid."),
        ("c", "Is there really nothing, even late?"),
        ("a", "We're quite busy this week."),
        ("c", "I... no. I'll call someone else. Thank you."),
        ("a", "Okay. Take care."),
    )
    assert [f.turn for f in dead_end.check(stuck, sheet())] == [6]


def test_the_agent_saying_its_line_again_is_no_answer_to_a_new_request() -> None:
    looped = call(
        ("c", "Do you have any rush slots for posters this week?"),
        ("a", "I'm not seeing any rush slots for posters right now."),
        ("c", "Okay. Can someone call me when one opens up?"),
        ("a", "I'm not seeing any rush slots for posters right now."),
        ("c", "Oh my god. Forget it."),
        ("a", "Okay, have a great day."),
    )
    assert [f.turn for f in dead_end.check(looped, sheet())] == [6]
