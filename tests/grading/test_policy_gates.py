"""The policy checks' cheap pre-tests find every breach the full readings find: a forbidden phrase
said in another case, with punctuation in it, or in folded letters is still caught."""

from __future__ import annotations

from grading.checks.policy import forbidden_spoken
from tests.grading.calls import call, dental_sheet


def spoken_turns(phrases: list[str], *agent_lines: str) -> list[int]:
    lines = [line for said in agent_lines for line in (("c", "Hi."), ("a", said))]
    return [failure.turn for failure in forbidden_spoken(call(*lines), dental_sheet(forbidden=phrases))]


def test_a_forbidden_phrase_is_found_whatever_its_case_and_punctuation() -> None:
    assert spoken_turns(["guaranteed painless"], "It's GUARANTEED, painless!") == [2]
    assert spoken_turns(["no problem"], "Sure.", "No-problem at all.") == [4]
    assert spoken_turns(["No problem", "guaranteed painless"], "no problem, it's guaranteed painless") == [
        2,
        2,
    ]


def test_a_forbidden_phrase_in_folded_letters_is_found() -> None:
    # "STRASSE" folds to the normal form of "Straße"; a long s folds to "s"
    assert spoken_turns(["Straße"], "It's on Haupt STRASSE.") == [2]
    assert spoken_turns(["ſs"], "an ss here") == [2]
    assert spoken_turns(["ss"], "an ſſ here") == [2]


def test_words_spread_over_turns_are_not_a_phrase() -> None:
    assert spoken_turns(["guaranteed painless"], "It's guaranteed.", "Painless, too.") == []
