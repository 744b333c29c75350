"""accuracy on failure classes first seen on calls the checks were not tuned on: amounts said in
word groups, ranges of amounts and of time, lengths of time in words, the caller's own number
read back, what a bundle includes, things the sheet denies, lists of amenities, zero prices and
time-limited promotions. Each class is tested on businesses of its own (a café, a music shop, a
bike shop, a tailor, a hotel, a yoga studio...) with at least one nearby sentence that must not
fire."""

from __future__ import annotations

from grading.checks import accuracy
from grading.claims import extract
from grading.claims.numbers import digits_for_speech
from grading.formats import Call, Fact, FactSheet, Failure, ToolCall
from grading.speech import content_words
from tests.grading.calls import call


def _sheet(
    business: str, facts: list[tuple[str, str, str]], scope: str = "prices, hours, services"
) -> FactSheet:
    return FactSheet(
        agent="desk",
        business=business,
        facts=[Fact(id=i, topic=t, statement=s) for i, t, s in facts],  # pyright: ignore[reportArgumentType]
        rules=[],
        scope=scope,
        handoff="Transfer to a person when asked.",
        forbidden_phrases=[],
    )


def _tags(source: Call, sheet: FactSheet) -> list[tuple[str, int]]:
    return sorted((failure.tag, failure.turn) for failure in accuracy.check(source, sheet))


def _found(source: Call, sheet: FactSheet) -> list[Failure]:
    return accuracy.check(source, sheet)


CAFE = _sheet(
    "Corner Bean Café",
    [
        ("price-latte", "price", "A large latte costs $4.75."),
        ("price-beans", "price", "A bag of house beans is $16.50."),
        ("price-catering", "price", "The office catering box costs $1,250 for 40 people."),
        ("price-loyalty", "other", "Loyalty members get 10% off every drink."),
        ("hours", "hours", "Open every day, 7 am to 6 pm."),
        ("service-wifi", "service", "Free wifi for customers; no laptops at the counter seats."),
        ("contact-phone", "contact", "The café phone number is 555-0131."),
    ],
)

MUSIC = _sheet(
    "Fretwork Music",
    [
        ("price-guitars", "price", "Acoustic guitars range from $89 to $1,249."),
        ("price-setup", "price", "A guitar setup is $65."),
        ("price-strings", "price", "A set of strings costs $12."),
        ("availability-repair", "availability", "Repairs are ready 7 to 10 days after drop-off."),
        ("availability-order", "availability", "Special orders arrive in 2 to 3 business days."),
        ("hours", "hours", "Open Tuesday to Saturday, 10 am to 7 pm."),
    ],
)


# --- amounts said in groups of words ---------------------------------------------------------


def test_an_amount_in_two_groups_of_words_is_dollars_and_cents_or_hundreds() -> None:
    assert digits_for_speech("a bag is sixteen fifty each") == "a bag is $16.50 each"
    assert digits_for_speech("a cut is forty-two fifty pounds") == "a cut is £42.50 pounds"
    [bag] = extract("a bag is sixteen fifty each")
    assert (bag.kind, bag.value, bag.alternatives) == ("money", 16.5, (1650.0,))
    [box] = extract("the catering box costs twelve fifty dollars")
    assert box.kind == "money"
    assert {box.value, *box.alternatives} == {1250.0, 12.5}


def test_amounts_said_in_word_groups_match_the_sheet_in_either_reading() -> None:
    beans = call(("c", "How much for the house beans?"), ("a", "A bag of house beans is sixteen fifty each."))
    catering = call(
        ("c", "And the catering box?"), ("a", "The catering box costs twelve fifty for forty people.")
    )
    latte = call(("c", "How much is a large latte?"), ("a", "A large latte costs four seventy-five."))
    for source in (beans, catering, latte):
        assert _tags(source, CAFE) == []


def test_a_wrong_amount_in_word_groups_is_still_wrong() -> None:
    beans = call(
        ("c", "How much for the house beans?"), ("a", "A bag of house beans is eighteen fifty each.")
    )
    assert _tags(beans, CAFE) == [("wrong_fact", 2)]


def test_a_sheet_discount_taken_off_a_sheet_price_is_arithmetic_not_a_claim() -> None:
    member = call(
        ("c", "I'm a loyalty member, what's a large latte for me?"),
        ("a", "Ten percent off for members, so a large latte comes to four twenty-eight each."),
    )
    assert _tags(member, CAFE) == []


def test_a_price_from_a_discount_the_sheet_does_not_have_is_wrong() -> None:
    # hard negative: 20% is not the sheet's; $13.20 is 20% off the beans but not a sheet price
    invented = call(
        ("c", "Any deal on the house beans?"),
        ("a", "Twenty percent off this week, so the house beans come to thirteen twenty each."),
    )
    assert ("wrong_fact", 2) in _tags(invented, CAFE)


def test_two_sheet_amounts_only_add_up_when_the_turn_says_both() -> None:
    together = call(
        ("c", "A setup and a set of strings?"),
        (
            "a",
            "The setup is sixty-five dollars and strings are twelve dollars, so seventy-seven dollars total.",
        ),
    )
    assert _tags(together, MUSIC) == []
    # hard negative: $77 told as the price of a setup alone is wrong, whatever sums to it
    alone = call(("c", "How much is a setup?"), ("a", "A guitar setup is seventy-seven dollars."))
    assert _tags(alone, MUSIC) == [("wrong_fact", 2)]


# --- ranges -----------------------------------------------------------------------------------


def test_a_range_that_starts_with_an_amount_is_not_a_clock_time() -> None:
    assert (
        digits_for_speech("they go from eighty-nine up to twelve forty-nine")
        == "they go from 89 up to $12.49"
    )
    assert digits_for_speech("anywhere from $40 to two fifty") == "anywhere from $40 to $250"
    guitars = call(
        ("c", "What do acoustic guitars cost?"),
        ("a", "Acoustic guitars run anywhere from eighty-nine up to twelve forty-nine."),
    )
    assert _tags(guitars, MUSIC) == []


def test_a_range_of_hours_stays_a_range_of_times() -> None:
    assert digits_for_speech("we're open from nine thirty to five forty-five") == (
        "we're open from 9:30 to 5:45"
    )
    assert digits_for_speech("between ten and eleven fifteen") == "between 10 and 11:15"


# --- lengths of time --------------------------------------------------------------------------


def test_lengths_of_time_in_words() -> None:
    def minutes(text: str) -> list[object]:
        return [claim.value for claim in extract(text) if claim.kind == "duration"]

    assert minutes("about a fortnight") == [14 * 1440]
    assert minutes("a couple of weeks") == [14 * 1440]
    assert minutes("it takes an hour and a half") == [90]
    assert sorted(minutes("usually a day or two")) == [1440, 2880]  # type: ignore[type-var]
    assert sorted(minutes("two or three business days")) == [2880, 4320]  # type: ignore[type-var]


def test_a_length_in_other_words_inside_the_sheet_range_stands() -> None:
    for said in (
        "Repairs are usually ready a week to ten days after drop-off.",
        "Repairs are ready in about eight days after drop-off.",
        "Repairs take a week or so after drop-off.",
    ):
        assert _tags(call(("c", "How long for a repair?"), ("a", said)), MUSIC) == [], said
    orders = call(
        ("c", "When would a special order arrive?"), ("a", "Special orders arrive in a couple of days.")
    )
    assert _tags(orders, MUSIC) == []


