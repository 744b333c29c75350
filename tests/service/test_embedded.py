"""`make run` from nothing: `callgrade dev` in an empty directory, with no database or broker
configured, runs embedded PostgreSQL, migrates, seeds a demo tenant whose key is printed once,
serves, stops cleanly, and keeps its data for the next run. Real processes, real HTTP."""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

REPO = Path(__file__).resolve().parents[2]
KEY_LINE = re.compile(r"^cg_[A-Za-z0-9_-]{43}$")

pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def cli_env(data_dir: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CALLGRADE_")}
    env.update({"CALLGRADE_DATA_DIR": str(data_dir), "CALLGRADE_LOG_JSON": "true", **extra})
    return env


def callgrade(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "service.cli", *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@contextmanager
def running_dev(env: dict[str, str], cwd: Path) -> Iterator[list[str]]:
    """Start `callgrade dev`, yield its stdout lines up to the banner's end, then SIGTERM it and
    assert it exits 0."""
    log_path = cwd / f"dev-{time.monotonic_ns()}.log"  # a file, not a pipe nobody drains
    log_file = log_path.open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "dev"],
        env=env,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=log_file,
        text=True,
    )
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    banner: list[str] = []
    try:
        deadline = time.monotonic() + 90
        while True:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            if line is None:
                proc.wait(timeout=10)
                pytest.fail(f"callgrade dev exited early ({proc.returncode}):\n{log_path.read_text()}")
            banner.append(line)
            if line.startswith("Press Ctrl-C"):
                break
        yield banner
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
        finally:
            if proc.stdout is not None:
                proc.stdout.close()
            log_file.close()
    assert proc.returncode == 0, log_path.read_text()


@pytest.fixture
def outside_pytest_tmp() -> Iterator[Path]:
    """An empty directory outside pytest's per-user temp root. Run as root, pgserver starts
    PostgreSQL as its own `pgserver` user, which must traverse the directory's parents; pytest
    resets its root (/tmp/pytest-of-USER) to mode 0700 whenever a pytest session starts on the
    machine, which would lock that user out halfway through this test."""
    directory = Path(tempfile.mkdtemp(prefix="callgrade-embedded-"))
    try:
        yield directory
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def test_make_run_from_an_empty_directory(outside_pytest_tmp: Path) -> None:
    workdir = outside_pytest_tmp / "fresh"
    workdir.mkdir()
    data_dir = workdir / ".callgrade"
    port = free_port()
    env = cli_env(data_dir, CALLGRADE_PORT=str(port))
    base = f"http://127.0.0.1:{port}"

    with running_dev(env, workdir) as banner:
        text = "\n".join(banner)
        assert f"callgrade is running on {base}" in text
        assert f"{base}/schema/openapi.json" in text
        keys = [line.strip() for line in banner if KEY_LINE.match(line.strip())]
        assert len(keys) == 1, text
        demo_key = keys[0]
        ready = httpx.get(f"{base}/readyz")
        assert ready.status_code == 200
        assert ready.json()["checks"] == {"database": "ok", "schema": "ok", "broker": "ok"}
        who = httpx.get(f"{base}/v1/whoami", headers={"Authorization": f"Bearer {demo_key}"})
        assert who.status_code == 200
        assert who.json()["tenant"] == "demo"
        assert httpx.get(f"{base}/schema/openapi.json").status_code == 200

    # Stopped cleanly: the embedded PostgreSQL it started is stopped too.
    assert not (data_dir / "pg" / "postmaster.pid").exists()

    # Second run: same data, no new key printed, the first key still works.
    with running_dev(env, workdir) as banner:
        text = "\n".join(banner)
        assert not any(KEY_LINE.match(line.strip()) for line in banner)
        assert "shown on the first run" in text
        assert "key create --tenant demo" in text
        who = httpx.get(f"{base}/v1/whoami", headers={"Authorization": f"Bearer {demo_key}"})
        assert who.status_code == 200

        # The CLI joins the running embedded server; the new key is alone on the last line.
        created = callgrade("key", "create", "--tenant", "demo", "--scopes", "read", env=env, cwd=workdir)
        assert created.returncode == 0, created.stderr
        last = created.stdout.strip().splitlines()[-1]
        assert KEY_LINE.match(last)
        who = httpx.get(f"{base}/v1/whoami", headers={"Authorization": f"Bearer {last}"})
        assert who.json()["scopes"] == ["read"]

    migrated = callgrade("migrate", env=env, cwd=workdir)
    assert migrated.returncode == 0, migrated.stderr
    assert migrated.stdout.strip() == "schema is current; nothing to apply"
    assert not (data_dir / "pg" / "postmaster.pid").exists()


def test_tenant_and_key_commands(tmp_path: Path, database_url: str) -> None:
    env = cli_env(tmp_path / "data", CALLGRADE_DATABASE_URL=database_url)
    created = callgrade("tenant", "create", "acme", env=env, cwd=tmp_path)
    assert created.returncode == 0, created.stderr
    again = callgrade("tenant", "create", "acme", env=env, cwd=tmp_path)
    assert again.returncode == 1
    assert "already exists" in again.stderr
    bad_name = callgrade("tenant", "create", "Acme Corp", env=env, cwd=tmp_path)
    assert bad_name.returncode == 2

    key = callgrade(
        "key", "create", "--tenant", "acme", "--scopes", "ingest,read", "review", env=env, cwd=tmp_path
    )
    assert key.returncode == 0, key.stderr
    lines = key.stdout.strip().splitlines()
    assert KEY_LINE.match(lines[-1])
    assert "ingest,read,review" in key.stdout
    assert not any(KEY_LINE.match(line) for line in lines[:-1])

    bad_scope = callgrade("key", "create", "--tenant", "acme", "--scopes", "superuser", env=env, cwd=tmp_path)
    assert bad_scope.returncode == 2
    assert "superuser" in bad_scope.stderr
    no_tenant = callgrade("key", "create", "--tenant", "nobody", "--scopes", "read", env=env, cwd=tmp_path)
    assert no_tenant.returncode == 1
    assert "tenant create nobody" in no_tenant.stderr


@pytest.mark.parametrize(
    ("variable", "value", "expected"),
    [
        ("CALLGRADE_PORT", "eighty", "an integer from 1 to 65535"),
        ("CALLGRADE_WORKER_THREADS", "0", "an integer >= 1"),
        ("CALLGRADE_JUDGE", "gpt", "one of"),
        ("CALLGRADE_LOG_JSON", "sometimes", "true or false"),
        ("CALLGRADE_BROKER_URL", "kafka://x", "amqp:// or redis://"),
    ],
)
def test_a_bad_setting_stops_the_process_with_one_line(
    tmp_path: Path, variable: str, value: str, expected: str
) -> None:
    result = callgrade("migrate", env=cli_env(tmp_path, **{variable: value}), cwd=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert variable in lines[0]
    assert expected in lines[0]
    assert not (tmp_path / "pg").exists()  # nothing was started


def test_worker_without_a_broker_explains_itself(tmp_path: Path) -> None:
    result = callgrade("worker", env=cli_env(tmp_path), cwd=tmp_path)
    assert result.returncode == 1
    assert "CALLGRADE_BROKER_URL is not set" in result.stderr
