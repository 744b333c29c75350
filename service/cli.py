"""The `callgrade` command: the one process edge where settings are read from the environment.

    callgrade serve [--host H] [--port P]     the API (plus in-process worker threads when no broker URL)
    callgrade worker                          a worker process for CALLGRADE_BROKER_URL's queues
    callgrade migrate                         apply pending migrations (safe to run concurrently)
    callgrade tenant create NAME              create a tenant
    callgrade key create --tenant NAME --scopes ingest,read [--name LABEL]
                                              create an API key; the key alone on the last line
    callgrade grade ...                       grade one call file against a fact sheet (service.grade_command)
    callgrade dev                             `make run`: migrate, seed the demo, serve with a worker

Exit codes: 0 ok, 1 failure (message on stderr), 2 bad usage or bad configuration (one line naming
the variable).
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from types import FrameType
from typing import TYPE_CHECKING, Any

import psycopg

if TYPE_CHECKING:
    import dramatiq

    from service.metrics import Metrics

from service.settings import Settings, SettingsError, load_settings

DEMO_TENANT = "demo"
DEMO_SCOPES = "admin,ingest,read,review"


class CommandError(Exception):
    """A failure to report as one line on stderr with exit code 1."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="callgrade", description="Grade phone-agent calls against approved fact sheets."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = commands.add_parser("serve", help="run the HTTP API")
    serve.add_argument("--host", help="interface to listen on (default CALLGRADE_HOST or 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port to listen on (default CALLGRADE_PORT or 8000)")

    commands.add_parser("worker", help="run a worker for the broker's queues")
    commands.add_parser("migrate", help="apply pending database migrations")

    tenant = commands.add_parser("tenant", help="manage tenants")
    tenant_commands = tenant.add_subparsers(dest="tenant_command", required=True, metavar="ACTION")
    tenant_create = tenant_commands.add_parser("create", help="create a tenant")
    tenant_create.add_argument("name")

    key = commands.add_parser("key", help="manage API keys")
    key_commands = key.add_subparsers(dest="key_command", required=True, metavar="ACTION")
    key_create = key_commands.add_parser("create", help="create an API key (printed once, on the last line)")
    key_create.add_argument("--tenant", required=True)
    key_create.add_argument(
        "--scopes",
        required=True,
        nargs="+",
        help="some of ingest, read, review, admin (comma or space separated)",
    )
    key_create.add_argument("--name", default="", help="a label to tell keys apart")

    grade = commands.add_parser("grade", help="grade a call file against a fact sheet file")
    grade_command = _grade_command()
    if grade_command is None:
        grade.set_defaults(grade_unavailable=True)
    else:
        grade_command.configure_parser(grade)

    dev = commands.add_parser("dev", help="migrate, seed the demo tenant and serve with a worker (make run)")
    dev.add_argument("--host")
    dev.add_argument("--port", type=int)
    return parser