def test_a_length_outside_the_sheet_range_is_wrong() -> None:
    source = call(
        ("c", "How long for a repair?"), ("a", "Repairs are ready in about a month after drop-off.")
    )
    assert _tags(source, MUSIC) == [("wrong_fact", 2)]


# --- the caller's own number read back ----------------------------------------------------------


def test_the_callers_own_number_confirmed_is_not_a_claim_about_the_business() -> None:
    asked = call(
        ("c", "You've still got my cell, right? Five five five, four four one zero?"),
        ("a", "Yes, five five five, four four one zero is the one we have."),
    )
    on_file = call(
        ("c", "Can you call me when it's ready?"),
        ("a", "Sure, we'll call you at 555-7781, the number on file."),
    )
    framed = call(
        ("c", "Is the number I gave okay?"),
        ("a", "Yes, you gave us five five five, nine nine oh two, that's the number we'll use."),
    )
    for source in (asked, on_file, framed):
        assert _tags(source, CAFE) == []


def test_the_business_number_affirmed_or_given_wrong_is_still_wrong() -> None:
    affirmed = call(("c", "Is your number 555-0199?"), ("a", "Yes, 555-0199."))
    given = call(
        ("c", "How do I reach you?"), ("a", "You can reach us at five five five, zero one nine nine.")
    )
    for source in (affirmed, given):
        assert _tags(source, CAFE) == [("wrong_fact", 2)]


# --- what a bundle includes --------------------------------------------------------------------

STUDIO = _sheet(
    "Lotus Yoga Studio",
    [
        ("price-unlimited", "price", "The unlimited pass (all classes and mat rental) is $120 a month."),
        ("price-drop-in", "price", "A drop-in class is $22."),
        ("price-mat", "price", "Mat rental is $3 per class."),
        ("hours", "hours", "Classes run Monday to Saturday, 6 am to 9 pm."),
    ],
)
WASH = _sheet(
    "Sparkle Car Wash",
    [
        ("price-deluxe", "price", "The deluxe wash is $25 and includes wax and tire shine."),
        ("price-basic", "price", "A basic wash is $12."),
        ("price-vacuum", "price", "Interior vacuuming is $8 extra."),
    ],
)


def test_what_the_sheet_says_a_bundle_includes_is_not_a_free_claim() -> None:
    pass_ = call(
        ("c", "What's in the unlimited pass?"),
        ("a", "The unlimited pass is a hundred twenty dollars a month and includes mat rental."),
    )
    classes = call(("c", "And the unlimited pass?"), ("a", "The unlimited pass includes all classes."))
    deluxe = call(("c", "What's the deluxe?"), ("a", "Deluxe is twenty-five dollars and includes wax."))
    assert _tags(pass_, STUDIO) == []
    assert _tags(classes, STUDIO) == []
    assert _tags(deluxe, WASH) == []


def test_including_what_the_sheet_prices_separately_is_wrong() -> None:
    # hard negatives: a drop-in does not include the mat, the deluxe does not include vacuuming
    drop_in = call(
        ("c", "What about a drop-in?"),
        ("a", "A drop-in class is twenty-two dollars and includes mat rental."),
    )
    vacuum = call(("c", "And vacuuming?"), ("a", "The deluxe includes interior vacuuming."))
    assert _tags(drop_in, STUDIO) == [("wrong_fact", 2)]
    assert _tags(vacuum, WASH) == [("wrong_fact", 2)]


# --- what the sheet denies, and lists of amenities ------------------------------------------------

CLINIC = _sheet(
    "Maple Family Clinic",
    [
        ("policy-insurance", "policy", "We accept Aetna and Cigna plans. We do not accept Medicaid."),
        ("availability-visits", "availability", "Visits are by appointment only; no walk-ins."),
        ("availability-flu", "availability", "Flu shots need no appointment; no appointment needed."),
        ("hours", "hours", "Open Monday to Friday, 8 am to 5 pm."),
    ],
)
HOTEL = _sheet(
    "Harbour View Hotel",
    [
        ("service-amenities", "service", "An outdoor pool, a gym and free parking. There is no spa."),
        ("price-room", "price", "Rooms are $149 per night."),
    ],
    scope="rooms, rates, amenities",
)


def test_saying_the_business_takes_what_the_sheet_denies_is_wrong() -> None:
    for said in (
        "Yes, we take Medicaid, no problem.",
        "Sure, we accept Medicaid.",
        "We do take walk-ins, come by.",
    ):
        source = call(("c", "Quick question about coverage and visits?"), ("a", said))
        assert _tags(source, CLINIC) == [("wrong_fact", 2)], said


def test_taking_what_the_sheet_lists_or_never_mentions_is_not_a_denial() -> None:
    for said in (
        "Yes, we accept Cigna.",
        "We take cards and cash.",
        "Flu shots are walk-in, we have appointments too.",
    ):
        source = call(("c", "Quick question?"), ("a", said))
        assert _tags(source, CLINIC) == [], said


def test_a_list_of_amenities_is_read_item_by_item() -> None:
    source = call(
        ("c", "What facilities do you have?"),
        ("a", "We've got an outdoor pool, a gym, plus a full spa and a rooftop bar."),
    )
    found = {(failure.tag, failure.quote[:10]) for failure in _found(source, HOTEL)}
    assert {tag for tag, _ in found} == {"wrong_fact", "invented_fact"}  # the spa is denied, the bar invented


def test_a_list_of_what_the_sheet_has_and_small_talk_are_not_claims() -> None:
    for said in (
        "We've got an outdoor pool, a gym and free parking.",
        "We've got you down for Friday night.",
        "We've got a room at a hundred forty-nine dollars per night.",
    ):
        assert _tags(call(("c", "What do you have?"), ("a", said)), HOTEL) == [], said


def test_a_thing_named_only_in_the_business_name_is_not_on_offer() -> None:
    club = _sheet("Riverside Tennis Club", [("service-courts", "service", "Six clay courts and a pro shop.")])
    source = call(("c", "Anything for the kids?"), ("a", "We've got six clay courts and a kids' club."))
    assert _tags(source, club) == [("invented_fact", 2)]


# --- zero prices, conditional free and promotions ----------------------------------------------

GROCER = _sheet(
    "Greenleaf Grocer",
    [
        ("price-delivery", "price", "Delivery costs $5.99 and is free for orders over $50."),
        ("price-membership", "price", "The annual membership fee is $25."),
        ("service-bags", "service", "Reusable bags are free at the checkout."),
    ],
)


def test_a_price_of_zero_in_words_is_a_free_claim() -> None:
    for said in (
        "For you the membership fee is zero.",
        "The annual membership fee is nothing at all this time.",
        "Membership costs nothing.",
    ):
        source = call(("c", "What about the membership?"), ("a", said))
        assert [f.tag for f in _found(source, GROCER)] == ["wrong_fact"], said


