"""The labeled corpus's file format and its loader: business fact sheets and hand-labeled cases.

Layout (documented for reviewers in tests/corpus/README.md):

- ``tests/corpus/businesses/<name>.yaml`` is a FactSheet in DESIGN.md's YAML format.
- ``tests/corpus/cases/<id>.yaml`` holds one case: ``fact_sheet`` (a business file name without
  ``.yaml``), ``description`` (what the case exercises, for a human), ``call`` (a canonical Call) and
  ``expect`` (verdict, goal_met and the failures a careful human labeller finds, each with tag, 1-based
  turn, severity and a short quote copied from that turn).

Everything decodes into the real Structs of ``grading.formats`` with unknown fields forbidden, so a
case that drifts from the canonical format fails to load instead of being silently misread. The
loader is shared by tests/test_corpus_wellformed.py and bench/validity.py.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import yaml

from grading.formats import Call, FactSheet, Severity, Tag, Verdict

CORPUS_DIR = Path(__file__).resolve().parent / "corpus"
BUSINESSES_DIR = CORPUS_DIR / "businesses"
CASES_DIR = CORPUS_DIR / "cases"


class ExpectedFailure(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A failure the labeller expects. `quote` is evidence for the reviewer (it must occur in the
    named turn); matching against a grade uses only tag and turn."""

    tag: Tag
    turn: int
    severity: Severity
    quote: str
    why: str = ""


class Expectation(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    verdict: Verdict
    goal_met: bool
    failures: list[ExpectedFailure] = msgspec.field(default_factory=list)


class CaseFile(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One case file as written on disk."""

    fact_sheet: str
    description: str
    call: Call
    expect: Expectation


class Case(msgspec.Struct, kw_only=True):
    """A loaded case: its id (the file stem), the resolved fact sheet and the labels."""

    id: str
    business: str
    fact_sheet: FactSheet
    call: Call
    description: str
    expect: Expectation
    path: Path


class CorpusError(Exception):
    """A corpus file that does not decode; the message names the file and the field path."""


def load_fact_sheet(path: Path) -> FactSheet:
    try:
        return msgspec.convert(yaml.safe_load(path.read_text(encoding="utf-8")), FactSheet)
    except (msgspec.ValidationError, yaml.YAMLError) as exc:
        raise CorpusError(f"{path.name}: {exc}") from exc


def load_businesses(directory: Path = BUSINESSES_DIR) -> dict[str, FactSheet]:
    return {path.stem: load_fact_sheet(path) for path in sorted(directory.glob("*.yaml"))}


def load_case(path: Path, businesses: dict[str, FactSheet]) -> Case:
    try:
        raw = msgspec.convert(yaml.safe_load(path.read_text(encoding="utf-8")), CaseFile)
    except (msgspec.ValidationError, yaml.YAMLError) as exc:
        raise CorpusError(f"{path.name}: {exc}") from exc
    if raw.fact_sheet not in businesses:
        raise CorpusError(f"{path.name}: fact_sheet {raw.fact_sheet!r} is not in {sorted(businesses)}")
    return Case(
        id=path.stem,
        business=raw.fact_sheet,
        fact_sheet=businesses[raw.fact_sheet],
        call=raw.call,
        description=raw.description,
        expect=raw.expect,
        path=path,
    )


def load_corpus(corpus_dir: Path = CORPUS_DIR) -> list[Case]:
    """All cases, sorted by id. Raises CorpusError on the first file that does not decode."""
    businesses = load_businesses(corpus_dir / "businesses")
    return [load_case(path, businesses) for path in sorted((corpus_dir / "cases").glob("*.yaml"))]
