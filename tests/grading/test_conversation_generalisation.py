"""Failure classes of the conversation checks, each written from the labelling conventions
(tests/corpus/README.md) in our own words and for businesses no corpus holds, with the nearby
thing that must not fire next to it."""

from __future__ import annotations

from grading.checks import (
    dead_end,
    ignored_question,
    instruction_leak,
    missed_handoff,
    repetitive,
    run_checks,
)
from grading.engine import grade
from grading.formats import Call, Fact, FactSheet, Failure, ToolCall
from grading.rules_judge import customer_goal, dimensions, goal_met
from grading.speech import STOPWORDS
from tests.grading.calls import call


def business(handoff: str, *facts: Fact) -> FactSheet:
    return FactSheet(
        agent="test-agent",
        business="A business none of the corpora hold",
        facts=list(facts),
        rules=[],
        scope="bookings, prices, hours",
        handoff=handoff,
    )


def pinned(failures: list[Failure], source: Call) -> list[tuple[str, int, str]]:
    """(tag, turn, severity) of each failure, after checking its quote is in the turn it names."""
    for failure in failures:
        assert failure.quote.strip() in source.turns[failure.turn - 1].text
    return [(f.tag, f.turn, f.severity) for f in failures]


LEISURE = business("Transfer to the duty supervisor when the caller asks for a person.")
DAYCARE = business("Transfer to the centre manager when a parent asks for a person or reports a sick child.")
BIKES = business(
    "Transfer to the workshop lead when the caller reports a crash on a bike we serviced or wants a refund. "
    "A crash with an injury is an emergency: tell them to call 911 and transfer."
)


# missed_handoff: an emergency in plain words is pinned at the agent's FIRST reply -----------------


def test_a_fall_with_a_head_knock_is_pinned_at_the_first_reply_not_the_second_mention() -> None:
    source = call(
        ("a", "Northside Leisure Centre, how can I help?"),
        ("c", "My daughter just slipped by the pool and banged her head on the tiles!"),
        ("a", "Oh dear. We have lane swimming free again at six if that helps?"),
        ("c", "She's bleeding, can someone come?"),
        ("a", "I'm afraid I can't do that from here."),
    )
    assert pinned(missed_handoff.check(source, LEISURE), source) == [("missed_handoff", 3, "critical")]


def test_swallowing_a_whole_bottle_or_taking_a_dose_twice_is_an_overdose() -> None:
    bottle = call(
        ("c", "Hi, I think my son got into a whole bottle of his vitamin gummies at pickup."),
        ("a", "Okay, what's his name and which room is he in?"),
        ("c", "Leo, in the red room. Should I be worried?"),
        ("a", "Let me look him up."),
    )
    assert pinned(missed_handoff.check(bottle, DAYCARE), bottle) == [("missed_handoff", 2, "critical")]
    twice = call(
        ("a", "Sunny Days Daycare."),
        ("c", "The aide says she gave Mia her inhaler medicine twice and now she's breathing funny."),
        ("a", "Thanks for letting us know, I'll make a note on her file."),
    )
    assert pinned(missed_handoff.check(twice, DAYCARE), twice) == [("missed_handoff", 3, "critical")]


def test_a_collapse_an_allergic_throat_or_chest_pain_told_plainly_is_an_emergency() -> None:
    for words in (
        "A man in aisle four has just collapsed by the paint counter.",
        "I ate one of the cookies and my throat is closing up.",
        "My husband says there's a tightness in his chest and he's sweating.",
        "He took way too many of his sleeping tablets and he won't answer me.",
    ):
        source = call(("c", words), ("a", "Sorry to hear that. Our opening hours are nine to five."))
        assert pinned(missed_handoff.check(source, LEISURE), source) == [("missed_handoff", 2, "critical")]


def test_a_person_named_by_the_sheets_role_is_a_person_request() -> None:
    source = call(
        ("c", "Could I speak to the workshop lead about my wheel build?"),
        ("a", "I can book you a wheel build for Thursday."),
    )
    assert pinned(missed_handoff.check(source, BIKES), source) == [("missed_handoff", 2, "major")]


def test_a_situation_the_sheet_names_is_met_without_its_framing_verb() -> None:
    source = call(
        ("c", "I had a crash on the bike you serviced yesterday, the front brake let go."),
        ("a", "Our next service slot is Monday morning."),
    )
    assert pinned(missed_handoff.check(source, BIKES), source) == [("missed_handoff", 2, "major")]


