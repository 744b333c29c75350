"""Honest reading of the judge's answer: omitted dimensions count as their minimum, unreadable ones
are not scored and flag the grade `partial`, odd findings are kept for the engine to reject visibly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from grading.engine import grade
from grading.formats import DIMENSIONS
from grading.openai_judge.parse import MalformedAnswerError, parse_answer
from tests.fakes.openai_server import FakeOpenAIServer, good_answer
from tests.judge.conftest import JudgeFactory, booking_call, dental_fact_sheet


def test_readable_scores_in_every_accepted_form() -> None:
    run = parse_answer(
        '{"dimensions": {"accuracy": 4, "policy": 3.0, "resolution": " 2 ", "tone": 1, "robustness": 4}}',
        set(),
    )
    assert run.dimensions == {"accuracy": 4, "policy": 3, "resolution": 2, "tone": 1, "robustness": 4}
    assert run.unreadable == []


@pytest.mark.parametrize("value", ["four-ish", 7, 0, None, True, 3.5, "3/4", [4], {"score": 4}])
def test_unreadable_dimension_is_listed_not_guessed(value: Any) -> None:
    answer = good_answer()
    answer["dimensions"]["tone"] = value
    run = parse_answer(_json(answer), set())
    assert run.unreadable == ["tone"]
    assert "tone" not in run.dimensions
    assert len(run.dimensions) == 4


def test_omitted_dimension_is_absent_not_unreadable() -> None:
    answer = good_answer()
    del answer["dimensions"]["policy"]
    run = parse_answer(_json(answer), set())
    assert "policy" not in run.dimensions
    assert run.unreadable == []


def test_dimensions_that_are_not_an_object_are_all_unreadable() -> None:
    run = parse_answer(_json(good_answer(dimensions="all good")), set())
    assert sorted(run.unreadable) == sorted(DIMENSIONS)
    assert run.dimensions == {}


def test_findings_keep_unknown_tags_and_odd_items_for_the_engine_to_reject() -> None:
    run = parse_answer(
        _json(
            good_answer(
                failures=[
                    {"tag": "rude", "severity": "catastrophic", "turn": "3", "quote": "hi", "reason": "r"},
                    "the agent was bad",
                ]
            )
        ),
        set(),
    )
    first, second = run.findings
    assert (first.tag, first.severity, first.turn) == ("rude", "catastrophic", 3)
    assert (second.tag, second.turn) == ("", None)


@pytest.mark.parametrize(
    "content", ["", "   ", "not json", '{"dimensions": {"accu', "[]", '"pass"', '{"hello": 1}']
)
def test_no_answer_at_all_is_malformed(content: str) -> None:
    with pytest.raises(MalformedAnswerError):
        parse_answer(content, set())


def test_omitted_dimension_counts_as_minimum_in_the_grade(
    server: FakeOpenAIServer, make_judge: JudgeFactory
) -> None:
    full = good_answer(dimensions=dict.fromkeys(DIMENSIONS, 4))
    omitted = good_answer(dimensions={name: 4 for name in DIMENSIONS if name != "tone"})
    server.script(full, omitted)
    judge = make_judge()

    complete = grade(booking_call(), dental_fact_sheet(), judge)
    missing = grade(booking_call(), dental_fact_sheet(), judge)

    assert missing.dimensions.tone == 1
    assert missing.score is not None
    assert complete.score is not None
    assert missing.score < complete.score
    assert "partial" not in missing.flags


def test_unreadable_dimension_is_not_scored_and_flags_partial(
    server: FakeOpenAIServer, make_judge: JudgeFactory
) -> None:
    dimensions: dict[str, Any] = dict.fromkeys(DIMENSIONS, 4)
    dimensions["tone"] = "four-ish"
    server.script(good_answer(dimensions=dimensions))

    graded = grade(booking_call(), dental_fact_sheet(), make_judge())

    assert graded.dimensions.tone is None
    assert "partial" in graded.flags
    assert graded.score is not None
    assert graded.verdict == "pass"


def test_flattened_dimensions_in_json_mode_are_read() -> None:
    run = parse_answer('{"accuracy": 2, "policy": 3, "goal_met": false}', set())
    assert run.dimensions == {"accuracy": 2, "policy": 3}
    assert run.goal_met is False


def _json(answer: dict[str, Any]) -> str:
    return json.dumps(answer)


@pytest.mark.parametrize(
    ("value", "read"),
    [(True, True), ("false", False), ("Yes", True), ("no", False), ("maybe", None), (1, None)],
)
def test_goal_met_is_read_only_when_unambiguous(value: Any, read: bool | None) -> None:
    assert parse_answer(_json(good_answer(goal_met=value)), set()).goal_met is read
