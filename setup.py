"""The build's one optional step. With CALLGRADE_COMPILE=1 the grading engine is compiled to C
extension modules by mypyc (rules grading takes about a quarter fewer CPU instructions, every grade
byte-identical: .ci/run proves it on every labelled set); without it the package is pure Python, as
`make install` builds it for development (an editable install of compiled modules would keep
running the old code after an edit). `make compiled` and the Dockerfile show the build.

Everything else about the package is in pyproject.toml."""

from __future__ import annotations

import ast
import os
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
NOT_COMPILED = ("grading/openai_judge/",)
"""The OpenAI judge waits on the network: compiling it would gain nothing and pin its client types."""


def defines_a_struct(source: str) -> bool:
    """Whether a module defines a msgspec Struct: mypyc would compile the class as a native class,
    which msgspec's metaclass cannot build (the module fails at import), so such modules stay
    interpreted. They hold the formats and the engine's wiring, not the hot checks."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                name = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
                if name == "Struct":
                    return True
    return False


def compiled_modules() -> list[str]:
    """The source files of grading/ that mypyc compiles, as paths relative to the project."""
    paths = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "grading").rglob("*.py"))
    return [
        path
        for path in paths
        if not path.startswith(NOT_COMPILED) and not defines_a_struct((ROOT / path).read_text())
    ]


COMPILE = os.environ.get("CALLGRADE_COMPILE") == "1"
COMPILED_BUILD = "build/mypyc"
"""Where a compiled build keeps its C and objects (kept, so a rebuild compiles only what changed):
apart from the plain build's build/lib, which must never pick up a compiled module (a pure
wheel built after a compiled one would ship its stale extension modules)."""


def extensions() -> list[object]:
    if not COMPILE:
        return []
    from mypyc.build import mypycify  # the dev extra installs mypy; the build needs it only here

    # multi_file: one C file per module, so the C compiler can run on every core (below)
    return list(
        mypycify(compiled_modules(), opt_level="3", multi_file=True, target_dir=f"{COMPILED_BUILD}/c")
    )


options: dict[str, dict[str, object]] = {"build_ext": {"parallel": os.cpu_count() or 1}}
if COMPILE:
    options["build"] = {"build_base": COMPILED_BUILD}
setup(ext_modules=extensions(), options=options)
