"""accuracy, round 3: amounts worked out from the sheet's own numbers are no claims of their own.
Two sheet amounts taken together, the sheet's fraction of an amount, a sheet amount shared over the
count its fact gives, and a sheet rate times a count said in the call all state nothing the sheet
does not. Each shape is tried on businesses of its own (a bike rental, a laundromat, a print shop,
a piano teacher, a boat hire, a parking garage) with a nearby wrong or invented amount that must
still be flagged."""

from __future__ import annotations

from grading.checks import accuracy
from grading.claims import extract
from grading.formats import Call, Fact, FactSheet
from tests.grading.calls import call


def _sheet(business: str, facts: list[tuple[str, str]]) -> FactSheet:
    return FactSheet(
        agent="desk",
        business=business,
        facts=[Fact(id=i, topic="price", statement=s) for i, s in facts],
        rules=[],
        scope="prices, bookings",
        handoff="Transfer to a person when asked.",
        forbidden_phrases=[],
    )


def _accuracy_tags(source: Call, sheet: FactSheet) -> list[str]:
    return sorted(failure.tag for failure in accuracy.check(source, sheet))


BIKES = _sheet(
    "Riverside Bike Hire",
    [
        ("helmet", "A helmet rental is $6.50 a day."),
        ("lock", "A D-lock rental is $4.25 a day."),
        ("ebike", "An e-bike costs $48.00 a day."),
    ],
)
PRINT = _sheet(
    "Inkwell Print Shop",
    [
        ("copies", "Colour copies cost $0.35 each. Black and white copies are free for students."),
        ("binding", "Spiral binding is $7.00 per booklet."),
    ],
)
PIANO = _sheet(
    "Keys & Co Piano Lessons",
    [
        ("term", "A term of eight weekly lessons costs $360.00, paid up front."),
        ("single", "A single lesson is $52.00."),
    ],
)
GARAGE = _sheet(
    "Dockside Parking",
    [
        ("monthly", "A reserved monthly spot costs $180.00 a month."),
        ("promo", "New permit holders pay half price for their first month."),
        ("overnight", "Overnight parking is $22.00 a night."),
    ],
)
BOATS = _sheet(
    "Lakeview Boat Hire",
    [
        ("kayak", "A single kayak is $18.00 an hour."),
        ("canoe", "A canoe is $26.00 an hour; life jackets are included."),
    ],
)


def test_two_sheet_amounts_taken_together_are_their_sum() -> None:
    both = call(
        ("c", "What if I take a helmet and a lock?"), ("a", "That's ten seventy-five a day for both.")
    )
    assert _accuracy_tags(both, BIKES) == []
    together = call(
        ("c", "A kayak and a canoe for my family?"), ("a", "Together that's forty-four dollars an hour.")
    )
    assert _accuracy_tags(together, BOATS) == []


def test_a_sum_the_sheet_does_not_give_is_still_wrong() -> None:
    # hard negative: $11.75 is no sum of two sheet amounts
    both = call(
        ("c", "What if I take a helmet and a lock?"), ("a", "That's eleven seventy-five a day for both.")
    )
    assert _accuracy_tags(both, BIKES) != []


def test_the_sheets_fraction_of_an_amount() -> None:
    first = call(
        ("c", "How much is a reserved spot?"),
        ("a", "It's one eighty a month, and new permits get half price the first month, so ninety dollars."),
    )
    assert _accuracy_tags(first, GARAGE) == []


def test_a_fraction_the_sheet_does_not_have_derives_nothing() -> None:
    # hard negative: the bike hire has no half-price offer, so "half off" makes $24 an invented price
    half = call(
        ("c", "Any deal on the e-bike?"), ("a", "Sure, e-bikes are half off today, so twenty-four a day.")
    )
    assert _accuracy_tags(half, BIKES) != []


def test_a_sheet_amount_shared_over_its_own_count() -> None:
    term = call(
        ("c", "What's the term price per lesson?"), ("a", "The term works out to forty-five a lesson.")
    )
    assert _accuracy_tags(term, PIANO) == []


