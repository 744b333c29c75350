"""accuracy: a word said in another form than the sheet's still names the sheet's thing when -ed or
-ing dropped a silent e ("changed" on the sheet, "change" in the call; "priced" and "price";
"moving" and "move"). Tried on a climbing gym whose sheet says the session date "can be changed
free of charge"; the hard negatives are a free thing the sheet does not grant and a wrong fee."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from grading.speech import stem
from tests.grading.calls import call

GYM = FactSheet(
    agent="desk",
    business="Cragline Climbing Gym",
    facts=[
        Fact(
            id="changes",
            topic="policy",
            statement=(
                "Passes are non-refundable; the session date can be changed free of charge up to 12 hours"
                " before the start time."
            ),
        ),
        Fact(id="price-day", topic="price", statement="A day pass is $24."),
        Fact(id="price-rental", topic="price", statement="Shoe rental is $6."),
    ],
    rules=[],
    scope="passes, sessions, rentals",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(caller: str, agent: str) -> list[str]:
    return [failure.tag for failure in accuracy.check(call(("c", caller), ("a", agent)), GYM)]


def test_a_free_change_meets_the_sheets_changed_free_of_charge() -> None:
    assert _tags("Can I move it to Friday?", "Sure, the change is free.") == []


def test_a_free_thing_the_sheet_does_not_grant_is_still_invented() -> None:
    assert _tags("Is the chalk extra?", "No, the chalk is free.") == ["invented_fact"]


def test_the_wrong_fee_is_still_wrong() -> None:
    assert _tags("How much is a day pass?", "A day pass is thirty dollars.") == ["wrong_fact"]


def test_the_silent_e_comes_back_only_where_no_word_ends_without_it() -> None:
    assert [stem(word) for word in ("changed", "arranging", "moved", "reduced", "judged")] == [
        "change",
        "arrange",
        "move",
        "reduce",
        "judge",
    ]
    assert [stem(word) for word in ("hanging", "booked", "called", "banging")] == [
        "hang",
        "book",
        "call",
        "bang",
    ]
