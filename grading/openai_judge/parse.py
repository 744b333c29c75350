"""Honest reading of one judge answer into a JudgeRun.

Rules (DESIGN.md, honesty): a dimension the answer leaves out is absent from `dimensions` (the engine
counts it as its minimum); one present in a form we cannot read ("four-ish", 7, 3.5, null, true) goes to
`unreadable` (not scored, flag `partial`). Accepted forms: an integer 1-4, a float equal to one, or a
string holding exactly one ("3"). Findings keep tag and severity as given; the engine rejects unknown
ones with a reason. An answer that is not a JSON object, or an object with none of the answer's fields,
is not an answer at all: `MalformedAnswerError`, which the client retries like any transient fault.
"""

from __future__ import annotations

from typing import Any, cast

import msgspec

from grading.formats import DIMENSIONS
from grading.judging import JudgeRun, RawFinding, RuleVerdict

ANSWER_FIELDS = ("customer_goal", "goal_met", "dimensions", "failures", "rule_verdicts")


class MalformedAnswerError(ValueError):
    """The content is not a readable answer (truncated or invalid JSON, not an object, no fields)."""


def _score(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 1 <= value <= 4 else None
    if isinstance(value, float):
        return int(value) if value.is_integer() and 1 <= value <= 4 else None
    if isinstance(value, str) and value.strip() in {"1", "2", "3", "4"}:
        return int(value.strip())
    return None


def _turn(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def _text(value: Any) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else msgspec.json.encode(value).decode()


def _flag(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in {"true", "false", "yes", "no"}:
        return value.strip().lower() in {"true", "yes"}
    return None


def _finding(item: Any) -> RawFinding:
    if not isinstance(item, dict):
        # Kept, so the engine rejects it visibly instead of it vanishing.
        return RawFinding(
            tag="", severity="", turn=None, quote=_text(item), reason="finding is not an object"
        )
    fields = cast(dict[str, Any], item)
    ref = fields.get("ref")
    return RawFinding(
        tag=_text(fields.get("tag")),
        severity=_text(fields.get("severity")),
        turn=_turn(fields.get("turn")),
        quote=_text(fields.get("quote")),
        reason=_text(fields.get("reason")),
        ref=ref if isinstance(ref, str) else None,
    )


def _rule_verdict(item: Any, asked: set[str]) -> RuleVerdict | None:
    if not isinstance(item, dict):
        return None
    fields = cast(dict[str, Any], item)
    rule_id = fields.get("rule_id")
    if not isinstance(rule_id, str) or rule_id not in asked:
        return None  # a verdict on a rule we did not ask about decides nothing
    quote = fields.get("quote")
    return RuleVerdict(
        rule_id=rule_id,
        followed=_flag(fields.get("followed")),
        turn=_turn(fields.get("turn")),
        quote=quote if isinstance(quote, str) else None,
        reason=_text(fields.get("reason")),
    )


def parse_answer(content: str | None, asked_rule_ids: set[str]) -> JudgeRun:
    """Read the judge's message content. Raises MalformedAnswerError when there is no answer to read."""
    if not content or not content.strip():
        raise MalformedAnswerError("empty answer")
    try:
        decoded: Any = msgspec.json.decode(content)
    except msgspec.DecodeError as error:
        raise MalformedAnswerError(f"answer is not JSON: {error}") from error
    if not isinstance(decoded, dict):
        raise MalformedAnswerError("answer is not a JSON object")
    answer = cast(dict[str, Any], decoded)
    dimension_source: Any = answer.get("dimensions")
    if dimension_source is None and any(name in answer for name in DIMENSIONS):
        dimension_source = answer  # JSON mode sometimes flattens the dimensions
    if not any(name in answer for name in ANSWER_FIELDS) and dimension_source is None:
        raise MalformedAnswerError("answer has none of the expected fields")

    dimensions: dict[str, int] = {}
    unreadable: list[str] = []
    if isinstance(dimension_source, dict):
        given = cast(dict[str, Any], dimension_source)
        for name in DIMENSIONS:
            if name not in given:
                continue
            score = _score(given[name])
            if score is None:
                unreadable.append(name)
            else:
                dimensions[name] = score
    elif "dimensions" in answer:
        unreadable = list(DIMENSIONS)  # present but not an object: nothing in it can be read

    failures: Any = answer.get("failures")
    verdicts: Any = answer.get("rule_verdicts")
    customer_goal = answer.get("customer_goal")
    return JudgeRun(
        dimensions=dimensions,
        unreadable=unreadable,
        goal_met=_flag(answer.get("goal_met")),
        customer_goal=customer_goal if isinstance(customer_goal, str) else None,
        findings=[_finding(item) for item in cast(list[Any], failures)] if isinstance(failures, list) else [],
        rule_verdicts=[
            verdict
            for item in (cast(list[Any], verdicts) if isinstance(verdicts, list) else [])
            if (verdict := _rule_verdict(item, asked_rule_ids)) is not None
        ],
    )
