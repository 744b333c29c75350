"""`callgrade grade --judge openai` end to end: the real command in its own process, configured by
the environment, against our fake OpenAI-compatible server on loopback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from grading.openai_judge import PROMPT_SHA256
from tests.fakes.openai_server import FakeOpenAIServer, Status, good_answer
from tests.judge.conftest import booking_call, dental_fact_sheet

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    fact_sheet = tmp_path / "sheet.json"
    fact_sheet.write_bytes(msgspec.json.encode(dental_fact_sheet()))
    call = tmp_path / "call.json"
    call.write_bytes(msgspec.json.encode(booking_call()))
    return fact_sheet, call


def _grade(
    server: FakeOpenAIServer, files: tuple[Path, Path], *extra: str
) -> subprocess.CompletedProcess[str]:
    fact_sheet, call = files
    environment = {
        key: value for key, value in os.environ.items() if not key.startswith(("CALLGRADE_", "OPENAI_"))
    }
    environment |= {
        "OPENAI_BASE_URL": server.base_url,
        "OPENAI_API_KEY": "test-key",
        "CALLGRADE_JUDGE_MODEL": "fake-judge",
        "CALLGRADE_JUDGE_MAX_ATTEMPTS": "2",
    }
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "service.cli",
            "grade",
            "--fact-sheet",
            str(fact_sheet),
            "--call",
            str(call),
            "--judge",
            "openai",
            *extra,
        ],
        cwd=REPO_ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_grade_with_the_openai_judge(server: FakeOpenAIServer, files: tuple[Path, Path]) -> None:
    result = _grade(server, files, "--repeats", "3")

    assert result.returncode == 0, result.stderr
    graded = json.loads(result.stdout)
    assert graded["judge"] == {
        "kind": "openai",
        "model": "fake-judge",
        "prompt_sha256": PROMPT_SHA256,
        "repeats": 3,
    }
    assert graded["score"] is not None
    assert graded["judge_usage"]["requests"] == 3
    assert len(server.requests) == 3


def test_judge_failure_prints_the_grade_without_score_and_exits_non_zero(
    server: FakeOpenAIServer, files: tuple[Path, Path]
) -> None:
    server.script(Status(503), Status(503), good_answer())
    result = _grade(server, files)

    assert result.returncode == 1
    graded = json.loads(result.stdout)
    assert graded["flags"] == ["judge_failed"]
    assert graded["score"] is None
    assert graded["verdict"] is None
    assert graded["judge_usage"]["requests"] == 2
    assert "judge failed" in result.stderr
