"""`callgrade worker` as a real process against a real broker: it starts, serves its own /metrics
(grading happens here, so its counters must be scrapable here) and stops cleanly on SIGTERM."""

from __future__ import annotations

import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.redis
def test_worker_process_serves_metrics_and_stops_on_sigterm(
    redis_url: str, database_url: str, tmp_path: Path
) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("CALLGRADE_")}
    env.update(
        {
            "CALLGRADE_DATABASE_URL": database_url,
            "CALLGRADE_BROKER_URL": redis_url,
            "CALLGRADE_DATA_DIR": str(tmp_path),
            "CALLGRADE_WORKER_METRICS_PORT": str(port),
            "CALLGRADE_WORKER_THREADS": "1",
            "CALLGRADE_LOG_JSON": "true",
        }
    )
    log_path = tmp_path / "worker.log"
    with log_path.open("w") as log_file:
        proc = subprocess.Popen(
            [sys.executable, "-m", "service.cli", "worker"],
            env=env,
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=log_file,
            text=True,
        )
        lines: queue.Queue[str] = queue.Queue()

        def pump() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                lines.put(line)

        threading.Thread(target=pump, daemon=True).start()
        try:
            first = lines.get(timeout=60)
            assert first.strip() == f"worker metrics on http://127.0.0.1:{port}/metrics"
            text = ""
            for _ in range(100):  # the pool and actors come up just after the metrics server
                text = httpx.get(f"http://127.0.0.1:{port}/metrics").text
                if 'callgrade_db_pool_connections{pool="worker",state="size"}' in text:
                    break
                time.sleep(0.1)
            assert 'callgrade_db_pool_connections{pool="worker",state="size"}' in text
            assert "callgrade_grading_jobs_total" in text
            assert httpx.get(f"http://127.0.0.1:{port}/other").status_code == 404
            for _ in range(100):  # stop it once it is fully up, to test the running shutdown
                if "worker.started" in log_path.read_text():
                    break
                time.sleep(0.1)
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=60)
            finally:
                if proc.poll() is None:
                    proc.kill()
                if proc.stdout is not None:
                    proc.stdout.close()
    assert proc.returncode == 0, log_path.read_text()
    assert "worker.stopped" in log_path.read_text()


@pytest.mark.redis
def test_sigterm_during_start_up_is_an_orderly_exit(
    redis_url: str, database_url: str, tmp_path: Path
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CALLGRADE_")}
    env.update(
        {
            "CALLGRADE_DATABASE_URL": database_url,
            "CALLGRADE_BROKER_URL": redis_url,
            "CALLGRADE_DATA_DIR": str(tmp_path),
            "CALLGRADE_WORKER_METRICS_PORT": str(free_port()),
        }
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "worker"],
        env=env,
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().startswith("worker metrics on")
        proc.send_signal(signal.SIGTERM)  # while the pool, broker and actors are still coming up
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        if proc.stdout is not None:
            proc.stdout.close()