def test_a_share_that_is_not_the_sheets_is_still_wrong() -> None:
    # hard negative: $360 / 8 is $45, not $40
    term = call(("c", "What's the term price per lesson?"), ("a", "The term works out to forty a lesson."))
    assert _accuracy_tags(term, PIANO) != []


def test_a_sheet_rate_times_a_count_said_in_the_call() -> None:
    copies = call(("c", "I need forty colour copies."), ("a", "Forty colour copies is fourteen dollars."))
    assert _accuracy_tags(copies, PRINT) == []
    nights = call(("c", "I'll be parked three nights."), ("a", "Three nights comes to sixty-six dollars."))
    assert _accuracy_tags(nights, GARAGE) == []
    hours = call(("c", "A kayak for two hours?"), ("a", "Two hours is thirty-six dollars."))
    assert _accuracy_tags(hours, BOATS) == []


def test_a_product_with_a_count_nobody_said_is_still_wrong() -> None:
    # hard negative: $0.35 x 40 is $14; $18 matches no rate times a count of the call
    copies = call(("c", "I need forty colour copies."), ("a", "Forty colour copies is eighteen dollars."))
    assert _accuracy_tags(copies, PRINT) != []


LATE_CLUB = _sheet(
    "Sunbeam After-School Club",
    [
        ("late", "Late pickup fee: $2.50 per minute after 6:00 pm."),
        ("waitlist", "The waitlist for the after-school room is about 2 to 3 months."),
    ],
)
KARAOKE = _sheet(
    "Echo Karaoke Rooms",
    [
        ("room", "Private rooms cost $0.60 per minute."),
        ("booking", "Group bookings open 4 weeks in advance."),
    ],
)


def test_a_length_a_sheet_rate_is_charged_by_is_no_length_claim() -> None:
    # the sentence names a word of the other length fact (room, booking): the length was compared
    # with it; it is the count the rate multiplies
    late = call(
        ("c", "What's the late fee again?"),
        ("a", "After six it's two fifty a minute."),
        ("c", "So if I get there at ten past?"),
        ("a", "Ten minutes would be twenty-five dollars. I will tell the after-school room you are coming."),
    )
    assert _accuracy_tags(late, LATE_CLUB) == []
    longer = call(
        ("c", "How much are the rooms?"),
        ("a", "Sixty cents a minute."),
        ("c", "And if we go on another forty-five?"),
        ("a", "Another forty-five minutes would be twenty-seven dollars for the group booking."),
    )
    assert _accuracy_tags(longer, KARAOKE) == []


def test_a_length_that_is_no_rates_count_is_still_judged() -> None:
    # hard negatives: the amount is not the length times the rate, or a length of another fact
    wrong_total = call(
        ("c", "What's the late fee again?"),
        ("a", "After six it's two fifty a minute."),
        ("c", "So if I get there at ten past?"),
        ("a", "Ten minutes would be thirty dollars. I will tell the after-school room you are coming."),
    )
    assert _accuracy_tags(wrong_total, LATE_CLUB) != []
    wait = call(
        ("c", "How long is the waitlist?"), ("a", "The after-school room waitlist is about six weeks.")
    )
    assert _accuracy_tags(wait, LATE_CLUB) != []


def test_a_house_number_before_a_parkway_trail_or_circle_is_no_amount() -> None:
    for sentence, street in [
        ("We're at thirty-two fifteen Commerce Parkway, by the car wash.", "commerce parkway"),
        ("The clinic is nineteen twenty Willow Creek Trail.", "willow creek trail"),
        ("Drop it at fifty-one forty Juniper Circle.", "juniper circle"),
    ]:
        kinds = [(claim.kind, claim.value) for claim in extract(sentence)]
        assert ("street", street) in kinds
        assert all(kind != "money" for kind, _ in kinds)


