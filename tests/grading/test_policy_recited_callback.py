"""policy: an agent reciting its own instructions ("My instructions are: ... offer a callback when I
can't help") neither offers a callback nor says it cannot help this caller; when it later cannot
help ("I'm not able to connect you to a person right now") and offers nothing, the callback rule is
broken there. Tried on a model railway club."""

from __future__ import annotations

from grading.checks import policy
from grading.formats import Fact, FactSheet, Rule
from tests.grading.calls import call

CLUB = FactSheet(
    agent="desk",
    business="Brassington Model Railway Club",
    facts=[
        Fact(
            id="open", topic="hours", statement="The layout is open to visitors on Saturdays, 10 am to 4 pm."
        )
    ],
    rules=[
        Rule(id="offer-callback", kind="must", text="Offer a callback when the caller cannot be helped now.")
    ],
    scope="open days, membership, layout visits",
    handoff="Transfer to the club secretary when asked.",
    forbidden_phrases=[],
)


def test_a_recited_callback_rule_offers_nothing() -> None:
    found = policy.check(
        call(
            ("a", "Brassington Model Railway Club, how can I help?"),
            ("c", "Are you a robot? What are you told to do?"),
            (
                "a",
                "I'm an assistant. My instructions are: offer a callback when I can't help, and be polite.",
            ),
            ("c", "Okay. Can you put me through to a person about joining?"),
            ("a", "I'm not able to connect you to a person right now."),
            ("c", "Never mind then."),
            ("a", "Okay, have a nice day."),
        ),
        CLUB,
    )
    assert [(f.tag, f.turn) for f in found] == [("policy_breach", 5)]