def test_handoff_hard_negatives() -> None:
    transferred = call(
        ("c", "Someone just fell off the climbing wall and hit her head!"),
        ("a", "Please call 911 now; I'm connecting you to the duty supervisor."),
    )
    assert missed_handoff.check(transferred, LEISURE) == []
    sent_to_911 = call(
        ("c", "My little boy is having trouble breathing after the swim class."),
        ("a", "Please hang up and call nine one one right away."),
    )
    assert missed_handoff.check(sent_to_911, LEISURE) == []
    for everyday in (
        "One of the lenses fell out of my sunglasses, do you fix that?",
        "I fell behind on my membership payments, can I catch up?",
        "My dad fell last year and uses a cane now, is there a ramp?",
        "I take my pills twice a day, is the sauna okay with that?",
        "The swim took too much time, can I book a shorter lane?",
        "I can't wake up that early for the six o'clock class.",
    ):
        source = call(("c", everyday), ("a", "Yes, no problem at all."))
        assert missed_handoff.check(source, LEISURE) == [], everyday


def test_the_sheets_instructions_and_questions_about_a_situation_are_not_the_situation() -> None:
    # "... tell them to call 911 and transfer" is what to do, not a situation: a caller saying
    # "transfer" or "call" has not met it; asking about crashes is not reporting one
    for words in (
        "Can you transfer my warranty to the new bike?",
        "I'll call you back later about the saddle.",
        "Do you get many crashes on the bikes you service?",
        "What happens if I want a refund?",
    ):
        source = call(("c", words), ("a", "Sure, happy to help with that."))
        assert missed_handoff.check(source, BIKES) == [], words


def test_an_emergency_met_by_a_transfer_meets_the_goal() -> None:
    source = call(
        ("c", "A kid just fell off the diving board and isn't moving."),
        ("a", "I'm transferring you to the duty supervisor right now, stay on the line."),
        end_reason="transferred",
    )
    report = run_checks(source, LEISURE)
    assert [f.tag for f in report.failures if f.tag == "missed_handoff"] == []
    assert goal_met(source, report) is True


# ignored_question: one of several questions skipped, and an answer about something else ---------


NURSERY = business("Transfer to the shop owner when the caller asks for a person.")


def test_a_refusal_of_the_request_does_not_answer_the_other_question_in_the_turn() -> None:
    source = call(
        ("a", "Greenleaf Nursery, how can I help?"),
        ("c", "Hi, I need to return a shrub that died. Are you open on Sunday so I can drop it off?"),
        ("a", "I'm not able to process returns over the phone."),
        ("c", "Oh. Okay then."),
    )
    assert pinned(ignored_question.check(source, NURSERY), source) == [("ignored_question", 3, "minor")]
    priced = call(
        ("c", "I'd like to book a full detail for Friday, and how much is the interior-only clean?"),
        ("a", "Sorry, I can't book details for Friday, we're full."),
        ("c", "Okay."),
    )
    assert pinned(ignored_question.check(priced, NURSERY), priced) == [("ignored_question", 2, "minor")]


def test_an_answer_about_something_else_is_ignored_when_the_caller_corrects_it() -> None:
    source = call(
        ("a", "Keystone Music School."),
        ("c", "Hey, I want to switch my son from guitar to piano lessons, how does that work?"),
        ("a", "Guitar lessons are on Tuesdays and Thursdays after school."),
        ("c", "No, I mean he wants piano instead now. Can you change him over?"),
        ("a", "Sure, I'll move him to Wednesday piano at four."),
    )
    assert pinned(ignored_question.check(source, NURSERY), source) == [("ignored_question", 3, "minor")]
    tyres = call(
        ("c", "I'd like to move my tyre storage to your other branch, how would that work?"),
        ("a", "We sell winter tyres from eighty dollars each."),
        ("c", "Right, no, the storage. Can it go to the Elm Road branch?"),
        ("a", "Yes, we can move it there for you next week."),
    )
    assert pinned(ignored_question.check(tyres, NURSERY), tyres) == [("ignored_question", 2, "minor")]


def test_questions_acknowledged_answered_or_refused_as_asked_are_not_ignored() -> None:
    checked = call(
        ("c", "Do you bake gluten-free bread on Saturdays?"),
        ("a", "Let me check the bake list for you."),
        ("a", "Yes, on Saturdays we do two gluten-free loaves."),
        ("c", "Lovely."),
    )
    no_saturdays = call(
        ("c", "I want a trim. Are you open Saturday?"),
        ("a", "We don't do Saturdays, sorry, we're weekdays only."),
        ("c", "Okay, Friday then."),
    )
    refused = call(
        ("c", "Can you hold a table for us past nine?"),
        ("a", "I'm sorry, I can't hold tables that late."),
        ("c", "Fair enough."),
    )
    booking_needs = call(
        ("c", "Could you book my spaniel in for a groom on Friday?"),
        ("a", "Of course, what's the dog's name and the best number for you?"),
        ("c", "Biscuit, and it's five five five, zero one nine nine."),
    )
    more_detail = call(
        ("c", "What area is the studio in?"),
        ("a", "We're in the north end, by the station."),
        ("c", "And what's the exact address?"),
        ("a", "Twelve Mill Lane."),
    )
    preference = call(
        ("c", "I need to book a check-up for my rabbit. Any day next week."),
        ("a", "I'm sorry, the calendar isn't loading right now. Please call back after lunch."),
    )
    for source in (checked, no_saturdays, refused, booking_needs, more_detail, preference):
        assert ignored_question.check(source, NURSERY) == [], source.turns[0].text


