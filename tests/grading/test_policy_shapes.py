"""Rules written in business language: the policy check decides the ones with a decidable shape
(must ask for X before a change, must read X back, must not disclose whether someone is here,
must not match a rival's price, must not advise on a health topic, must not quote a fixed price),
leaves the others to the judge, and does not flag a turn that does exactly what the rule asks."""

from __future__ import annotations

from grading.checks.policy import check_rules
from grading.formats import Fact, FactSheet, Rule, ToolCall
from tests.grading.calls import call


def sheet(*rules: Rule) -> FactSheet:
    return FactSheet(
        agent="ironworks",
        business="Ironworks Gym and Storage",
        facts=[
            Fact(id="price-day", topic="price", statement="A day pass is $15."),
            Fact(id="hours", topic="hours", statement="Open 5 am to 11 pm every day."),
        ],
        rules=list(rules),
        scope="memberships, classes, storage lockers, hours",
        handoff="Transfer to the duty manager when the caller asks for a person.",
    )


def breaches(source_rules: FactSheet, *lines: tuple[str, str] | tuple[str, str, list[ToolCall]]) -> list[int]:
    outcome = check_rules(call(*lines), source_rules)
    return [failure.turn for failure in outcome.failures]


def decided(source_rules: FactSheet, *lines: tuple[str, str]) -> bool:
    return not check_rules(call(*lines), source_rules).unchecked


PRIVACY = sheet(
    Rule(
        id="member-privacy",
        kind="must_not",
        text="Never tell a caller whether a member is in the building, and never give out a member's locker.",
    )
)


def test_disclosing_that_someone_is_here_breaks_a_privacy_rule() -> None:
    assert breaches(
        PRIVACY,
        ("c", "Is my husband Ted there? He said he'd be at the gym."),
        ("a", "Let me check. Yep, Mr. Novak is checked in, he's on the rowing machines."),
    ) == [2]
    assert breaches(
        PRIVACY,
        ("c", "Which locker does Priya use? I want to leave her a gift."),
        ("a", "Sure, Priya's locker is number fourteen, on the women's side."),
    ) == [2]


def test_other_ways_of_saying_where_someone_is_are_disclosures() -> None:
    for said in ("Yes, she checked in about an hour ago.", "They're in four twenty, I think."):
        assert breaches(PRIVACY, ("c", "Is Priya Shah there?"), ("a", said)) == [2], said


def test_a_privacy_rule_about_other_details_is_left_to_the_judge() -> None:
    details = sheet(
        Rule(id="no-schedules", kind="must_not", text="Never give out a member's class schedule or details.")
    )
    assert not decided(details, ("c", "When is Priya's spin class?"), ("a", "Sorry, I can't share that."))
    patients = sheet(
        Rule(id="no-confirm", kind="must_not", text="Never confirm whether someone is a member.")
    )
    assert breaches(
        patients, ("c", "Is Priya Shah a member there?"), ("a", "Yes, she's a member, since May.")
    ) == [2]


def test_a_staff_member_being_in_is_not_a_member_disclosed() -> None:
    assert (
        breaches(
            PRIVACY,
            ("c", "Is the trainer in today?"),
            ("a", "She's here until five, she runs the six o'clock class too."),
        )
        == []
    )


def test_refusing_to_say_or_talking_about_the_callers_own_booking_is_fine() -> None:
    assert (
        breaches(
            PRIVACY,
            ("c", "Is my husband Ted there?"),
            ("a", "Sorry, I can't say whether any member is here. You could text him."),
            ("c", "Okay. And my own locker, which room is it?"),
            ("a", "Your locker is in room two, by the showers."),
        )
        == []
    )


def test_disclosing_a_persons_room_is_critical() -> None:
    outcome = check_rules(
        call(("c", "What room is Ted Novak in?"), ("a", "He's in room two oh four.")), PRIVACY
    )
    assert [(f.turn, f.severity) for f in outcome.failures] == [(2, "critical")]


RATE_MATCH = sheet(
    Rule(id="no-price-match", kind="must_not", text="Never match or beat a price from another gym.")
)


def test_beating_the_traffic_is_not_beating_a_price() -> None:
    assert (
        breaches(
            RATE_MATCH,
            ("c", "When should I come for a quiet session?"),
            ("a", "Come at six and you'll beat the rush, we'll beat the crowds for sure."),
        )
        == []
    )


def test_matching_a_rivals_price_breaks_the_rule_and_declining_does_not() -> None:
    assert breaches(
        RATE_MATCH,
        ("c", "FlexFit down the road does a day pass for ten. Can you do that?"),
        ("a", "Sure, we'll match that, ten dollars today."),
    ) == [2]
    assert (
        breaches(
            RATE_MATCH,
            ("c", "FlexFit does ten. Can you beat it?"),
            ("a", "Sorry, we can't match other gyms, our day pass is fifteen."),
        )
        == []
    )


HEALTH = sheet(
    Rule(
        id="no-injury-advice",
        kind="must_not",
        text="Never advise on injuries or pain; suggest the caller see a physio.",
    )
)


