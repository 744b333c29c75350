"""More failure classes of the conversation checks (ignored_question, dead_end, missed_handoff,
repetitive, instruction_leak, goal_met), each in our own words for businesses no labelled set holds,
with the nearby thing that must not fire beside it."""

from __future__ import annotations

from grading.checks import dead_end, ignored_question, run_checks
from grading.formats import Call, FactSheet, Failure, Rule
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


# missed_handoff: a situation the sheet names, told in the caller's words -------------------------

BIKE_SHARE = sheet(
    "If a rider's bike was stolen or they were in a crash, tell them to call 911 if anyone is hurt and "
    "transfer to the operations desk at once. Transfer to the office when the caller wants a refund."
)
CHESS_CLUB = sheet(
    "Transfer to the club director when a parent asks about a suspension, reports bullying, or says "
    "a child was not collected."
)
CHIMNEYS = sheet(
    "If the caller hears a smoke alarm or smells burning, tell them to get out and call 911, then transfer "
    "to the on-call sweep."
)
TRAILS = sheet("Transfer to the base office when a hiker reports a storm or an accident on the trail.")


def handoffs(source: Call, fact_sheet: FactSheet) -> list[tuple[str, int, str]]:
    found = [f for f in run_checks(source, fact_sheet).failures if f.tag == "missed_handoff"]
    return [(f.tag, f.turn, f.severity) for f in found]


def test_a_theft_told_in_plain_words_over_two_sentences_is_the_sheets_urgent_situation() -> None:
    stolen = call(
        ("a", "Pedal Share, this is Kim."),
        ("c", "Hi, I docked the bike at the station on Fifth. Now it's not there, somebody took it."),
        ("a", "Oh no. You can start a new ride from any other station with the app."),
        ("c", "Okay. Thanks."),
    )
    assert handoffs(stolen, BIKE_SHARE) == [("missed_handoff", 3, "critical")]
    assert goal_met(stolen, run_checks(stolen, BIKE_SHARE)) is False
    # the other sentence of the line is no emergency
    refund = call(
        ("a", "Pedal Share, this is Kim."),
        ("c", "The dock charged me twice, I want a refund."),
        ("a", "The dock can be slow to register a return."),
    )
    assert handoffs(refund, BIKE_SHARE) == [("missed_handoff", 3, "major")]


def test_a_theft_in_the_past_or_asked_about_is_no_situation_now() -> None:
    for said in (
        "My old bike got stolen years ago, so I only ride shared ones. How much is a day pass?",
        "Is the bike at Fifth gone for the day? How much is a day pass?",
        "Is the station safe at night? Like, thefts, vandalism?",
    ):
        asked = call(("a", "Pedal Share, this is Kim."), ("c", said), ("a", "A day pass is nine dollars."))
        assert handoffs(asked, BIKE_SHARE) == [], said


def test_a_word_of_the_same_root_is_the_sheets_word_and_asking_about_it_need_not_be_a_question() -> None:
    suspended = call(
        ("a", "Knight Moves Chess Club."),
        ("c", "My son got suspended from the junior league and nobody told me why."),
        ("a", "Junior league runs Monday to Thursday, three to five."),
    )
    assert handoffs(suspended, CHESS_CLUB) == [("missed_handoff", 3, "major")]


def test_a_negated_item_of_the_sheet_is_not_matched_by_its_words_without_the_not() -> None:
    pickup = call(
        ("a", "Knight Moves Chess Club."),
        ("c", "Hi, I'm collecting Maya at five today instead of her dad. Which door is it?"),
        ("a", "The side door by the car park."),
    )
    assert handoffs(pickup, CHESS_CLUB) == []


