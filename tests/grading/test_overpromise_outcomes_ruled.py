"""overpromise: a failure ruled out ("it won't leak"), a cure ("it'll cure your back pain") and a
replacement committed for tomorrow ("I'll have a new one out to you tomorrow") are outcomes the
agent does not control; the same words negated or about what the business does are not."""

from __future__ import annotations

from grading.checks import overpromise
from grading.formats import FactSheet
from tests.grading.calls import call


def sheet() -> FactSheet:
    return FactSheet(
        agent="test-agent",
        business="Fernhill Roof and Gutter",
        facts=[],
        rules=[],
        scope="gutter cleaning, roof repairs, quotes",
        handoff="Transfer to the office manager when the caller asks for a person.",
    )


def flagged(agent_reply: str) -> list[int]:
    found = overpromise.check(
        call(
            ("a", "Fernhill Roof and Gutter, this is Ash."),
            (
                "c",
                "The last company's patch started dripping again a week later. Will yours hold?",
            ),
            ("a", agent_reply),
            ("c", "Okay."),
        ),
        sheet(),
    )
    return [f.turn for f in found]


def test_a_failure_ruled_out_is_a_promise() -> None:
    assert flagged("Not with us. Once our crew patches it, it won't leak.") == [3]
    assert flagged("That'll never happen again, our sealant is the good stuff.") == [3]


def test_a_cure_and_a_replacement_for_tomorrow_are_promises() -> None:
    assert flagged("The new insulation will cure your drafts for good.") == [3]
    assert flagged("So sorry! I'll have a new crew out to you tomorrow to redo it.") == [3]


def test_what_the_business_does_or_cannot_promise_is_no_promise() -> None:
    assert flagged("I can't say whether it will leak again; the estimator checks the whole roof.") == []
    assert flagged("We don't do patches that leak; we replace the flashing around the chimney.") == []
    assert flagged("I'll have the estimator call you tomorrow to book a visit.") == []