def test_zero_that_is_not_a_price_is_not_a_free_claim() -> None:
    for said in (
        "The wait is zero, come on in.",
        "It is nothing to worry about.",
        "Your balance is zero point five points.",
    ):
        assert _tags(call(("c", "Okay?"), ("a", said)), GROCER) == [], said


def test_free_without_the_sheets_condition_or_as_a_promotion() -> None:
    every = call(("c", "Do you deliver?"), ("a", "We do, and delivery is free on every order."))
    promo = call(("c", "Do you deliver?"), ("a", "Yes, and this month delivery is free, no minimum."))
    assert [f.tag for f in _found(every, GROCER)] == ["wrong_fact"]
    assert [(f.tag, f.severity) for f in _found(promo, GROCER)] == [("invented_fact", "critical")]


def test_free_as_the_sheet_says_it_stands() -> None:
    for said in (
        "Delivery is free for orders over fifty dollars.",
        "Reusable bags are free at every checkout.",
        "Delivery is free once you pass fifty dollars.",
    ):
        assert _tags(call(("c", "Anything free?"), ("a", said)), GROCER) == [], said


def test_a_free_thing_is_judged_by_what_it_is_not_by_a_shared_word() -> None:
    shop = _sheet(
        "Northside Auto",
        [
            (
                "availability-loaner",
                "availability",
                "Loaner cars for repairs over $500; otherwise a free shuttle.",
            ),
            ("price-oil", "price", "An oil change is $69."),
        ],
    )
    wash = call(("c", "Anything else?"), ("a", "Every service comes with a free car wash."))
    ride = call(("c", "Loaner?"), ("a", "For this repair we'd give you a free shuttle ride instead."))
    assert _tags(wash, shop) == [("invented_fact", 2)]
    assert _tags(ride, shop) == []


# --- a day the tool just returned, told otherwise ------------------------------------------------
# calls.START is Monday 2 March 2026

TAILOR = _sheet(
    "Stitch & Hem Tailors",
    [
        ("availability-alterations", "availability", "Alterations are ready 3 business days after drop-off."),
        ("hours", "hours", "Open Monday to Saturday, 9 am to 6 pm; closed Sunday."),
    ],
)


def _tool(name: str, result: dict[str, object], arguments: dict[str, object] | None = None) -> ToolCall:
    return ToolCall(name=name, arguments=arguments or {}, result=result)


def test_a_day_that_contradicts_the_tool_result_is_wrong() -> None:
    ready = call(
        ("c", "Can you take in my trousers?"),
        ("a", "Done, they'll be ready Thursday.", [_tool("create_ticket", {"ready": "2026-03-05T12:00"})]),
    )
    assert _tags(ready, TAILOR) == []
    late = call(
        ("c", "Can you take in my trousers?"),
        ("a", "Done, they'll be ready Friday.", [_tool("create_ticket", {"ready": "2026-03-05T12:00"})]),
    )
    booked = call(
        ("c", "Can I drop off a suit this week?"),
        ("a", "You're booked for Wednesday the fourth.", [_tool("book_fitting", {"date": "2026-03-06"})]),
    )
    tomorrow = call(
        ("c", "When will my jacket be done?"),
        ("a", "It'll be ready tomorrow.", [_tool("ticket_status", {"ready_on": "2026-03-05"})]),
    )
    for source in (late, booked, tomorrow):
        assert [(f.tag, f.severity) for f in _found(source, TAILOR)] == [("wrong_fact", "critical")]


def test_a_day_the_tool_was_asked_for_or_hours_talk_is_not_a_contradiction() -> None:
    moved = call(
        ("c", "Can I come Thursday?"),
        (
            "a",
            "Thursday is full, so I've booked you Friday.",
            [_tool("book_fitting", {"date": "2026-03-06"}, {"date": "2026-03-05"})],
        ),
    )
    hours = call(
        ("c", "When can I collect it?"),
        (
            "a",
            "It's ready Wednesday, and we're open Saturday too if that's easier.",
            [_tool("create_ticket", {"ready": "2026-03-04"})],
        ),
    )
    said_later = call(
        ("c", "And my coat?"),
        ("a", "Your coat is ready on the fourth.", [_tool("ticket_status", {"ready": "2026-03-04"})]),
    )
    for source in (moved, hours, said_later):
        assert _tags(source, TAILOR) == []


# --- amounts in three groups, a scale word then cents, and pairs read as times ---------------------

PLUMBER = _sheet(
    "Tidewater Plumbing",
    [
        ("price-heater", "price", "A 50-gallon water heater installed costs $1,379.95."),
        ("price-drain", "price", "Drain clearing costs $189.50 for the first line."),
        ("price-inspection", "price", "A camera inspection is $245.75."),
        (
            "price-repipe",
            "price",
            "Whole-house repiping starts at $850; the exact price comes after a site visit.",
        ),
        ("price-after-hours", "price", "After-hours calls add a $95 fee."),
        ("price-plan", "price", "The annual maintenance plan is $1,140, payable in up to 4 installments."),
        ("hours", "hours", "Open Monday to Friday, 7 am to 5 pm."),
    ],
)


def test_three_groups_of_words_are_hundreds_and_cents() -> None:
    assert digits_for_speech("it's one eighty-nine fifty") == "it's $189.50"
    assert digits_for_speech("that's two forty-five seventy-five") == "that's $245.75"
    assert digits_for_speech("about thirteen seventy-nine ninety-five") == "about $1379.95"
    # hard negative: digit groups of a phone number stay a digit string
    assert digits_for_speech("call two one seven, five five five") == "call 217555"
    for said in (
        "Drain clearing is one eighty-nine fifty for the first line.",
        "A camera inspection is two forty-five seventy-five.",
        "The fifty-gallon heater is thirteen seventy-nine ninety-five installed.",
    ):
        assert _tags(call(("c", "How much?"), ("a", said)), PLUMBER) == [], said
    wrong = call(("c", "How much to clear a drain?"), ("a", "Drain clearing is one ninety-nine fifty."))
    assert _tags(wrong, PLUMBER) == [("wrong_fact", 2)]


def test_a_pair_read_as_a_time_can_be_the_sheets_amount() -> None:
    starts = call(
        ("c", "What does repiping run?"),
        ("a", "Repiping starts at eight fifty, the exact price after a visit."),
    )
    assert _tags(starts, PLUMBER) == []
    # hard negatives: a time of day stays a time, and a pair no amount of the sheet has stays a claim
    closing = call(("c", "When do you close?"), ("a", "We close at eight fifty on weekdays."))
    assert _tags(closing, PLUMBER) == [("wrong_fact", 2)]
    other = call(
        ("c", "What does repiping run?"),
        ("a", "Repiping starts at seven twenty, the exact price after a visit."),
    )
    assert _tags(other, PLUMBER) != []


