"""Rules grading cost in CPU instructions per call (valgrind's callgrind): the figure to compare a
speed change by on a shared machine, where bench/grade.py's calls per second move 20-40% with the
load while an instruction count repeats to a fraction of a percent.

It grades bench/grade.py's forty-turn call (distinct variants, warm fact index) under callgrind,
counting only inside the graded loop: the loop runs inside functools.reduce and callgrind collects
only within that C function (--toggle-collect), so imports, regex compiles and the warm-up calls
are not counted. Needs valgrind on PATH; about a minute and a half for 20 calls.

    .venv/bin/python bench/instructions.py [--calls 20] [--tree DIR] [--compiled]

`--tree` measures another checkout (its grading/ and bench/) with this interpreter, so two trees
can be compared back to back. `--compiled` grades with the tree's mypyc build (build/compiled, from
`make compiled`) instead of its source. The counted run has PYTHONHASHSEED=0, so repeated runs
agree to a few thousand instructions.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HASH_SEED = "0"
"""The hash seed of the counted run (see main): the same in every run, so two trees compare alike."""
WARM_UP = 10
"""Calls graded before counting: the first calls fill the checks' per-sheet and per-text caches."""


def _grade_calls(tree: Path, calls: int) -> None:
    """The counted part: grade `calls` distinct forty-turn calls inside functools.reduce."""
    for entry in (tree, tree / "bench"):
        sys.path.insert(0, str(entry))
    import msgspec
    import yaml

    # with --compiled in this run's arguments, importing the tree's bench/grade.py puts the tree's
    # build/compiled first and proves it compiled (bench/compiled.py), before grading is imported
    from grade import forty_turn_call  # pyright: ignore[reportMissingImports]

    from grading.engine import grade
    from grading.formats import Call, FactSheet

    sheet = msgspec.convert(
        yaml.safe_load((tree / "examples" / "dental-fact-sheet.yaml").read_text()), FactSheet
    )
    decoder = msgspec.json.Decoder(Call)
    encoded = [
        msgspec.json.encode(forty_turn_call(variant)) for variant in range(1000, 1000 + WARM_UP + calls)
    ]
    for call in encoded[:WARM_UP]:
        grade(decoder.decode(call), sheet)
    functools.reduce(lambda _, call: grade(decoder.decode(call), sheet), encoded[WARM_UP:], None)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--calls", type=int, default=20)
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument(
        "--compiled", action="store_true", help="grade with TREE/build/compiled (make compiled)"
    )
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    tree = args.tree.resolve()
    if args.inside:
        _grade_calls(tree, args.calls)
        return 0
    with tempfile.TemporaryDirectory() as scratch:
        command = [
            "valgrind",
            "--tool=callgrind",
            "--toggle-collect=functools_reduce",
            f"--callgrind-out-file={scratch}/callgrind.out",
            sys.executable,
            __file__,
            "--inside",
            "--calls",
            str(args.calls),
            "--tree",
            str(tree),
            *(["--compiled"] if args.compiled else []),
        ]
        # a fixed hash seed: set and dict iteration orders, and with them the work, vary with the
        # seed by ~0.5% a run, more than the small changes this figure is meant to tell apart
        environment = {**os.environ, "PYTHONHASHSEED": HASH_SEED}
        finished = subprocess.run(command, capture_output=True, text=True, check=False, env=environment)
    collected = re.search(r"Collected : (\d+)", finished.stderr)
    if finished.returncode != 0 or collected is None:
        print(finished.stderr[-2000:], file=sys.stderr)
        return 1
    engine = "compiled" if args.compiled else "source"
    per_call = int(collected.group(1)) // args.calls
    print(f"{tree} ({engine}): {per_call:,} instructions per call ({args.calls} calls)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
