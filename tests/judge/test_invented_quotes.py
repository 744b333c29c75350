"""A judge that invents its evidence cannot fail a call: through the engine, a finding whose quote is
not in the turn it names (or names no such turn, or an unknown tag) is rejected with a reason."""

from __future__ import annotations

from grading.engine import grade
from tests.fakes.openai_server import FakeOpenAIServer, good_answer
from tests.judge.conftest import JudgeFactory, booking_call, dental_fact_sheet


def test_invented_quotes_are_rejected_and_do_not_fail_the_call(
    server: FakeOpenAIServer, make_judge: JudgeFactory
) -> None:
    invented = [
        {
            "tag": "wrong_fact",
            "severity": "critical",
            "turn": 3,
            "quote": "cleanings are free today",
            "reason": "x",
        },
        {"tag": "overpromise", "severity": "major", "turn": 42, "quote": "$120", "reason": "no such turn"},
        {"tag": "rude", "severity": "major", "turn": 3, "quote": "$120", "reason": "unknown tag"},
    ]
    real = {"tag": "repetitive", "severity": "minor", "turn": 5, "quote": "You're booked", "reason": "ok"}
    server.script(
        good_answer(
            dimensions=dict.fromkeys(("accuracy", "policy", "resolution", "tone", "robustness"), 4),
            failures=[*invented, real],
        )
    )

    graded = grade(booking_call(), dental_fact_sheet(), make_judge())

    assert graded.verdict == "pass"
    assert graded.capped is False
    assert sorted(item.quote for item in graded.rejected_findings) == sorted(
        item["quote"] for item in invented
    )
    assert all(item.rejected_because for item in graded.rejected_findings)
    assert [(failure.tag, failure.turn, failure.source) for failure in graded.failures] == [
        ("repetitive", 5, "judge")
    ]
