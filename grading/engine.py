"""`grade(call, fact_sheet, judge)`: the grading pipeline, from a call and its pinned fact sheet to
one immutable Grade.

Order, and why (DESIGN.md, "Data flow"):
1. deterministic checks (grading.checks): always run, whatever the judge;
2. the judge's k runs (the rules judge when none is given); JudgeFailedError ends here with a
   grade flagged `judge_failed`, no score and no verdict, the deterministic failures still listed;
3. per run, evidence verification: a finding with an unknown tag or severity, a turn out of range
   or a quote that does not occur in its turn goes to `rejected_findings` with the reason and
   cannot fail the call; a rule verdict "broken" on an unchecked rule becomes a policy_breach only
   with verified evidence;
4. across runs: the median per dimension (grading.score) and the failures a majority of runs
   found at the same tag and turn (`runs_agreed` on each); goal_met by majority;
5. merge with the deterministic failures: the judge cannot remove one; same tag and turn merge
   into one (the more severe severity stands);
6. guardrails, then the score, the critical cap and the verdict (a forbidden phrase fails it);
   each run's own verdict is computed the same way, and `verdict_runs_agreed` says how many
   matched; a split is flagged `unstable`.
Nothing here does I/O; the judge is the only door out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import msgspec

from grading.checks import ChecksReport, run_checks
from grading.evidence import quote_problem
from grading.formats import (
    DIMENSIONS,
    SEVERITIES,
    TAGS,
    Call,
    Dimensions,
    FactSheet,
    Failure,
    Grade,
    JudgeUsage,
    RejectedFinding,
    Severity,
    Tag,
    Verdict,
    fact_sheet_sha256,
)
from grading.judging import Judge, JudgeFailedError, JudgeOutcome, JudgeRun, RawFinding
from grading.rubric import RUBRIC_VERSION
from grading.rules_judge import RulesJudge, judge_report
from grading.score import apply_guardrails, capped_score, median_dimensions, run_dimension, verdict

_SEVERITY_RANK: dict[str, int] = {"minor": 0, "major": 1, "critical": 2}
_GOAL_BREAKERS: frozenset[str] = frozenset({"dead_end"})
"""A dead end means the caller's request went unresolved, whatever a judge says about the goal. A
missed handoff does not by itself: the caller may still have got what they called for."""


class _VerifiedRun(msgspec.Struct, kw_only=True):
    levels: dict[str, float | None]
    goal_met: bool | None
    customer_goal: str | None
    failures: list[Failure]


def grade(
    call: Call,
    fact_sheet: FactSheet,
    judge: Judge | None = None,
    *,
    fact_sheet_version: int | None = None,
    fact_sheet_sha256: str | None = None,
) -> Grade:
    """Grade one call against its fact sheet. Pure: the judge is the only side effect.

    Without `fact_sheet_sha256` the hash of `fact_sheet` is computed, so every grade pins what
    graded it.
    """
    sheet_hash = fact_sheet_sha256 or _sheet_hash(fact_sheet)
    report = run_checks(call, fact_sheet)
    info = judge.info if judge is not None else RulesJudge().info
    if judge is None:
        outcome = JudgeOutcome(runs=[judge_report(call, report)])
    else:
        unchecked = [rule for rule in fact_sheet.rules if rule.id in set(report.unchecked_rules)]
        try:
            outcome = judge.judge(call, fact_sheet, unchecked)
        except JudgeFailedError as failed:
            return _judge_failed(report, info, failed.usage, fact_sheet_version, sheet_hash)
        if not outcome.runs:
            return _judge_failed(report, info, outcome.usage, fact_sheet_version, sheet_hash)

    rejected: list[RejectedFinding] = []
    runs = [_verify_run(call, run, set(report.unchecked_rules), rejected) for run in outcome.runs]
    judged = _majority_failures(runs)
    failures = merge_failures(report.failures, judged)
    goal = _majority_goal([run.goal_met for run in runs])
    if any(failure.tag in _GOAL_BREAKERS for failure in failures):
        goal = False
    dimensions = apply_guardrails(median_dimensions([run.levels for run in runs]), failures)
    score, capped = capped_score(dimensions, failures)
    final_verdict = verdict(goal, failures, report.forbidden_spoken)
    run_verdicts = [_run_verdict(run, report) for run in runs]
    agreed = sum(1 for run_verdict in run_verdicts if run_verdict == final_verdict)

    flags: list[str] = []
    if any(getattr(dimensions, name) is None for name in DIMENSIONS):
        flags.append("partial")
    if len(set(run_verdicts)) > 1:
        flags.append("unstable")
    return Grade(
        rubric_version=RUBRIC_VERSION,
        fact_sheet_version=fact_sheet_version,
        fact_sheet_sha256=sheet_hash,
        judge=msgspec.structs.replace(info, repeats=len(runs)),
        dimensions=dimensions,
        goal_met=goal,
        customer_goal=next((run.customer_goal for run in runs if run.customer_goal), None),
        failures=failures,
        rejected_findings=_unique(rejected),
        unchecked_rules=list(report.unchecked_rules),
        injections=list(outcome.injections),
        score=score,
        capped=capped,
        verdict=final_verdict,
        verdict_runs_agreed=agreed,
        flags=flags,
        judge_usage=outcome.usage,
    )


_last_sheet_hash: list[tuple[FactSheet, str]] = []


def _sheet_hash(fact_sheet: FactSheet) -> str:
    """The sheet's hash, kept for the last sheet (by identity: an approved version is immutable, as
    the fact index cache in grading.claims.facts also assumes): a worker grades call after call
    against one sheet, and encoding and hashing it for each call cost about 1% of a grade."""
    entry = _last_sheet_hash[0] if _last_sheet_hash else None  # one read: another thread may replace it
    if entry is not None and entry[0] is fact_sheet:
        return entry[1]
    digest = fact_sheet_sha256(fact_sheet)
    _last_sheet_hash[:] = [(fact_sheet, digest)]
    return digest


def _judge_failed(
    report: ChecksReport, info: object, usage: JudgeUsage, version: int | None, sheet_hash: str
) -> Grade:
    from grading.formats import JudgeInfo

    assert isinstance(info, JudgeInfo)
    return Grade(
        rubric_version=RUBRIC_VERSION,
        fact_sheet_version=version,
        fact_sheet_sha256=sheet_hash,
        judge=info,
        dimensions=Dimensions(accuracy=None, policy=None, resolution=None, tone=None, robustness=None),
        goal_met=None,
        customer_goal=None,
        failures=list(report.failures),
        unchecked_rules=list(report.unchecked_rules),
        score=None,
        verdict=None,
        flags=["judge_failed"],
        judge_usage=usage,
    )


def _reject(finding: RawFinding, because: str) -> RejectedFinding:
    return RejectedFinding(
        tag=finding.tag,
        severity=finding.severity,
        turn=finding.turn,
        quote=finding.quote,
        reason=finding.reason,
        rejected_because=because,
    )


def verify_finding(call: Call, finding: RawFinding) -> Failure | RejectedFinding:
    """A judge finding becomes a Failure only with a known tag and severity and a quote that
    occurs in the turn it names; otherwise it is rejected with the reason."""
    if finding.tag not in TAGS:
        return _reject(finding, f"unknown tag {finding.tag!r}")
    if finding.severity not in SEVERITIES:
        return _reject(finding, f"unknown severity {finding.severity!r}")
    problem = quote_problem(call, finding.turn, finding.quote)
    if problem is not None:
        return _reject(finding, problem)
    assert finding.turn is not None
    tag: Tag = finding.tag  # pyright: ignore[reportAssignmentType]  (checked against TAGS above)
    severity: Severity = finding.severity  # pyright: ignore[reportAssignmentType]
    return Failure(
        tag=tag,
        severity=severity,
        turn=finding.turn,
        quote=finding.quote,
        reason=finding.reason,
        ref=finding.ref,
        source="judge",
    )


def _verify_run(
    call: Call, run: JudgeRun, unchecked: set[str], rejected: list[RejectedFinding]
) -> _VerifiedRun:
    levels = {name: run_dimension(run.dimensions, run.unreadable, name) for name in DIMENSIONS}
    failures: list[Failure] = []
    for finding in run.findings:
        verified = verify_finding(call, finding)
        if isinstance(verified, RejectedFinding):
            rejected.append(verified)
        else:
            failures.append(verified)
    for rule_verdict in run.rule_verdicts:
        if rule_verdict.followed is not False:
            continue
        as_finding = RawFinding(
            tag="policy_breach",
            severity="major",
            turn=rule_verdict.turn,
            quote=rule_verdict.quote or "",
            reason=rule_verdict.reason or f"rule {rule_verdict.rule_id} broken",
            ref=rule_verdict.rule_id,
        )
        if rule_verdict.rule_id not in unchecked:
            rejected.append(_reject(as_finding, f"rule {rule_verdict.rule_id!r} is not an unchecked rule"))
            continue
        verified = verify_finding(call, as_finding)
        if isinstance(verified, RejectedFinding):
            rejected.append(verified)
        else:
            failures.append(verified)
    return _VerifiedRun(
        levels=levels, goal_met=run.goal_met, customer_goal=run.customer_goal, failures=_dedupe(failures)
    )


def _dedupe(failures: Sequence[Failure]) -> list[Failure]:
    """One failure per tag and turn within a run; the most severe wins."""
    kept: dict[tuple[str, int], Failure] = {}
    for failure in failures:
        key = (failure.tag, failure.turn)
        if key not in kept or _SEVERITY_RANK[failure.severity] > _SEVERITY_RANK[kept[key].severity]:
            kept[key] = failure
    return list(kept.values())


def _majority_failures(runs: Sequence[_VerifiedRun]) -> list[Failure]:
    """The failures more than half the runs found at the same tag and turn, with `runs_agreed`;
    the severity most runs gave stands (ties go to the more severe)."""
    found: dict[tuple[str, int], list[Failure]] = {}
    for run in runs:
        for failure in run.failures:
            found.setdefault((failure.tag, failure.turn), []).append(failure)
    standing: list[Failure] = []
    for copies in found.values():
        if len(copies) * 2 <= len(runs):
            continue
        votes = Counter(copy.severity for copy in copies)
        severity = max(votes, key=lambda s: (votes[s], _SEVERITY_RANK[s]))
        first = next(copy for copy in copies if copy.severity == severity)
        standing.append(msgspec.structs.replace(first, runs_agreed=len(copies)))
    return standing


def merge_failures(deterministic: Sequence[Failure], judged: Sequence[Failure]) -> list[Failure]:
    """Deterministic failures all stand; a judge failure at the same tag and turn merges into the
    deterministic one (keeping its evidence, taking the more severe severity and the judge's
    agreement count); the others are added. Ordered by turn, then tag."""
    merged: dict[tuple[str, int], Failure] = {}
    for failure in deterministic:
        merged.setdefault((failure.tag, failure.turn), failure)
    for failure in judged:
        key = (failure.tag, failure.turn)
        existing = merged.get(key)
        if existing is None:
            merged[key] = failure
            continue
        severity = max(existing.severity, failure.severity, key=lambda s: _SEVERITY_RANK[s])
        merged[key] = msgspec.structs.replace(existing, severity=severity, runs_agreed=failure.runs_agreed)
    return sorted(merged.values(), key=lambda failure: (failure.turn, failure.tag))


def _majority_goal(votes: Sequence[bool | None]) -> bool | None:
    met = sum(1 for vote in votes if vote is True)
    unmet = sum(1 for vote in votes if vote is False)
    if met * 2 > len(votes):
        return True
    if unmet * 2 > len(votes):
        return False
    return None


def _run_verdict(run: _VerifiedRun, report: ChecksReport) -> Verdict:
    failures = merge_failures(report.failures, run.failures)
    goal = run.goal_met and not any(failure.tag in _GOAL_BREAKERS for failure in failures)
    return verdict(goal, failures, report.forbidden_spoken)


def _unique(rejected: Sequence[RejectedFinding]) -> list[RejectedFinding]:
    seen: set[bytes] = set()
    kept: list[RejectedFinding] = []
    for finding in rejected:
        key = msgspec.json.encode(finding)
        if key not in seen:
            seen.add(key)
            kept.append(finding)
    return kept
