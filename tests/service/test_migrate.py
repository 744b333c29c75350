"""The migrations runner against real PostgreSQL: order, once-only, concurrency, refusal of edits,
atomic failure, the checked-in schema dump, and the API refusing a schema that is behind."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest

from service.migrate import (
    MigrationError,
    discover,
    migrate_url,
    schema_is_current,
)
from tests.service.schema_dump import SCHEMA_FILE, dump_schema

REPO = Path(__file__).resolve().parents[2]


def applied_rows(url: str) -> list[tuple[int, str]]:
    with psycopg.connect(url) as conn:
        return [
            (v, n) for v, n in conn.execute("select version, name from schema_migrations order by version")
        ]


def cli_env(**extra: str) -> dict[str, str]:
    """The environment for a `callgrade` subprocess: ours minus any CALLGRADE_* setting."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CALLGRADE_")}
    env.update(extra)
    return env


def test_migrate_applies_every_file_in_order_then_nothing(empty_database_url: str) -> None:
    files = discover()
    assert [m.version for m in files] == sorted(m.version for m in files)
    first = migrate_url(empty_database_url)
    assert first == [m.label for m in files]
    assert applied_rows(empty_database_url) == [(m.version, m.name) for m in files]
    assert migrate_url(empty_database_url) == []
    assert applied_rows(empty_database_url) == [(m.version, m.name) for m in files]
    with psycopg.connect(empty_database_url) as conn:
        assert schema_is_current(conn)


def test_schema_is_behind_on_an_empty_database(empty_database_url: str) -> None:
    with psycopg.connect(empty_database_url) as conn:
        assert not schema_is_current(conn)


def test_two_processes_migrating_at_once_apply_each_file_once(
    empty_database_url: str, tmp_path: Path
) -> None:
    gate = tmp_path / "go"
    script = (
        "import os, sys, time\n"
        "from service.migrate import migrate_url\n"
        f"while not os.path.exists({str(gate)!r}): time.sleep(0.005)\n"
        "print(','.join(migrate_url(sys.argv[1])))\n"
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script, empty_database_url],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=REPO,
        )
        for _ in range(2)
    ]
    time.sleep(1.0)  # let both import and reach the gate; the gate makes them start together
    gate.touch()
    outputs = [p.communicate(timeout=60) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outputs
    applied_lists = sorted(out.strip() for out, _ in outputs)
    labels = ",".join(m.label for m in discover())
    # Exactly one of them applied everything; the other waited on the lock and found nothing to do.
    assert applied_lists == ["", labels]
    assert [v for v, _ in applied_rows(empty_database_url)] == [m.version for m in discover()]


def write_migrations(directory: Path, files: dict[str, str]) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (directory / name).write_text(text)
    return directory


def test_a_failing_migration_leaves_no_trace_and_stops_the_run(
    empty_database_url: str, tmp_path: Path
) -> None:
    directory = write_migrations(
        tmp_path / "m",
        {
            "0001_good.sql": "create table good (id int primary key);",
            "0002_bad.sql": "create table half (id int); select no_such_function();",
            "0003_later.sql": "create table later (id int);",
        },
    )
    with pytest.raises(MigrationError, match="0002_bad failed"):
        migrate_url(empty_database_url, directory)
    assert applied_rows(empty_database_url) == [(1, "good")]
    with psycopg.connect(empty_database_url) as conn:
        tables = {r[0] for r in conn.execute("select tablename from pg_tables where schemaname = 'public'")}
    assert "good" in tables
    assert "half" not in tables  # the failing file's first statement was rolled back with it
    assert "later" not in tables


def test_an_edited_migration_is_refused(empty_database_url: str, tmp_path: Path) -> None:
    directory = write_migrations(tmp_path / "m", {"0001_first.sql": "create table first (id int);"})
    assert migrate_url(empty_database_url, directory) == ["0001_first"]
    (directory / "0001_first.sql").write_text("create table first (id bigint);")
    with pytest.raises(MigrationError, match="changed after it was applied"):
        migrate_url(empty_database_url, directory)


def test_badly_named_or_duplicate_files_are_refused(tmp_path: Path) -> None:
    bad_name = write_migrations(tmp_path / "a", {"1_first.sql": "select 1;"})
    with pytest.raises(MigrationError, match="NNNN_description"):
        discover(bad_name)
    duplicate = write_migrations(tmp_path / "b", {"0001_a.sql": "select 1;", "0001_b.sql": "select 1;"})
    with pytest.raises(MigrationError, match="used twice"):
        discover(duplicate)


def test_migrations_match_the_checked_in_schema_dump(empty_database_url: str) -> None:
    migrate_url(empty_database_url)
    expected = SCHEMA_FILE.read_text()
    actual = dump_schema(empty_database_url)
    assert actual == expected, (
        "the migrations no longer produce migrations/schema.txt; if the change is intended, run "
        "`.venv/bin/python -m tests.service.schema_dump --write` and commit the result"
    )


def test_serve_refuses_to_start_on_a_schema_that_is_behind(empty_database_url: str, tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "service.cli", "serve", "--port", "1"],
        env=cli_env(CALLGRADE_DATABASE_URL=empty_database_url, CALLGRADE_DATA_DIR=str(tmp_path)),
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        check=False,
    )
    assert result.returncode == 1
    last = result.stderr.strip().splitlines()[-1]
    assert "refusing to start" in last
    assert "callgrade migrate" in last