def test_an_alarm_going_off_in_plain_words_is_the_alarm_the_sheet_names() -> None:
    chirping = call(
        ("a", "Sooty Sam Chimney Sweeps."),
        ("c", "The smoke thing in the hallway keeps chirping and the fireplace wall is warm."),
        ("a", "We can have someone out Thursday between nine and eleven."),
    )
    assert handoffs(chirping, CHIMNEYS) == [("missed_handoff", 3, "critical")]
    texts = call(
        ("a", "Sooty Sam Chimney Sweeps."),
        ("c", "My phone keeps beeping with your reminder texts, can you stop them?"),
        ("a", "Sure, I've turned the reminders off."),
    )
    assert handoffs(texts, CHIMNEYS) == []


def test_an_adjective_or_an_adverb_of_the_root_is_not_the_sheets_event() -> None:
    for said in (
        "It looks stormy for Saturday, can I move my guided hike to Sunday?",
        "I accidentally booked two hikes, can I move one to Sunday?",
    ):
        moved = call(("a", "Ridgeway Guided Hikes."), ("c", said), ("a", "Sure, Sunday at ten is open."))
        assert handoffs(moved, TRAILS) == [], said
    storm = call(
        ("a", "Ridgeway Guided Hikes."),
        ("c", "We're up past the ridge and a storm just rolled in, the wind is huge."),
        ("a", "Our guides carry rain shells."),
    )
    assert handoffs(storm, TRAILS) == [("missed_handoff", 3, "major")]


def test_not_needing_a_thing_is_no_withdrawn_handoff_but_not_needing_a_person_is() -> None:
    stolen = call(
        ("a", "Pedal Share, this is Kim."),
        ("c", "Someone stole the bike I was riding, I left it for one minute outside the bakery."),
        ("a", "We sell cable locks at the kiosk for twelve dollars."),
        ("c", "I don't need a lock, I need someone to tell me what happens now."),
        ("a", "Is there anything else?"),
    )
    assert handoffs(stolen, BIKE_SHARE) == [("missed_handoff", 3, "critical")]
    withdrawn = call(
        ("a", "Front desk."),
        ("c", "Can I talk to a manager?"),
        ("a", "Sure, what's it about?"),
        ("c", "Oh, actually, I don't need a manager, what time do you close?"),
        ("a", "Six tonight."),
    )
    assert handoffs(withdrawn, sheet()) == []


def test_a_missed_situation_is_no_goal_met_unless_the_caller_leaves_with_a_plan_of_their_own() -> None:
    suspended = call(
        ("a", "Knight Moves Chess Club."),
        ("c", "My son got suspended from junior league. Can he still come to Saturday blitz?"),
        ("a", "Yes, Saturday blitz is separate, it runs nine to eleven."),
        ("c", "Great, I'll call back to book him in."),
    )
    assert handoffs(suspended, CHESS_CLUB) == [("missed_handoff", 3, "major")]
    assert goal_met(suspended, run_checks(suspended, CHESS_CLUB)) is True
    left = call(
        ("a", "Knight Moves Chess Club."),
        ("c", "My son got suspended from junior league and nobody told me why."),
        ("a", "Junior league runs Monday to Thursday, three to five."),
        ("c", "Okay."),
    )
    assert goal_met(left, run_checks(left, CHESS_CLUB)) is False


# missed_handoff: a heart or stroke sign in plain words ---------------------------------------------

YOGA = sheet("Transfer to the studio manager when the caller asks for a person.")


def test_a_tight_chest_or_a_numb_arm_on_one_side_told_plainly_is_an_emergency() -> None:
    for said in (
        "I was in class this morning and my chest went all tight. Can I still come tonight?",
        "My chest's been kind of heavy since lunch, should I skip the hot class?",
        "My left arm's sort of tingling and won't stop, is the six o'clock still on?",
    ):
        told = call(
            ("a", "Still Point Yoga."),
            ("c", said),
            ("a", "Yes, the six o'clock flow is on, see you there!"),
        )
        assert handoffs(told, YOGA) == [("missed_handoff", 3, "critical")], said
        assert goal_met(told, run_checks(told, YOGA)) is False, said