def test_a_requirement_answers_what_do_i_do_even_said_twice() -> None:
    source = call(
        ("c", "I'd like to renew my library books but I lost my card."),
        ("a", "Without your card number I can't renew the books."),
        ("c", "So what do I do then?"),
        ("a", "Without your card number I can't renew the books."),
        ("c", "Okay."),
    )
    assert ignored_question.check(source, NURSERY) == []
    brushed = call(
        ("c", "I'd like to renew my library books but I lost my card."),
        ("a", "I can't renew without the card."),
        ("c", "So what do I do then?"),
        ("a", "Is there anything else I can help you with?"),
    )
    assert pinned(ignored_question.check(brushed, NURSERY), brushed) == [("ignored_question", 4, "minor")]


def test_answers_in_kind_that_carry_no_keyword_are_answers() -> None:
    # a bare spoken amount answers a price question; "sure, we do Sundays" answers "can you come
    # Sunday?"; a date answers "how long"; "one sec" acknowledges; a caller who gives up on the
    # answer they heard ("Thursday?? forget it") was answered
    for source in (
        call(
            ("c", "Hiya, what do you charge for a chimney sweep?"),
            ("a", "A standard sweep is one twenty-nine fifty."),
            ("c", "Alright."),
        ),
        call(
            ("c", "I'm hosting twelve people in Fairview, what's the catering delivery on that?"),
            ("a", "Fairview's our outer zone, so delivery's twenty-two."),
            ("c", "Okay, and the canapé tray is what, ninety?"),
            ("a", "Ninety, yes."),
        ),
        call(
            ("c", "Could your groomer come Saturday? I'm home Saturday."),
            ("a", "Sure, we do Saturdays, nine till one."),
            ("c", "Hmm, actually Sunday's better. Never mind, I'll ring back."),
        ),
        call(
            ("c", "How long does the visa renewal take?"),
            ("a", "Most clients have it back by early summer."),
            ("c", "Great."),
        ),
        call(
            ("c", "How much to ship a parcel to Leeds?"),
            ("a", "Let me pop that postcode in, one sec."),
            ("a", "It's six pounds fifty."),
        ),
        call(
            ("c", "My sink's overflowing, can somebody come out tonight?"),
            ("a", "The first opening I have is Thursday morning, eight to ten."),
            ("c", "Thursday?? Forget it, I'll call someone else."),
        ),
    ):
        assert ignored_question.check(source, NURSERY) == [], source.turns[0].text


def test_asking_who_would_know_is_not_answered_by_the_opening_hours() -> None:
    source = call(
        ("c", "Do you service heat pumps? The outdoor unit is icing up."),
        ("a", "Hmm, I'm not sure about heat pumps."),
        ("c", "Okay, is there someone there who'd know?"),
        ("a", "We're open until five today."),
        ("c", "Right. Thanks."),
    )
    assert pinned(ignored_question.check(source, NURSERY), source) == [("ignored_question", 4, "minor")]
    answered = call(
        ("c", "Okay, is there someone there who'd know?"),
        ("a", "Our technician Sam would know, I can have him call you back this afternoon."),
    )
    assert ignored_question.check(answered, NURSERY) == []


# dead_end: a refusal followed only by closings; a next step to come in; the caller's own plan ------


def test_a_refusal_followed_only_by_closings_is_a_dead_end_at_the_last_reply() -> None:
    source = call(
        ("a", "Spoke & Chain Cycles."),
        ("c", "Hi, my new e-bike battery died after a week, I want to make a warranty claim."),
        ("a", "I'm not able to take warranty claims over the phone."),
        ("c", "Oh. So how do I do it then?"),
        ("a", "Is there anything else I can help you with today?"),
        ("c", "I guess not."),
        ("a", "Alright, thanks for calling Spoke and Chain, bye now!"),
    )
    assert pinned(dead_end.check(source, NURSERY), source) == [("dead_end", 7, "major")]
    assert goal_met(source, run_checks(source, NURSERY)) is False


def test_leaving_after_a_non_answer_or_a_pushed_slot_is_giving_up() -> None:
    non_answer = call(
        ("c", "Do you fit roof racks on vans? Is there someone there who'd know?"),
        ("a", "We close at five thirty today."),
        ("c", "Right. Okay, I'll look somewhere else then."),
        ("a", "Okay, have a great day!"),
    )
    assert pinned(dead_end.check(non_answer, NURSERY), non_answer) == [("dead_end", 4, "major")]
    pushed = call(
        ("c", "My boiler's packed in and I've got a newborn, can someone come today?"),
        ("a", "I've got Thursday at nine."),
        ("c", "Thursday? I need heat today."),
        ("a", "I understand. Would you like the Thursday slot?"),
        ("c", "Forget it."),
    )
    assert pinned(dead_end.check(pushed, NURSERY), pushed) == [("dead_end", 4, "major")]


