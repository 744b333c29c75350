"""How often the grader is right: per-tag precision and recall, verdict and goal_met accuracy on the
hand-labeled corpus (tests/corpus/), and accuracy-tag precision and recall on the MultiWOZ
development set (../shared/data/multiwoz-dev/).

Corpus matching: a predicted failure matches an expected one when the tag is equal and the turn is
equal (no tolerance). A tag-only variant per case is printed beside it, so a developer can tell a
check that fires on the wrong turn from one that does not fire at all. Severities are reported,
not matched.

MultiWOZ matching: a perturbed variant is judged against its original. Only the accuracy findings
(wrong_fact, invented_fact) that the perturbed variant has and the original lacks at the same tag
and turn count; one at the labeled turn with the labeled tag is a hit, any other added finding is a
false alarm for its tag. Findings on the originals are reported as background noise only (the data
README warns that human dialogues hold claims the fact sheet does not cover).

It runs even while the engine is incomplete: a missing engine is reported and the corpus is still
summarised; a case whose grading raises counts as predicting nothing and is listed; a tag with no
predictions anywhere is reported as not measured rather than given a precision.

    .venv/bin/python bench/validity.py
        [--corpus-only | --multiwoz-only | --holdout | --fresh | --corpus-dir DIR ...]
        [--verbose] [--json]

--corpus-only prints the three hand-labeled corpora (tuning, held-out, fresh held-out); --holdout only
the held-out one; --fresh only the fresh held-out one (tests/corpus_fresh/, see its README).
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
for entry in (REPO_ROOT, REPO_ROOT / "bench"):
    if str(entry) not in sys.path:
        sys.path.insert(0, str(entry))

from multiwoz import DATA_DIR, load_multiwoz  # noqa: E402

from grading.formats import TAGS, Call, FactSheet, Grade  # noqa: E402
from tests.corpus_format import CORPUS_DIR, Case, load_corpus  # noqa: E402

# The held-out corpus: written by an independent labeller after the checks were tuned, never used
# to tune them, so its figures are the honest ones (see tests/corpus_holdout/README.md).
HOLDOUT_DIR = CORPUS_DIR.parent / "corpus_holdout"
# The fresh held-out corpus: written after the checks were tuned against both of the above, by a
# labeller who never ran the grader before committing the labels (see tests/corpus_fresh/README.md).
FRESH_DIR = CORPUS_DIR.parent / "corpus_fresh"
# Tuning sets (tests/corpus_tuning_*/): written by labellers who never read the checks, some scored
# once as held-out sets and then released for tuning (each README says which and with what figures).
TUNING_DIRS = sorted(CORPUS_DIR.parent.glob("corpus_tuning_*"))

PRECISION_TARGET = 0.9
RECALL_TARGET = 0.8
ACCURACY_TAGS = ("wrong_fact", "invented_fact")

Grader = Callable[[Call, FactSheet], Grade]
Key = tuple[str, int]


def load_grader() -> tuple[Grader | None, str]:
    """The engine's `grade` with the rules judge (judge=None), or None and why it is unavailable."""
    try:
        from grading.engine import grade
    except Exception as exc:  # the engine may be half-written; say so and keep going
        return None, f"{type(exc).__name__}: {exc}"

    def rules_grade(call: Call, fact_sheet: FactSheet) -> Grade:
        return grade(call, fact_sheet, None)

    return rules_grade, ""


# --- counting -------------------------------------------------------------------------------------


@dataclass
class TagCounts:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None


def _fmt(value: float | None) -> str:
    return "  n/a" if value is None else f"{value:5.2f}"


def _target_note(counts: TagCounts) -> str:
    if counts.tp + counts.fp == 0 and counts.tp + counts.fn == 0:
        return "no cases"
    if counts.tp + counts.fp == 0:
        return "NOT MEASURED (no predictions)"
    notes: list[str] = []
    if (counts.precision or 0.0) < PRECISION_TARGET:
        notes.append(f"P<{PRECISION_TARGET}")
    if counts.recall is not None and counts.recall < RECALL_TARGET:
        notes.append(f"R<{RECALL_TARGET}")
    return "ok" if not notes else "below: " + ", ".join(notes)


