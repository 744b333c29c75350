"""The seam between the grading pipeline and a judge: what a judge is given and what it hands back.

A judge (rules or OpenAI) returns one `JudgeRun` per repeat, as read from its answer and not yet
trusted. The pipeline in `grading.engine` owns everything after that: medians and majorities across
runs, evidence verification, the merge with deterministic failures, guardrails, the score and the
verdict. Keeping that in one place is what lets the judge be fooled without the grade being fooled.
"""

from __future__ import annotations

from typing import Protocol

import msgspec

from grading.formats import Call, FactSheet, Injection, JudgeInfo, JudgeUsage, Rule


class RawFinding(msgspec.Struct, kw_only=True):
    """A failure as a judge reported it. Tag and severity are plain strings on purpose: an unknown
    value is rejected with a reason by the pipeline, not lost in decoding."""

    tag: str
    severity: str
    turn: int | None
    quote: str
    reason: str = ""
    ref: str | None = None


class RuleVerdict(msgspec.Struct, kw_only=True):
    """The judge's verdict on a rule the deterministic checks could not decide. A broken rule with
    verified evidence becomes a policy_breach failure."""

    rule_id: str
    followed: bool | None
    turn: int | None = None
    quote: str | None = None
    reason: str = ""


class JudgeRun(msgspec.Struct, kw_only=True):
    """One judge answer, parsed honestly.

    `dimensions` holds the readable scores; a dimension absent from both `dimensions` and
    `unreadable` was omitted by the judge and counts as its minimum (1); one listed in `unreadable`
    is not scored (flag `partial`).
    """

    dimensions: dict[str, int]
    unreadable: list[str] = msgspec.field(default_factory=list)
    goal_met: bool | None = None
    customer_goal: str | None = None
    findings: list[RawFinding] = msgspec.field(default_factory=list)
    rule_verdicts: list[RuleVerdict] = msgspec.field(default_factory=list)


class JudgeOutcome(msgspec.Struct, kw_only=True):
    """Everything a judge hands back for one call: k runs plus what it cost and what it neutralised."""

    runs: list[JudgeRun]
    usage: JudgeUsage = msgspec.field(default_factory=JudgeUsage)
    injections: list[Injection] = msgspec.field(default_factory=list)


class JudgeFailedError(Exception):
    """The judge could not produce an answer after its bounded retries (timeouts, refused
    connections, 429/5xx, malformed output). The pipeline stores a grade flagged `judge_failed`,
    with no score, and the job is retried later."""

    def __init__(self, message: str, usage: JudgeUsage | None = None) -> None:
        super().__init__(message)
        self.usage = usage or JudgeUsage()


class Judge(Protocol):
    """A judge reads the call beside the fact sheet and the rules the checks could not decide."""

    @property
    def info(self) -> JudgeInfo: ...

    def judge(self, call: Call, fact_sheet: FactSheet, unchecked_rules: list[Rule]) -> JudgeOutcome:
        """Return one JudgeRun per repeat, or raise JudgeFailedError."""
        ...