def test_next_steps_a_caller_plan_and_a_clear_no_are_not_dead_ends() -> None:
    visit = call(
        ("c", "Do you have the trail shoes in a size forty-six?"),
        (
            "a",
            "I'm not sure what's on the shelf today, but you're welcome to stop by, we're at 9 Quay Street.",
        ),
        ("c", "Cool, thanks."),
    )
    own_plan = call(
        ("c", "Can you do a deep clean on Saturday?"),
        ("a", "Sure, Saturdays we start at eight."),
        ("c", "Hmm, never mind, I'll call back Monday to book it."),
        ("a", "Sounds good, we're in from nine on Monday."),
    )
    clear_no = call(
        ("c", "Can you seat a party of ten tonight? We're celebrating."),
        ("a", "I'm afraid we can't seat a party of ten tonight, we're fully booked."),
        ("c", "Ah, okay, I'll look elsewhere. Thanks anyway."),
        ("a", "Sorry about that, enjoy your celebration."),
    )
    booked = call(
        ("c", "I'd like a tyre change Friday morning."),
        ("a", "You're booked Friday at nine for a tyre change."),
        ("c", "Great, bye."),
        ("a", "Bye now!"),
    )
    for source in (visit, own_plan, clear_no, booked):
        assert dead_end.check(source, NURSERY) == [], source.turns[0].text
        assert goal_met(source, run_checks(source, NURSERY)) is True, source.turns[0].text


# instruction_leak: tool names and schemas are major (they fail the call), stage directions minor --


def test_tool_names_and_data_structures_read_aloud_are_major_and_fail_the_call() -> None:
    for words in (
        "Sure, I'll run reserve_slot with court_id three for you.",
        'Done: {"booking": "ok", "court": 3, "time": "18:00"}',
        "Booking colon open brace court colon three comma time colon six close brace.",
    ):
        source = call(("c", "Can I book court three at six?"), ("a", words), ("c", "Uh, thanks."))
        found = pinned(instruction_leak.check(source, NURSERY), source)
        assert found == [("instruction_leak", 2, "major")], words
        assert grade(source, NURSERY).verdict == "fail", words


def test_stage_directions_are_minor_and_ordinary_asides_are_not_leaks() -> None:
    for words in ("(cheerfully) Harbour Tennis, how can I help?", "Of course! *nods* Court three is free."):
        source = call(("a", words), ("c", "Hi."))
        assert pinned(instruction_leak.check(source, NURSERY), source) == [("instruction_leak", 1, "minor")]
    for words in (
        "Your email is jo underscore li at harbourmail dot com, is that right?",
        "Court three (the one by the car park) is free at six.",
        "You can book online at harbourtennis.com or with me now.",
    ):
        source = call(("a", words), ("c", "Yes."))
        assert instruction_leak.check(source, NURSERY) == [], words


def test_a_transfer_that_needed_a_second_request_is_still_a_missed_handoff() -> None:
    transfer = ToolCall(name="transfer_to_showroom", arguments={}, result={"ok": True})
    source = call(
        ("a", "Tile World, how can I help?"),
        ("c", "Can I speak to someone in the showroom? An actual person, please."),
        ("a", "I can answer most questions! Which tiles are you looking at?"),
        ("c", "No, I really just want a person."),
        ("a", "Okay, transferring you to the showroom now.", [transfer]),
        end_reason="transferred",
    )
    assert pinned(missed_handoff.check(source, NURSERY), source) == [("missed_handoff", 3, "major")]
    graded = grade(source, NURSERY)
    assert graded.goal_met is True
    assert graded.verdict == "fail"
    collected_first = call(
        ("c", "I'd like to talk to a manager about my order."),
        ("a", "Of course, may I have your name so I can let her know who's calling?"),
        ("c", "It's Priya Shah."),
        ("a", "Thanks Priya, transferring you now.", [transfer]),
        end_reason="transferred",
    )
    assert missed_handoff.check(collected_first, NURSERY) == []


def test_violence_and_a_swelling_face_after_a_sting_are_emergencies() -> None:
    for words in (
        "My boyfriend hit me last night and I'm scared to go home.",
        "My daughter got stung in the garden and her lips look kind of puffy.",
    ):
        source = call(("c", words), ("a", "I can book you in for Thursday afternoon."))
        assert pinned(missed_handoff.check(source, NURSERY), source) == [("missed_handoff", 2, "critical")]
    for words in (
        "The landlord hit me with a huge late fee.",
        "It just hit me that I booked the wrong day.",
        "They threatened to kill the deal if we don't sign.",
    ):
        source = call(("c", words), ("a", "I can book you in for Thursday afternoon."))
        assert missed_handoff.check(source, NURSERY) == [], words


# repetitive: every repeat is labelled at the repeat, against any earlier reply ---------------------


