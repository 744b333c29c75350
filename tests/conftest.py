"""Shared fixtures: real PostgreSQL, real brokers, real HTTP, a real S3-compatible server.

PostgreSQL: `pg_admin_url` is `CALLGRADE_TEST_DATABASE_URL` when set (an admin URL to a server on
which tests may create databases; `.ci/run` sets it), else an embedded pgserver in a temp dir, deleted
at the end of the session. A template database is migrated once per session; `database_url` gives
each test a fresh database cloned from it (dropped afterwards), so tests see real commits and never
each other's rows.

Brokers: `rabbitmq_url` / `redis_url` come from `CALLGRADE_TEST_RABBITMQ_URL` /
`CALLGRADE_TEST_REDIS_URL`; unset means skip — except under `CI=true`, where it is a failure.

HTTP: `live_server` runs the real app (and, by default, the in-process worker) under uvicorn on a
loopback port in a thread; `start_live_server(settings, ...)` starts more with other settings.

Compiled engine: with `CALLGRADE_TEST_COMPILED=1` the session refuses to start unless `grading` is
the mypyc build (`.ci/run` runs tests/grading so, with PYTHONPATH=build/compiled and
--import-mode=append), so a run meant to test the compiled engine cannot quietly test the source.

Builders live in tests/builders.py (`create_tenant_with_key`), re-exported here as fixtures'
companions.
"""

from __future__ import annotations

import os
import socket
import tempfile
import threading
import uuid
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import dramatiq
import msgspec
import psycopg
import pytest
from prometheus_client import CollectorRegistry
from psycopg import sql

from service.migrate import migrate_url
from service.settings import Settings
from tests.builders import create_tenant_with_key, url_with_dbname

if os.environ.get("CALLGRADE_TEST_COMPILED") == "1":
    import grading.speech

    if not str(grading.speech.__file__).endswith(".so"):
        raise pytest.UsageError(
            f"CALLGRADE_TEST_COMPILED=1 but grading is the source: {grading.speech.__file__}"
        )

__all__ = ["create_tenant_with_key"]


# --- PostgreSQL -------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def pg_admin_url() -> Iterator[str]:
    """An admin URL to a PostgreSQL server where tests may create and drop databases."""
    configured = os.environ.get("CALLGRADE_TEST_DATABASE_URL")
    if configured:
        yield configured
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns when XDG_RUNTIME_DIR is unset
        from pgserver.postgres_server import get_server

        root = Path(tempfile.mkdtemp(prefix="callgrade-test-pg-"))
        server: Any = get_server(root / "data", cleanup_mode="delete")
    try:
        yield str(server.get_uri("postgres"))
    finally:
        server.cleanup()
        if root.exists():
            root.rmdir()


def _create_database(admin_url: str, name: str, template: str | None = None) -> None:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        if template is None:
            conn.execute(sql.SQL("create database {}").format(sql.Identifier(name)))
        else:
            conn.execute(
                sql.SQL("create database {} template {}").format(
                    sql.Identifier(name), sql.Identifier(template)
                )
            )


def _drop_database(admin_url: str, name: str) -> None:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(sql.SQL("drop database if exists {} with (force)").format(sql.Identifier(name)))


@pytest.fixture(scope="session")
def template_database(pg_admin_url: str) -> Iterator[str]:
    """The name of a database migrated once for the session; per-test databases clone it."""
    name = f"callgrade_template_{uuid.uuid4().hex[:12]}"
    _create_database(pg_admin_url, name)
    try:
        migrate_url(url_with_dbname(pg_admin_url, name))
        yield name
    finally:
        _drop_database(pg_admin_url, name)


@pytest.fixture
def database_url(pg_admin_url: str, template_database: str) -> Iterator[str]:
    """A fresh, migrated database for this test (dropped afterwards)."""
    name = f"callgrade_test_{uuid.uuid4().hex[:12]}"
    _create_database(pg_admin_url, name, template=template_database)
    try:
        yield url_with_dbname(pg_admin_url, name)
    finally:
        _drop_database(pg_admin_url, name)


@pytest.fixture
def empty_database_url(pg_admin_url: str) -> Iterator[str]:
    """A fresh database with no migrations applied."""
    name = f"callgrade_empty_{uuid.uuid4().hex[:12]}"
    _create_database(pg_admin_url, name)
    try:
        yield url_with_dbname(pg_admin_url, name)
    finally:
        _drop_database(pg_admin_url, name)


