"""Every Prometheus metric of callgrade, in one place, named `callgrade_<noun>_<unit>[_total]`.

Metrics are declared in `Metrics`, built against a `CollectorRegistry` passed in, so each app (and
each test) has its own registry and nothing registers at import time. A process builds one with
`metrics_for(registry)`; `default_metrics()` returns the process-wide instance used by the API
process, the worker and the actors (they share one process in embedded mode, so one registry).

Other parts add their metrics here (small additive commits): declare the field in `Metrics.__init__`.

Labels are low-cardinality by design: `route` is the route *template* (`/v1/calls/{call_id}`),
never the raw path; unknown routes are labelled `unmatched`.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
JUDGE_BUCKETS = (0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 20.0, 40.0, 60.0, 120.0)

CONTENT_TYPE = CONTENT_TYPE_LATEST

log = logging.getLogger("service.metrics")


class Metrics:
    """The metric objects of one registry."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.registry = registry
        # HTTP (service.app middleware).
        self.http_requests = Counter(
            "callgrade_http_requests_total",
            "HTTP requests served, by method, route template and status.",
            ["method", "route", "status"],
            registry=registry,
        )
        self.http_latency = Histogram(
            "callgrade_http_request_duration_seconds",
            "HTTP request latency, by method and route template.",
            ["method", "route"],
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        # Database pools (service.db), sampled at scrape time.
        self.db_pool_connections = Gauge(
            "callgrade_db_pool_connections",
            "Connections in a database pool, by pool and state (size, available, waiting).",
            ["pool", "state"],
            registry=registry,
        )
        # Ingestion (ingest/).
        self.webhooks = Counter(
            "callgrade_webhooks_total",
            "Webhooks received, by platform and outcome (accepted, duplicate, rejected_signature, ...).",
            ["platform", "outcome"],
            registry=registry,
        )
        self.ingest_seconds = Histogram(
            "callgrade_ingest_seconds",
            "Time to verify, translate and commit one call (webhook or API).",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        # Queue (service.outbox, actors).
        self.outbox_depth = Gauge(
            "callgrade_outbox_depth",
            "Grading jobs in the outbox not yet handed to the broker.",
            registry=registry,
        )
        self.queue_depth = Gauge(
            "callgrade_queue_depth",
            "Messages waiting in a broker queue (where the broker can tell).",
            ["queue"],
            registry=registry,
        )
        self.grading_jobs = Counter(
            "callgrade_grading_jobs_total",
            "Grading jobs finished, by outcome (graded, duplicate, judge_failed, retried, failed).",
            ["outcome"],
            registry=registry,
        )
        # Judge (grading.openai_judge through the actor).
        self.judge_requests = Counter(
            "callgrade_judge_requests_total",
            "Requests to the LLM judge, by outcome (ok, retry, rate_limited, timeout, error, malformed).",
            ["outcome"],
            registry=registry,
        )
        self.judge_tokens = Counter(
            "callgrade_judge_tokens_total",
            "Tokens used by the LLM judge, by kind (input, output, cached).",
            ["kind"],
            registry=registry,
        )
        self.judge_latency = Histogram(
            "callgrade_judge_latency_seconds",
            "Latency of one LLM judge request.",
            buckets=JUDGE_BUCKETS,
            registry=registry,
        )
        self.judge_cost_usd = Counter(
            "callgrade_judge_cost_usd_total",
            "Estimated LLM judge cost in US dollars, from the configured price table.",
            registry=registry,
        )
        self._samplers: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    def add_sampler(self, sample: Callable[[], None]) -> None:
        """Register a function run before each scrape (e.g. to read pool stats or outbox depth)."""
        with self._lock:
            self._samplers.append(sample)

    def remove_sampler(self, sample: Callable[[], None]) -> None:
        with self._lock:
            if sample in self._samplers:
                self._samplers.remove(sample)

    def render(self) -> bytes:
        """Run the samplers, then render the registry in the Prometheus text format."""
        with self._lock:
            samplers = list(self._samplers)
        for sample in samplers:
            try:
                sample()
            except Exception:  # a failing sampler must not break the scrape
                log.warning("metrics.sampler_failed", exc_info=True)
        return generate_latest(self.registry)


def serve_metrics(metrics: Metrics, host: str, port: int) -> tuple[int, Callable[[], None]]:
    """Serve `GET /metrics` on host:port from a daemon thread, for processes without the API (the
    `callgrade worker`): grading and judge metrics are counted where the work happens. Returns the
    bound port (useful with port 0) and a stop function."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path.split("?")[0] != "/metrics":
                self.send_error(404)
                return
            body = metrics.render()
            self.send_response(200)
            self.send_header("Content-Type", CONTENT_TYPE)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:  # stdlib's signature
            return  # scrapes are not worth a log line

    server = ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="callgrade-metrics", daemon=True)
    thread.start()

    def stop() -> None:
        server.shutdown()
        server.server_close()
        thread.join(5)

    return int(server.server_address[1]), stop


_default: Metrics | None = None
_default_lock = threading.Lock()


def metrics_for(registry: CollectorRegistry) -> Metrics:
    return Metrics(registry)


def default_metrics() -> Metrics:
    """The process-wide Metrics (own registry, created on first use, not at import)."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Metrics(CollectorRegistry())
        return _default