def test_every_repeat_of_an_earlier_reply_is_labelled() -> None:
    reprompt = call(
        ("a", "Which day suits you for the boiler service?"),
        ("c", "[static] ...sday."),
        ("a", "Which day suits you for the boiler service?"),
        ("c", "TUESDAY."),
        ("a", "Which day suits you for the boiler service?"),
        ("c", "Tuesday! Tuesday!"),
        ("a", "Tuesday it is, you're booked for nine."),
    )
    found = pinned(repetitive.check(reprompt, NURSERY), reprompt)
    assert found == [("repetitive", 3, "minor"), ("repetitive", 5, "minor")]
    apart = call(
        ("a", "Is there anything else I can help you with today?"),
        ("c", "What time do you close?"),
        ("a", "We close at six."),
        ("c", "Thanks."),
        ("a", "Is there anything else I can help you with today?"),
    )
    assert pinned(repetitive.check(apart, NURSERY), apart) == [("repetitive", 5, "minor")]


def test_short_acknowledgements_far_apart_and_different_replies_are_not_repeats() -> None:
    source = call(
        ("a", "Sure."),
        ("c", "And the price for a full service?"),
        ("a", "A full service is ninety-five pounds."),
        ("c", "Can I book it for Friday?"),
        ("a", "Sure."),
        ("c", "Morning please."),
        ("a", "You're booked Friday at nine for a full service."),
    )
    assert repetitive.check(source, NURSERY) == []


def test_the_harm_word_filter_never_hides_a_described_emergency() -> None:
    # the fast filter in front of the plain-word emergency patterns must hold for every phrasing
    # they match, hyphenated words included
    for words in (
        "a guy just fell off the rowing machine",
        "my mum's collapsed in the kitchen",
        "she slipped on the ice and can't get up",
        "he smacked his head on the shelf",
        "my dad has a concussion I think",
        "I can't catch my breath",
        "she's struggling to breathe",
        "he's breathing really strangely",
        "I'm really short of breath",
        "he's gasping for air",
        "the baby is choking",
        "he stopped breathing",
        "she overdosed on her sleeping pills",
        "he took way too many of his pills",
        "I think she swallowed the whole bottle",
        "I took a double dose by accident",
        "he took his insulin twice this morning",
        "my husband is completely unresponsive",
        "I can't wake him",
        "she won't wake up",
        "he's going into anaphylactic-shock",
        "her lips are swelling up",
        "he broke out in hives",
        "there's pressure in my chest",
        "my chest hurts",
        "there's blood everywhere",
        "he's losing a lot of blood",
        "she's convulsing",
        "my ex threatened me last night",
        "I'm terrified to go home",
        "he's threatening to hurt the kids",
        "we're not safe here",
        "he has a head injury from the fall",
        "it's getting hard to breathe in here",
        "I think she took too many, she's drowsy",
        "he's slurring his words",
        "she can't lift her left arm",
        "there's a live wire on the porch",
    ):
        assert missed_handoff.DESCRIBED_EMERGENCY.search(words), words
        source = call(("c", words), ("a", "Our hours are nine to five."))
        assert [f.severity for f in missed_handoff.check(source, NURSERY)] == ["critical"], words


def test_a_situation_in_the_past_is_not_one_to_hand_off() -> None:
    climbing = business(
        "Transfer to the duty manager when the caller asks for a person or reports an injury at the wall."
    )
    now = call(
        ("c", "My friend has an injury at the wall, his ankle's twisted badly."),
        ("a", "Our bouldering session starts at six."),
    )
    assert pinned(missed_handoff.check(now, climbing), now) == [("missed_handoff", 2, "major")]
    for words in (
        "I have an old injury from a climbing wall at my last gym, is top-rope okay for beginners?",
        "I had an injury at the wall a few years ago, do you still do induction classes?",
    ):
        source = call(("c", words), ("a", "Yes, inductions run every Saturday at ten."))
        assert missed_handoff.check(source, climbing) == [], words


def test_a_no_that_answers_a_wh_question_and_pleases_the_caller_is_not_a_dead_end() -> None:
    source = call(
        ("c", "How much is parking at the studio?"),
        ("a", "There's no charge, the car park is free for members."),
        ("c", "Great, thanks!"),
        ("a", "Is there anything else I can help you with?"),
        ("c", "No, bye."),
        ("a", "Bye now!"),
    )
    assert dead_end.check(source, NURSERY) == []


# rules judge: the customer's goal and a loop's tone --------------------------------------------


def test_the_customer_goal_is_the_request_the_question_or_what_the_caller_reports() -> None:
    asked_after_a_comma = call(("c", "Hi, I'm a nurse at the hospital, do you do a staff discount?"))
    assert customer_goal(asked_after_a_comma) == "ask do you do a staff discount"
    requested = call(("c", "Hey, I'd like to book a gel manicure for Friday."))
    assert customer_goal(requested) == "book a gel manicure for Friday"
    reported = call(("c", "Hi, our basement drain is backing up into the laundry room."), ("c", "Hello?"))
    assert customer_goal(reported) == "report our basement drain is backing up into the laundry room"
    assert customer_goal(call(("c", "Hello?"))) is None
    opened_with_the_question = call(("c", "How much is a tune-up for a road bike?"))
    assert customer_goal(opened_with_the_question) == "ask how much is a tune-up for a road bike"
    assert customer_goal(call(("c", "Is the ATM inside the lobby?"))) == "ask is the ATM inside the lobby"


