"""`callgrade grade` on the example files: JSON a script can decode, text a person can read, and
clear exit codes for bad input."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from grading.formats import Grade
from service.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SHEET = EXAMPLES / "dental-fact-sheet.yaml"


def grade_json(call_file: str, capsys: pytest.CaptureFixture[str]) -> Grade:
    code = main(["grade", "--fact-sheet", str(SHEET), "--call", str(EXAMPLES / call_file)])
    assert code == 0
    return msgspec.json.decode(capsys.readouterr().out, type=Grade)


def test_clean_example_passes(capsys: pytest.CaptureFixture[str]) -> None:
    result = grade_json("call-clean-pass.json", capsys)
    assert result.verdict == "pass"
    assert result.score == 100.0
    assert result.failures == []
    assert result.fact_sheet_sha256


def test_wrong_price_example_fails_on_turn_3(capsys: pytest.CaptureFixture[str]) -> None:
    result = grade_json("call-wrong-price.json", capsys)
    assert result.verdict == "fail"
    assert [(f.tag, f.turn, f.ref) for f in result.failures] == [("wrong_fact", 3, "price-cleaning")]


def test_missed_handoff_example(capsys: pytest.CaptureFixture[str]) -> None:
    result = grade_json("call-missed-handoff.json", capsys)
    assert result.verdict == "fail"
    assert "missed_handoff" in {f.tag for f in result.failures}
    assert result.goal_met is False


def test_text_report_names_score_verdict_turn_and_quote(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "grade",
        "--fact-sheet",
        str(SHEET),
        "--call",
        str(EXAMPLES / "call-wrong-price.json"),
        "--format",
        "text",
    ]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Score: 40/100" in out
    assert "Verdict: FAIL" in out
    assert "turn 3: wrong_fact" in out
    assert '"A cleaning is ninety dollars."' in out


def test_bad_input_exits_2_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "call.json"
    broken.write_text('{"external_id": "x", "turns": []}')
    assert main(["grade", "--fact-sheet", str(SHEET), "--call", str(broken)]) == 2
    assert "invalid call" in capsys.readouterr().err
    assert main(["grade", "--fact-sheet", str(tmp_path / "missing.yaml"), "--call", str(broken)]) == 2
