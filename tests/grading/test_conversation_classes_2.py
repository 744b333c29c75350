"""More failure classes of the conversation checks (ignored_question, dead_end, missed_handoff,
repetitive, instruction_leak, goal_met), each in our own words for businesses no labelled set holds,
with the nearby thing that must not fire beside it."""

from __future__ import annotations

from grading.checks import dead_end, ignored_question, run_checks
from grading.formats import Call, FactSheet, Failure
from grading.rules_judge import goal_met
from tests.grading.calls import call


def sheet(handoff: str = "Transfer to the duty manager when the caller asks for a person.") -> FactSheet:
    return FactSheet(
        agent="test-agent",
        business="A business none of the labelled sets hold",
        facts=[],
        rules=[],
        scope="bookings, prices, hours",
        handoff=handoff,
    )


def pinned(failures: list[Failure], source: Call) -> list[tuple[str, int]]:
    """(tag, turn) of each failure, after checking its quote is in the turn it names."""
    for failure in failures:
        assert failure.quote.strip() in source.turns[failure.turn - 1].text
    return [(f.tag, f.turn) for f in failures]


# a reply that only signs off answers nothing -------------------------------------------------------


def test_a_sign_off_after_a_direct_question_leaves_it_unanswered_and_the_call_a_dead_end() -> None:
    kennel = call(
        ("a", "Hilltop Kennels, this is Jo."),
        ("c", "Hi, is there room for two beagles over Easter?"),
        ("a", "Let me have a look."),
        ("c", "Okay."),
        ("a", "Hmm, so it's, um... right."),
        ("c", "Hello? Do you have room or not?"),
        ("a", "Thank you so much for calling Hilltop Kennels, have a wonderful day!"),
        end_reason="agent_hangup",
    )
    assert pinned(ignored_question.check(kennel, sheet()), kennel) == [("ignored_question", 7)]
    assert pinned(dead_end.check(kennel, sheet()), kennel) == [("dead_end", 7)]
    assert goal_met(kennel, run_checks(kennel, sheet())) is False


def test_a_question_said_as_a_statement_is_ignored_by_a_reply_that_only_apologises() -> None:
    bikes = call(
        ("a", "Spoke and Chain, Ravi speaking."),
        ("c", "Can you true a carbon wheel?"),
        ("a", "We don't work on carbon rims, sorry."),
        ("c", "Oh. So there's nobody there who can look at it? Not even a quick check?"),
        ("a", "Sorry about that. Have a good one."),
    )
    assert pinned(ignored_question.check(bikes, sheet()), bikes) == [("ignored_question", 5)]


def test_a_callers_own_thanks_or_plan_with_a_question_mark_is_no_question() -> None:
    bikes = call(
        ("a", "Spoke and Chain, Ravi speaking."),
        ("c", "What time do you close tonight?"),
        ("a", "Seven tonight."),
        ("c", "Okay, that's great, thanks so much? I'll swing by after work?"),
        ("a", "Sounds good. Have a good one."),
    )
    assert ignored_question.check(bikes, sheet()) == []


def test_a_statement_with_a_question_mark_is_not_judged_against_a_reply_of_substance() -> None:
    notary = call(
        ("a", "Main Street Notary, Alma speaking."),
        ("c", "I've got a deed to sign, the bank said you'd need two IDs?"),
        ("a", "One government photo ID is enough for a deed, and the stamp is fifteen dollars."),
        ("c", "Perfect, thanks."),
    )
    assert ignored_question.check(notary, sheet()) == []


def test_a_sign_off_question_is_no_word_the_reply_shares_with_a_caller_leaving() -> None:
    windows = call(
        ("a", "Clearview Window Cleaning."),
        ("c", "We've got a four-storey office block. Do you do high-rise, yes or no?"),
        ("a", "Oh, spring pollen is the worst for glass! Is there anything else I can help with?"),
        ("c", "...I'll just call someone else."),
        ("a", "Okay, thanks for calling!"),
    )
    assert pinned(ignored_question.check(windows, sheet()), windows) == [("ignored_question", 3)]