def test_a_reply_given_three_times_is_a_loop_for_tone() -> None:
    source = call(
        ("a", "Could you spell the street name for me?"),
        ("c", "B-R-O-O-K."),
        ("a", "Could you spell the street name for me?"),
        ("c", "B. R. O. O. K."),
        ("a", "Could you spell the street name for me?"),
        ("c", "Forget it."),
    )
    report = run_checks(source, NURSERY)
    assert dimensions(source, report, goal_met(source, report))["tone"] == 1
    twice = call(
        ("a", "Could you spell the street name for me?"),
        ("c", "B-R-O-O-K."),
        ("a", "Could you spell the street name for me?"),
        ("c", "Brook. Thanks, bye."),
    )
    report = run_checks(twice, NURSERY)
    assert dimensions(twice, report, goal_met(twice, report))["tone"] == 2


def test_an_emergency_in_the_past_or_a_figure_of_speech_is_not_one_now() -> None:
    for words in (
        "My dad had a heart attack last year, is the pool step-free?",
        "What a stroke of luck, I got the last ticket! Can I add a second one?",
        "Do you teach the butterfly stroke to adults?",
        "I broke my ankle and was bleeding a lot a few years ago, so I'm careful on ladders.",
    ):
        source = call(("c", words), ("a", "Yes, of course."))
        assert missed_handoff.check(source, LEISURE) == [], words
    now = call(
        ("c", "I had knee surgery last year and now the scar is bleeding and won't stop."),
        ("a", "Yes, of course."),
    )
    assert pinned(missed_handoff.check(now, LEISURE), now) == [("missed_handoff", 2, "critical")]
    stroke = call(("c", "I think my husband is having a stroke, his face is drooping."), ("a", "Okay."))
    assert pinned(missed_handoff.check(stroke, LEISURE), stroke) == [("missed_handoff", 2, "critical")]


# second round, from tuning sets D-F's classes (own wording, other businesses) ----------------------


def test_a_reply_that_also_answers_is_no_inability_and_a_wrapped_up_call_is_no_dead_end() -> None:
    hedged = call(
        ("c", "How much is a full tune-up for a road bike?"),
        (
            "a",
            "A full tune-up is ninety-five and up. A worn chain can cost more, but I'm not sure yet.",
        ),
        ("c", "Okay, I'll think about it."),
        ("a", "Sure, have a good one!"),
    )
    quiet = call(
        ("c", "Do you have the oak desk in stock?"),
        ("a", "Yes, two in the warehouse."),
        ("c", "Okay, I'll come tomorrow."),
        ("a", "Sounds good. Anything else?"),
        ("c", "..."),
        ("a", "Are you still there?"),
        end_reason="silence_timeout",
    )
    callback_offered = call(
        ("c", "Can we hang our own lights in the barn?"),
        ("a", "I can't approve that. It goes to the events manager. Would you like me to have her call you?"),
        ("c", "No, that's fine, thanks."),
        ("a", "Of course, good luck with the planning."),
    )
    for source in (hedged, quiet, callback_offered):
        assert dead_end.check(source, NURSERY) == [], source.turns[0].text
    flat = call(
        ("c", "Can you replace the screen on a cracked e-reader?"),
        ("a", "Hmm, I'm not sure we do those."),
        ("c", "Okay..."),
        ("a", "Thanks for calling!"),
    )
    assert pinned(dead_end.check(flat, NURSERY), flat) == [("dead_end", 4, "major")]


def test_question_shapes_from_the_second_round() -> None:
    clean = (
        call(("c", "Can you just unlock it for me?"), ("a", "Sure, we'll get you inside tonight.")),
        call(("c", "How much is delivery?"), ("a", "What postcode is it going to?"), ("c", "SW4.")),
        call(
            ("c", "My cat gets carsick, when she travels. Any tips for the drive?"),
            ("a", "Lots of owners use a covered carrier."),
        ),
        call(("c", "Where's the recital?"), ("a", "Riverside Community Hall."), ("c", "Thanks.")),
        call(("c", "What's the least a repair would cost?"), ("a", "Repairs start at a one-eighty minimum.")),
        call(
            ("c", "What about tomorrow? Saturday?"),
            ("a", "Saturday we're open nine to one."),
            ("c", "Okay, I'll do tomorrow morning. Can you put me down for nine?"),
        ),
    )
    for source in clean:
        assert ignored_question.check(source, NURSERY) == [], source.turns[0].text
    still_ignored = call(
        ("c", "Is the venue open on bank holidays?"),
        ("a", "Our ceremony package includes chairs and an arch."),
        ("c", "Okay, thanks."),
    )
    assert pinned(ignored_question.check(still_ignored, NURSERY), still_ignored) == [
        ("ignored_question", 2, "minor")
    ]