def _grade_command() -> Any:
    """`service.grade_command` (owned by the grading helper), or None while it does not exist."""
    try:
        return importlib.import_module("service.grade_command")
    except ModuleNotFoundError as exc:
        if exc.name != "service.grade_command":
            raise
        return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        settings = load_settings(os.environ)
    except SettingsError as exc:
        print(f"callgrade: configuration error: {exc}", file=sys.stderr)
        return 2
    # SIGTERM (Kubernetes, systemd, `kill`) during start-up becomes an orderly exit rather than a
    # kill mid-way; `serve` and `worker` install their own graceful handling once running.
    if threading.current_thread() is threading.main_thread():  # signal handlers live there only
        signal.signal(signal.SIGTERM, _raise_stopped)
    try:
        return dispatch(args, settings)
    except _Stopped:
        return 0
    except CommandError as exc:
        print(f"callgrade: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def dispatch(args: argparse.Namespace, settings: Settings) -> int:
    command: str = args.command
    if command == "grade":
        if getattr(args, "grade_unavailable", False):
            raise CommandError("`callgrade grade` is not available in this build")
        grade_command = _grade_command()
        assert grade_command is not None
        return int(grade_command.run(args))

    from service.logging import configure_logging

    configure_logging(settings)
    if command == "migrate":
        return run_migrate(settings)
    if command == "tenant":
        return run_tenant_create(settings, args.name)
    if command == "key":
        return run_key_create(settings, args.tenant, args.scopes, args.name)
    if command == "worker":
        from service.worker import run_worker

        if settings.broker_url is None:
            raise CommandError(
                "CALLGRADE_BROKER_URL is not set: without a broker, `callgrade serve` runs the worker "
                "threads itself; set an amqp:// or redis:// URL to run separate workers"
            )
        if settings.worker_metrics_port:
            from service.metrics import default_metrics, serve_metrics

            try:
                port, stop_metrics = serve_metrics(
                    default_metrics(), settings.host, settings.worker_metrics_port
                )
            except OSError as exc:
                raise CommandError(
                    f"cannot serve worker metrics on {settings.host}:{settings.worker_metrics_port} ({exc}); "
                    "set CALLGRADE_WORKER_METRICS_PORT to a free port, or 0 to turn it off"
                ) from exc
            print(f"worker metrics on http://{settings.host}:{port}/metrics", flush=True)
            try:
                return run_worker(settings)
            finally:
                stop_metrics()

        return run_worker(settings)
    if command == "serve":
        return serve(settings, host=args.host or settings.host, port=args.port or settings.port)
    if command == "dev":
        return run_dev(settings, host=args.host or settings.host, port=args.port or settings.port)
    raise CommandError(f"unknown command {command}")


def _database(settings: Settings) -> str:
    from service.db import database_url

    try:
        return database_url(settings)
    except Exception as exc:
        raise CommandError(f"cannot start or reach the database: {exc}") from exc


def run_migrate(settings: Settings) -> int:
    from service.migrate import MigrationError, migrate_url

    url = _database(settings)
    try:
        applied = migrate_url(url)
    except (MigrationError, psycopg.Error) as exc:
        raise CommandError(f"migration failed: {exc}") from exc
    for label in applied:
        print(f"applied {label}")
    if not applied:
        print("schema is current; nothing to apply")
    return 0


def run_tenant_create(settings: Settings, name: str) -> int:
    from service.keys import TenantExists, create_tenant

    with psycopg.connect(_database(settings), autocommit=True) as conn:
        try:
            with conn.transaction():
                tenant_id = create_tenant(conn, name)
        except ValueError as exc:
            print(f"callgrade: {exc}", file=sys.stderr)
            return 2
        except TenantExists:
            raise CommandError(f"tenant {name!r} already exists") from None
    print(f"created tenant {name} ({tenant_id})")
    return 0


def run_key_create(settings: Settings, tenant: str, scope_args: list[str], name: str) -> int:
    from service.auth import parse_scopes
    from service.keys import create_key, find_tenant

    try:
        scopes = parse_scopes(",".join(scope_args))
    except ValueError as exc:
        print(f"callgrade: --scopes: {exc}", file=sys.stderr)
        return 2
    with psycopg.connect(_database(settings), autocommit=True) as conn:
        tenant_id = find_tenant(conn, tenant)
        if tenant_id is None:
            raise CommandError(
                f"no tenant named {tenant!r}; create it with `callgrade tenant create {tenant}`"
            )
        with conn.transaction():
            created = create_key(conn, tenant_id, scopes, name)
    print(f"created key {created.id} for tenant {tenant} with scopes {','.join(created.scopes)}")
    print("the key is shown once; store it now:")
    print(created.key)
    return 0


def serve(settings: Settings, *, host: str, port: int, on_started: Callable[[], None] | None = None) -> int:
    """Run the API until SIGINT/SIGTERM. Without a broker URL, worker threads run in this process."""
    import uvicorn

    from service.app import create_app
    from service.blobs import open_blob_store
    from service.broker import broker_is_reachable, build_broker
    from service.db import open_sync_pool, watch_pool_metrics
    from service.metrics import default_metrics
    from service.migrate import describe_behind
    from service.worker import start_in_process_worker

    url = _database(settings)
    with psycopg.connect(url, autocommit=True) as conn:
        behind = describe_behind(conn)
    if behind:
        raise CommandError(f"refusing to start: {behind}")
    blobs = open_blob_store(settings)
    broker = build_broker(settings)
    metrics = default_metrics()
    stop_worker: Callable[[], None] | None = None
    sync_pool = None
    if settings.broker_url is None:
        sync_pool = open_sync_pool(url, max_size=settings.worker_threads + 2, name="worker")
        watch_pool_metrics(metrics, "worker", sync_pool)
        stop_worker = start_in_process_worker(settings, broker, sync_pool, blobs, metrics=metrics)
    metrics.add_sampler(lambda: _sample_queue_depth(metrics, broker))
    app = create_app(
        settings,
        database_url=url,
        blob_store=blobs,
        broker_check=(lambda: broker_is_reachable(broker)) if settings.broker_url else None,
        metrics=metrics,
    )
    config = uvicorn.Config(
        app, host=host, port=port, log_config=None, access_log=False, lifespan="on", server_header=False
    )
    server = uvicorn.Server(config)
    if on_started is not None:
        _call_when_started(server, on_started)
    # uvicorn restores the previous handlers and re-raises the signal it caught once it has shut
    # down; with the default SIGTERM handler that would kill us before the worker threads, the pools
    # and the embedded PostgreSQL are stopped. Ours turns it into an orderly exit.
    previous = signal.signal(signal.SIGTERM, _raise_stopped)
    try:
        server.run()
    except _Stopped:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        if stop_worker is not None:
            stop_worker()
        broker.close()
        if sync_pool is not None:
            sync_pool.close()
    return 0 if server.started else 1


GRADING_QUEUE = "grading"


def _sample_queue_depth(metrics: Metrics, broker: dramatiq.Broker) -> None:
    from service.broker import queue_depth

    depth = queue_depth(broker, GRADING_QUEUE)
    if depth is not None:
        metrics.queue_depth.labels(GRADING_QUEUE).set(depth)


class _Stopped(Exception):
    """SIGTERM arrived after uvicorn's graceful shutdown."""


def _raise_stopped(_signum: int, _frame: FrameType | None) -> None:
    raise _Stopped


def _call_when_started(server: object, callback: Callable[[], None]) -> None:
    def wait() -> None:
        while not getattr(server, "should_exit", False):
            if getattr(server, "started", False):
                callback()
                return
            time.sleep(0.05)

    threading.Thread(target=wait, name="callgrade-banner", daemon=True).start()


def run_dev(settings: Settings, *, host: str, port: int) -> int:
    """`make run`: migrate, seed the demo (idempotently), serve with an in-process worker."""
    from service.seed import seed_examples

    run_migrate(settings)
    url = _database(settings)
    seeded = seed_examples(settings, url)
    base = settings.public_base_url or f"http://{host}:{port}"

    def banner() -> None:
        lines = [
            "",
            f"callgrade is running on {base}",
            f"  API docs:   {base}/schema",
            f"  OpenAPI:    {base}/schema/openapi.json",
            f"  health:     {base}/healthz   readiness: {base}/readyz   metrics: {base}/metrics",
            f"  data:       {os.path.abspath(settings.data_dir)}",
        ]
        lines += [f"  {line}" for line in seeded.summary]
        if seeded.key is not None:
            lines += [
                f"  demo tenant '{DEMO_TENANT}' API key (shown once, store it now):",
                f"    {seeded.key}",
                f"  try: curl -H 'Authorization: Bearer {seeded.key}' {base}/v1/whoami",
            ]
        else:
            lines += [
                f"  demo tenant '{DEMO_TENANT}': its key was shown on the first run. For a new one:",
                f"    .venv/bin/callgrade key create --tenant {DEMO_TENANT} --scopes {DEMO_SCOPES}",
            ]
        lines += ["Press Ctrl-C to stop.", ""]
        print("\n".join(lines), flush=True)

    if settings.broker_url is not None:
        print("note: CALLGRADE_BROKER_URL is set; run `callgrade worker` too, or jobs wait in the queue")
    return serve(settings, host=host, port=port, on_started=banner)


if __name__ == "__main__":
    raise SystemExit(main())