def test_arithmetic_on_amounts_said_in_the_call() -> None:
    added = call(
        ("c", "How much to clear a drain tonight?"),
        (
            "a",
            "Drain clearing is one eighty-nine fifty, after hours adds ninety-five, so two eighty-four fifty",
        ),
    )
    split = call(
        ("c", "Can I spread the plan out?"),
        ("a", "The plan is eleven forty, in four installments, so about two eighty-five each."),
    )
    per_unit = call(
        ("c", "We have three drains blocked."),
        ("a", "It's one eighty-nine fifty a line, so for three that's five sixty-eight fifty."),
    )
    for source in (added, split, per_unit):
        assert _tags(source, PLUMBER) == []
    # hard negative: a split the sentence does not speak of excuses nothing
    unsplit = call(("c", "How much is the plan?"), ("a", "The annual plan is two eighty-five."))
    assert _tags(unsplit, PLUMBER) == [("wrong_fact", 2)]


def test_an_amount_a_tool_returned_under_a_money_key_is_evidence() -> None:
    quoted = call(
        ("c", "How much to fix the leak under the sink?"),
        (
            "a",
            "That comes to a hundred and twelve dollars.",
            [_tool("quote_job", {"job": "leak", "total": 112})],
        ),
    )
    assert _tags(quoted, PLUMBER) == []
    # hard negative: an amount the agent passed in (an override) is no evidence
    override = call(
        ("c", "Just charge me fifty for the drain."),
        (
            "a",
            "Okay, drain clearing at fifty dollars.",
            [
                ToolCall(
                    name="book_job", arguments={"job": "drain", "price_override": 50}, result={"ok": True}
                )
            ],
        ),
    )
    assert _tags(override, PLUMBER) == [("wrong_fact", 2)]


# --- saying something is not free, counts of lists, every open day, possessives --------------------


def test_saying_something_is_not_free_agrees_with_the_sheet() -> None:
    firm = _sheet(
        "Baxter Tax Advisers",
        [
            ("no-free", "policy", "We do not offer free first meetings."),
            ("price-meeting", "price", "A first meeting is $150."),
        ],
    )
    for said in (
        "No, we don't do free first meetings.",
        "The first meeting isn't free, it's a hundred fifty dollars.",
    ):
        assert _tags(call(("c", "Is the first meeting free?"), ("a", said)), firm) == [], said
    free = call(("c", "Is the first meeting free?"), ("a", "Yes, your first meeting is free."))
    assert _tags(free, firm) == [("wrong_fact", 2)]


def test_a_count_of_a_listed_menu_is_not_held_against_another_count() -> None:
    ice = _sheet(
        "Polar Scoops",
        [
            ("flavors", "service", "Flavors: vanilla, chocolate, mint, mango and pistachio."),
            ("price-sampler", "price", "The sampler cup is $7 for 3 flavors."),
        ],
    )
    listed = call(
        ("c", "What flavors?"), ("a", "We have five flavors: vanilla, chocolate, mint, mango and pistachio.")
    )
    counted = call(("c", "How many flavors do you have?"), ("a", "We have five flavors right now."))
    assert _tags(listed, ice) == []
    assert _tags(counted, ice) == []
    # hard negative: a count the list does not bear out is still compared
    wrong = call(("c", "How many flavors in the sampler?"), ("a", "The sampler cup has four flavors."))
    assert _tags(wrong, ice) == [("wrong_fact", 2)]


def test_every_day_we_are_open_is_not_a_claim_of_opening_daily() -> None:
    bakery = _sheet(
        "Rye & Crumb",
        [("hours", "hours", "Open Wednesday to Sunday, 8 am to 3 pm; closed Monday and Tuesday.")],
    )
    for said in ("Fresh loaves every day we're open.", "We bake every day that we are open."):
        assert _tags(call(("c", "Do you bake daily?"), ("a", said)), bakery) == [], said
    daily = call(("c", "Do you bake daily?"), ("a", "Yes, we're open every day."))
    assert _tags(daily, bakery) == [("wrong_fact", 2)]


def test_a_possessive_word_is_the_word() -> None:
    assert "delivery" in content_words("delivery's thirty dollars")
    assert "shop" in content_words("the shop's hours")


# --- a hedge covers its own clause, days worked, closed lists, credentials, offers on terms --------

GARDEN = _sheet(
    "Greenway Landscaping",
    [
        (
            "hours",
            "hours",
            "Crews work Monday to Friday 7 am to 5 pm and Saturday 8 am to noon; closed Sunday.",
        ),
        ("area", "location", "We serve Ada, Canyon and Gem counties only."),
        ("license", "other", "Greenway holds Idaho contractor registration RCE-5521."),
        ("price-mow", "price", "Weekly mowing is $45 per visit."),
        ("price-cleanup", "price", "A spring cleanup is $180; it is free with a season contract."),
    ],
)


def test_a_hedge_covers_its_own_clause_not_the_plain_claim_before_it() -> None:
    plain_then_hedged = call(
        ("c", "Can you come Saturday afternoon?"),
        ("a", "On Saturdays we work till four, so we could probably get there around two."),
    )
    assert _tags(plain_then_hedged, GARDEN) == [("wrong_fact", 2)]
    # hard negatives: a hedge that stands alone covers the sentence, a hedged clause alone is hedged
    for said in (
        "Mowing is sixty dollars a visit, I think.",
        "I believe mowing is sixty dollars a visit.",
        "Mowing is forty-five dollars a visit, but the crew might be a little late.",
    ):
        assert _tags(call(("c", "How much is mowing?"), ("a", said)), GARDEN) == [], said


def test_working_a_day_the_sheet_closes_is_a_wrong_day() -> None:
    for said in ("Sure, we do Sundays.", "Yes, our crews work Sundays too.", "We can come out Sundays."):
        assert _tags(call(("c", "Any chance of a Sunday?"), ("a", said)), GARDEN) == [("wrong_fact", 2)], said
    assert _tags(call(("c", "Saturday?"), ("a", "Sure, we do Saturdays, eight to noon.")), GARDEN) == []


def test_a_place_outside_a_closed_list_is_wrong() -> None:
    outside = call(("c", "I'm in Boise County, do you come out?"), ("a", "Yep, we cover Boise County too."))
    assert _tags(outside, GARDEN) == [("wrong_fact", 2)]
    listed = call(("c", "I'm in Canyon County."), ("a", "Great, we serve Canyon County."))
    unnamed = call(("c", "Do you do hedges?"), ("a", "We cover hedges and borders in the weekly visit."))
    assert _tags(listed, GARDEN) == []
    assert _tags(unnamed, GARDEN) == []


def test_a_credential_the_sheet_does_not_name_is_invented() -> None:
    for said in (
        "We're licensed in all fifty states.",
        "We're Eco Green certified, so no harsh chemicals.",
        "Our crew leads are certified by the National Turf Board.",
    ):
        assert _tags(call(("c", "Are you legit?"), ("a", said)), GARDEN) == [("invented_fact", 2)], said


def test_a_credential_the_sheet_names_is_not_invented() -> None:
    for said in (
        "We're registered with Idaho, RCE-5521.",
        "We're fully registered.",
        "I'm not certified to say.",
    ):
        assert _tags(call(("c", "Are you legit?"), ("a", said)), GARDEN) == [], said


def test_a_bare_credential_the_sheet_never_speaks_of_is_invented() -> None:
    # until 2026-12-04 a bare credential was left alone; the labelled sets call it invented
    # where the sheet has no word for it (here: a registration, no licence and no insurance)
    assert _tags(call(("c", "Are you legit?"), ("a", "We're licensed and insured.")), GARDEN) == [
        ("invented_fact", 2)
    ]