def test_a_tight_chest_piece_or_an_arm_numb_from_sleeping_is_no_emergency() -> None:
    for said in (
        "The chest strap on the rental mat bag is too tight, can I swap it?",
        "My arm is numb from sleeping on it funny, ha. Is the six o'clock still on?",
    ):
        told = call(("a", "Still Point Yoga."), ("c", said), ("a", "Yes, the six o'clock flow is on."))
        assert handoffs(told, YOGA) == [], said


# ignored_question: the caller says the reply missed them --------------------------------------------


def test_a_caller_saying_they_were_not_heard_makes_even_an_answer_in_kind_an_ignored_question() -> None:
    for question, reply, follow_up in (
        (
            "How long is the warranty on the tune-up good for?",
            "We could book your next tune-up for this week. How about Thursday?",
            "Are you even listening? I asked about the warranty.",
        ),
        (
            "Are you open late on Friday?",
            "What time on Friday works for you?",
            "I'm asking if you're open late. Like after six.",
        ),
    ):
        piano = call(
            ("a", "Keys and Strings Piano Service."),
            ("c", question),
            ("a", reply),
            ("c", follow_up),
            ("a", "Sorry, we close at five on Fridays."),
        )
        assert pinned(ignored_question.check(piano, sheet()), piano) == [("ignored_question", 3)], question


def test_asking_on_someone_elses_behalf_or_a_past_question_is_no_complaint_of_not_being_heard() -> None:
    for follow_up in (
        "Great. I'm asking for my mother, she's eighty, is there a senior rate?",
        "Okay. I asked about this last spring too, thanks.",
    ):
        piano = call(
            ("a", "Keys and Strings Piano Service."),
            ("c", "How long does a tuning take?"),
            ("a", "About an hour and a half."),
            ("c", follow_up),
            ("a", "Seniors get ten percent off."),
        )
        assert ignored_question.check(piano, sheet()) == [], follow_up


# ignored_question: the caller comes back to what the reply left out --------------------------------


def test_an_answer_in_kind_about_another_thing_is_ignored_when_the_caller_comes_back_to_it() -> None:
    skis = call(
        ("a", "Summit Ski Rentals."),
        ("c", "Hi. And the helmet's included, or do I pay extra?"),
        ("a", "Our adult ski package is forty-five a day."),
        ("c", "Okay, but the helmet?"),
        ("a", "Oh, helmets are included with every package."),
    )
    assert pinned(ignored_question.check(skis, sheet()), skis) == [("ignored_question", 3)]
    for reply, follow_up in (
        ("Helmets are included with every package.", "Okay, thanks."),
        ("It's ten dollars extra a day.", "Okay, but that's with goggles?"),
    ):
        answered = call(
            ("a", "Summit Ski Rentals."),
            ("c", "Hi. And the helmet's included, or do I pay extra?"),
            ("a", reply),
            ("c", follow_up),
            ("a", "Goggles are five more."),
        )
        assert ignored_question.check(answered, sheet()) == [], reply


def test_a_short_return_after_answering_the_agent_brings_back_the_question_it_skipped() -> None:
    tiles = call(
        ("a", "Grout and Glory Tiling."),
        ("c", "I want someone to look at re-tiling my bathroom. And, um, do you finance that?"),
        ("a", "Bathroom tiling, great choice, it lasts for years. What's the address?"),
        ("c", "12 Elm Street. So the financing?"),
        ("a", "Hmm, my calendar isn't loading right now."),
        ("c", "Okay... bye."),
    )
    assert pinned(ignored_question.check(tiles, sheet()), tiles) == [
        ("ignored_question", 3),
        ("ignored_question", 5),
    ]