def _table(title: str, rows: dict[str, TagCounts], tag_only: dict[str, TagCounts] | None) -> list[str]:
    lines = [title]
    header = f"  {'tag':<18}{'exp':>5}{'pred':>6}{'tp':>5}{'P':>7}{'R':>7}"
    if tag_only is not None:
        header += f"   | tag-only per case: {'P':>5}{'R':>7}"
    header += f"   targets P>={PRECISION_TARGET} R>={RECALL_TARGET}"
    lines.append(header)
    for tag, counts in rows.items():
        line = (
            f"  {tag:<18}{counts.tp + counts.fn:>5}{counts.tp + counts.fp:>6}{counts.tp:>5}"
            f"  {_fmt(counts.precision)}  {_fmt(counts.recall)}"
        )
        if tag_only is not None:
            loose = tag_only[tag]
            line += f"   |                    {_fmt(loose.precision)}  {_fmt(loose.recall)}"
        line += f"   {_target_note(counts)}"
        lines.append(line)
    total = TagCounts(
        tp=sum(c.tp for c in rows.values()),
        fp=sum(c.fp for c in rows.values()),
        fn=sum(c.fn for c in rows.values()),
    )
    lines.append(
        f"  {'all tags (micro)':<18}{total.tp + total.fn:>5}{total.tp + total.fp:>6}{total.tp:>5}"
        f"  {_fmt(total.precision)}  {_fmt(total.recall)}"
    )
    return lines


def _quote(call: Call, turn: int, limit: int = 90) -> str:
    if not 1 <= turn <= len(call.turns):
        return "<no such turn>"
    text = call.turns[turn - 1].text
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --- the corpus -----------------------------------------------------------------------------------


@dataclass
class CorpusResult:
    cases: int = 0
    graded: int = 0
    errors: list[tuple[str, str]] = field(default_factory=list)
    strict: dict[str, TagCounts] = field(default_factory=lambda: {t: TagCounts() for t in TAGS})
    tag_only: dict[str, TagCounts] = field(default_factory=lambda: {t: TagCounts() for t in TAGS})
    verdict_right: int = 0
    goal_right: int = 0
    clean_cases: int = 0
    clean_flagged: list[str] = field(default_factory=list)
    severity_agree: int = 0
    severity_compared: int = 0
    misses: list[str] = field(default_factory=list)
    false_alarms: list[str] = field(default_factory=list)
    verdict_wrong: list[str] = field(default_factory=list)
    goal_wrong: list[str] = field(default_factory=list)
    per_case: list[str] = field(default_factory=list)
    seconds: float = 0.0


def evaluate_corpus(cases: list[Case], grader: Grader) -> CorpusResult:
    result = CorpusResult(cases=len(cases))
    started = time.perf_counter()
    for case in cases:
        expected = {(f.tag, f.turn): f for f in case.expect.failures}
        try:
            graded = grader(case.call, case.fact_sheet)
        except Exception as exc:
            result.errors.append((case.id, "".join(traceback.format_exception_only(exc)).strip()))
            graded = None
        predicted = {(f.tag, f.turn): f for f in graded.failures} if graded is not None else {}
        if graded is not None:
            result.graded += 1
        _count(result, case, expected, predicted)
        if not expected:
            result.clean_cases += 1
            if predicted:
                result.clean_flagged.append(case.id)
        got_verdict = graded.verdict if graded is not None else None
        got_goal = graded.goal_met if graded is not None else None
        if got_verdict == case.expect.verdict:
            result.verdict_right += 1
        else:
            result.verdict_wrong.append(f"{case.id}: expected {case.expect.verdict}, got {got_verdict}")
        if got_goal == case.expect.goal_met:
            result.goal_right += 1
        else:
            result.goal_wrong.append(f"{case.id}: expected {case.expect.goal_met}, got {got_goal}")
        result.per_case.append(
            f"{case.id}: expected {sorted(expected)} verdict {case.expect.verdict}; "
            f"got {sorted(predicted)} verdict {got_verdict}"
        )
    result.seconds = time.perf_counter() - started
    return result