@pytest.fixture
def settings(database_url: str, tmp_path: Path) -> Settings:
    """Settings for a test: its own database, data dir and file blobs; in-process broker."""
    return Settings(
        database_url=database_url,
        data_dir=str(tmp_path / "data"),
        broker_url=None,
        blob_url=f"file://{tmp_path / 'blobs'}",
        log_json=True,
        worker_threads=2,
        grading_min_backoff_ms=10,
        grading_max_backoff_ms=100,
        outbox_poll_seconds=0.05,
    )


# --- Brokers ------------------------------------------------------------------------------------


def _broker_url(variable: str) -> str:
    url = os.environ.get(variable)
    if url:
        return url
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{variable} must be set on CI: broker tests may not be skipped there")
    pytest.skip(f"{variable} is not set")


@pytest.fixture
def rabbitmq_url() -> str:
    return _broker_url("CALLGRADE_TEST_RABBITMQ_URL")


@pytest.fixture
def redis_url() -> str:
    return _broker_url("CALLGRADE_TEST_REDIS_URL")


# --- HTTP ---------------------------------------------------------------------------------------


class LiveServer(msgspec.Struct, kw_only=True):
    """A running app: `url` is e.g. http://127.0.0.1:41234 (no trailing slash)."""

    url: str
    settings: Settings
    database_url: str
    broker: dramatiq.Broker
    metrics: Any
    blobs: Any


def _serve_in_thread(app: Any, sock: socket.socket) -> Callable[[], None]:
    import uvicorn

    config = uvicorn.Config(app, log_config=None, access_log=False, lifespan="on", ws="none")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="live-server", daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            raise RuntimeError("the live server failed to start (see the log above)")
        thread.join(0.02)

    def stop() -> None:
        server.should_exit = True
        thread.join(30)

    return stop


@pytest.fixture
def start_live_server() -> Iterator[Callable[..., LiveServer]]:
    """Start the real app on a loopback port: `start_live_server(settings, with_worker=True)`.
    Everything started is stopped at the end of the test."""
    from service.app import create_app
    from service.blobs import open_blob_store
    from service.broker import broker_is_reachable, build_broker
    from service.db import open_sync_pool
    from service.metrics import Metrics
    from service.worker import start_in_process_worker

    stops: list[Callable[[], None]] = []

    def start(settings: Settings, *, with_worker: bool = True, **app_options: Any) -> LiveServer:
        assert settings.database_url is not None, "tests pass a database_url"
        blobs = open_blob_store(settings)
        broker = build_broker(settings)
        stops.append(broker.close)
        metrics = Metrics(CollectorRegistry())
        if with_worker:
            pool = open_sync_pool(settings.database_url, max_size=settings.worker_threads + 2, name="worker")
            stops.append(pool.close)
            stops.append(start_in_process_worker(settings, broker, pool, blobs, metrics=metrics))
        app = create_app(
            settings,
            database_url=settings.database_url,
            blob_store=blobs,
            broker_check=(lambda: broker_is_reachable(broker)) if settings.broker_url else None,
            metrics=metrics,
            **app_options,
        )
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        stops.append(sock.close)
        stops.append(_serve_in_thread(app, sock))
        return LiveServer(
            url=f"http://127.0.0.1:{port}",
            settings=settings,
            database_url=settings.database_url,
            broker=broker,
            metrics=metrics,
            blobs=blobs,
        )

    yield start
    for stop in reversed(stops):
        stop()


@pytest.fixture
def live_server(settings: Settings, start_live_server: Callable[..., LiveServer]) -> LiveServer:
    """The real app with its in-process worker, on a loopback port, using `settings`."""
    return start_live_server(settings)


# --- S3 -----------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def s3_server() -> Iterator[str]:
    """moto's S3-compatible server on loopback; yields its endpoint URL. AWS credentials for it are
    set in the environment for the session (boto3 reads them from there)."""
    from moto.server import ThreadedMotoServer

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("AWS_ACCESS_KEY_ID", "testing")
        patch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
        patch.setenv("AWS_DEFAULT_REGION", "us-east-1")
        server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
        server.start()
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            server.stop()
