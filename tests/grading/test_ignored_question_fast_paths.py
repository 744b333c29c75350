"""ignored_question's fast paths must answer as the slow ones: the case-sensitive answer kinds on a
lower-case reply, and the word test that spares a turn asking nothing its clause reading."""

from __future__ import annotations

import importlib

from hypothesis import given, settings
from hypothesis import strategies as st

from grading.checks.ignored_question import questions

_questions = importlib.import_module("grading.checks.ignored_question.questions")

REPLY_WORDS = st.sampled_from(
    [
        *"we're at 210 elm street in springfield it's 9:30 am one twenty dollars free per hour".split(),
        *"open closed saturdays mornings o'clock oclock 3rd area code two five nine st ave".split(),
        *"minutes weekend few none several card visa financing covered depends $ % . , ? - ſ k".split(),
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(REPLY_WORDS, max_size=14))
def test_answer_kinds_on_lower_case_text_find_what_ignorecase_finds(parts: list[str]) -> None:
    reply = " ".join(parts)
    for _, kind in _questions.QUESTION_TYPES:
        assert _questions.holds_answer(kind, reply) == (kind.search(reply) is not None), (kind.pattern, reply)


def test_a_turn_without_a_word_a_question_needs_asks_nothing() -> None:
    assert questions("Sure, take your time. It's Dana Kb.") == []
    assert questions("Nine thirty please.") == []


def test_the_word_test_keeps_every_opening_and_the_alternative() -> None:
    assert questions("Okay and are you open on Saturdays?") == ["are you open on Saturdays"]
    assert questions("What's the number there?") == ["What's the number there"]
    assert questions("The shuttle's free, or do I pay?") == ["The shuttle's free, or do I pay"]


_terms = importlib.import_module("grading.checks.ignored_question.terms")
SAID_WORDS = st.sampled_from(
    [*"Fourteen fourteenth oh OH often twentieth Nine nineteen half-past 3 quarter's tone".split(), "٣", "ſ"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(SAID_WORDS, max_size=8), st.sampled_from([" ", "-", ", ", "'"]))
def test_spoken_number_test_finds_what_the_pattern_finds(parts: list[str], joint: str) -> None:
    text = joint.join(parts)
    assert _terms._may_speak_number(text) == (_terms._SPOKEN_NUMBER.search(text) is not None), text


_answers = importlib.import_module("grading.checks.ignored_question.answers")
_phrasings = importlib.import_module("grading.checks.ignored_question.phrasings")
_outcome = importlib.import_module("grading.checks.outcome")
CLOSING_WORDS = st.sampled_from(
    [
        *"Okay ok Um hmm Dana we're So sorry Is there anything else Bye now Have a great day".split(),
        *"_x 9 ſ K . ,".split(),
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(CLOSING_WORDS, max_size=8))
def test_closes_only_answers_as_its_patterns(parts: list[str]) -> None:
    sentence = " ".join(parts)
    patterns = (_phrasings.BRUSH_OFF, _outcome.CLOSING, _phrasings.APOLOGY, _phrasings.FILLER_ONLY)
    assert _answers.closes_only(sentence) == any(p.match(sentence) for p in patterns), sentence