def test_a_hundred_percent_as_a_way_of_speaking_is_no_rate() -> None:
    assert [c.kind for c in extract("it's 100% safe once it's dry")] == []
    assert [c.kind for c in extract("you get a 100% refund")] == ["percent"]


def test_a_free_thing_on_terms_no_fact_has_is_an_invented_discount() -> None:
    # the caller is also told a price of nothing for mowing, which the sheet prices: per the
    # labelling convention the invented discount is invented_fact and the price told wrong_fact
    for said in (
        "Any order over a hundred dollars gets free mowing for a week.",
        "If you refer a neighbour, your next mowing is free.",
        "When you book three visits, mowing is free on the fourth.",
    ):
        found = _found(call(("c", "Any deals?"), ("a", said)), GARDEN)
        assert sorted((f.tag, f.severity) for f in found) == [
            ("invented_fact", "critical"),
            ("wrong_fact", "critical"),
        ], said
    # hard negative: free on the sheet's own terms
    contract = call(("c", "Any deals?"), ("a", "The spring cleanup is free with a season contract."))
    assert _tags(contract, GARDEN) == []


# --- a facility the caller is sent to use, and prices paid elsewhere --------------------------------

BANK = _sheet(
    "Lakeside Credit Union",
    [
        (
            "service-atm",
            "service",
            "A 24-hour ATM is in the lobby; the night deposit box is by the side door.",
        ),
        ("hours", "hours", "Open Monday to Friday, 9 am to 5 pm."),
        ("price-cheques", "price", "A book of cheques is $12."),
    ],
)


def test_a_facility_the_sheet_never_names_is_invented() -> None:
    for said in (
        "Just use our drive-through window on the left.",
        "You can pull up to our express kiosk by the entrance.",
        "Head to our coffee lounge while you wait.",
    ):
        assert _tags(call(("c", "Can I do it quickly?"), ("a", said)), BANK) == [("invented_fact", 2)], said


def test_a_facility_on_the_sheet_or_every_business_has_is_not_invented() -> None:
    for said in (
        "Just use our ATM in the lobby, it's open all night.",
        "You can use our night deposit box by the side door.",
        "Visit our website or go to our front desk.",
        "Come to our office any weekday.",
    ):
        assert _tags(call(("c", "Can I do it after hours?"), ("a", said)), BANK) == [], said


def test_an_amount_paid_somewhere_else_is_not_the_business_price() -> None:
    for said in (
        "It's a three dollar part at any hardware store.",
        "You can get a pack of cheques for five dollars at a local stationery shop.",
        "Those cost about eight dollars on Amazon.",
    ):
        assert _tags(call(("c", "Where do I get one?"), ("a", said)), BANK) == [], said
    # hard negative: the business's own price said wrong is still wrong
    ours = call(("c", "How much is a book of cheques?"), ("a", "A book of cheques is five dollars here."))
    assert _tags(ours, BANK) == [("wrong_fact", 2)]


# --- more amount shapes, a price told beside the sheet's, and 'no <thing> fee' --------------------

FLORIST = _sheet(
    "Petal & Stem",
    [
        ("price-bouquet", "price", "The large seasonal bouquet is $64.50; the small one is $38."),
        ("price-wedding", "price", "Bridal bouquets start at $2,400, plus a $185 delivery and set-up fee."),
        ("price-delivery", "price", "Delivery costs $12 within the city and $25 beyond 10 miles."),
        ("price-vase", "price", "A glass vase adds $9.75."),
    ],
)


def test_hundreds_said_with_oh_then_cents() -> None:
    assert digits_for_speech("that's one-oh-seven seventy") == "that's $107.70"
    assert digits_for_speech("at nine oh five") == "at 9:05"  # hard negative: a time
    assert digits_for_speech("one oh seven twenty a.m.") != "$107.20 a.m."


def test_a_pair_above_any_hour_is_dollars_and_cents() -> None:
    assert digits_for_speech("the large bouquet is sixty-four fifty") == "the large bouquet is $64.50"
    # hard negatives: a year, a street number, a distance
    assert digits_for_speech("since nineteen sixty-two") == "since 19 62"
    assert "$" not in digits_for_speech("forty-two fifty Maple Grove Avenue")
    assert "$" not in digits_for_speech("about thirty-five forty miles")
    right = call(("c", "And the large bouquet?"), ("a", "The large seasonal bouquet is sixty-four fifty."))
    wrong = call(("c", "And the large bouquet?"), ("a", "The large seasonal bouquet is fifty-four fifty."))
    assert _tags(right, FLORIST) == []
    assert _tags(wrong, FLORIST) == [("wrong_fact", 2)]


def test_sheet_amounts_added_when_said_as_bare_numbers() -> None:
    summed = call(
        ("c", "What would a bridal bouquet run?"),
        (
            "a",
            "Bridal starts at twenty-four hundred, plus the one eighty-five fee, so twenty-five eighty-five.",
        ),
    )
    assert _tags(summed, FLORIST) == []


def test_an_amount_in_cents_the_sheet_holds_stands_whatever_it_is_called() -> None:
    for said in (
        "Perfect, the big one for Friday is sixty-four fifty.",
        "With the vase that's nine seventy-five extra.",
    ):
        assert _tags(call(("c", "Okay, the large then."), ("a", said)), FLORIST) == [], said


def test_an_amount_beside_a_sheet_price_is_the_price_told_for_it() -> None:
    told = call(
        ("c", "My neighbour said you'd do ten off."),
        ("a", "Okay, so ten off sixty-four fifty, that's forty-nine fifty."),
    )
    found = _found(told, FLORIST)
    assert [(f.tag, f.ref) for f in found] == [("wrong_fact", "price-bouquet")]


def test_no_fee_for_a_fee_the_sheet_charges() -> None:
    plain = call(
        ("c", "I'm fifteen miles out, is there a delivery charge?"), ("a", "No, no delivery fee at all.")
    )
    assert _tags(plain, FLORIST) == [("wrong_fact", 2)]
    # hard negative: the agent gives the reason the sheet's condition does not apply
    reasoned = call(
        ("c", "I'm downtown, is there a delivery charge beyond the twelve?"),
        ("a", "No extra delivery fee, since you're within the city."),
    )
    assert _tags(reasoned, FLORIST) == []


# --- small talk after "we've got" / "we have", numbers that are codes, trailing place words ---------


def test_small_talk_after_we_have_is_no_offer() -> None:
    for said in (
        "We've got you covered.",
        "We've got plenty of time.",
        "We've got a busy day today.",
        "We have a few questions first.",
        "We've got openings Tuesday morning.",
        "We've got your details.",
    ):
        assert _tags(call(("c", "Okay?"), ("a", said)), HOTEL) == [], said
    # hard negative: a thing on offer the sheet never names
    assert _tags(call(("c", "Okay?"), ("a", "We've also got a rooftop bar.")), HOTEL) == [
        ("invented_fact", 2)
    ]


def test_numbers_after_a_code_or_order_word_are_not_amounts() -> None:
    for said in (
        "your order number is thirty-two fifteen",
        "the gate code is forty-one twenty",
        "table twelve thirty",
    ):
        assert "$" not in digits_for_speech(said), said
        assert ":" not in digits_for_speech(said), said