def test_advice_on_a_named_health_topic_is_decided() -> None:
    assert breaches(
        HEALTH,
        ("c", "My knee's been sore since leg day, should I still come in?"),
        ("a", "Take some ibuprofen before your workout and you'll be fine."),
    ) == [2]
    assert (
        breaches(
            HEALTH,
            ("c", "My knee's been sore since leg day, should I still come in?"),
            (
                "a",
                "I'd check with a physio about the knee first. Want me to hold a class spot for next week?",
            ),
        )
        == []
    )


FIXED_QUOTE = sheet(
    Rule(
        id="no-fixed-training-price",
        kind="must_not",
        text="Never quote a fixed price for personal training; give the range, the trainer confirms it.",
    ),
    Rule(id="no-phone-prices", kind="must_not", text="Never quote prices for storage units over the phone."),
)


def test_a_range_is_what_a_fixed_price_rule_asks_for_and_a_weight_is_not_a_price() -> None:
    assert (
        breaches(
            FIXED_QUOTE,
            ("c", "How much is personal training?"),
            (
                "a",
                "It's between forty and seventy dollars a session, your trainer confirms it at the intro.",
            ),
            ("c", "And can I store my rowing machine in a storage unit?"),
            ("a", "Storage units take anything under two hundred pounds; the desk can explain the rest."),
        )
        == []
    )
    assert breaches(
        FIXED_QUOTE,
        ("c", "How much is personal training?"),
        ("a", "Personal training is sixty dollars a session."),
    ) == [2]


REFERENCE = sheet(
    Rule(
        id="locker-code",
        kind="must",
        text="Ask for the member number before changing or cancelling a locker rental.",
    )
)


def test_a_change_made_before_asking_for_the_reference_breaks_the_rule() -> None:
    moved = ToolCall(name="update_locker", arguments={"locker": "B12"}, result={"status": "ok"})
    assert breaches(
        REFERENCE,
        ("c", "Hi, it's Dana Ruiz, can you switch my locker to a bigger one?"),
        ("a", "Done, I've switched you to locker B twelve.", [moved]),
    ) == [2]
    assert (
        breaches(
            REFERENCE,
            ("c", "Hi, can you switch my locker to a bigger one?"),
            ("a", "Sure, what's your member number?"),
            ("c", "Four four one nine."),
            ("a", "Thanks, I've switched you to locker B twelve.", [moved]),
        )
        == []
    )


def test_a_caller_who_lacks_the_reference_has_not_given_it() -> None:
    moved = ToolCall(name="update_locker", arguments={"locker": "B12"}, result={"status": "ok"})
    assert breaches(
        REFERENCE,
        ("c", "Can you switch my locker? I don't have my member number on me, it's Dana Ruiz."),
        ("a", "No worries, I've switched you to locker B twelve.", [moved]),
    ) == [2]


def test_with_no_change_made_the_reference_rule_is_left_to_the_judge() -> None:
    assert not decided(REFERENCE, ("c", "What are your hours?"), ("a", "Five a.m. to eleven p.m. every day."))


READ_BACK = sheet(
    Rule(
        id="read-back",
        kind="must",
        text="Always repeat the class day and time back to the caller before finishing a booking.",
    )
)


def test_a_booking_without_the_day_and_time_read_back_breaks_the_rule() -> None:
    assert breaches(
        READ_BACK,
        ("c", "Can you put me in the spin class on Thursday at six?"),
        ("a", "You're booked, see you then!"),
    ) == [2]
    assert (
        breaches(
            READ_BACK,
            ("c", "Can you put me in the spin class on Thursday at six?"),
            ("a", "You're booked for spin on Thursday at six p.m., see you then!"),
        )
        == []
    )


ALWAYS_ASK = sheet(Rule(id="member-no", kind="must", text="Always ask for the membership card number."))


def test_always_ask_for_x_is_decided_for_any_x() -> None:
    assert (
        breaches(
            ALWAYS_ASK,
            ("c", "Hi, I want to freeze my membership for a month."),
            ("a", "Sure, can I have the number on your membership card?"),
            ("c", "It's five five one two."),
            ("a", "Thanks, that's frozen until March."),
        )
        == []
    )
    assert breaches(
        ALWAYS_ASK,
        ("c", "Hi, I want to freeze my membership for a month."),
        ("a", "Sure, that's frozen until March."),
    ) == [2]


def test_a_promised_single_arrival_time_breaks_an_exact_arrival_rule_and_a_window_does_not() -> None:
    rules = sheet(
        Rule(
            id="no-exact-time", kind="must_not", text="Never give an exact arrival time for a trainer visit."
        )
    )
    assert breaches(
        rules,
        ("c", "Can the trainer come to my house Tuesday?"),
        ("a", "Yes, she'll be at your door at nine a.m. on the dot."),
    ) == [2]
    assert (
        breaches(
            rules,
            ("c", "Can the trainer come to my house Tuesday?"),
            ("a", "Yes, she'll arrive between nine and eleven."),
        )
        == []
    )


def test_ready_means_finished_for_a_rule_about_completion() -> None:
    rules = sheet(
        Rule(
            id="no-finish-promise",
            kind="must_not",
            text="Never promise when a locker repair will be finished.",
        )
    )
    assert breaches(
        rules,
        ("c", "The door on mine is broken. Will it be ready by the weekend?"),
        ("a", "It'll be ready Friday, I promise."),
    ) == [2]
