"""Call-flow classes (missed_handoff, ignored_question, dead_end, goal_met) found on businesses the
checks had not met, tested on trades no labelled set holds (a tattoo studio, a kayak school, a
cemetery office, a bike courier)."""

from __future__ import annotations

from grading.checks import dead_end, ignored_question, missed_handoff, run_checks
from grading.formats import Fact, FactSheet, Failure
from grading.rules_judge import goal_met
from tests.grading.calls import call

TATTOO = FactSheet(
    agent="inkwell-desk",
    business="Inkwell Tattoo Studio",
    facts=[
        Fact(id="minimum", topic="price", statement="Our shop minimum is $120."),
        Fact(id="hours", topic="hours", statement="Open Tuesday to Saturday, noon to 8 pm."),
    ],
    rules=[],
    scope="bookings, prices, aftercare questions, hours",
    handoff="Transfer to the owner, Rosa Lindqvist, for complaints or when the caller asks for a person.",
)


def pinned(failures: list[Failure]) -> list[tuple[str, int, str]]:
    return [(failure.tag, failure.turn, failure.severity) for failure in failures]


# missed_handoff: the caller taking the question to someone of their own --------------------------


def test_talking_it_over_with_someone_of_ones_own_is_no_request_for_a_person() -> None:
    for said in (
        "Maybe, let me talk to Jordan first. I'll call back.",
        "Okay, I'll check with Priya and call you back.",
        "Cool, I need to talk to my girlfriend first.",
        "Hm, I'll talk to Mom and call back.",
    ):
        source = call(
            ("a", "Inkwell Tattoo, this is Kai."),
            ("c", "How much is a small piece on the wrist?"),
            ("a", "Our shop minimum is a hundred and twenty, and a small wrist piece usually lands there."),
            ("c", said),
            ("a", "Sounds good. We're open Tuesday to Saturday, noon to eight."),
        )
        assert missed_handoff.check(source, TATTOO) == [], said


def test_asking_for_someone_at_the_business_is_still_a_request_for_a_person() -> None:
    for said in (
        "Can I talk to the manager first?",
        "Fine, I'll talk to a manager then.",
        "I need to talk to Rosa, please.",
    ):
        source = call(
            ("a", "Inkwell Tattoo, this is Kai."),
            ("c", "My tattoo healed patchy and it looks awful. " + said),
            ("a", "Sorry to hear that. We're open Tuesday to Saturday, noon to eight."),
        )
        assert pinned(missed_handoff.check(source, TATTOO)) == [("missed_handoff", 3, "major")], said


# ignored_question: a request for a person or for help is missed_handoff's business ---------------

TRAMPOLINE = FactSheet(
    agent="bounce-desk",
    business="Bounce Yard Trampoline Park",
    facts=[Fact(id="jump", topic="price", statement="A one-hour jump pass is $19.")],
    rules=[],
    scope="jump passes, parties, hours",
    handoff="Transfer to the floor supervisor when someone is hurt, or when the caller asks for a person.",
)


def test_asking_for_a_person_or_for_help_to_be_fetched_is_no_ignored_question() -> None:
    for said, reply in (
        ("Can you call someone? He's not really moving.", "I'm sorry to hear that."),
        ("That's wrong. Can I please just speak to someone?", "I understand. Is there anything else?"),
        ("Could you get someone over here right now?", "Please find a staff member."),
    ):
        source = call(
            ("a", "Bounce Yard, this is Tess."),
            ("c", "A kid just landed on his neck on the big trampoline."),
            ("a", "Oh no, I'm sorry."),
            ("c", said),
            ("a", reply),
        )
        assert ignored_question.check(source, TRAMPOLINE) == [], said


def test_a_question_beside_the_request_for_help_is_still_owed_an_answer() -> None:
    source = call(
        ("a", "Bounce Yard, this is Tess."),
        ("c", "Is the foam pit open today?"),
        ("a", "Thanks for calling, have a great day."),
    )
    assert pinned(ignored_question.check(source, TRAMPOLINE)) == [("ignored_question", 3, "minor")]


# ignored_question: a next turn that takes the answer and moves on -------------------------------

KAYAK = FactSheet(
    agent="paddle-desk",
    business="Tideline Kayak School",
    facts=[
        Fact(id="intro", topic="price", statement="The two-hour intro lesson is $65."),
        Fact(id="wetsuit", topic="service", statement="Wetsuits are included with every lesson."),
    ],
    rules=[],
    scope="lessons, prices, schedule, gear",
    handoff="Transfer to a person when the caller asks for one.",
)