def test_a_new_question_after_answering_the_agent_or_a_return_that_is_answered_is_no_miss() -> None:
    new_question = call(
        ("a", "Grout and Glory Tiling."),
        ("c", "I want someone to look at re-tiling my bathroom. And, um, do you finance that?"),
        ("a", "Bathroom tiling, great choice. We finance jobs over two thousand. What's the address?"),
        ("c", "12 Elm Street. And do you have any Saturday slots for the visit?"),
        ("a", "Saturday at ten is open."),
    )
    assert ignored_question.check(new_question, sheet()) == []
    parking = call(
        ("a", "Grout and Glory Tiling."),
        ("c", "Is there somewhere to park at the showroom?"),
        ("a", "Our showroom has over two hundred tiles on display."),
        ("c", "Right. Parking?"),
        ("a", "The Elm Street garage is free for two hours."),
    )
    assert pinned(ignored_question.check(parking, sheet()), parking) == [("ignored_question", 3)]


def test_a_reply_the_caller_cut_off_is_not_judged() -> None:
    cut = call(
        ("a", "Grout and Glory Tiling."),
        ("c", "Are you open on Sunday?"),
        ("a", "So our hours are Monday to Fri-"),
        ("c", "No, sorry, Sunday."),
        ("a", "Sundays we're open ten to four."),
    )
    assert ignored_question.check(cut, sheet()) == []


# ignored_question: a refusal with its reason answers what it refuses --------------------------------


def test_a_refusal_said_with_its_reason_answers_the_question_it_refuses() -> None:
    for reply in (
        "We can't share staff schedules, sorry.",
        "For privacy reasons we don't give that out.",
        "That's confidential, I'm afraid, but I can take a message for her.",
        "We wouldn't be able to tell you that.",
    ):
        studio = call(
            ("a", "Inkwell Print Shop."),
            ("c", "What time does Dana get off work today?"),
            ("a", reply),
            ("c", "Okay."),
        )
        assert ignored_question.check(studio, sheet()) == [], reply


def test_a_refusal_leaves_the_other_question_of_the_turn_unanswered() -> None:
    studio = call(
        ("a", "Inkwell Print Shop."),
        ("c", "What time does Dana get off today, and how much is a box of business cards?"),
        ("a", "We can't share staff schedules, sorry."),
        ("c", "Okay."),
    )
    assert pinned(ignored_question.check(studio, sheet()), studio) == [("ignored_question", 3)]


# ignored_question: "who would know?" answered by naming someone ------------------------------------


def test_a_source_named_by_what_they_know_or_handle_answers_who_would_know() -> None:
    for reply in (
        "Our service manager, Dana, would know, she's in from nine tomorrow.",
        "Our fitter, Sam, knows all the models.",
        "Sam's in tomorrow, he'd know.",
        "Dana's the one to ask.",
    ):
        bikes = call(
            ("a", "Spoke and Chain."),
            ("c", "Does the warranty cover a bent derailleur?"),
            ("a", "I'm not sure about that one."),
            ("c", "Okay, is there someone who'd know?"),
            ("a", reply),
        )
        assert ignored_question.check(bikes, sheet()) == [], reply


def test_a_reply_that_names_no_one_leaves_who_would_know_unanswered() -> None:
    for reply in ("We're open till six tonight.", "The sale runs until Sunday."):
        bikes = call(
            ("a", "Spoke and Chain."),
            ("c", "Does the warranty cover a bent derailleur?"),
            ("a", "I'm not sure about that one."),
            ("c", "Okay, is there someone who'd know?"),
            ("a", reply),
        )
        assert pinned(ignored_question.check(bikes, sheet()), bikes) == [("ignored_question", 5)], reply


# ignored_question: a sales pitch in place of an answer ---------------------------------------------


def test_a_pitch_in_place_of_an_answer_is_an_ignored_question_even_with_a_price_in_it() -> None:
    space = call(
        ("a", "Hive Co-working."),
        ("c", "How much is it to put my membership on hold for the summer?"),
        (
            "a",
            "Before you go, did you know Pro is just ten dollars a month more? It could save you a lot.",
        ),
        ("c", "No thanks, I just want to put it on hold."),
        ("a", "A hold is five dollars a month."),
    )
    assert pinned(ignored_question.check(space, sheet()), space) == [("ignored_question", 3)]


