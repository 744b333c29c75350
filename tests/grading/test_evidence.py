"""Quote verification: tolerant of case, punctuation and small noise; strict about the turn."""

from __future__ import annotations

from grading.evidence import quote_problem, verify_against
from tests.grading.calls import call


def test_case_punctuation_and_spacing_are_forgiven() -> None:
    assert verify_against("Our cleaning is $90, okay?", "our CLEANING is $90 okay")


def test_small_recognition_noise_is_forgiven() -> None:
    assert verify_against(
        "we can definitely get you in on saturday morning", "we can definately get you in on saturday"
    )


def test_ellipsis_joins_fragments() -> None:
    assert verify_against(
        "The cleaning is ninety dollars and the exam is free.", "cleaning is ninety ... exam is free"
    )


def test_made_up_or_short_fuzzy_quotes_are_rejected() -> None:
    assert not verify_against("The cleaning is ninety dollars.", "whitening is free")
    assert not verify_against("The cleaning is ninety dollars.", "ninety pounds")
    assert not verify_against("anything", "")


def test_quote_must_be_in_the_named_turn() -> None:
    source = call(("a", "Hello there."), ("c", "How much is it?"), ("a", "It's ninety dollars."))
    assert quote_problem(source, 3, "ninety dollars") is None
    assert quote_problem(source, 1, "ninety dollars") == "quote does not occur in turn 1"
    assert quote_problem(source, 9, "ninety dollars") is not None
    assert quote_problem(source, None, "ninety dollars") == "no turn named"
