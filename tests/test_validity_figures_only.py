"""bench/validity.py --figures-only keeps a validation set's misses unread: neither its text nor its
JSON names a case or quotes a turn, so a set can be scored again and again and stay held out."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.corpus_format import load_corpus

REPO_ROOT = Path(__file__).resolve().parent.parent
SET = REPO_ROOT / "tests" / "corpus_fresh"


def _validity(*arguments: str) -> str:
    command = [sys.executable, str(REPO_ROOT / "bench" / "validity.py"), "--corpus-dir", str(SET), *arguments]
    return subprocess.run(command, check=True, capture_output=True, text=True, cwd=REPO_ROOT).stdout


def test_figures_only_names_no_case_in_text_or_json() -> None:
    case_ids = [case.id for case in load_corpus(SET)]
    text = _validity("--figures-only", "--verbose")
    as_json = _validity("--figures-only", "--json")
    for output in (text, as_json):
        assert not [case_id for case_id in case_ids if case_id in output]
    figures = json.loads(as_json)["corpus_fresh"]
    assert figures["stats"]["cases"] == len(case_ids)
    for name in ("misses", "false_alarms", "clean_cases_flagged", "errors"):
        assert isinstance(figures[name], int)
    assert 0.0 <= figures["verdict_accuracy"] <= 1.0
