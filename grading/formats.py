"""The canonical wire formats: the Call every adapter produces, the FactSheet a business approves, and
the Grade every judge ends in.

These Structs are the contract between ingestion, grading and reporting (see DESIGN.md, "Formats").
They are defined by us, so they forbid unknown fields; platform payloads are decoded elsewhere,
tolerantly, and translated into these. Validation that needs more than types (unique ids, an end
before the start, turn limits) lives in `grading.validation`, so every entry point reports the same
errors with the same field paths.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any, Literal

import msgspec

Speaker = Literal["agent", "caller"]
Source = Literal["vapi", "retell", "elevenlabs", "bland", "twilio", "standard", "api"]
EndReason = Literal[
    "caller_hangup",
    "agent_hangup",
    "transferred",
    "voicemail",
    "silence_timeout",
    "max_duration",
    "no_answer",
    "busy",
    "error",
    "other",
]
Topic = Literal["price", "hours", "availability", "location", "contact", "service", "policy", "other"]
RuleKind = Literal["must", "must_not"]
Tag = Literal[
    "invented_fact",
    "wrong_fact",
    "policy_breach",
    "overpromise",
    "missed_handoff",
    "off_scope_advice",
    "instruction_leak",
    "manipulated",
    "dead_end",
    "ignored_question",
    "repetitive",
]
Severity = Literal["critical", "major", "minor"]
Verdict = Literal["pass", "fail"]
FindingSource = Literal["rules", "judge"]
JudgeKind = Literal["rules", "openai"]

TOPICS: tuple[Topic, ...] = (
    "price",
    "hours",
    "availability",
    "location",
    "contact",
    "service",
    "policy",
    "other",
)
RULE_KINDS: tuple[RuleKind, ...] = ("must", "must_not")
TAGS: tuple[Tag, ...] = (
    "invented_fact",
    "wrong_fact",
    "policy_breach",
    "overpromise",
    "missed_handoff",
    "off_scope_advice",
    "instruction_leak",
    "manipulated",
    "dead_end",
    "ignored_question",
    "repetitive",
)
SEVERITIES: tuple[Severity, ...] = ("critical", "major", "minor")
DIMENSIONS: tuple[str, ...] = ("accuracy", "policy", "resolution", "tone", "robustness")


# --- Call -----------------------------------------------------------------------------------------


class ToolCall(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A tool the agent invoked during its turn, with what came back (result or error)."""

    name: str
    arguments: dict[str, Any] = msgspec.field(default_factory=dict)
    result: Any = None
    error: str | None = None


class Turn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One utterance. Times are milliseconds from the start of the call, when the platform gives them."""

    speaker: Speaker
    text: str
    start_ms: int | None = None
    end_ms: int | None = None
    tool_calls: list[ToolCall] = msgspec.field(default_factory=list)


class Call(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A finished call in the one shape every platform adapter produces.

    Turn numbers everywhere (failures, quotes, judge findings) are 1-based positions in `turns`.
    The idempotency key is (tenant, source, external_id).
    """

    external_id: str
    source: Source
    agent: str
    started_at: datetime
    ended_at: datetime
    turns: list[Turn]
    end_reason: EndReason = "other"
    agent_version: str | None = None
    recording_url: str | None = None
    metadata: dict[str, Any] = msgspec.field(default_factory=dict)


# --- Fact sheet -----------------------------------------------------------------------------------


class Fact(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Something the agent may state. `topic` decides how severe a contradiction is."""

    id: str
    topic: Topic
    statement: str


class Rule(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A must or must-not policy rule, in the business's own words."""

    id: str
    kind: RuleKind
    text: str


class FactSheet(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The approved truth for one agent. Only an approved version grades; versions are immutable."""

    agent: str
    business: str = ""
    facts: list[Fact] = msgspec.field(default_factory=list)
    rules: list[Rule] = msgspec.field(default_factory=list)
    scope: str = ""
    handoff: str = ""
    forbidden_phrases: list[str] = msgspec.field(default_factory=list)


def fact_sheet_sha256(fact_sheet: FactSheet) -> str:
    """The fact sheet's fingerprint: SHA-256 of its canonical JSON (field order fixed by the Struct).

    Two uploads that decode to the same sheet (YAML or JSON, any key order or whitespace) share it,
    so a grade's pinned hash identifies the content, not the bytes that carried it.
    """
    return hashlib.sha256(msgspec.json.encode(fact_sheet)).hexdigest()


# --- Grade ----------------------------------------------------------------------------------------


class JudgeInfo(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What produced the grade, so that it can be reproduced."""

    kind: JudgeKind
    model: str | None = None
    prompt_sha256: str | None = None
    repeats: int = 1


class Dimensions(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The five 1-4 scores. None means *not scored* (the judge's answer was unreadable): the score
    is computed over the rest and the grade carries the flag `partial`. Medians over an even number
    of repeats can be halves, hence float."""

    accuracy: float | None
    policy: float | None
    resolution: float | None
    tone: float | None
    robustness: float | None


class Failure(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One failure with its evidence: the 1-based turn and a quote taken from that turn."""

    tag: Tag
    severity: Severity
    turn: int
    quote: str
    reason: str
    ref: str | None = None
    source: FindingSource = "rules"
    runs_agreed: int | None = None


class RejectedFinding(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A judge finding we could not accept (unverifiable quote, unknown tag or severity, no such turn).

    Kept verbatim for review; it never affects the score or the verdict.
    """

    tag: str
    severity: str
    turn: int | None
    quote: str
    reason: str
    rejected_because: str


class Injection(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Text in the transcript addressed to a grader, neutralised before any judge saw it."""

    turn: int
    quote: str


class JudgeUsage(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What the judge cost: requests, tokens, time and, with a price table, money."""

    requests: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    latency_ms: float = 0.0
    cost_usd: float | None = None


class Grade(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """An immutable grade of one call under rubric decoy-v1. A regrade is a new Grade.

    `score` and `verdict` are None only when the judge failed (flag `judge_failed`): we never store a
    fabricated or neutral score.
    """

    rubric_version: str
    fact_sheet_version: int | None
    fact_sheet_sha256: str | None
    judge: JudgeInfo
    dimensions: Dimensions
    goal_met: bool | None
    customer_goal: str | None
    failures: list[Failure] = msgspec.field(default_factory=list)
    rejected_findings: list[RejectedFinding] = msgspec.field(default_factory=list)
    unchecked_rules: list[str] = msgspec.field(default_factory=list)
    injections: list[Injection] = msgspec.field(default_factory=list)
    score: float | None
    capped: bool = False
    verdict: Verdict | None
    verdict_runs_agreed: int | None = None
    flags: list[str] = msgspec.field(default_factory=list)
    judge_usage: JudgeUsage = msgspec.field(default_factory=JudgeUsage)
