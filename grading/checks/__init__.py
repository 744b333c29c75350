"""The deterministic checks: one small pure module per failure tag, each `(call, fact_sheet) ->
list[Failure]`, and `run_checks` which runs them all once for the engine and the rules judge.

They always run, beside any judge, and no judge can remove what they find. Failures are ordered
by turn, then tag, so the same call always gives the same list.
"""

from __future__ import annotations

import msgspec

from grading.checks import (
    accuracy,
    dead_end,
    ignored_question,
    instruction_leak,
    manipulated,
    missed_handoff,
    off_scope_advice,
    overpromise,
    policy,
    repetitive,
)
from grading.formats import Call, FactSheet, Failure


class ChecksReport(msgspec.Struct, kw_only=True, frozen=True):
    """Everything the deterministic checks found in one call."""

    failures: list[Failure]
    unchecked_rules: list[str]
    forbidden_spoken: bool


INDEPENDENT_CHECKS = (
    accuracy.check,
    overpromise.check,
    missed_handoff.check,
    off_scope_advice.check,
    instruction_leak.check,
    dead_end.check,
    ignored_question.check,
    repetitive.check,
)


def run_checks(call: Call, fact_sheet: FactSheet) -> ChecksReport:
    """Run every check once. manipulated runs last because compliance is partly read from the
    other failures in the agent's reply."""
    rules = policy.check_rules(call, fact_sheet)
    failures: list[Failure] = list(rules.failures)
    for check in INDEPENDENT_CHECKS:
        failures.extend(check(call, fact_sheet))
    failures.extend(manipulated.check(call, fact_sheet, failures))
    failures.sort(key=lambda failure: (failure.turn, failure.tag))
    return ChecksReport(
        failures=failures, unchecked_rules=rules.unchecked, forbidden_spoken=rules.forbidden_spoken
    )
