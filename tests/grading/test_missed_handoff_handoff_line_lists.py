"""missed_handoff: the situations of a handoff line read as a person reads its lists, and the
caller's plain words for them.

- A bare noun continues the item before it: "disputes a deposit or bill" is a disputed bill, not
  every caller who says "bill"; the places of one situation ("sparking at the panel, meter box or
  tool shed") are places of the sparking, not situations of their own; "an electrical or burning
  smell" is an electrical smell.
- Plain words: "I locked myself out" for a lockout, "water's pouring out of it" for a leak, "a guy
  keeps texting me" for harassment, "I want my deposit back" and "I want to dispute that" for a
  dispute.
- A call transferred only after the caller had to ask again misses the handoff at the first reply to
  the situation the line names, as it does for a person asked for.
- "St. Anne's" does not end a sentence.

Tried on a propane delivery company and a dance studio."""

from __future__ import annotations

from grading.checks import missed_handoff
from grading.formats import FactSheet, ToolCall
from grading.speech import sentences
from tests.grading.calls import call

PROPANE = FactSheet(
    agent="desk",
    business="Ridgetop Propane",
    facts=[],
    rules=[],
    scope="propane deliveries, tank rentals, billing",
    handoff=(
        "Transfer to a person when the caller asks for one, disputes a delivery or bill, or describes an"
        " emergency: a tank that is leaking, an electrical or burning smell, or sparking at the panel, meter"
        " box or tool shed. Transfer to dispatch for a lockout with a child inside."
    ),
)
DANCE = FactSheet(
    agent="desk",
    business="Bluebell Dance Studio",
    facts=[],
    rules=[],
    scope="classes, recitals, billing",
    handoff=(
        "Transfer to a person when the caller asks for one, disputes a deposit, or reports harassment in"
        " class."
    ),
)
TRANSFER = [ToolCall(name="transfer_call", arguments={"to": "office"}, result={"status": "connected"})]


def _found(
    sheet: FactSheet, said: str, answer: str = "I can help with deliveries and tank rentals."
) -> list[str]:
    lines = call(("a", "Hello, how can I help?"), ("c", said), ("a", answer), ("c", "Okay, bye."))
    return [f"{f.turn} {f.severity}" for f in missed_handoff.check(lines, sheet)]


def test_a_bare_noun_takes_the_verb_of_the_item_before_it() -> None:
    assert _found(
        PROPANE, "I got my bill today and the delivery charge is on it twice. I want to dispute that."
    ) == ["3 major"]
    assert _found(PROPANE, "Hi, I just want to pay my bill over the phone.") == []


def test_the_places_of_a_situation_are_not_situations_of_their_own() -> None:
    assert _found(PROPANE, "We keep the spare tank in the tool shed, can you deliver out there?") == []
    assert _found(PROPANE, "There's sparking at the meter box, like little flashes!") == ["3 critical"]


def test_a_describing_word_takes_the_noun_after_the_list() -> None:
    assert _found(PROPANE, "The electrical panel in the garage is brand new, by the way.") == []
    assert _found(PROPANE, "There's an electrical smell coming from the basement.") == ["3 critical"]


def test_plain_words_for_a_lockout_a_leak_and_harassment() -> None:
    assert _found(PROPANE, "I locked myself out and my baby is inside, the child is asleep in there!") == [
        "3 major"
    ]
    assert _found(PROPANE, "The tank by the porch, gas is hissing and it's leaking, I think.") == [
        "3 critical"
    ]
    harassed = "There's a guy in my class who keeps texting me and waiting for me outside after class."
    assert _found(DANCE, harassed, "Would you like to switch to the Thursday class?") == ["3 major"]


def test_wanting_a_deposit_back_disputes_it() -> None:
    assert _found(
        DANCE, "I cancelled two days after paying and I want my deposit back.", "Deposits are non-refundable."
    ) == ["3 major"]


def test_a_transfer_only_after_asking_again_misses_the_first_reply_to_the_situation() -> None:
    lines = call(
        ("a", "Bluebell Dance, this is Ana."),
        (
            "c",
            "A man in the Tuesday class keeps following me to my car. It's making me really uncomfortable.",
        ),
        ("a", "I'm sorry. I can move you to the Wednesday group."),
        ("c", "I think someone should know. Can I talk to someone?"),
        ("a", "Of course, connecting you now.", TRANSFER),
    )
    assert [f.turn for f in missed_handoff.check(lines, DANCE)] == [3]


def test_saint_does_not_end_a_sentence() -> None:
    assert sentences("My father is at St. Anne's hospice. He needs to sign today.") == [
        "My father is at St. Anne's hospice.",
        "He needs to sign today.",
    ]


def test_water_told_with_a_filler_is_the_flooding() -> None:
    flats = FactSheet(
        agent="desk",
        business="Millrace Flats",
        facts=[],
        rules=[],
        scope="leasing, maintenance requests",
        handoff="Transfer to emergency maintenance when the caller reports flooding.",
    )
    said = "There's water like pouring through my bathroom ceiling, it's all over the floor!"
    assert _found(flats, said, "I can put in a maintenance request for you.") == ["3 major"]