def _count(result: CorpusResult, case: Case, expected: dict[Key, Any], predicted: dict[Key, Any]) -> None:
    for key in expected.keys() | predicted.keys():
        tag, turn = key
        counts = result.strict[tag]
        if key in expected and key in predicted:
            counts.tp += 1
            result.severity_compared += 1
            result.severity_agree += expected[key].severity == predicted[key].severity
        elif key in expected:
            counts.fn += 1
            elsewhere = sorted(t for (g, t) in predicted if g == tag)
            hint = f" (engine has {tag} at turn(s) {elsewhere})" if elsewhere else ""
            result.misses.append(
                f"MISS  {case.id} turn {turn} {tag}{hint}: {_quote(case.call, turn)!r}"
                f" — label: {expected[key].why or expected[key].quote}"
            )
        else:
            counts.fp += 1
            failure = predicted[key]
            result.false_alarms.append(
                f"FALSE {case.id} turn {turn} {tag} [{failure.severity}]: {failure.quote!r}"
                f" — {failure.reason}"
            )
    expected_tags = {tag for tag, _ in expected}
    predicted_tags = {tag for tag, _ in predicted}
    for tag in expected_tags | predicted_tags:
        loose = result.tag_only[tag]
        if tag in expected_tags and tag in predicted_tags:
            loose.tp += 1
        elif tag in expected_tags:
            loose.fn += 1
        else:
            loose.fp += 1


def corpus_stats(cases: list[Case]) -> dict[str, Any]:
    per_business = collections.Counter(case.business for case in cases)
    positives = collections.Counter(tag for case in cases for tag in {f.tag for f in case.expect.failures})
    labels = collections.Counter(f.tag for case in cases for f in case.expect.failures)
    return {
        "cases": len(cases),
        "per_business": dict(sorted(per_business.items())),
        "clean_cases": sum(1 for case in cases if not case.expect.failures),
        "positive_cases_per_tag": {tag: positives[tag] for tag in TAGS},
        "labels_per_tag": {tag: labels[tag] for tag in TAGS},
        "expected_verdicts": dict(collections.Counter(case.expect.verdict for case in cases)),
    }


def render_corpus(
    stats: dict[str, Any],
    result: CorpusResult | None,
    verbose: bool,
    title: str = "corpus (tests/corpus/)",
    figures_only: bool = False,
) -> list[str]:
    lines = [
        f"== {title} ==",
        f"  {stats['cases']} cases; per business {stats['per_business']}; clean {stats['clean_cases']}; "
        f"expected verdicts {stats['expected_verdicts']}",
        "  positive cases per tag: "
        + ", ".join(f"{t} {n}" for t, n in stats["positive_cases_per_tag"].items()),
    ]
    if result is None:
        return lines
    lines.append(
        f"  graded {result.graded}/{result.cases} in {result.seconds:.2f}s"
        + (f"; {len(result.errors)} raised (counted as predicting nothing)" if result.errors else "")
    )
    lines += _table("  per tag, exact turn:", result.strict, result.tag_only)
    n = result.cases or 1
    lines.append(
        f"  verdict accuracy  {result.verdict_right}/{result.cases} = {result.verdict_right / n:.2f}"
    )
    lines.append(f"  goal_met accuracy {result.goal_right}/{result.cases} = {result.goal_right / n:.2f}")
    lines.append(
        f"  clean cases with any failure raised: {len(result.clean_flagged)}/{result.clean_cases}"
        + (f" {result.clean_flagged}" if result.clean_flagged and not figures_only else "")
    )
    if result.severity_compared:
        lines.append(
            f"  severity agreement on matched failures: {result.severity_agree}/{result.severity_compared}"
        )
    for title, items in (
        ("errors", [f"{cid}: {msg}" for cid, msg in result.errors]),
        ("misses (expected, not found at that turn)", result.misses),
        ("false alarms (found, not expected)", result.false_alarms),
        ("verdict mismatches", result.verdict_wrong),
        ("goal_met mismatches", result.goal_wrong),
    ):
        if items:
            lines.append(f"  -- {title}: {len(items)}")
            if not figures_only:
                lines += [f"    {item}" for item in items]
    if verbose and not figures_only:
        lines.append("  -- every case")
        lines += [f"    {line}" for line in result.per_case]
    return lines


# --- MultiWOZ -------------------------------------------------------------------------------------


