"""`callgrade grade --fact-sheet FILE --call FILE [--judge rules|openai] [--repeats K]
[--format json|text]`: grade one call file with no server, database or broker running.

The fact sheet may be YAML or JSON (decided by content, not extension: JSON is YAML); the call is
the canonical Call JSON. Both go through grading.validation, so a bad file gets the same
field-by-field errors the API gives. Exit codes: 0 graded, 1 the judge failed (the grade is still
printed, flagged `judge_failed`, with no score), 2 unreadable or invalid input or configuration.
The openai judge is built from the usual environment (OPENAI_BASE_URL, OPENAI_API_KEY,
CALLGRADE_JUDGE_MODEL, ...) by service.judges, imported only when asked for.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

import msgspec
import yaml

from grading.engine import grade
from grading.formats import Call, FactSheet, fact_sheet_sha256
from grading.judging import Judge
from grading.report import render
from grading.validation import InvalidDocumentError, validate_call, validate_fact_sheet

EXIT_JUDGE_FAILED = 1
EXIT_BAD_INPUT = 2
MAX_TURNS = 2000
MAX_TURN_CHARS = 100_000


class InputError(Exception):
    """A file that cannot be read or is not a valid document; the message says which and why."""


def configure_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fact-sheet", required=True, type=Path, help="fact sheet file (YAML or JSON)")
    parser.add_argument("--call", required=True, type=Path, help="call file (canonical Call JSON)")
    parser.add_argument(
        "--judge", choices=("rules", "openai"), default="rules", help="which judge (default rules)"
    )
    parser.add_argument(
        "--repeats", type=int, default=None, help="judge runs (openai only; default from settings)"
    )
    parser.add_argument(
        "--format", choices=("json", "text"), default="json", help="output format (default json)"
    )


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise InputError(f"{path}: {exc.strerror or exc}") from exc


def load_fact_sheet(path: Path) -> FactSheet:
    try:
        document: Any = yaml.safe_load(_read(path))
    except yaml.YAMLError as exc:
        raise InputError(f"{path}: not valid YAML or JSON: {exc}") from exc
    try:
        return validate_fact_sheet(document)
    except InvalidDocumentError as exc:
        raise InputError(f"{path}: invalid fact sheet: {exc}") from exc


def load_call(path: Path) -> Call:
    try:
        document: Any = msgspec.json.decode(_read(path))
    except msgspec.DecodeError as exc:
        raise InputError(f"{path}: not valid JSON: {exc}") from exc
    try:
        return validate_call(document, max_turns=MAX_TURNS, max_turn_chars=MAX_TURN_CHARS)
    except InvalidDocumentError as exc:
        raise InputError(f"{path}: invalid call: {exc}") from exc


def _openai_judge(repeats: int | None) -> Judge:
    from service.judges import build_judge
    from service.settings import load_settings

    settings = msgspec.structs.replace(load_settings(os.environ), judge="openai")
    if repeats is not None:
        settings = msgspec.structs.replace(settings, judge_repeats=repeats)
    judge = build_judge(settings)
    assert judge is not None
    return judge


def run(args: argparse.Namespace) -> int:
    try:
        fact_sheet = load_fact_sheet(args.fact_sheet)
        call = load_call(args.call)
        if args.repeats is not None and args.repeats < 1:
            raise InputError("--repeats must be at least 1")
        judge = _openai_judge(args.repeats) if args.judge == "openai" else None
    except InputError as exc:
        print(f"callgrade grade: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as exc:  # settings or judge construction: report, do not trace
        print(f"callgrade grade: cannot build the {args.judge} judge: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    result = grade(call, fact_sheet, judge, fact_sheet_sha256=fact_sheet_sha256(fact_sheet))
    if args.format == "text":
        sys.stdout.write(render(result))
    else:
        sys.stdout.write(msgspec.json.encode(result).decode() + "\n")
    if "judge_failed" in result.flags:
        print("callgrade grade: the judge failed; the grade has no score", file=sys.stderr)
        return EXIT_JUDGE_FAILED
    return 0