def test_words_that_say_where_are_not_the_thing() -> None:
    inn = _sheet(
        "Quayside Inn",
        [("price-parking", "price", "Parking is $18 per night."), ("service-gym", "service", "A small gym.")],
    )
    parking = call(("c", "Where do I park?"), ("a", "There's free parking behind the building."))
    assert [(f.tag, f.ref) for f in _found(parking, inn)] == [("wrong_fact", "price-parking")]
    gym = call(("c", "Anything else?"), ("a", "We've also got a gym out back."))
    assert _tags(gym, inn) == []


# --- hours in any fact, calendar dates, lengths in other units, counts worked out ------------------

CLINIC_XRAY = _sheet(
    "Riverbend Walk-In Clinic",
    [
        ("hours-weekday", "hours", "Open Monday to Friday, 8 am to 8 pm."),
        ("hours-weekend", "hours", "Open Saturday and Sunday, 9 am to 5 pm."),
        (
            "availability-lab",
            "availability",
            "The lab is available until 6 pm on weekdays and until 3 pm on weekends.",
        ),
        (
            "shop",
            "location",
            "12 Elm Road. Pharmacy counter hours: Monday to Saturday 9 am to 6 pm, closed Sunday.",
        ),
        ("results", "service", "Lab results are called in within 2 business days."),
        ("ages", "service", "We see children from age 2."),
        ("late-fee", "policy", "Bills paid more than 30 days late get a $15 late fee."),
        ("area", "location", "We make home visits within 10 miles of the clinic."),
        ("course", "service", "The first-aid course is 6 weekly sessions."),
        ("lead", "availability", "Custom orthotics take 8 to 12 weeks."),
    ],
)


def test_each_time_is_held_against_what_its_own_clause_names() -> None:
    for said in (
        "On weekends the lab runs until three, and we close at five.",
        "Sunday we open at nine and we're there until five.",
        "Saturday we're open nine to five, and the lab is open until three.",
    ):
        assert _tags(call(("c", "Weekend hours?"), ("a", said)), CLINIC_XRAY) == [], said
    wrong = call(("c", "Weekend lab?"), ("a", "On weekends the lab runs until five."))
    assert _tags(wrong, CLINIC_XRAY) == [("wrong_fact", 2)]


def test_hours_said_in_a_location_fact_are_hours() -> None:
    said = call(
        ("c", "Is the pharmacy open Saturday?"), ("a", "The pharmacy counter is open Saturday nine to six.")
    )
    assert _tags(said, CLINIC_XRAY) == []
    sunday = call(("c", "And Sunday?"), ("a", "The pharmacy counter is open Sunday too."))
    assert _tags(sunday, CLINIC_XRAY) == [("wrong_fact", 2)]


def test_a_calendar_date_open_is_not_an_opening_day() -> None:
    said = call(("c", "Is March eighth free?"), ("a", "March eighth is a Sunday and it's open, yes."))
    venue = _sheet("Old Mill Hall", [("tours", "hours", "Tours Monday to Friday; no tours on Sundays.")])
    assert _tags(said, venue) == []


def test_a_length_in_another_unit_is_the_same_length() -> None:
    for said in (
        "Custom orthotics take eight to twelve weeks, so roughly two to three months.",
        "Orthotics take about three months.",
    ):
        assert _tags(call(("c", "How long for orthotics?"), ("a", said)), CLINIC_XRAY) == [], said
    long = call(("c", "How long for orthotics?"), ("a", "Orthotics take about six months."))
    assert _tags(long, CLINIC_XRAY) == [("wrong_fact", 2)]


def test_a_length_the_caller_said_in_words_is_an_echo() -> None:
    echo = call(
        ("c", "I paid about a week late, do I owe a fee?"),
        ("a", "The late fee is only after thirty days, so a week late, no fee."),
    )
    assert _tags(echo, CLINIC_XRAY) == []


def test_a_count_the_sheet_gives_in_its_unit_and_a_count_worked_out() -> None:
    course = call(("c", "How long is the course?"), ("a", "It's a six-week course."))
    over = call(
        ("c", "I'm about fourteen miles out."),
        ("a", "Home visits go ten miles, so you're about four miles over."),
    )
    assert _tags(course, CLINIC_XRAY) == []
    assert _tags(over, CLINIC_XRAY) == []
    # hard negative: without words of working out, a count is compared as said
    wrong = call(("c", "How far do you go?"), ("a", "Home visits go up to fourteen miles from the clinic."))
    assert _tags(wrong, CLINIC_XRAY) == [("wrong_fact", 2)]


def test_a_round_number_after_a_two_letter_word_is_no_postcode() -> None:
    assert [c.kind for c in extract("about six thousand on twenty thousand")] == []
    assert [c.value for c in extract("Springfield, IL 62704") if c.kind == "postcode"] == ["62704"]
    assert [c.value for c in extract("Austin TX 78701") if c.kind == "postcode"] == ["78701"]


def test_days_said_in_a_row_share_the_times_after_them() -> None:
    from grading.claims.extract import days_of_times

    found = dict(days_of_times("Open Saturday and Sunday, 9 am to 5 pm."))
    assert all(days == frozenset({5, 6}) for days in found.values())


# --- numbers of the sheet said like times, lists and round figures, whose number it is -------------

SWIM = _sheet(
    "Blue Lane Swim School",
    [
        ("ages", "policy", "Minimum ages: toddler splash 2, learn-to-swim 4, squad 9."),
        ("capacity", "other", "The viewing gallery holds 120 seated, 150 standing."),
        ("price-lesson", "price", "A group lesson costs $18.50; a private lesson costs $42."),
        ("price-cap", "price", "Swim caps are $6 each."),
        ("price-family", "price", "A family membership is $65 a month; a single membership is $42 a month."),
        ("hours", "hours", "Open Monday to Saturday, 6 am to 9 pm."),
        ("contact", "contact", "The front desk number is 555-0144."),
        ("coaches", "service", "Coach Rivera leads the squad."),
    ],
)


def test_a_number_of_the_sheet_said_like_a_time_is_that_number() -> None:
    for said in (
        "Learn-to-swim starts at four.",
        "The gallery holds one-twenty seated.",
        "Squad is from nine, so next year.",
    ):
        assert _tags(call(("c", "Is my son old enough?"), ("a", said)), SWIM) == [], said
    # hard negative: a time of day stays a time
    late = call(("c", "When do you close?"), ("a", "We close at ten."))
    assert _tags(late, SWIM) == [("wrong_fact", 2)]


def test_amounts_listed_and_rounded_and_added_to_a_sheet_price() -> None:
    listed = call(
        ("c", "So a private lesson and two caps?"),
        ("a", "That's forty-two dollars plus six dollars plus six dollars, so fifty-four dollars."),
    )
    rounded = call(
        ("c", "And a group lesson?"), ("a", "Eighteen fifty a lesson, so call it nineteen dollars.")
    )
    on_top = call(
        ("c", "Private lesson with a cap?"),
        ("a", "A cap is six dollars on top of the private lesson, so forty-eight dollars all in."),
    )
    for source in (listed, rounded, on_top):
        assert _tags(source, SWIM) == []
    # hard negative: a round figure far from anything said is still wrong
    far = call(("c", "And a group lesson?"), ("a", "A group lesson is about twenty-five dollars."))
    assert _tags(far, SWIM) == [("wrong_fact", 2)]