@dataclass
class MultiwozResult:
    dialogues: int = 0
    perturbed: int = 0
    counts: dict[str, TagCounts] = field(default_factory=lambda: {t: TagCounts() for t in ACCURACY_TAGS})
    any_accuracy_at_turn: int = 0
    originals_with_findings: int = 0
    original_findings: int = 0
    errors: list[tuple[str, str]] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    false_alarms: list[str] = field(default_factory=list)
    seconds: float = 0.0


def _accuracy_keys(graded: Grade | None) -> dict[Key, str]:
    if graded is None:
        return {}
    return {(f.tag, f.turn): f.quote for f in graded.failures if f.tag in ACCURACY_TAGS}


def evaluate_multiwoz(grouped: dict[str, Any], grader: Grader) -> MultiwozResult:
    result = MultiwozResult(dialogues=len(grouped))
    started = time.perf_counter()

    def safe_grade(case: Any) -> Grade | None:
        try:
            return grader(case.call, case.fact_sheet)
        except Exception as exc:
            result.errors.append((case.id, "".join(traceback.format_exception_only(exc)).strip()))
            return None

    for record in sorted(grouped):
        variants = grouped[record]
        original = variants.get("original")
        baseline = _accuracy_keys(safe_grade(original)) if original is not None else {}
        if baseline:
            result.originals_with_findings += 1
            result.original_findings += len(baseline)
        for name in ACCURACY_TAGS:
            case = variants.get(name)
            if case is None:
                continue
            result.perturbed += 1
            added = {k: q for k, q in _accuracy_keys(safe_grade(case)).items() if k not in baseline}
            labels = {(label.tag, label.turn) for label in case.expected if label.tag in ACCURACY_TAGS}
            turns = {turn for _, turn in labels}
            if any(turn in turns for _, turn in added):
                result.any_accuracy_at_turn += 1
            for key in labels:
                tag, turn = key
                if key in added:
                    result.counts[tag].tp += 1
                else:
                    result.counts[tag].fn += 1
                    found = sorted(added)
                    result.misses.append(
                        f"MISS  {case.id} turn {turn} {tag}: {_quote(case.call, turn, 140)!r}"
                        + (f" (added instead: {found})" if found else "")
                        + f" — {case.notes}"
                    )
            for key, quote in added.items():
                if key not in labels:
                    result.counts[key[0]].fp += 1
                    result.false_alarms.append(f"FALSE {case.id} turn {key[1]} {key[0]}: {quote!r}")
    result.seconds = time.perf_counter() - started
    return result


def render_multiwoz(result: MultiwozResult, verbose: bool) -> list[str]:
    lines = [
        "== multiwoz-dev (../shared/data/multiwoz-dev/) ==",
        f"  {result.dialogues} dialogues, {result.perturbed} perturbed variants judged against their "
        f"originals in {result.seconds:.2f}s",
    ]
    lines += _table("  accuracy tags, added findings at the labeled turn:", result.counts, None)
    lines.append(
        f"  perturbation detected at its turn with either accuracy tag: "
        f"{result.any_accuracy_at_turn}/{result.perturbed}"
    )
    lines.append(
        f"  background: originals with accuracy findings {result.originals_with_findings}/{result.dialogues} "
        f"({result.original_findings} findings; not scored, see the data README caveats)"
    )
    if result.errors:
        lines.append(f"  -- errors: {len(result.errors)}")
        lines += [f"    {cid}: {msg}" for cid, msg in result.errors]
    shown = 10**6 if verbose else 15
    for title, items in (("misses", result.misses), ("false alarms", result.false_alarms)):
        if items:
            more = f" (first {shown}; --verbose for all)" if len(items) > shown else ""
            lines.append(f"  -- {title}: {len(items)}{more}")
            lines += [f"    {item}" for item in items[:shown]]
    return lines


# --- entry point ----------------------------------------------------------------------------------