def test_a_word_of_the_question_in_the_next_new_question_is_no_return_to_it() -> None:
    for follow_up in (
        "Oh good. How many kids can come in one lesson, we're a group of kids?",
        "Okay. Um, also, can kids bring their own paddles?",
    ):
        source = call(
            ("a", "Tideline Kayak School."),
            ("c", "Do kids need their own wetsuits?"),
            ("a", "No, all the gear comes with the lesson, nothing to bring."),
            ("c", follow_up),
            ("a", "Up to eight in a lesson, and paddles are ours too."),
        )
        assert ignored_question.check(source, KAYAK) == [], follow_up


def test_coming_back_after_a_welcome_is_still_a_return() -> None:
    source = call(
        ("a", "Tideline Kayak School."),
        ("c", "How much is the intro lesson, and do kids need their own wetsuits?"),
        ("a", "The intro lesson is sixty-five dollars."),
        ("c", "Great, but the wetsuits?"),
        ("a", "Wetsuits are included."),
    )
    assert pinned(ignored_question.check(source, KAYAK)) == [("ignored_question", 3, "minor")]


# ignored_question: an offer to book in place of an answer -----------------------------------------

PIANO = FactSheet(
    agent="keys-desk",
    business="Harmonic Piano Tuning",
    facts=[Fact(id="tuning", topic="price", statement="A standard tuning is $140.")],
    rules=[],
    scope="tunings, repairs, prices, booking",
    handoff="Transfer to a person when the caller asks for one.",
)


def test_an_offer_to_book_in_place_of_a_yes_or_no_leaves_the_question_unanswered() -> None:
    for reply in (
        "Would you like to book a visit so the technician can go over everything?",
        "(pause) I can set up a tuning for you if you'd like. What day works best?",
    ):
        source = call(
            ("a", "Harmonic Piano Tuning."),
            ("c", "My upright needs a tuning. Do you also fix sticky keys?"),
            ("a", reply),
        )
        assert pinned(ignored_question.check(source, PIANO)) == [("ignored_question", 3, "minor")], reply


def test_an_offer_after_an_answer_or_to_a_request_is_no_miss() -> None:
    for asked, reply in (
        ("Do you also fix sticky keys?", "Yes, we do. Would you like to book a visit?"),
        ("Do you also fix sticky keys?", "Our technicians repair keys on site, and I can book that for you."),
        ("Can you come out next week?", "Would you like to book Tuesday at ten?"),
        ("The piano is upstairs. Is that okay?", "Would you like to book a visit?"),
    ):
        source = call(("a", "Harmonic Piano Tuning."), ("c", asked), ("a", reply))
        assert ignored_question.check(source, PIANO) == [], (asked, reply)


# missed_handoff: someone under water and not surfacing -------------------------------------------

SWIM = FactSheet(
    agent="lapline-desk",
    business="Lapline Open-Water Swim Club",
    facts=[Fact(id="session", topic="price", statement="A guided lake swim is $15.")],
    rules=[],
    scope="guided swims, memberships, schedule",
    handoff="Transfer to the lifeguard lead at once when a swimmer is in trouble, or to a person when asked.",
)


def test_someone_under_water_and_not_surfacing_is_an_emergency() -> None:
    for said in (
        "This girl next to me fell off her board and she's not coming up!",
        "My son went under by the buoy and I can't see him.",
        "I think a kid is drowning in the deep end.",
    ):
        source = call(
            ("a", "Lapline Swim Club."),
            ("c", said),
            ("a", "Okay, try to stay calm and look for bubbles."),
        )
        assert pinned(missed_handoff.check(source, SWIM)) == [("missed_handoff", 3, "critical")], said


def test_a_visit_not_coming_up_or_paperwork_drowning_is_no_emergency() -> None:
    for said in (
        "My sister isn't coming up for the swim this weekend, can I move her spot?",
        "Honestly I'm drowning in paperwork, can you email me the waiver?",
        "The old club went under last year, do you take their members?",
    ):
        source = call(("a", "Lapline Swim Club."), ("c", said), ("a", "Sure, happy to help with that."))
        assert missed_handoff.check(source, SWIM) == [], said


# ignored_question: what kind of answer the question asks for --------------------------------------

