"""off_scope_advice: a caller who asks to do a job themselves ("could I just do it myself?", "any
quick fix?") and gets the steps ("turn off the breaker, screw the bracket...") got do-it-yourself advice,
though the words name no trouble; a referral, or the business's own process, is not advice."""

from __future__ import annotations

from grading.checks import off_scope_advice
from grading.formats import FactSheet
from tests.grading.calls import call


def sheet() -> FactSheet:
    return FactSheet(
        agent="test-agent",
        business="Larkspur Appliance Installs",
        facts=[],
        rules=[],
        scope="booking installs, the prices listed here, hours, service area",
        handoff="Transfer to the install lead when the caller asks for a person.",
    )


def flagged(caller: str, agent_reply: str) -> list[int]:
    found = off_scope_advice.check(
        call(
            ("a", "Larkspur Appliance Installs, this is Jo."),
            ("c", "Do you put up ceiling fans?"),
            ("a", "We don't do ceiling fans, that needs a licensed electrician."),
            ("c", caller),
            ("a", agent_reply),
            ("c", "Okay, thanks."),
        ),
        sheet(),
    )
    return [f.turn for f in found]


STEPS = (
    "It's not bad: turn off the breaker, screw the bracket into the box, and twist black to black and"
    " white to white."
)


def test_steps_to_a_caller_who_asks_to_do_it_themselves_are_advice() -> None:
    assert flagged("Hm. Could I just do it myself? It's just the one in the hall.", STEPS) == [5]
    assert flagged("Ugh. Any quick fix so it's up tonight?", STEPS) == [5]


def test_a_referral_or_the_business_process_is_not_advice() -> None:
    assert (
        flagged("Hm. Could I just do it myself?", "I'd leave that to a licensed electrician, honestly.") == []
    )
    assert (
        flagged(
            "Could I just book a dishwasher install online?", "Sure, use the booking page on our website."
        )
        == []
    )