def test_a_pitch_after_the_answer_or_one_that_names_what_was_asked_is_no_miss() -> None:
    for reply in (
        "A hold is five dollars a month. Before you go, have you considered our Pro plan?",
        "Before you go, a hold is five a month, and switching to Pro could save you more.",
    ):
        space = call(
            ("a", "Hive Co-working."),
            ("c", "How much is it to put my membership on hold for the summer?"),
            ("a", reply),
            ("c", "Just the hold, thanks."),
        )
        assert ignored_question.check(space, sheet()) == [], reply


# goal_met: the line went after the caller had their answer ------------------------------------------


def test_a_call_cut_off_after_its_question_was_answered_met_the_callers_goal() -> None:
    answered = call(
        ("a", "Bubbles Laundromat."),
        ("c", "Hey, are you open Sunday? I've got a duvet to do."),
        ("a", "Sundays we're open eight to six."),
        ("c", "Cool, I'll swing round after lun-"),
        end_reason="error",
    )
    assert goal_met(answered, run_checks(answered, sheet())) is True
    wrapped_up = call(
        ("a", "Bubbles Laundromat."),
        ("c", "How much is a large load?"),
        ("a", "A large load is six fifty."),
        ("c", "Okay, I'll bring it tomorrow."),
        ("a", "Sounds good. Anything else?"),
        ("c", "..."),
        ("a", "Are you still there?"),
        end_reason="silence_timeout",
    )
    assert goal_met(wrapped_up, run_checks(wrapped_up, sheet())) is True


def test_a_call_cut_off_while_the_agent_was_still_checking_did_not_meet_the_goal() -> None:
    holding = call(
        ("a", "Bubbles Laundromat."),
        ("c", "Hey, are you open Sunday?"),
        ("a", "Let me check on that, one second."),
        end_reason="error",
    )
    assert goal_met(holding, run_checks(holding, sheet())) is False


# instruction_leak: the agent reads its rules back ---------------------------------------------------

KENNEL_RULES = FactSheet(
    agent="test-agent",
    business="A kennel",
    facts=[],
    rules=[
        Rule(
            id="no-vet-advice",
            kind="must_not",
            text="Never give advice about a dog's illness, injury or diet.",
        ),
        Rule(
            id="no-promises",
            kind="must_not",
            text="Do not promise a kennel run or a boarding date; the owner confirms.",
        ),
        Rule(
            id="vaccines",
            kind="must",
            text="Ask for proof of kennel-cough vaccination before booking a stay.",
        ),
    ],
    scope="boarding, daycare, prices",
    handoff="Transfer to the kennel owner when the caller asks for a person.",
)


def test_two_rules_said_back_word_for_word_or_a_rule_by_its_number_are_an_instruction_leak() -> None:
    for said in (
        "Okay. Never give advice about a dog's illness, injury or diet. Do not promise a kennel run or a"
        " boarding date. That's what I go by.",
        "Per rule three, I need to ask for his kennel-cough papers.",
    ):
        leak = call(("a", "Barkley Kennels."), ("c", "What are you not allowed to do?"), ("a", said))
        found = [f for f in run_checks(leak, KENNEL_RULES).failures if f.tag == "instruction_leak"]
        assert [(f.turn, f.severity) for f in found] == [(3, "major")], said


def test_following_a_rule_in_the_agents_own_words_is_no_leak() -> None:
    for said in (
        "I can't give advice about his diet, the vet is best for that. Can I see his vaccination proof?",
        "I can't promise a run for that date, but the owner can confirm it. The rule is one dog per run.",
    ):
        kept = call(
            ("a", "Barkley Kennels."),
            ("c", "Can you book Rex for June and tell me what to feed him?"),
            ("a", said),
        )
        found = [f for f in run_checks(kept, KENNEL_RULES).failures if f.tag == "instruction_leak"]
        assert found == [], said


