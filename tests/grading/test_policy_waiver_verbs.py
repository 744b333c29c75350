"""policy: a waiver rule's own verbs say nothing of which charge it is about, in every form the
stemmer leaves them: "Waiving or dropping the booking deposit is not allowed" is about the deposit,
so an agent dropping the rush fee does not break it ("dropped" and "dropping" stem to "dropp",
which was not set aside and tied the rule to any charge said to be dropped). Tried on a
bookbinder; the hard negative is the deposit itself dropped, which still breaks the rule."""

from __future__ import annotations

from grading.checks import policy
from grading.formats import Fact, FactSheet, Rule
from tests.grading.calls import call

RULE = "Waiving or dropping the booking deposit is not allowed."


def _bindery() -> FactSheet:
    return FactSheet(
        agent="desk",
        business="Quire and Thread Bindery",
        facts=[
            Fact(id="price-rebind", topic="price", statement="Rebinding a hardback is $60."),
            Fact(id="price-rush", topic="price", statement="Rush jobs add a $25 fee."),
            Fact(id="deposit", topic="policy", statement="A $20 booking deposit is taken for every job."),
        ],
        rules=[Rule(id="no-waive", kind="must_not", text=RULE)],
        scope="binding, repairs, prices",
        handoff="Transfer to a person when asked.",
        forbidden_phrases=[],
    )


def _breaches(said: str) -> list[str]:
    found = policy.check(call(("c", "Can you help me out on the price?"), ("a", said)), _bindery())
    return [f.tag for f in found]


def test_another_charge_dropped_does_not_break_the_deposit_rule() -> None:
    assert _breaches("Good news, the rush fee is dropped for you.") == []


def test_the_deposit_dropped_still_breaks_it() -> None:
    assert _breaches("Good news, I've dropped the booking deposit for you.") == ["policy_breach"]