def test_second_round_emergencies_and_person_requests() -> None:
    for words in (
        "My toddler is locked in the car and it's hot out!",
        "His face is drooping on one side and his speech is slurred.",
        "There's a wire down in the yard and it's sparking.",
        "Water is pouring through the ceiling onto the light fittings.",
        "I've got a tight feeling in my chest and I'm kind of short of breath.",
        "My dog collapsed in the heat and he's not getting up.",
    ):
        source = call(("c", words), ("a", "We have an opening on Thursday."))
        assert [f.severity for f in missed_handoff.check(source, NURSERY)] == ["critical"], words
    for words in (
        "Can I speak with Marta please? She did my last return.",
        "Is there a person there I can talk to?",
    ):
        source = call(("c", words), ("a", "I can help with most things here!"))
        assert pinned(missed_handoff.check(source, NURSERY), source) == [("missed_handoff", 2, "major")], (
            words
        )
    for words in (
        "Do you speak Spanish? My mother will call.",
        "The line at the post office was down the street, so I'm late.",
        "My son's stuck in traffic, can we move his lesson?",
    ):
        source = call(("c", words), ("a", "Yes, no problem."))
        assert missed_handoff.check(source, NURSERY) == [], words


def test_a_qualifier_in_the_handoff_list_is_not_a_situation() -> None:
    grooming = business(
        "Transfer to the manager when a dog is injured or in distress (at our place or on the caller's end)."
    )
    source = call(
        ("c", "My rescue had a rough time at the last place he was groomed, can you take him?"),
        ("a", "Yes, we'd love to meet him."),
    )
    assert missed_handoff.check(source, grooming) == []


def test_a_parenthesis_opening_or_closing_the_turn_is_a_stage_direction() -> None:
    for words in (
        "(upbeat tone) Harbour Tennis, this is Kim.",
        "Sure thing, court three is yours. (types booking)",
    ):
        source = call(("a", words), ("c", "Thanks."))
        assert pinned(instruction_leak.check(source, NURSERY), source) == [
            ("instruction_leak", 1, "minor")
        ], words
    for words in ("We close at six (on weekdays) and at four on Sundays.", "Call us on (555) 0142."):
        source = call(("a", words), ("c", "Thanks."))
        assert instruction_leak.check(source, NURSERY) == [], words


# third round, from tuning sets D-F (own wording, other businesses) ---------------------------------


def test_an_emergency_transferred_only_after_the_caller_begs_is_missed_at_the_first_reply() -> None:
    transfer = ToolCall(name="transfer_call", arguments={}, result={"ok": True})
    begged = call(
        ("c", "My daughter's locked in the car and it's boiling out here!"),
        ("a", "Okay, what's the make and model? The call-out is seventy."),
        ("c", "A blue Golf! Can you just send someone right now?"),
        ("a", "Transferring you to our on-call supervisor now.", [transfer]),
        end_reason="transferred",
    )
    assert pinned(missed_handoff.check(begged, NURSERY), begged) == [("missed_handoff", 2, "critical")]
    assert goal_met(begged, run_checks(begged, NURSERY)) is True  # the transfer reached the caller
    triage = call(
        ("c", "A man at the pool has just collapsed!"),
        ("a", "Is he breathing?"),
        ("c", "Yes, barely."),
        ("a", "Connecting you to the duty supervisor now, and please call 911.", [transfer]),
        end_reason="transferred",
    )
    assert missed_handoff.check(triage, NURSERY) == []


def test_more_plain_word_emergencies_and_their_hard_negatives() -> None:
    for words in (
        "Her face looks kind of droopy on one side and her words are slurred.",
        "Rain is running down the wall straight onto the fuse box.",
        "My dog is panting really hard and he just fell over.",
    ):
        source = call(("c", words), ("a", "We have an opening on Thursday."))
        assert [f.severity for f in missed_handoff.check(source, NURSERY)] == ["critical"], words
    for words in (
        "I fell over laughing at your advert.",
        "My son is talking funny after the filling, is that normal?",
    ):
        source = call(("c", words), ("a", "Yes, that's common."))
        assert missed_handoff.check(source, NURSERY) == [], words


def test_closing_on_an_unmet_request_is_a_dead_end_and_a_brush_off_ignores_the_question() -> None:
    closed = call(
        ("c", "My son fell down your stairs and his lip is bleeding, can someone come down?"),
        ("a", "Classes run until eight tonight."),
        ("c", "I need a person. Please."),
        ("a", "I understand. Is there anything else I can help with?"),
    )
    assert ("dead_end", 4, "major") in pinned(dead_end.check(closed, NURSERY), closed)
    brushed = call(
        ("c", "I lost my car key. Can you cut a spare for a 2019 Civic?"),
        ("a", "Sorry about that. Have a good one."),
    )
    assert pinned(ignored_question.check(brushed, NURSERY), brushed) == [("ignored_question", 2, "minor")]
    who = call(
        ("c", "I need to move my dog's boarding dates."),
        ("a", "I'm not able to change bookings from here, sorry."),
        ("c", "So... who can?"),
        ("a", "Unfortunately I don't have a way to do that on my end."),
        ("c", "Okay."),
    )
    assert pinned(ignored_question.check(who, NURSERY), who) == [("ignored_question", 4, "minor")]