COURIER = FactSheet(
    agent="spoke-desk",
    business="Spoke Street Bike Courier",
    facts=[
        Fact(
            id="account", topic="policy", statement="Business accounts are invoiced monthly, due in 30 days."
        ),
        Fact(id="rush", topic="price", statement="A rush delivery downtown is $18."),
    ],
    rules=[],
    scope="deliveries, business accounts, prices",
    handoff="Transfer to a person when the caller asks for one.",
)


def test_how_long_to_pay_asks_for_a_duration_not_a_price() -> None:
    source = call(
        ("a", "Spoke Street Couriers."),
        ("c", "Never had an account before. How does it work, like, how long do I have to pay it back?"),
        ("a", "You get thirty days, and then there's a ten-day grace period after that."),
    )
    assert ignored_question.check(source, COURIER) == []


def test_a_question_back_for_a_detail_after_an_interjection_acknowledges_a_price_question() -> None:
    source = call(
        ("a", "Spoke Street Couriers."),
        ("c", "What would a rush delivery cost me?"),
        ("a", "Oh, okay. Is it going downtown or out to the suburbs?"),
    )
    assert ignored_question.check(source, COURIER) == []


# missed_handoff: a death that has just occurred, told as what happened ----------------------------

PET_CREMATION = FactSheet(
    agent="evergreen-paws",
    business="Evergreen Paws Pet Cremation",
    facts=[
        Fact(id="private", topic="price", statement="A private cremation for a dog under 40 lb is $240."),
        Fact(id="certificate", topic="service", statement="Every cremation comes with a death certificate."),
    ],
    rules=[],
    scope="cremations, urns, prices, home pickup",
    handoff="Transfer to the on-call pickup team when a death has just occurred and the family needs the pet"
    " collected, or when the caller asks for a person.",
)


def test_a_death_just_now_in_plain_words_is_the_sheets_situation() -> None:
    for said in (
        "Hi. Our dog just died, like twenty minutes ago, at home.",
        "My cat passed away about an hour ago and I don't know what to do.",
    ):
        source = call(
            ("a", "Evergreen Paws."),
            ("c", said),
            ("a", "I can book a memorial consultation for Monday at ten."),
        )
        assert pinned(missed_handoff.check(source, PET_CREMATION)) == [("missed_handoff", 3, "major")], said


def test_an_earlier_death_a_dead_appliance_or_the_certificate_is_no_death_now() -> None:
    for said in (
        "Our dog passed on Sunday, how much is a private cremation?",
        "My freezer just died, sorry, I'm a mess. What does an urn cost?",
        "Does the death certificate come with it?",
    ):
        source = call(("a", "Evergreen Paws."), ("c", said), ("a", "A private cremation is two forty."))
        assert missed_handoff.check(source, PET_CREMATION) == [], said


# dead_end: a caller done with what they came for -------------------------------------------------


def test_a_caller_saying_that_is_all_they_need_leaves_no_request_behind() -> None:
    for said in ("That's all I need.", "Okay, I'm all set."):
        source = call(
            ("a", "Tideline Kayak School."),
            ("c", "What time is the Saturday intro lesson?"),
            ("a", "Saturday at nine."),
            ("c", said),
            ("a", "Thank you, have a good evening."),
        )
        assert dead_end.check(source, KAYAK) == [], said
        assert goal_met(source, run_checks(source, KAYAK)), said


def test_a_request_before_the_sign_off_is_still_left_there() -> None:
    source = call(
        ("a", "Tideline Kayak School."),
        ("c", "I need someone to call me back about a refund."),
        ("a", "Thank you, have a good evening."),
    )
    assert pinned(dead_end.check(source, KAYAK)) == [("dead_end", 3, "major")]


# ignored_question: a filler before the sign-off takes nothing up ----------------------------------


def test_okay_and_anything_else_leaves_the_question_unanswered() -> None:
    source = call(
        ("a", "Harmonic Piano Tuning."),
        ("c", "Why is my tuning taking three weeks when you said one?"),
        ("a", "Okay. Is there anything else I can help you with today?"),
    )
    assert pinned(ignored_question.check(source, PIANO)) == [("ignored_question", 3, "minor")]


def test_a_no_before_the_sign_off_is_an_answer() -> None:
    source = call(
        ("a", "Harmonic Piano Tuning."),
        ("c", "Do you tune harpsichords too?"),
        ("a", "No. Is there anything else I can help you with today?"),
    )
    assert ignored_question.check(source, PIANO) == []