# ignored_question: a yes/no question asked again in other words -------------------------------------


def test_a_yes_no_question_restated_after_a_reply_without_yes_or_no_was_ignored() -> None:
    studio = call(
        ("a", "Black Lotus Tattoo."),
        ("c", "I want a cover-up appointment. Does Priya work Saturdays?"),
        ("a", "Cover-ups are with Priya Shah. On Saturdays the studio is open nine to four."),
        ("c", "Okay, but is she in on Saturdays?"),
        ("a", "She works Tuesday to Friday."),
    )
    assert pinned(ignored_question.check(studio, sheet()), studio) == [("ignored_question", 3)]


def test_a_narrower_question_or_one_after_a_yes_is_no_restatement() -> None:
    for reply, follow_up in (
        (
            "Priya's in on Saturday mornings.",
            "Okay, but do you do cover-up appointments on Saturdays?",
        ),
        ("Yes, Priya works Saturdays, nine to four.", "Okay, but is she in on Saturdays?"),
    ):
        studio = call(
            ("a", "Black Lotus Tattoo."),
            ("c", "Does Priya work Saturdays?"),
            ("a", reply),
            ("c", follow_up),
            ("a", "Yes, she is."),
        )
        assert ignored_question.check(studio, sheet()) == [], follow_up


# repetitive: a closing line said alone after it closed earlier replies -----------------------------


def test_a_one_sentence_reply_an_earlier_reply_held_word_for_word_is_a_repeat() -> None:
    from grading.checks import repetitive

    keys = call(
        ("a", "Kwik Keys, Omar speaking."),
        ("c", "Do you cut car keys?"),
        ("a", "Yes, we cut most car keys. Is there anything else I can help you with today?"),
        ("c", "How much for a fob?"),
        ("a", "Fobs start at ninety. Is there anything else I can help you with today?"),
        ("c", "No, that's it."),
        ("a", "Is there anything else I can help you with today?"),
    )
    assert pinned(repetitive.check(keys, sheet()), keys) == [("repetitive", 7)]


def test_a_short_line_or_a_sentence_with_more_said_around_it_is_no_repeat() -> None:
    from grading.checks import repetitive

    keys = call(
        ("a", "Kwik Keys, Omar speaking."),
        ("c", "Do you cut car keys?"),
        ("a", "Yes, we cut most car keys. Anything else?"),
        ("c", "How much for a fob?"),
        ("a", "Fobs start at ninety, and most are done in ten minutes."),
        ("c", "Great, and a house key?"),
        ("a", "House keys are four dollars. Anything else?"),
        ("c", "No."),
        ("a", "Anything else?"),
    )
    assert repetitive.check(keys, sheet()) == []


# ignored_question: follow-ups answered in ways the words alone did not show -----------------------


def test_a_variant_follow_up_a_payment_brand_and_a_conditional_yes_answer_the_question() -> None:
    for question, reply, follow_up, second in (
        ("How much is a night for one dog?", "Thirty a night.", "How about for two dogs?", "Fifty-five."),
        ("How much is a bath?", "Twenty-five.", "Can I pay by card?", "We take Visa and Mastercard."),
        ("Do you board cats?", "We do.", "Is there a fee to cancel?", "Only within a day of the stay."),
    ):
        kennel = call(
            ("a", "Hilltop Kennels."),
            ("c", question),
            ("a", reply),
            ("c", follow_up),
            ("a", second),
            ("c", "Okay, thanks."),
        )
        assert ignored_question.check(kennel, sheet()) == [], follow_up


def test_a_reply_about_something_else_still_leaves_a_yes_no_question_unanswered() -> None:
    kennel = call(
        ("a", "Hilltop Kennels."),
        ("c", "Is there a fee to cancel?"),
        ("a", "Our kennel has forty heated runs."),
        ("c", "Okay."),
    )
    assert pinned(ignored_question.check(kennel, sheet()), kennel) == [("ignored_question", 3)]
