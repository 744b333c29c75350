"""Grades snapshot: every rules grade of every labelled set, written as JSON lines, to prove that a
speed change leaves every grade byte-identical.

What it grades: every case of every tests/corpus*/ set against its own fact sheet and against every
other sheet of its corpus (a call graded against the wrong business reaches paths a matching sheet
never does), the MultiWOZ development set that bench/multiwoz.py reads, and a few of bench/grade.py's
forty-turn calls. Each case is graded twice in the same process and the two must agree (a cache that
leaks one grade into the next shows up here). `judge_usage` is left out (it is the judge's bill,
not the grade).

The held-out sets (tests/corpus_unseen_*) are graded too, so a speed change cannot alter them
unseen, but nothing of theirs is ever printed: for them only the count of differing grades, for
the other sets the ids of the differing cases as well. The snapshot file holds their grades: write
it outside the repository and do not read it.

    .venv/bin/python bench/grades_snapshot.py /tmp/reference.jsonl          # write
    .venv/bin/python bench/grades_snapshot.py /tmp/mine.jsonl --compare /tmp/reference.jsonl
    .venv/bin/python bench/grades_snapshot.py /tmp/compiled.jsonl --compiled --compare /tmp/reference.jsonl

`--compiled` grades with the mypyc-compiled engine of `make compiled`: .ci/run compares it with the
source's grades, which must be identical.

Exit status 1 when --compare finds a difference (or a grade changed between the two passes).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

import msgspec

REPO_ROOT = Path(__file__).resolve().parent.parent
for entry in (REPO_ROOT, REPO_ROOT / "bench"):
    if str(entry) not in sys.path:
        sys.path.insert(0, str(entry))

from compiled import HELP, engine_label, use_compiled_if_asked  # noqa: E402

use_compiled_if_asked()

from grade import forty_turn_call  # noqa: E402
from multiwoz import load_multiwoz  # noqa: E402

from grading.engine import grade  # noqa: E402
from grading.formats import Call, FactSheet, JudgeUsage  # noqa: E402
from tests.corpus_format import load_businesses, load_corpus  # noqa: E402

HELD_OUT_PREFIX = "corpus_unseen_"
BENCH_VARIANTS = (0, 1, 7, 4321)


class Entry(msgspec.Struct, frozen=True):
    """One grade: which set, case and sheet, and the grade's JSON (judge_usage emptied)."""

    set: str
    case: str
    sheet: str
    grade: str


def _jobs() -> Iterator[tuple[str, str, str, Call, FactSheet]]:
    for corpus_dir in sorted(REPO_ROOT.glob("tests/corpus*/")):
        if not (corpus_dir / "cases").is_dir():
            continue
        sheets = load_businesses(corpus_dir / "businesses")
        for case in load_corpus(corpus_dir):
            for sheet_name, sheet in sheets.items():
                yield corpus_dir.name, case.id, sheet_name, case.call, sheet
    grouped = load_multiwoz()
    for record in sorted(grouped or {}):
        for variant, case in sorted((grouped or {})[record].items()):
            yield "multiwoz", f"{record}/{variant}", "own", case.call, case.fact_sheet
    dental = load_businesses(REPO_ROOT / "examples")
    for sheet_name, sheet in dental.items():
        for variant in BENCH_VARIANTS:
            yield "bench", f"forty-turn-{variant}", sheet_name, forty_turn_call(variant), sheet


def _graded(call: Call, sheet: FactSheet) -> str:
    result = msgspec.structs.replace(grade(call, sheet), judge_usage=JudgeUsage())
    return msgspec.json.encode(result).decode()


def snapshot() -> tuple[list[Entry], int]:
    """The entries, and how many grades changed between the first and the second pass."""
    jobs = list(_jobs())
    first = [_graded(call, sheet) for _, _, _, call, sheet in jobs]
    unstable = sum(
        1 for (_, _, _, call, sheet), seen in zip(jobs, first, strict=True) if _graded(call, sheet) != seen
    )
    entries = [Entry(set=s, case=c, sheet=n, grade=g) for (s, c, n, _, _), g in zip(jobs, first, strict=True)]
    return entries, unstable


def _read(path: Path) -> dict[tuple[str, str, str], str]:
    decoder = msgspec.json.Decoder(Entry)
    entries = [decoder.decode(line) for line in path.read_bytes().splitlines() if line.strip()]
    return {(entry.set, entry.case, entry.sheet): entry.grade for entry in entries}


def compare(mine: dict[tuple[str, str, str], str], reference: dict[tuple[str, str, str], str]) -> list[str]:
    """Lines describing the differences; no held-out case id or content is ever in them."""
    lines: list[str] = []
    sets = sorted({key[0] for key in mine} | {key[0] for key in reference})
    for set_name in sets:
        keys = {key for key in mine if key[0] == set_name} | {key for key in reference if key[0] == set_name}
        differing = sorted(key for key in keys if mine.get(key) != reference.get(key))
        if not differing:
            continue
        if set_name.startswith(HELD_OUT_PREFIX):
            lines.append(f"{set_name}: {len(differing)} of {len(keys)} grades differ (held out: no ids)")
            continue
        cases = sorted({case for _, case, _ in differing})
        lines.append(f"{set_name}: {len(differing)} of {len(keys)} grades differ, cases: {', '.join(cases)}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("output", type=Path, help="where to write the JSON lines (outside the repository)")
    parser.add_argument("--compare", type=Path, help="a snapshot to diff against")
    parser.add_argument("--compiled", action="store_true", help=HELP)
    args = parser.parse_args()
    entries, unstable = snapshot()
    args.output.write_bytes(b"".join(msgspec.json.encode(entry) + b"\n" for entry in entries))
    print(f"{len(entries)} grades written to {args.output} (grading engine: {engine_label()})")
    failed = False
    if unstable:
        print(f"{unstable} grades changed between the first and the second pass")
        failed = True
    if args.compare is not None:
        differences = compare(_read(args.output), _read(args.compare))
        print("\n".join(differences) if differences else f"identical to {args.compare}")
        failed = failed or bool(differences)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
