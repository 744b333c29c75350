"""A worker process for the crash tests: `python -m tests.ingest.worker_entry`.

The same worker as `callgrade worker` (settings from the environment, the relay, the actors), except
that with `CALLGRADE_TEST_BLOCK_JUDGE=<path>` its judge writes `<path>` when it starts judging and
then blocks forever, so a test knows the worker is mid-job and can kill it there.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

from grading.formats import Call, FactSheet, JudgeInfo, Rule
from grading.judging import JudgeOutcome
from service.blobs import open_blob_store
from service.broker import build_broker
from service.db import open_sync_pool
from service.logging import configure_logging
from service.settings import load_settings
from service.worker import start_in_process_worker


class BlockingJudge:
    def __init__(self, marker: Path) -> None:
        self.marker = marker

    @property
    def info(self) -> JudgeInfo:
        return JudgeInfo(kind="rules")

    def judge(self, call: Call, fact_sheet: FactSheet, unchecked_rules: list[Rule]) -> JudgeOutcome:
        self.marker.write_text(call.external_id)
        while True:
            time.sleep(60)


def main() -> None:
    settings = load_settings(os.environ)
    configure_logging(settings)
    assert settings.database_url is not None
    marker = os.environ.get("CALLGRADE_TEST_BLOCK_JUDGE")
    pool = open_sync_pool(settings.database_url, max_size=settings.worker_threads + 2)
    broker = build_broker(settings)
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    stop = start_in_process_worker(
        settings,
        broker,
        pool,
        open_blob_store(settings),
        judge=BlockingJudge(Path(marker)) if marker else None,
    )
    done.wait()
    stop()
    broker.close()
    pool.close()


if __name__ == "__main__":
    main()