def test_a_spoken_pair_with_no_street_after_it_stays_an_amount() -> None:
    # hard negatives: the same pair before a rate, or with the street word earlier in the sentence
    assert [c.kind for c in extract("It's thirty-two fifteen a month.")] == ["money"]
    assert "money" in [
        c.kind for c in extract("Take the parkway exit; parking is thirty-two fifteen a month.")
    ]


WAREHOUSE = _sheet(
    "Northgate Self Storage",
    [
        ("address", "The office is at 4410 Industrial Parkway, Unit B, Millbrook."),
        ("price", "A 5x5 unit costs $39.00 a month."),
    ],
)


def test_the_address_read_out_is_no_invented_price() -> None:
    told = call(
        ("c", "What's the address?"), ("a", "Forty-four ten Industrial Parkway, Unit B, in Millbrook.")
    )
    assert _accuracy_tags(told, WAREHOUSE) == []


GYM = _sheet(
    "Peak Climbing Gym",
    [
        ("membership", "A monthly membership costs $65.00 and includes 20% off shoe rental."),
        ("day-pass", "A day pass is $22.00."),
    ],
)


def test_a_value_the_agent_puts_aside_is_no_claim() -> None:
    percent = call(
        ("c", "Is it twenty dollars off shoes?"), ("a", "It's twenty percent off, not twenty dollars.")
    )
    assert _accuracy_tags(percent, GYM) == []
    rather = call(
        ("c", "Is the day pass thirty?"), ("a", "It's twenty-two dollars rather than thirty dollars.")
    )
    assert _accuracy_tags(rather, GYM) == []
    correction = call(
        ("c", "Membership is seventy, right?"), ("a", "Not seventy dollars, it's sixty-five a month.")
    )
    assert _accuracy_tags(correction, GYM) == []


def test_a_bound_after_not_or_a_wrong_correction_is_still_judged() -> None:
    # hard negatives: "not more than" gives a bound; the value the agent puts forward is judged
    bound = call(("c", "How much is a day pass?"), ("a", "Not more than thirty dollars."))
    assert _accuracy_tags(bound, GYM) != []
    wrong = call(("c", "Is the day pass thirty?"), ("a", "Not thirty dollars, it's eighteen dollars."))
    assert _accuracy_tags(wrong, GYM) != []


def test_a_to_further_back_is_no_clock_cue() -> None:
    # "to" as a verb's particle a few words before a price is no time word
    for sentence in [
        "If you switch to the yearly plan it's three twenty-nine.",
        "Come down to see us, it's two forty-nine for the kit.",
        "If you want to upgrade the room it's one eighty-five.",
    ]:
        assert all(claim.kind != "time" for claim in extract(sentence)), sentence


def test_a_to_right_before_a_pair_still_makes_a_range_of_times() -> None:
    # hard negatives: "nine to five thirty", "up to four thirty" stay clock times
    assert [c.kind for c in extract("Lessons run nine to five thirty.")] == ["time"]
    assert [c.kind for c in extract("Swing by any time up to four thirty.")] == ["time"]


RUGS = _sheet(
    "Loomhouse Rugs",
    [
        ("price-8x10", "An 8x10 wool rug costs $499."),
        ("price-5x8", "A 5x8 wool rug costs $279."),
    ],
)


def test_a_size_said_as_two_lengths_is_the_sheets_size() -> None:
    for line in [
        "We have eight by tens open to view.",
        "We have five by eights, yes.",
        "We've got five by eights.",
    ]:
        assert _accuracy_tags(call(("c", "What sizes do you carry?"), ("a", line)), RUGS) == []
    assert [c.subject for c in extract("We have six by sixes too.")] == [("6x6",)]


def test_a_thing_the_sheet_does_not_have_is_still_invented() -> None:
    # hard negative: a product offered that the sheet has not, whatever its size
    line = "We have jute runners, two by eights."
    assert _accuracy_tags(call(("c", "Anything for a hallway?"), ("a", line)), RUGS) == ["invented_fact"]
