"""The score math of decoy-v1: dimension medians across judge runs, guardrails that keep dimensions
and failures consistent, the 0-100 score, the critical cap and the verdict.

Pure arithmetic over already-verified inputs; `grading.engine` decides what those inputs are.
Decisions the seed leaves open, written down here:

- `capped` is true whenever a critical failure stands (the cap is in force), even when the mean was
  already at or below 40, so a reader sees at once why the score cannot be higher.
- An unreadable dimension (None) is left out of the mean; if every dimension is unreadable there is
  no score to give and the score is None (the engine flags the grade `partial`).
- Guardrails only lower a dimension, never raise one: a failure pins its dimension to at most the
  tag's cap (rubric.TAG_SPECS), a critical failure to 1, and two or more failures on accuracy or on
  policy ("several", in the seed's words) to 1.
- `goal_met` None (the judge could not tell) does not count as met: pass needs the goal met.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from grading.formats import DIMENSIONS, Dimensions, Failure, Verdict
from grading.rubric import CRITICAL_CAP, FAILING_SEVERITIES, MAX_LEVEL, MIN_LEVEL, TAG_BY_NAME

SEVERAL_IS_ONE: frozenset[str] = frozenset({"accuracy", "policy"})
"""Dimensions whose level 1 means "several" failures: two distinct failures force them to 1."""


def median(values: Sequence[float]) -> float:
    """The median; for an even count, the mean of the two middle values (seed 000)."""
    if not values:
        raise ValueError("median of nothing")
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return float(ordered[middle])
    return (ordered[middle - 1] + ordered[middle]) / 2


def run_dimension(scores: dict[str, int], unreadable: Iterable[str], name: str) -> float | None:
    """One run's level for one dimension: omitted counts as the minimum, unreadable is not scored,
    and a value outside 1-4 is unreadable too (it cannot be read as a level)."""
    if name in set(unreadable):
        return None
    if name not in scores:
        return float(MIN_LEVEL)
    level = scores[name]
    if isinstance(level, bool) or not MIN_LEVEL <= level <= MAX_LEVEL:
        return None
    return float(level)


def median_dimensions(runs: Sequence[dict[str, float | None]]) -> Dimensions:
    """Per dimension, the median of the runs that scored it; None when no run could be read."""
    values: dict[str, float | None] = {}
    for name in DIMENSIONS:
        scored = [run[name] for run in runs if run.get(name) is not None]
        values[name] = median([v for v in scored if v is not None]) if scored else None
    return Dimensions(**values)


def apply_guardrails(dimensions: Dimensions, failures: Sequence[Failure]) -> Dimensions:
    """Lower each dimension to what its standing failures allow; never raise one."""
    ceilings: dict[str, float] = {name: float(MAX_LEVEL) for name in DIMENSIONS}
    counts: dict[str, int] = dict.fromkeys(DIMENSIONS, 0)
    for failure in failures:
        spec = TAG_BY_NAME[failure.tag]
        ceiling = MIN_LEVEL if failure.severity == "critical" else spec.cap
        ceilings[spec.dimension] = min(ceilings[spec.dimension], float(ceiling))
        if failure.severity != "minor":
            counts[spec.dimension] += 1
    for name in SEVERAL_IS_ONE:
        if counts[name] >= 2:
            ceilings[name] = float(MIN_LEVEL)
    lowered: dict[str, float | None] = {}
    for name in DIMENSIONS:
        level: float | None = getattr(dimensions, name)
        lowered[name] = None if level is None else min(level, ceilings[name])
    return Dimensions(**lowered)


def scaled_mean(dimensions: Dimensions) -> float | None:
    """(mean - 1) / 3 x 100 over the scored dimensions, one decimal; None if none was scored."""
    levels = [level for name in DIMENSIONS if (level := getattr(dimensions, name)) is not None]
    if not levels:
        return None
    mean = sum(levels) / len(levels)
    return round((mean - MIN_LEVEL) / (MAX_LEVEL - MIN_LEVEL) * 100, 1)


def has_critical(failures: Iterable[Failure]) -> bool:
    return any(failure.severity == "critical" for failure in failures)


def capped_score(dimensions: Dimensions, failures: Sequence[Failure]) -> tuple[float | None, bool]:
    """The conversation score and whether the critical cap is in force."""
    score = scaled_mean(dimensions)
    if not has_critical(failures):
        return score, False
    return (None if score is None else min(score, CRITICAL_CAP)), True


def verdict(goal_met: bool | None, failures: Iterable[Failure], forbidden_phrase_spoken: bool) -> Verdict:
    """Pass = the goal was met and no critical or major failure; a forbidden phrase always fails."""
    if forbidden_phrase_spoken or goal_met is not True:
        return "fail"
    if any(failure.severity in FAILING_SEVERITIES for failure in failures):
        return "fail"
    return "pass"
