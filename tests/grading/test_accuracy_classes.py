"""accuracy on classes of speech that once misfired: each test is one class of error (a crash, the
wrong fact compared, numbers misread as times, ranges merged, ordinary words taken as claims),
written with fresh sentences for two businesses the tuning corpus does not have."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from grading.checks import accuracy
from grading.claims import extract
from grading.claims.numbers import digits_for_speech
from grading.formats import Call, Fact, FactSheet, Failure
from tests.grading.calls import call


def _sheet(agent: str, business: str, facts: list[tuple[str, str, str]]) -> FactSheet:
    return FactSheet(
        agent=agent,
        business=business,
        facts=[Fact(id=i, topic=t, statement=s) for i, t, s in facts],  # pyright: ignore[reportArgumentType]
        rules=[],
        scope="bookings, the prices, hours and services listed here",
        handoff="Transfer to a person when asked.",
        forbidden_phrases=[],
    )


GROOMER = _sheet(
    "groomer-desk",
    "Sudsy Paws Grooming",
    [
        ("price-bath", "price", "A bath and brush is $55 per dog."),
        ("price-pickup", "price", "A flat $20 pickup fee applies to home pickups."),
        ("price-deposit", "policy", "New clients pay a $40 deposit when booking."),
        (
            "price-boarding",
            "price",
            "Overnight boarding is $65 per night on weeknights and $80 on Saturday nights.",
        ),
        ("price-daycare", "price", "Doggy daycare is $300 a month for weekdays."),
        ("price-styling", "price", "Breed styling ranges from $70 to $120 depending on coat."),
        (
            "hours-shop",
            "hours",
            "Open Monday to Saturday 8 am to 6 pm, and late return until 7 pm costs $15; closed Sunday.",
        ),
        (
            "hours-spa",
            "hours",
            "The self-wash spa is open 9 am to 8 pm, except Wednesdays 12 to 2 pm when it is closed.",
        ),
        ("policy-cancel", "policy", "Appointments can be moved free of charge until 24 hours before."),
        ("policy-puppies", "price", "Nail trims are free for puppies under 4 months."),
        ("service-limits", "service", "We do not groom dogs over 90 pounds."),
        ("contact", "contact", "The shop phone is 503-555-0117."),
    ],
)

BIKES = _sheet(
    "bikes-desk",
    "Canal Bike Hire",
    [
        ("price-day", "price", "City bikes are £24 per day."),
        ("price-tours", "price", "Guided rides cost between £35 and £60 depending on the route."),
        ("contact", "contact", "Our phone number is 0117 496 0321."),
        ("hours", "hours", "Open Tuesday to Sunday 9 am to 5:30 pm; closed Monday."),
        ("location", "location", "We are at 9 Wharf Road, Bristol BS1 4RT."),
    ],
)


def tags(failures: list[Failure], source: Call) -> list[tuple[str, int]]:
    for failure in failures:
        assert failure.quote.strip() in source.turns[failure.turn - 1].text
    return [(failure.tag, failure.turn) for failure in failures]


def test_a_time_beside_an_hours_fact_that_also_holds_a_price_does_not_crash() -> None:
    source = call(
        ("c", "What time can I pick him up on Friday?"),
        ("a", "We're open until six on Friday, and a late return until seven is fifteen dollars."),
    )
    assert accuracy.check(source, GROOMER) == []


def test_each_price_is_held_against_the_fact_about_what_it_prices() -> None:
    source = call(
        ("c", "What does a bath cost, and do you collect?"),
        ("a", "A bath and brush is fifty-five dollars, plus a flat twenty dollar pickup fee."),
        ("c", "Anything to pay up front?"),
        (
            "a",
            "Yes, there's the forty dollar deposit for new clients, "
            "and daycare is three hundred dollars a month.",
        ),
    )
    assert accuracy.check(source, GROOMER) == []
    wrong = call(("c", "And the pickup?"), ("a", "The pickup fee is thirty dollars."))
    assert tags(accuracy.check(wrong, GROOMER), wrong) == [("wrong_fact", 2)]


def test_a_price_inside_the_sheets_range_is_not_contradicted_and_both_ends_of_a_range_are_read() -> None:
    source = call(
        ("c", "How much is styling for a poodle?"),
        ("a", "Styling is between seventy and a hundred and twenty dollars, depending on the coat."),
        ("c", "And a guided ride?"),
    )
    assert accuracy.check(source, GROOMER) == []
    assert [c.value for c in extract("it's between thirty-five and sixty pounds") if c.kind == "money"] == [
        60.0,
        35.0,
    ]
    within = call(("c", "A longer ride?"), ("a", "The canal route is fifty pounds."))
    assert accuracy.check(within, BIKES) == []


def test_room_and_house_numbers_are_not_clock_times() -> None:
    assert digits_for_speech("you're in room five fourteen") == "you're in room 514"
    assert digits_for_speech("suite two oh six") == "suite 206"
    assert (
        digits_for_speech("we'll collect from three twenty Southwest Oak")
        == "we'll collect from 320 southwest oak"
    )
    assert digits_for_speech("pick up at three twenty") == "pick up at 3:20"
    assert not [c for c in extract("Your cabin is number six forty.") if c.kind == "time"]


def test_two_complete_numbers_joined_by_and_stay_two_numbers() -> None:
    assert (
        digits_for_speech("somewhere between ninety and a hundred and ten") == "somewhere between 90 and 110"
    )
    assert digits_for_speech("three hundred and five") == "305"


def test_pounds_of_weight_are_not_money() -> None:
    assert not [
        c for c in extract("Sorry, we can't take dogs heavier than a hundred pounds.") if c.kind == "money"
    ]
    assert not [c for c in extract("Crates over sixty pounds need two people.") if c.kind == "money"]
    assert [c.value for c in extract("It costs over sixty pounds.") if c.kind == "money"] == [60.0]


def test_free_meaning_available_and_people_included_are_not_price_claims() -> None:
    source = call(
        ("c", "Can someone look at her coat today?"),
        ("a", "Priya has two thirty free, or I can ask the groomers to call when they're free."),
        ("c", "Is that the rule for staff too?"),
        ("a", "It's the same for every client, staff included."),
    )
    assert accuracy.check(source, GROOMER) == []
    assert [c.kind for c in extract("Parking is free at night.")] == ["free"]


def test_a_uk_number_read_digit_by_digit_with_oh_is_the_sheets_number() -> None:
    source = call(
        ("c", "What's your number?"), ("a", "It's oh one one seven, four nine six, oh three two one.")
    )
    assert accuracy.check(source, BIKES) == []
    wrong = call(
        ("c", "What's your number?"), ("a", "It's oh one one seven, four nine six, oh three two two.")
    )
    assert tags(accuracy.check(wrong, BIKES), wrong) == [("wrong_fact", 2)]


def test_a_bare_percentage_or_length_of_time_about_something_else_is_not_a_business_claim() -> None:
    source = call(
        ("c", "My dog's paws are sore, any tips?"),
        ("a", "Soak them in a two percent saline rinse for about an hour before bedtime."),
    )
    assert accuracy.check(source, GROOMER) == []
    deal = call(("c", "Any deals?"), ("a", "Seniors get fifteen percent off every bath."))
    assert tags(accuracy.check(deal, GROOMER), deal) == [("invented_fact", 2)]


def test_booking_dates_read_back_are_not_invented_facts() -> None:
    assert [c.value for c in extract("That's Thursday, March twenty-second.") if c.kind == "date"] == [
        "03-22"
    ]
    source = call(
        ("c", "Can I come Thursday?"),
        ("a", "You're booked for Thursday, March twenty-second at ten a.m., a bath and brush."),
    )
    assert accuracy.check(source, GROOMER) == []


def test_a_time_is_held_against_the_hours_of_the_thing_its_clause_is_about() -> None:
    source = call(
        ("c", "When can I use the self-wash?"),
        ("a", "The self-wash spa is open nine a.m. to eight p.m., except Wednesdays from twelve to two."),
    )
    assert accuracy.check(source, GROOMER) == []


def test_a_closure_for_part_of_a_day_does_not_close_the_day() -> None:
    source = call(
        ("c", "Are you open on a Wednesday?"),
        ("a", "Yes, Monday to Saturday eight till six, and the spa is closed Wednesdays from twelve to two."),
    )
    assert accuracy.check(source, GROOMER) == []


def test_offering_what_the_sheet_says_the_business_does_not_do_is_a_wrong_fact() -> None:
    sheet = _sheet(
        "groomer-desk",
        "Sudsy Paws Grooming",
        [("service-no-taxi", "service", "There is no pet taxi; most owners drop off by car.")],
    )
    source = call(("c", "Can you fetch her?"), ("a", "Sure, our free pet taxi can pick her up at home."))
    assert tags(accuracy.check(source, sheet), source) == [("wrong_fact", 2)]


def test_free_for_a_child_is_held_against_the_fact_the_conversation_is_about() -> None:
    source = call(
        ("c", "Do puppies pay for a nail trim? Mine is three months."),
        ("a", "Your three-month-old goes free, and a bath and brush is fifty-five dollars."),
    )
    assert accuracy.check(source, GROOMER) == []


def test_the_callers_address_read_back_is_an_echo_not_a_time() -> None:
    source = call(
        ("c", "Pick up from six fifteen Northeast Birch, and drop at two forty Oak Court."),
        ("a", "Got it, from six fifteen to two forty Oak Court, on Tuesday the ninth."),
    )
    assert accuracy.check(source, GROOMER) == []


def test_an_amount_for_what_the_sheet_calls_free_contradicts_it() -> None:
    source = call(("c", "Do puppies pay for nails?"), ("a", "Nail trims for puppies are twelve dollars."))
    assert tags(accuracy.check(source, GROOMER), source) == [("wrong_fact", 2)]


def test_a_price_for_the_wrong_day_contradicts_a_sheet_that_prices_by_day() -> None:
    weekend = call(
        ("c", "How much to board him this Saturday night?"),
        ("a", "Overnight boarding is sixty-five a night."),
    )
    assert tags(accuracy.check(weekend, GROOMER), weekend) == [("wrong_fact", 2)]
    weeknight = call(
        ("c", "And on a Tuesday night?"),
        ("a", "Overnight boarding is sixty-five a night."),
    )
    assert accuracy.check(weeknight, GROOMER) == []
    right = call(("c", "And Saturday?"), ("a", "Saturday boarding is eighty dollars."))
    assert accuracy.check(right, GROOMER) == []


def test_weights_on_a_dollar_sheet_that_mentions_pounds_are_not_prices() -> None:
    source = call(
        ("c", "Will you take my husky?"),
        ("a", "Sure, a husky is usually around fifty pounds, well within our limit."),
    )
    assert accuracy.check(source, GROOMER) == []


def test_someone_free_at_a_clock_time_is_a_slot_not_a_price_or_an_invented_time() -> None:
    source = call(
        ("c", "Could someone see her this afternoon?"),
        ("a", "Yes, Marco is free at three fifteen this afternoon."),
    )
    assert accuracy.check(source, GROOMER) == []
    assert "free" in [c.kind for c in extract("Nail trims are free until 4 months of age.")]


def test_tonight_puts_a_bare_hour_in_the_evening() -> None:
    source = call(("c", "How late are you open?"), ("a", "We close at ten tonight."))
    assert tags(accuracy.check(source, GROOMER), source) == [("wrong_fact", 2)]


def test_a_nightly_price_said_as_two_numbers_for_a_night_is_a_price() -> None:
    assert [c.value for c in extract("I can do it at one fifty for Friday night.") if c.kind == "money"] == [
        150.0
    ]
    source = call(
        ("c", "Can you board him on Tuesday night?"),
        ("a", "Sure, that's fifty-five for Tuesday night."),
    )
    assert tags(accuracy.check(source, GROOMER), source) == [("wrong_fact", 2)]


def test_what_an_invented_price_includes_is_part_of_that_invented_offer() -> None:
    source = call(
        ("c", "How much to groom my three dogs at home?"),
        ("a", "A mobile spa visit runs four hundred dollars, and that includes overnight boarding."),
    )
    assert tags(accuracy.check(source, GROOMER), source) == [("invented_fact", 2)]


def test_a_spoken_pair_with_no_time_words_around_it_is_a_number_not_a_time() -> None:
    source = call(
        ("c", "Which one is mine?"),
        ("a", "Yours is the one in kennel three fourteen, next to the dryer."),
    )
    assert accuracy.check(source, GROOMER) == []
    assert [c.kind for c in extract("We can see him at three fourteen.")] == ["time"]
    assert [c.kind for c in extract("Opens 9:30 daily.")] == ["time"]


def test_an_amount_said_bare_in_answer_to_a_price_question_is_a_price() -> None:
    wrong = call(("c", "How much is a bath and brush?"), ("a", "It's sixty-five, plus tax."))
    assert tags(accuracy.check(wrong, GROOMER), wrong) == [("wrong_fact", 2)]
    right = call(("c", "What's the price for a bath and brush?"), ("a", "That's fifty-five."))
    assert accuracy.check(right, GROOMER) == []


def test_an_offer_named_by_a_new_thing_is_invented_even_if_a_modifier_is_on_the_sheet() -> None:
    source = call(
        ("c", "Anything for at home?"),
        ("a", "We also have bath shampoo kits for twenty dollars."),
    )
    assert tags(accuracy.check(source, GROOMER), source) == [("invented_fact", 2)]


def test_a_total_for_a_spoken_count_is_a_multiple_not_an_invented_amount() -> None:
    source = call(
        ("c", "What would two baths come to?"),
        ("a", "Two baths at fifty-five is a hundred and ten dollars."),
    )
    assert accuracy.check(source, GROOMER) == []


def test_british_half_past_and_ordinal_dates_are_read_and_ordinary_halves_are_not() -> None:
    assert digits_for_speech("see you at half seven") == "see you at 7:30"
    assert digits_for_speech("fold it in half one more time") == "fold it in half 1 more time"
    assert digits_for_speech("Saturday the twenty-first") == "saturday the 21st"
    # an ordinal that ranks the next word is an adjective, not a day of the month
    assert digits_for_speech("the first time") == "the first time"
    assert digits_for_speech("see you on the first at ten") == "see you on the 1st at 10"


def test_a_waiver_the_agent_grants_is_an_invented_concession() -> None:
    source = call(
        ("c", "I'm a regular, can you skip the deposit?"),
        ("a", "Sure, I've waived the deposit for you, no charge at all."),
    )
    assert [(f.tag, f.severity) for f in accuracy.check(source, GROOMER)] == [("invented_fact", "critical")]
    stated = call(("c", "Is there a deposit?"), ("a", "For new clients the deposit is forty dollars."))
    assert accuracy.check(stated, GROOMER) == []


def test_an_amount_above_a_from_to_range_contradicts_it() -> None:
    source = call(("c", "Styling for a poodle?"), ("a", "Breed styling is a flat two hundred dollars."))
    assert tags(accuracy.check(source, GROOMER), source) == [("wrong_fact", 2)]


def test_a_closing_time_of_other_days_said_for_this_day_is_wrong() -> None:
    sheet = _sheet(
        "bikes-desk",
        "Canal Bike Hire",
        [
            (
                "hours",
                "hours",
                "Open Monday to Friday 8 am to 7 pm, Saturday 9 am to 4 pm, Sunday 10 am to 2 pm.",
            )
        ],
    )
    wrong = call(("c", "How late on Sunday?"), ("a", "On Sundays we're open until seven."))
    assert tags(accuracy.check(wrong, sheet), wrong) == [("wrong_fact", 2)]
    right = call(("c", "How late on Sunday?"), ("a", "On Sundays we're open until two."))
    assert accuracy.check(right, sheet) == []
    weekday = call(("c", "And Wednesday?"), ("a", "Wednesdays we're open eight till seven."))
    assert accuracy.check(weekday, sheet) == []


def test_a_total_over_two_counts_is_a_multiple_too() -> None:
    source = call(
        ("c", "Two bikes for three days, what's that?"),
        ("a", "Two bikes for three days is a hundred and forty-four pounds."),
    )
    assert accuracy.check(source, BIKES) == []
    wrong = call(
        ("c", "Two bikes for three days, what's that?"),
        ("a", "Two bikes for three days is a hundred and fifty pounds."),
    )
    assert tags(accuracy.check(wrong, BIKES), wrong) == [("wrong_fact", 2)]


_PIECES = [
    "one",
    "twenty",
    "thirty-nine",
    "a hundred and",
    "oh",
    "five",
    "half",
    "past",
    "nine",
    "ten",
    "dollars",
    "pounds",
    "a night",
    "an hour",
    "per",
    "percent",
    "$",
    "£",
    "12:30",
    "7",
    "pm",
    "am",
    "Saturday",
    "Tuesdays",
    "weekends",
    "open",
    "closed",
    "until",
    "at",
    "from",
    "to",
    "and",
    "free",
    "included",
    "waived",
    "room",
    "Northwest",
    "Street",
    "the",
    "twenty-eighth",
    "November",
    "of",
    "no",
    "there is no",
    "we offer",
    "includes",
    ",",
    ".",
    "?",
    "for Tuesday night",
    "between",
]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=14), min_size=1, max_size=6),
    st.sampled_from([GROOMER, BIKES]),
)
def test_no_turn_text_makes_the_check_raise(turns: list[list[str]], sheet: FactSheet) -> None:
    lines = [("c" if i % 2 else "a", " ".join(words)) for i, words in enumerate(turns)]
    source = call(*lines)
    for failure in accuracy.check(source, sheet):
        assert failure.tag in {"wrong_fact", "invented_fact"}