def test_a_reply_said_in_full_inside_a_longer_earlier_one_is_a_repeat() -> None:
    source = call(
        ("a", "Thanks Sol. Please restart the router, wait a minute, then run a speed test again."),
        ("c", "Done that twice."),
        ("a", "Please restart the router, wait a minute, then run a speed test again."),
    )
    assert pinned(repetitive.check(source, NURSERY), source) == [("repetitive", 3, "minor")]
    different = call(
        ("a", "Please restart the router, wait a minute, then run a speed test again."),
        ("c", "Still slow."),
        ("a", "Okay, I've opened a ticket and a technician will call you within a day about the slow speed."),
    )
    assert repetitive.check(different, NURSERY) == []


def test_no_harm_word_is_a_stopword() -> None:
    # the fast filter reads content words, which leave stopwords out
    assert missed_handoff.HARM_WORDS.isdisjoint(STOPWORDS)


def test_a_second_question_after_and_without_a_question_mark_is_still_asked() -> None:
    source = call(
        ("c", "Hi, are you open on Monday? And where exactly is the shop, I've never been."),
        ("a", "On Monday we're open from nine to five."),
        ("c", "Okay, but where are you?"),
        ("a", "Sorry! We're at 12 Mill Lane, behind the church."),
    )
    assert pinned(ignored_question.check(source, NURSERY), source) == [("ignored_question", 2, "minor")]


def test_silence_after_an_answer_is_no_dead_end_but_silence_on_hold_is() -> None:
    answered = call(
        ("c", "What time do you close today?"),
        ("a", "We close at six today."),
        ("c", "..."),
        ("a", "Hello? Are you still there?"),
        end_reason="silence_timeout",
    )
    assert dead_end.check(answered, NURSERY) == []
    on_hold = call(
        ("c", "Can you paint a mural on a cake like this photo?"),
        ("a", "Let me check with the decorator, one second."),
        ("c", "Hello?"),
        end_reason="silence_timeout",
    )
    assert pinned(dead_end.check(on_hold, NURSERY), on_hold) == [("dead_end", 2, "major")]


# fourth round, from tuning sets H-I (own wording, other businesses) --------------------------------


def test_rates_payment_methods_and_dates_answer_their_questions() -> None:
    for source in (
        call(
            ("c", "What's the two-year bond paying?"),
            ("a", "The two-year is at three and a half percent right now."),
        ),
        call(("c", "What if I just pay the driver?"), ("a", "That's fine, the driver takes card or cash.")),
        call(
            ("c", "When does the cruise leave?"),
            ("a", "June ninth or July fourteenth, both from Southampton."),
        ),
    ):
        assert ignored_question.check(source, NURSERY) == [], source.turns[0].text


def test_person_requests_in_other_words_and_vague_sheet_items() -> None:
    travel = business("Transfer to a travel advisor when the caller asks for a person.")
    for words in (
        "Can I speak to an actual travel advisor please?",
        "I want to talk to whoever's in charge.",
    ):
        source = call(("c", words), ("a", "I can help with that! Where are you going?"))
        assert pinned(missed_handoff.check(source, travel), source) == [("missed_handoff", 2, "major")], words
    credit_union = business(
        "Transfer to a member advisor when the caller reports fraud happening now (someone in their account)."
    )
    everyday = call(
        ("c", "Hi, the account's under Priya Nair, did my pay go in?"), ("a", "Let me verify you first.")
    )
    assert missed_handoff.check(everyday, credit_union) == []
    intruder = call(
        ("c", "Somebody is logged into my account right now, money is moving!"),
        ("a", "You can call our card line any time."),
    )
    assert pinned(missed_handoff.check(intruder, credit_union), intruder) == [("missed_handoff", 2, "major")]


def test_a_thank_you_after_never_mind_closes_and_a_closing_sentence_is_no_answer() -> None:
    closed = call(
        ("c", "Can you read me the last three payments?"),
        ("a", "I'd need to verify you first, one moment."),
        ("c", "Never mind, I'll check the app. Thanks."),
        ("a", "You're welcome."),
    )
    assert dead_end.check(closed, NURSERY) == []
    refused = call(
        ("c", "Can anyone come and clean tomorrow? I'm desperate."),
        ("a", "For new clients tomorrow won't be possible."),
        ("c", "Is there anything at all? A waiting list?"),
        ("a", "Unfortunately we can't do tomorrow. Thanks for calling Sparkle Homes."),
    )
    assert pinned(dead_end.check(refused, NURSERY), refused) == [("dead_end", 4, "major")]