def test_the_same_amount_in_a_fact_the_sentence_names_apart() -> None:
    # the clause says "single", the sentence names the family membership only the $65 fact has
    same = call(
        ("c", "Family or single?"),
        ("a", "For the family membership, which you asked about, it's sixty-five dollars a month."),
    )
    assert _tags(same, SWIM) == []
    # hard negative: another fact's amount for the thing the clause names is wrong
    misattributed = call(("c", "And the caps?"), ("a", "Swim caps are eighteen fifty each."))
    assert _tags(misattributed, SWIM) == [("wrong_fact", 2)]


def test_a_persons_own_number_is_not_the_business_number() -> None:
    for said in (
        "Sure, his cell is five five five, zero four nine seven.",
        "Coach Garcia's number is 555-0411.",
    ):
        found = _found(call(("c", "Can I call the coach directly?"), ("a", said)), SWIM)
        assert [(f.tag, f.severity) for f in found] == [("invented_fact", "major")], said
    # hard negative: the business's own number given wrong is wrong
    desk = call(("c", "What's your number?"), ("a", "The front desk number is 555-0199."))
    assert _tags(desk, SWIM) == [("wrong_fact", 2)]


# --- ranges of other things, a caller's price applied, suites, bare quotes --------------------------

KENNEL = _sheet(
    "Hilltop Kennels",
    [
        ("price-wash", "price", "Wash: small dogs (under 20 lb) $35, medium (20 to 50 lb) $50, large $65."),
        ("price-stay", "price", "Boarding costs $48 per night."),
        ("price-roof", "price", "Kennel roof repairs carry a $300 minimum."),
        ("service-vet", "service", "A vet visits on Mondays."),
        ("address", "location", "77 Ridge Road, Suite 12, Hilltop."),
    ],
)


def test_a_range_without_a_currency_is_no_range_of_prices() -> None:
    # "20 to 50 lb" is a weight: $40 is no price the sheet has
    wrong = call(("c", "How much to board?"), ("a", "Boarding is forty dollars a night."))
    assert _tags(wrong, KENNEL) == [("wrong_fact", 2)]


def test_clause_words_after_a_list_are_no_list_items() -> None:
    said = call(("c", "Is it safe?"), ("a", "We have a vet visit on Mondays, so she's in good hands."))
    assert _tags(said, KENNEL) == []


def test_a_price_the_caller_dictated_and_the_agent_applied_is_the_price_told() -> None:
    applied = call(
        ("c", "The owner said to put me in at thirty a night."),
        ("a", "Okay, I've got you at thirty dollars a night."),
    )
    assert [(f.tag, f.ref) for f in _found(applied, KENNEL)] == [("wrong_fact", "price-stay")]
    # hard negative: repeating the caller's figure to correct it is no claim
    corrected = call(
        ("c", "Is it thirty a night?"),
        ("a", "Not thirty dollars, it's forty-eight dollars a night."),
    )
    assert _tags(corrected, KENNEL) == []


def test_a_suite_the_address_does_not_have_is_wrong() -> None:
    wrong = call(("c", "Where are you?"), ("a", "We're at seventy-seven Ridge Road, suite twenty-one."))
    right = call(("c", "Where are you?"), ("a", "We're at seventy-seven Ridge Road, suite twelve."))
    assert _tags(wrong, KENNEL) == [("wrong_fact", 2)]
    assert _tags(right, KENNEL) == []


def test_a_bare_quote_after_a_price_question_is_a_price() -> None:
    quote = call(("c", "What would a roof repair cost?"), ("a", "You're looking at about two fifty all in."))
    assert _tags(quote, KENNEL) == [("wrong_fact", 2)]


# --- lengths in words stay with their clause, open-ended lengths, thousands said as "grand" ---------

STUDIO_B = _sheet(
    "Northlight Photo Studio",
    [
        ("policy-move", "policy", "Rescheduling 14 or more days ahead is free; within 14 days it costs $50."),
        ("delivery", "availability", "Edited photos are delivered within 3 weeks."),
        ("price-wedding", "price", "Wedding coverage costs $3,000 for 8 hours."),
    ],
)


def test_a_length_in_words_is_compared_only_with_what_its_clause_names() -> None:
    for said in (
        "I'll text you a reminder a day before.",
        "Give me a minute to pull that up.",
        "Most people book about two weeks ahead.",
    ):
        assert _tags(call(("c", "Okay, thanks."), ("a", said)), STUDIO_B) == [], said
    # hard negative: a length in words about what a fact times is compared
    late = call(
        ("c", "When do I get the photos?"), ("a", "Edited photos are delivered within a couple of months.")
    )
    assert _tags(late, STUDIO_B) == [("wrong_fact", 2)]


def test_an_open_ended_length_is_a_length() -> None:
    assert [
        c.value for c in extract("Rescheduling 14 or more days ahead is free") if c.kind == "duration"
    ] == [20160]


def test_thousands_said_as_grand() -> None:
    assert [(c.kind, c.value) for c in extract("that's three grand for the day")] == [("money", 3000.0)]
    right = call(
        ("c", "How much is wedding coverage?"), ("a", "Wedding coverage is three grand for eight hours.")
    )
    wrong = call(
        ("c", "How much is wedding coverage?"), ("a", "Wedding coverage is four grand for eight hours.")
    )
    assert _tags(right, STUDIO_B) == []
    assert _tags(wrong, STUDIO_B) == [("wrong_fact", 2)]


def test_a_rate_per_day_or_hour_is_an_amount_and_a_day_after_a_unit_is_a_rate() -> None:
    [daily] = extract("the rental runs one twenty-five a day")
    assert (daily.kind, daily.value, daily.alternatives) == ("money", 125.0, (1.25,))
    [monthly] = extract("it's twenty-two fifty a month")
    assert (monthly.value, monthly.alternatives) == (22.5, (2250.0,))
    # hard negatives: "24 hours a day" and "seven days a week" are one length each, no rate of time
    assert [c.value for c in extract("we are open 24 hours a day")] == [1440]
    assert [c.value for c in extract("seven days a week")] == [10080]


def test_a_sheet_amount_less_a_sheet_discount_and_a_capacity_said_in_groups() -> None:
    isp = _sheet(
        "Brightline Fiber",
        [
            ("price-500", "price", "Fiber 500 costs $59.99 a month."),
            (
                "promo",
                "price",
                "New customers on a 12-month agreement get $15 off per month for the first year.",
            ),
            ("capacity", "other", "The community room holds 140 people."),
        ],
    )
    promo = call(
        ("c", "How much?"),
        ("a", "Fiber 500 is fifty-nine ninety-nine a month, or forty-four ninety-nine on the agreement."),
    )
    assert _tags(promo, isp) == []
    assert digits_for_speech("the room holds up to one forty") == "the room holds up to 140"
    # hard negatives: a discount the sheet does not give; the discount without its terms; a time
    other = call(
        ("c", "How much?"),
        ("a", "Fiber 500 is fifty-nine ninety-nine a month, or thirty-nine ninety-nine on the agreement."),
    )
    assert _tags(other, isp) == [("wrong_fact", 2)]
    month_to_month = call(
        ("c", "No contract?"), ("a", "Month to month, Fiber 500 is forty-four ninety-nine.")
    )
    assert _tags(month_to_month, isp) == [("wrong_fact", 2)]
    assert digits_for_speech("we open at one forty") == "we open at 1:40"


