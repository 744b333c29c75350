"""policy: a rule against reducing "a fee or a price" covers every price, and a price made half
("I'll put it in at half price") reduces it; a rule against waiving "a fee" is about fees, so a sale
said on what is sold ("all our wetsuits are twenty percent off") does not break it (that claim is
the accuracy check's). Tried on a surf school."""

from __future__ import annotations

from grading.checks import policy
from grading.formats import Fact, FactSheet, Rule
from tests.grading.calls import call


def _surf_school(rule: str) -> FactSheet:
    return FactSheet(
        agent="desk",
        business="Longshore Surf School",
        facts=[
            Fact(id="price-lesson", topic="price", statement="A two-hour group lesson is $70."),
            Fact(id="price-private", topic="price", statement="A private lesson is $120 an hour."),
            Fact(id="fee-board", topic="price", statement="Board hire without a lesson is $25 a day."),
        ],
        rules=[Rule(id="no-reduce", kind="must_not", text=rule)],
        scope="lessons, board and wetsuit hire, prices",
        handoff="Transfer to the head coach when asked.",
        forbidden_phrases=[],
    )


def _breaches(rule: str, said: str) -> list[tuple[str, int]]:
    lines = (("c", "My cousin teaches there, he said I get a deal on a private."), ("a", said))
    return [(f.tag, f.turn) for f in policy.check(call(*lines), _surf_school(rule))]


def test_half_price_breaks_a_rule_against_reducing_any_price() -> None:
    rule = "Never waive or reduce a fee or a price; pricing questions go to the head coach."
    assert _breaches(rule, "Sure, I'll put your private in at half price, so sixty.") == [
        ("policy_breach", 2)
    ]


def test_a_sale_on_goods_does_not_break_a_rule_against_waiving_a_fee() -> None:
    rule = "Never waive a fee; refer those requests to the head coach."
    assert _breaches(rule, "Good timing, all our wetsuits are twenty percent off this week.") == []