def _counts_json(rows: dict[str, TagCounts]) -> dict[str, Any]:
    return {
        tag: {"tp": c.tp, "fp": c.fp, "fn": c.fn, "precision": c.precision, "recall": c.recall}
        for tag, c in rows.items()
    }


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--corpus-only", action="store_true")
    only.add_argument("--multiwoz-only", action="store_true")
    only.add_argument(
        "--holdout",
        action="store_true",
        help="only the held-out corpus (tests/corpus_holdout/); by default every corpus is printed",
    )
    only.add_argument(
        "--fresh",
        action="store_true",
        help="only the fresh held-out corpus (tests/corpus_fresh/), never tuned against",
    )
    only.add_argument(
        "--corpus-dir",
        type=Path,
        action="append",
        metavar="DIR",
        help="only this corpus directory (businesses/ and cases/, the format of tests/corpus/); repeatable",
    )
    parser.add_argument("--verbose", action="store_true", help="every case and every miss")
    parser.add_argument("--json", action="store_true", help="machine-readable figures instead of text")
    parser.add_argument(
        "--figures-only",
        action="store_true",
        help="counts and rates only, no case ids or quotes (for a validation set whose misses stay unread)",
    )
    args = parser.parse_args(list(argv) if argv is not None else None)

    grader, why_not = load_grader()
    report: dict[str, Any] = {
        "targets": {"precision": PRECISION_TARGET, "recall": RECALL_TARGET},
        "engine": "grading.engine.grade (rules judge)" if grader else f"unavailable: {why_not}",
    }
    lines: list[str] = [f"engine: {report['engine']}"]

    corpora: list[tuple[str, str, Path]] = []
    chosen: list[Path] = args.corpus_dir or []
    for directory in chosen:
        corpora.append((directory.name, f"corpus ({directory}/)", directory))
    if not chosen and not args.multiwoz_only and not args.holdout and not args.fresh:
        corpora.append(("corpus", "corpus (tests/corpus/)", CORPUS_DIR))
    if not chosen and not args.multiwoz_only and not args.fresh and HOLDOUT_DIR.is_dir():
        corpora.append(("holdout", "held-out corpus (tests/corpus_holdout/)", HOLDOUT_DIR))
    if not chosen and not args.multiwoz_only and not args.holdout and FRESH_DIR.is_dir():
        corpora.append(("fresh", "fresh corpus (tests/corpus_fresh/, tuning since 2026-11-30)", FRESH_DIR))
    if not chosen and not args.multiwoz_only and not args.holdout and not args.fresh:
        for directory in TUNING_DIRS:
            corpora.append((directory.name, f"tuning set (tests/{directory.name}/)", directory))
    for key, title, directory in corpora:
        cases = load_corpus(directory)
        stats = corpus_stats(cases)
        corpus_result = evaluate_corpus(cases, grader) if grader else None
        lines += render_corpus(stats, corpus_result, args.verbose, title, args.figures_only)
        report[key] = {"stats": stats}
        if corpus_result is not None:
            n = corpus_result.cases or 1
            report[key] |= {
                "exact_turn": _counts_json(corpus_result.strict),
                "tag_only_per_case": _counts_json(corpus_result.tag_only),
                "verdict_accuracy": corpus_result.verdict_right / n,
                "goal_met_accuracy": corpus_result.goal_right / n,
                "clean_cases_flagged": corpus_result.clean_flagged,
                "errors": corpus_result.errors,
                "misses": corpus_result.misses,
                "false_alarms": corpus_result.false_alarms,
            }
            if args.figures_only:  # the same promise as the text: counts only, no case ids or quotes
                for name in ("clean_cases_flagged", "errors", "misses", "false_alarms"):
                    report[key][name] = len(report[key][name])

    if not chosen and not args.corpus_only and not args.holdout and not args.fresh:
        grouped = load_multiwoz()
        if grouped is None:
            lines.append(f"== multiwoz-dev: skipped, {DATA_DIR} is absent ==")
            report["multiwoz"] = {"skipped": f"{DATA_DIR} is absent"}
        elif grader is None:
            lines.append("== multiwoz-dev: skipped, no engine ==")
        else:
            mw = evaluate_multiwoz(grouped, grader)
            lines += render_multiwoz(mw, args.verbose)
            report["multiwoz"] = {
                "dialogues": mw.dialogues,
                "perturbed": mw.perturbed,
                "at_labeled_turn": _counts_json(mw.counts),
                "detected_any_accuracy_tag": mw.any_accuracy_at_turn,
                "originals_with_findings": mw.originals_with_findings,
                "errors": mw.errors,
                "misses": mw.misses,
                "false_alarms": mw.false_alarms,
            }

    try:
        print(json.dumps(report, indent=2, default=str) if args.json else "\n".join(lines))
    except BrokenPipeError:  # piped into head: the reader has what it wanted
        sys.stderr.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