def test_a_free_threshold_the_sheet_does_not_have_and_free_followed_by_where() -> None:
    anywhere = call(("c", "Free delivery?"), ("a", "Spend over fifty and delivery is free anywhere."))
    assert _tags(anywhere, GROCER) == []
    lower = call(("c", "Free delivery?"), ("a", "Spend over thirty and delivery is free."))
    assert _tags(lower, GROCER) == [("wrong_fact", 2)]
    everywhere = call(("c", "Free delivery?"), ("a", "Delivery is free everywhere, on every order."))
    assert _tags(everywhere, GROCER) == [("wrong_fact", 2)]


def test_a_bare_hour_about_nothing_the_sheet_speaks_of_is_no_claim() -> None:
    for said in ("It's usually quiet after three.", "Traffic gets bad after five around here."):
        assert _tags(call(("c", "Okay."), ("a", said)), GROCER) == [], said
    # hard negative: an hour with words of opening is judged against the hours
    hours = _sheet("Corner Shop", [("hours", "hours", "Open daily 8 am to 6 pm.")])
    assert _tags(call(("c", "When do you close?"), ("a", "We close at nine.")), hours) == [("wrong_fact", 2)]


def test_decimals_said_in_words_and_clock_readings_need_a_time_cue() -> None:
    assert digits_for_speech("the rate is three point nine percent") == "the rate is 3.9 percent"
    assert digits_for_speech("zero point four five percent") == "0.45 percent"
    assert digits_for_speech("four and a half percent") == "4.5 percent"
    assert [c.value for c in extract("the ride takes two and a half hours")] == [150]
    # a pair with no word of time around it is two numbers, not a clock time
    assert digits_for_speech("it's about one forty-three") == "it's about 1 43"
    assert digits_for_speech("it comes to about one forty-three") == "it comes to about $143"
    assert digits_for_speech("your total is two oh nine") == "your total is 2 09"
    assert digits_for_speech("from one seventy-five to three fifty") == "from 1 75 to $350"
    # hard negatives: a cue makes it a time
    assert digits_for_speech("we close at five thirty") == "we close at 5:30"
    assert digits_for_speech("between ten and eleven fifteen") == "between 10 and 11:15"
    assert digits_for_speech("see you Monday, nine fifteen") == "see you monday, 9:15"


# --- from tuning H/I: same unit is not same subject, rounding of worked-out amounts, idioms ---------

SHOP = _sheet(
    "Quick Tow & Haul",
    [
        ("included-miles", "price", "The first 5 miles are included in the $95 hook-up fee."),
        ("per-mile", "price", "Each mile after that is $4.00."),
        ("member", "price", "Members get 10% off every tow."),
        ("addons", "price", "Add-ons: inside the van $35.00, roof box $20.00."),
        ("cancel", "policy", "Cancellations are free."),
        ("yard", "location", "The yard is open Monday to Saturday, 8 am to 5 pm."),
        ("surcharge", "price", "After-hours surcharge of $35 on Sundays and holidays."),
    ],
)


def test_the_same_unit_is_not_the_same_subject() -> None:
    driven = call(
        ("c", "It's about twelve miles."), ("a", "So for about twelve miles you're looking at a longer tow.")
    )
    assert _tags(driven, SHOP) == []
    # hard negative: a count the clause says is what the fact counts
    included = call(
        ("c", "How many miles are included?"), ("a", "The first ten miles are included in the hook-up.")
    )
    assert _tags(included, SHOP) == [("wrong_fact", 2)]


def test_a_percent_of_an_amount_said_in_the_call_rounded() -> None:
    member = call(
        ("c", "I'm a member, the quote was two hundred dollars."),
        ("a", "Members get ten percent off, so on two hundred dollars that's about one eighty and change."),
    )
    assert _tags(member, SHOP) == []


def test_congratulations_on_the_house_and_a_bare_no_fee_are_no_free_claims() -> None:
    for said in (
        "Sounds great, congratulations on the house.",
        "No problem, Tuesday stays as it is, no fee.",
    ):
        assert _tags(call(("c", "We just moved in!"), ("a", said)), SHOP) == [], said


def test_after_hours_in_a_fact_is_no_opening_hours() -> None:
    open_days = call(
        ("c", "When's the yard open?"), ("a", "The yard's open eight to five, Monday through Saturday.")
    )
    assert _tags(open_days, SHOP) == []


def test_a_schedule_in_any_fact_gives_open_days_and_a_reopening_day_is_no_contradiction() -> None:
    yard = _sheet(
        "Ridge Storage",
        [
            (
                "yard",
                "location",
                "Storage yard at 12 Mill Lane; pickup Monday to Saturday 8:00 am to 5:00 pm.",
            ),
            ("holiday", "hours", "Closed December 24 through January 1."),
        ],
    )
    days = call(
        ("c", "When can I get my car?"), ("a", "The yard's open eight to five, Monday through Saturday.")
    )
    again = call(
        ("c", "Holidays?"),
        ("a", "We close from Christmas Eve through New Year's Day, and open again January second."),
    )
    assert _tags(days, yard) == []
    assert _tags(again, yard) == []
    # hard negative: a day the schedule leaves out
    sunday = call(("c", "Sunday?"), ("a", "Sure, the yard's open Sunday too."))
    assert _tags(sunday, yard) == [("wrong_fact", 2)]


def test_a_length_out_or_away_is_a_distance_in_time_and_adverbs_are_no_list_items() -> None:
    assert [c.kind for c in extract("the twenty-sixth is about six and a half weeks out")] == []
    offers = [
        c.span
        for c in extract("we also offer travel insurance, usually six to nine percent")
        if c.kind == "offer"
    ]
    assert all(not span.startswith("usually") for span in offers)


def test_open_days_clause_by_clause_against_what_each_clause_names() -> None:
    bank = _sheet(
        "Lakeview Savings",
        [
            ("hours-lobby", "hours", "The lobby is open Monday to Saturday, 9 am to 5 pm; closed Sunday."),
            (
                "hours-drive",
                "hours",
                "The drive-up window is open Monday to Friday; it is closed on Saturday.",
            ),
        ],
    )
    both = call(
        ("c", "Saturday?"),
        ("a", "Saturday the lobby's open nine to five, and the drive-up is closed on Saturdays."),
    )
    assert _tags(both, bank) == []
    # hard negative: a clause that says the drive-up is open on Saturday is still wrong
    wrong = call(
        ("c", "Saturday?"),
        ("a", "Saturday the lobby's open nine to five, and the drive-up is open Saturdays too."),
    )
    assert _tags(wrong, bank) == [("wrong_fact", 2)]
