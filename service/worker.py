"""Running actors: threads inside the API process (embedded mode) or the `callgrade worker` process.

- `start_in_process_worker(settings, broker, sync_pool, blob_store)` declares the actors on `broker`
  and starts a dramatiq `Worker` with `settings.worker_threads` threads in this process. It returns a
  stop function that waits for running messages to finish (idempotent).
- `run_worker(settings)` is `callgrade worker`: its own sync pool, broker from settings, blob store,
  actors, a Worker, until SIGINT/SIGTERM.

Both go through `start_in_process_worker`, so anything added to it (the outbox relay) runs in both
modes.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType

import dramatiq
import structlog
from psycopg_pool import ConnectionPool

from service.actors import ActorContext, declare_actors
from service.blobs import BlobStore, open_blob_store
from service.broker import broker_kind, build_broker
from service.db import database_url, open_sync_pool, watch_pool_metrics
from service.metrics import Metrics, default_metrics
from service.settings import Settings

log = structlog.get_logger("service.worker")

WORKER_STOP_TIMEOUT_MS = 30_000


def start_in_process_worker(
    settings: Settings,
    broker: dramatiq.Broker,
    sync_pool: ConnectionPool,
    blob_store: BlobStore,
    *,
    metrics: Metrics | None = None,
) -> Callable[[], None]:
    """Declare actors and start worker threads; returns `stop()`."""
    context = ActorContext(
        settings=settings, pool=sync_pool, blobs=blob_store, metrics=metrics or default_metrics()
    )
    declare_actors(broker, context)
    worker = dramatiq.Worker(broker, worker_threads=settings.worker_threads)
    worker.start()
    log.info("worker.started", broker=broker_kind(broker), threads=settings.worker_threads)
    stopped = threading.Event()

    def stop() -> None:
        if stopped.is_set():
            return
        stopped.set()
        worker.stop(timeout=WORKER_STOP_TIMEOUT_MS)
        log.info("worker.stopped")

    return stop


def run_worker(settings: Settings) -> int:
    """`callgrade worker`: serve the queues until SIGINT/SIGTERM. Returns the exit code."""
    url = database_url(settings)
    pool = open_sync_pool(url, max_size=max(2, settings.worker_threads + 1), name="worker")
    metrics = default_metrics()
    watch_pool_metrics(metrics, "worker", pool)
    broker = build_broker(settings)
    done = threading.Event()

    def on_signal(signum: int, _frame: FrameType | None) -> None:
        log.info("worker.signal_received", signal=signal.Signals(signum).name)
        done.set()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    stop = start_in_process_worker(settings, broker, pool, open_blob_store(settings), metrics=metrics)
    try:
        done.wait()
    finally:
        stop()
        broker.close()
        pool.close()
    return 0
