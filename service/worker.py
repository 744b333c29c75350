"""Running actors: threads inside the API process (embedded mode) or the `callgrade worker` process.

- `start_in_process_worker(settings, broker, sync_pool, blob_store)` declares the actors on `broker`
  and starts a dramatiq `Worker` with `settings.worker_threads` threads in this process. It returns a
  stop function that waits for running messages to finish (idempotent).
- `run_worker(settings)` is `callgrade worker`: its own sync pool, broker from settings, blob store,
  actors, a Worker, until SIGINT/SIGTERM.

Both go through `start_in_process_worker`, so anything added to it runs in both modes. It also
starts the outbox relay (`service.outbox.OutboxRelay`), which publishes due grading jobs to the
broker and re-publishes stalled ones: the relay lives with the workers (one per worker process;
several relays are safe, they skip each other's locked rows), never in the request path. With an
external broker, `callgrade serve` runs only the API, so it is `callgrade worker` that relays.

The judge is built once per process (`service.judges.build_judge`) and shared by the threads; a test
or an embedding program can pass its own (`judge=`).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType

import dramatiq
import structlog
from psycopg_pool import ConnectionPool

from grading.judging import Judge
from service.actors import ActorContext, declare_actors
from service.blobs import BlobStore, open_blob_store
from service.broker import broker_kind, build_broker
from service.db import database_url, open_sync_pool, watch_pool_metrics
from service.judges import build_judge
from service.metrics import Metrics, default_metrics
from service.outbox import OutboxRelay
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
    judge: Judge | None = None,
    relay: bool = True,
) -> Callable[[], None]:
    """Declare actors, start worker threads and the outbox relay; returns `stop()`.

    `judge` None builds the configured one from settings (None again for the rules judge)."""
    metrics = metrics or default_metrics()
    context = ActorContext(
        settings=settings,
        pool=sync_pool,
        blobs=blob_store,
        metrics=metrics,
        judge=judge if judge is not None else build_judge(settings, metrics),
    )
    actors = declare_actors(broker, context)
    # worker_timeout is how long a consumer waits for a message before checking for shutdown
    # (dramatiq's default 1 s makes every stop, and so every test with a worker, a second slower).
    worker = dramatiq.Worker(broker, worker_threads=settings.worker_threads, worker_timeout=100)
    worker.start()
    outbox_relay = None
    if relay:
        outbox_relay = OutboxRelay(
            sync_pool,
            actors.publish_grading,
            poll_seconds=settings.outbox_poll_seconds,
            stall_seconds=settings.outbox_stall_seconds,
            metrics=metrics,
        )
        outbox_relay.start()
    log.info("worker.started", broker=broker_kind(broker), threads=settings.worker_threads)
    stopped = threading.Event()

    def stop() -> None:
        if stopped.is_set():
            return
        stopped.set()
        if outbox_relay is not None:
            outbox_relay.stop()
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
