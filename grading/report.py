"""A Grade rendered as text for a person: score and verdict first, then the dimensions with what
their level means, then every failure with its turn and quote, then what produced the grade.

Plain text, no colour, stable line order, so it reads the same in a terminal, an email or a diff.
"""

from __future__ import annotations

from grading.formats import DIMENSIONS, Grade
from grading.rubric import DIMENSION_BY_NAME


def _level(value: float | None) -> str:
    if value is None:
        return "not scored"
    return f"{value:g}"


def _meaning(name: str, value: float | None) -> str:
    if value is None:
        return "the judge's answer could not be read"
    levels = DIMENSION_BY_NAME[name].levels
    return levels.get(round(value), "")


def render(grade: Grade) -> str:
    """The grade as a report (see the module docstring)."""
    lines: list[str] = []
    if grade.verdict is None or grade.score is None:
        lines.append("Score: none (the judge failed; no score is given rather than a made-up one)")
    else:
        capped = " (capped at 40 by a critical failure)" if grade.capped else ""
        lines.append(f"Score: {grade.score:g}/100{capped}")
    lines.append(f"Verdict: {(grade.verdict or 'none').upper()}")
    goal = {True: "met", False: "not met", None: "unknown"}[grade.goal_met]
    lines.append(f"Customer goal: {grade.customer_goal or 'unknown'} ({goal})")
    if grade.flags:
        lines.append(f"Flags: {', '.join(grade.flags)}")
    lines.append("")
    lines.append("Dimensions (1-4):")
    for name in DIMENSIONS:
        value: float | None = getattr(grade.dimensions, name)
        lines.append(f"  {name:<11} {_level(value):>10}  {_meaning(name, value)}")
    lines.append("")
    if grade.failures:
        lines.append(f"Failures ({len(grade.failures)}):")
        for failure in grade.failures:
            agreed = f", {failure.runs_agreed} runs agreed" if failure.runs_agreed else ""
            ref = f" [{failure.ref}]" if failure.ref else ""
            lines.append(
                f"  turn {failure.turn}: {failure.tag} ({failure.severity}, {failure.source}{agreed}){ref}"
            )
            lines.append(f'    "{failure.quote}"')
            lines.append(f"    {failure.reason}")
    else:
        lines.append("Failures: none")
    if grade.rejected_findings:
        lines.append("")
        lines.append(f"Rejected judge findings ({len(grade.rejected_findings)}, they do not count):")
        for finding in grade.rejected_findings:
            lines.append(f"  turn {finding.turn}: {finding.tag} - {finding.rejected_because}")
    if grade.unchecked_rules:
        lines.append("")
        lines.append(f"Rules no check could decide: {', '.join(grade.unchecked_rules)}")
    if grade.injections:
        lines.append("")
        lines.append(f"Text addressed to a grader, neutralised ({len(grade.injections)}):")
        for injection in grade.injections:
            lines.append(f'  turn {injection.turn}: "{injection.quote}"')
    lines.append("")
    judge = grade.judge
    model = f", model {judge.model}" if judge.model else ""
    lines.append(
        f"Graded by: {judge.kind} judge{model}, {judge.repeats} run(s), rubric {grade.rubric_version}"
    )
    sheet = f"version {grade.fact_sheet_version}, " if grade.fact_sheet_version is not None else ""
    lines.append(f"Fact sheet: {sheet}sha256 {grade.fact_sheet_sha256}")
    if grade.judge_usage.requests:
        usage = grade.judge_usage
        cost = f", ${usage.cost_usd:.4f}" if usage.cost_usd is not None else ""
        lines.append(
            f"Judge usage: {usage.requests} request(s), {usage.input_tokens} in / {usage.output_tokens} out "
            f"tokens ({usage.cached_tokens} cached), {usage.latency_ms:.0f} ms{cost}"
        )
    return "\n".join(lines) + "\n"
