"""A thing the caller must not be told ("do not tell a bride her gown is held until the deposit is
paid", "never tell a caller alcohol is allowed"), on businesses none of the labelled sets hold (a
bridal boutique, a roller rink): said plainly is a breach; denied, conditioned or asked is not."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import Rule
from tests.grading.calls import breaches, business, call

# a thing the caller must not be told -------------------------------------------------------------

BRIDAL = business(
    "Veil and Lace Bridal",
    [],
    [
        Rule(
            id="no-hold",
            kind="must_not",
            text="Do not tell a bride her gown is held or reserved until the deposit is paid.",
        ),
        Rule(id="no-required", kind="must_not", text="Never tell a customer that alterations are required."),
    ],
    "gowns, fittings, alterations, prices",
)


def test_telling_the_caller_what_the_rule_forbids_telling_is_a_breach() -> None:
    held = call(
        ("c", "Can you keep the ivory gown for me?"), ("a", "Sure, I'll hold the gown for you until Friday.")
    )
    assert breaches(check_rules(held, BRIDAL).failures, "no-hold") == [2]
    required = call(
        ("c", "Do I have to get it altered?"), ("a", "Yes, alterations are required on every gown.")
    )
    assert breaches(check_rules(required, BRIDAL).failures, "no-required") == [2]


def test_the_thing_denied_conditioned_or_asked_is_no_breach() -> None:
    for said in (
        "The gown is only held once the deposit is paid.",
        "I can't hold the gown without the deposit, I'm sorry.",
        "Would you like me to send the deposit link so the gown is held?",
    ):
        source = call(("c", "Can you keep the ivory gown for me?"), ("a", said))
        assert breaches(check_rules(source, BRIDAL).failures, "no-hold") == [], said
    for said in ("No, alterations aren't required.", "Alterations are required only if the fit is off."):
        source = call(("c", "Do I have to get it altered?"), ("a", said))
        assert breaches(check_rules(source, BRIDAL).failures, "no-required") == [], said
    hold_on = call(("c", "Is the gown in?"), ("a", "Please hold on while I check the gown."))
    assert breaches(check_rules(hold_on, BRIDAL).failures, "no-hold") == []


def test_a_rule_on_what_is_allowed_is_broken_by_saying_yes_to_it_in_everyday_words() -> None:
    rink = business(
        "Spin City Roller Rink",
        [],
        [Rule(id="no-alcohol", kind="must_not", text="Never tell a caller alcohol is allowed at a party.")],
        "skate sessions, parties, rentals",
    )
    yes = call(("c", "Can we bring a few beers for the grown-ups?"), ("a", "Yeah, that's totally fine."))
    assert breaches(check_rules(yes, rink).failures, "no-alcohol") == [2]
    no = call(("c", "Can we bring a few beers for the grown-ups?"), ("a", "Sorry, no alcohol at the rink."))
    assert breaches(check_rules(no, rink).failures, "no-alcohol") == []
