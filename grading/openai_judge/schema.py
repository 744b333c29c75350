"""The JSON schema of the judge's answer, sent as structured output (`response_format` json_schema,
strict), and the JSON-mode fallback for servers that reject schemas.

Kept free of descriptions and enums: the rubric in the system message already says what every field
means and what range a score has, and every schema token is paid on every request (an out-of-range
score is read as unreadable by `parse.py`, never clamped). Strict mode makes every field required;
servers that ignore the schema are still read honestly by `parse.py` (an omitted dimension counts as
its minimum).
"""

from __future__ import annotations

from typing import Any

from grading.formats import DIMENSIONS

SCHEMA_NAME = "call_grade"

_NULLABLE_INT: dict[str, Any] = {"type": ["integer", "null"]}
_NULLABLE_STR: dict[str, Any] = {"type": ["string", "null"]}

ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["customer_goal", "goal_met", "dimensions", "failures", "rule_verdicts"],
    "properties": {
        "customer_goal": {"type": "string"},
        "goal_met": {"type": "boolean"},
        "dimensions": {
            "type": "object",
            "additionalProperties": False,
            "required": list(DIMENSIONS),
            "properties": {name: {"type": "integer"} for name in DIMENSIONS},
        },
        "failures": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["tag", "severity", "turn", "quote", "reason"],
                "properties": {
                    "tag": {"type": "string"},
                    "severity": {"type": "string"},
                    "turn": {"type": "integer"},
                    "quote": {"type": "string"},
                    "reason": {"type": "string"},
                },
            },
        },
        "rule_verdicts": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["rule_id", "followed", "turn", "quote", "reason"],
                "properties": {
                    "rule_id": {"type": "string"},
                    "followed": {"type": ["boolean", "null"]},
                    "turn": _NULLABLE_INT,
                    "quote": _NULLABLE_STR,
                    "reason": {"type": "string"},
                },
            },
        },
    },
}

STRUCTURED_RESPONSE_FORMAT: dict[str, Any] = {
    "type": "json_schema",
    "json_schema": {"name": SCHEMA_NAME, "strict": True, "schema": ANSWER_SCHEMA},
}
JSON_MODE_RESPONSE_FORMAT: dict[str, Any] = {"type": "json_object"}

# JSON mode carries no schema, so the shape goes into the request as text (and says "JSON", which
# json_object mode requires somewhere in the messages).
JSON_MODE_SHAPE = (
    "Answer with one JSON object only: "
    '{"customer_goal": str, "goal_met": bool, "dimensions": {"accuracy": 1-4, "policy": 1-4, '
    '"resolution": 1-4, "tone": 1-4, "robustness": 1-4}, "failures": [{"tag", "severity", "turn": int, '
    '"quote", "reason"}], "rule_verdicts": [{"rule_id", "followed": bool|null, "turn": int|null, '
    '"quote": str|null, "reason"}]}'
)
