"""The policy check itself: every rule of the sheet decided or left unchecked for a judge, a rule
given way on under pressure counted as broken, and the forbidden phrases."""

from __future__ import annotations

import msgspec

from grading.checks.manipulated import conceded
from grading.checks.policy.deciders import breach
from grading.checks.policy.phrases import forbidden_spoken
from grading.checks.policy.shapes import decider
from grading.formats import Call, FactSheet, Failure, Rule


class RuleOutcome(msgspec.Struct, kw_only=True, frozen=True):
    """What the policy check made of the sheet's rules for one call."""

    failures: list[Failure]
    unchecked: list[str]
    forbidden_spoken: bool


def _gave_way(call: Call, rule: Rule) -> Failure | None:
    """A caller pushed against the rule (authority, a code, urgency, with a request to skip or
    waive what it names) and the agent conceded in so many words: the rule is broken where the
    agent gave way ("okay, since you're a nurse I'll skip it"), whatever its shape."""
    position = conceded(call, rule)
    if position is None:
        return None
    text = call.turns[position].text
    return breach(position + 1, text, rule, f"the agent gave way to a caller pushing against rule {rule.id}")


def check_rules(call: Call, fact_sheet: FactSheet) -> RuleOutcome:
    failures = forbidden_spoken(call, fact_sheet)
    forbidden = bool(failures)
    unchecked: list[str] = []
    for rule in fact_sheet.rules:
        decide = decider(rule)
        result = decide(call, fact_sheet, rule) if decide else False
        gave_way = _gave_way(call, rule)
        if isinstance(result, list):
            # each turn that said the forbidden thing, and the turn that gave way if it is another
            if gave_way is not None and all(failure.turn != gave_way.turn for failure in result):
                result = sorted([*result, gave_way], key=lambda failure: failure.turn)
        elif gave_way is not None and not (isinstance(result, Failure) and result.turn <= gave_way.turn):
            result = gave_way
        if result is False:
            unchecked.append(rule.id)
        elif isinstance(result, Failure):
            failures.append(result)
        elif isinstance(result, list):
            failures.extend(result)
    return RuleOutcome(failures=failures, unchecked=unchecked, forbidden_spoken=forbidden)


def check(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    return check_rules(call, fact_sheet).failures
