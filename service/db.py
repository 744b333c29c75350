"""PostgreSQL access: which server (configured or embedded), and the connection pools.

- `database_url(settings)` returns `settings.database_url` when set. Otherwise it starts (or joins)
  an embedded pgserver PostgreSQL whose data lives in `<data_dir>/pg` and is kept between runs,
  creates the `callgrade` database on it if missing, and returns a URL to it (a unix-socket URL).
  Idempotent within and across processes: a second process joins the running server; the server
  stops when the last process that joined it exits.
- `open_async_pool(url)` (API) and `open_sync_pool(url)` (workers, CLI) return opened pools whose
  connections are in autocommit: callers open transactions explicitly
  (`async with conn.transaction():`), query functions never commit.
- Broken connections (a database restart) are weeded out without a round trip per checkout: an
  idle, healthy connection has nothing to read, while a server that shut down or a backend that
  was killed leaves a termination message or an end-of-file on the socket. So on checkout the
  pool polls the socket (a system call, no query) and runs the real check (an empty query) only
  when something is waiting, or the connection is already closed or bad; a connection that fails
  that check is discarded and the pool tries the next. A connection that breaks without a sign on
  its socket (a network partition) fails the request that uses it: the error is a retryable 503
  (service.errors) and the pool discards the connection when it comes back. A full check on
  every checkout cost as much CPU as the webhook's insert (bench/ingest.py).
- `watch_pool_metrics(metrics, name, pool)` exports pool sizes at each scrape.
"""

from __future__ import annotations

import json
import os
import select
import threading
import warnings
from pathlib import Path
from typing import Any

import psycopg
from psycopg import AsyncConnection, Connection, sql
from psycopg.pq import ConnStatus
from psycopg.rows import TupleRow
from psycopg_pool import AsyncConnectionPool, ConnectionPool

from service.metrics import Metrics
from service.settings import Settings

EMBEDDED_DATABASE = "callgrade"
HANDLE_PIDS_FILE = ".handle_pids.json"

_embedded_lock = threading.Lock()
_embedded_servers: dict[Path, Any] = {}

DATABASE_EXISTS = "select 1 from pg_database where datname = %(name)s"


def embedded_server(pgdata: Path) -> Any:
    """Start or join the pgserver instance for `pgdata` (a `pgserver.PostgresServer`)."""
    pgdata = pgdata.expanduser().resolve()
    with _embedded_lock:
        server = _embedded_servers.get(pgdata)
        if server is None:
            pgdata.parent.mkdir(parents=True, exist_ok=True)
            with warnings.catch_warnings():
                # platformdirs warns at import when XDG_RUNTIME_DIR is unset; harmless here.
                warnings.simplefilter("ignore")
                from pgserver.postgres_server import PostgresServer, get_server

                with getattr(PostgresServer, "_lock"):  # noqa: B009  # pgserver's inter-process lock
                    _forget_dead_handles(pgdata / HANDLE_PIDS_FILE)
                server = get_server(pgdata, cleanup_mode="stop")
            _embedded_servers[pgdata] = server
        return server


def _forget_dead_handles(path: Path) -> None:
    """pgserver stops the server when the last process that joined it exits, counting processes in
    a pid file; a process killed with SIGKILL never removes itself, and the server would then never
    stop again. Drop pids that are no longer alive before joining."""
    if not path.exists():
        return
    try:
        pids = [int(p) for p in json.loads(path.read_text())]
    except (ValueError, TypeError):
        pids = []
    alive = [p for p in pids if _is_alive(p)]
    if alive != pids:
        path.write_text(json.dumps(alive))


def _is_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def ensure_database(admin_url: str, name: str) -> None:
    """Create database `name` on the server behind `admin_url` if it does not exist. Safe to race:
    a concurrent creator's duplicate_database error is absorbed."""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        if conn.execute(DATABASE_EXISTS, {"name": name}).fetchone() is not None:
            return
        try:
            conn.execute(sql.SQL("create database {}").format(sql.Identifier(name)))
        except psycopg.errors.DuplicateDatabase:
            pass
        except psycopg.errors.UniqueViolation:
            pass


def database_url(settings: Settings) -> str:
    """The PostgreSQL URL this process should use (see module docstring)."""
    if settings.database_url:
        return settings.database_url
    server = embedded_server(Path(settings.data_dir) / "pg")
    ensure_database(server.get_uri("postgres"), EMBEDDED_DATABASE)
    return str(server.get_uri(EMBEDDED_DATABASE))


def looks_disturbed(conn: AsyncConnection[Any] | Connection[Any]) -> bool:
    """True when an idle pooled connection may be broken: closed, in a bad state, or with input
    waiting on its socket (see the module docstring). Costs one poll(2), no round trip."""
    if conn.closed or conn.pgconn.status != ConnStatus.OK:
        return True
    poller = select.poll()
    poller.register(conn.pgconn.socket, select.POLLIN)
    return bool(poller.poll(0))


async def check_async_connection(conn: AsyncConnection[Any]) -> None:
    """The pool's checkout check: a real query only for a connection that looks disturbed."""
    if looks_disturbed(conn):
        await AsyncConnectionPool.check_connection(conn)


def check_sync_connection(conn: Connection[Any]) -> None:
    """The sync pool's checkout check (see `check_async_connection`)."""
    if looks_disturbed(conn):
        ConnectionPool.check_connection(conn)


async def open_async_pool(
    url: str, *, min_size: int = 1, max_size: int = 10, name: str = "api", timeout: float = 10.0
) -> AsyncConnectionPool:
    """An opened async pool of autocommit connections. Raises if the database is unreachable."""
    pool = AsyncConnectionPool[AsyncConnection[TupleRow]](
        url,
        min_size=min_size,
        max_size=max_size,
        name=name,
        kwargs={"autocommit": True},
        check=check_async_connection,
        timeout=timeout,
        open=False,
    )
    await pool.open(wait=True, timeout=timeout)
    return pool


def open_sync_pool(
    url: str, *, min_size: int = 1, max_size: int = 10, name: str = "worker", timeout: float = 10.0
) -> ConnectionPool:
    """An opened sync pool of autocommit connections. Raises if the database is unreachable."""
    pool = ConnectionPool[Connection[TupleRow]](
        url,
        min_size=min_size,
        max_size=max_size,
        name=name,
        kwargs={"autocommit": True},
        check=check_sync_connection,
        timeout=timeout,
        open=False,
    )
    pool.open(wait=True, timeout=timeout)
    return pool


def watch_pool_metrics(metrics: Metrics, name: str, pool: AsyncConnectionPool | ConnectionPool) -> None:
    """Export `callgrade_db_pool_connections{pool=name,state=…}` at each scrape."""

    def sample() -> None:
        stats = pool.get_stats()
        metrics.db_pool_connections.labels(name, "size").set(stats.get("pool_size", 0))
        metrics.db_pool_connections.labels(name, "available").set(stats.get("pool_available", 0))
        metrics.db_pool_connections.labels(name, "waiting").set(stats.get("requests_waiting", 0))

    metrics.add_sampler(sample)
