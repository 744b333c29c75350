"""`--compiled` for the benchmarks: measure the grading engine as `make compiled` (and the image)
builds it, compiled by mypyc into build/compiled, instead of the editable source.

It must act before the script imports grading, so each script calls `use_compiled_if_asked()` at
the top, ahead of its own imports; argparse also lists `--compiled`, for --help."""

from __future__ import annotations

import sys
from pathlib import Path

COMPILED_DIR = Path(__file__).resolve().parent.parent / "build" / "compiled"
FLAG = "--compiled"
HELP = f"grade with the mypyc-compiled engine in {COMPILED_DIR} (make compiled), not the source"


def use_compiled_if_asked() -> None:
    """With --compiled on the command line, put build/compiled first on sys.path and prove that
    grading now comes from compiled modules (a figure must say what produced it); without the
    build, stop with the command that makes it."""
    if FLAG not in sys.argv:
        return
    sys.path.insert(0, str(COMPILED_DIR))
    if not _compiled():
        raise SystemExit(f"{FLAG}: no compiled grading in {COMPILED_DIR}; run `make compiled` first")


def engine_label() -> str:
    """How the grading package in use was built, for the benchmark's report."""
    return "compiled by mypyc" if _compiled() else "interpreted"


def _compiled() -> bool:
    import grading.speech  # imported here, once the path is set: a module mypyc compiles (setup.py)

    return str(grading.speech.__file__).endswith(".so")
