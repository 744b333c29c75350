"""Webhook ingest throughput and latency against a bare Litestar endpoint, measured in the same run.

    .venv/bin/python bench/ingest.py [--requests 4000] [--concurrency 64] [--database-url URL]

Two servers, each a uvicorn process on loopback with one event loop, use the same PostgreSQL:

- baseline: a bare Litestar app whose one route reads the body and inserts one row (uuid + jsonb)
  into a table, with an AsyncConnectionPool of the same size;
- callgrade: the real app (`service.app.create_app`): `POST /v1/webhooks/{id}` for a Bland
  integration — integration lookup (cached), HMAC check over the raw body, translation,
  validation, raw body to the file blob store, and the one-statement call + outbox job insert
  (which is also the duplicate check). The route is served by `ingest.webhooks.WebhookEndpoint`
  ahead of Litestar's router (the request id, metrics and access line of `service.app` included),
  while the baseline goes through Litestar's routing, Request and Response. No delivery repeats
  here, so the repeat path (deleting the repeat's blob, Retell's analysis update) is not measured.
  No broker is involved: publishing belongs to the outbox relay, which is not running here.

A load generator (a minimal HTTP/1.1 client on asyncio streams) keeps `--concurrency` keep-alive
connections busy (each webhook body is distinct, so every one is a new call). Both servers run at
once; after a warm-up the load alternates between them in `--rounds` equal chunks, so that other
work on the machine weighs on both alike. It prints requests/s, p50 and p99 for each, the
throughput ratio callgrade/baseline (target >= 0.5) and the p99 ratio (target <= 2.0), and each
server's CPU time per request (steadier than throughput when other work shares the machine).
`--blob-parent` puts callgrade's file blob store elsewhere (e.g. /dev/shm, to see the cost of the
disk write of the raw body apart from the rest). Callgrade's system CPU is mostly that file's
creation: on a disk shared with PostgreSQL's WAL and with other busy processes, creating a file
has been measured at anywhere from 0.02 to 0.9 ms of kernel time, so compare runs by the user
column first. One cause, found with `perf` (kernel `recently_deleted`, `find_inode_bit`): on an ext4
without a journal (these machines), the inode allocator passes over every inode deleted in the last
60-300 s, reading its inode-table entry; a run started soon after another one (which deleted its
thousands of blobs at exit) or after the test suite pays that scan in every file creation, 0.3-0.6 ms
of system time per request instead of about 0.1. Leave a few minutes between runs on the disk, or
compare with `--blob-parent /dev/shm`.

The database: `--database-url` (an admin URL; a scratch database is created and dropped), else
postgresql://postgres@127.0.0.1:5432/postgres when it answers, else an embedded pgserver.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import hmac
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BLAND_SECRET = "bench-bland-secret"  # noqa: S105 - a throwaway key for a scratch database
POOL_SIZE = 10
FIXTURE = ROOT / "tests" / "platforms" / "fixtures" / "bland" / "post_call_pathway.json"

CREATE_BASELINE_TABLE = "create table if not exists bench_rows (id uuid primary key, body jsonb not null)"
INSERT_BASELINE_ROW = "insert into bench_rows (id, body) values (%(id)s, %(body)s::jsonb)"


# --- The two servers (run as subprocesses of this script) -----------------------------------------


def baseline_app(database_url: str) -> Any:
    from collections.abc import AsyncIterator
    from contextlib import asynccontextmanager

    from litestar import Litestar, Request, post
    from psycopg_pool import AsyncConnectionPool

    pool = AsyncConnectionPool(
        database_url, min_size=POOL_SIZE, max_size=POOL_SIZE, open=False, kwargs={"autocommit": True}
    )

    @asynccontextmanager
    async def lifespan(_: Litestar) -> AsyncIterator[None]:
        await pool.open(wait=True)
        async with pool.connection() as conn:
            await conn.execute(CREATE_BASELINE_TABLE)
        yield
        await pool.close()

    @post("/ingest", status_code=202)
    async def ingest(request: Request[Any, Any, Any]) -> dict[str, str]:
        body = await request.body()
        row_id = uuid.uuid4()
        async with pool.connection() as conn:
            await conn.execute(INSERT_BASELINE_ROW, {"id": row_id, "body": body.decode()})
        return {"id": str(row_id)}

    return Litestar(route_handlers=[ingest], lifespan=[lifespan])


def callgrade_app(database_url: str, blob_dir: str) -> Any:
    from service.app import create_app
    from service.blobs import open_blob_store
    from service.logging import configure_logging
    from service.settings import Settings

    settings = Settings(database_url=database_url, blob_url=f"file://{blob_dir}", log_json=True)
    configure_logging(settings)
    return create_app(
        settings, database_url=database_url, blob_store=open_blob_store(settings), pool_max_size=POOL_SIZE
    )


def serve(kind: str, database_url: str, port: int, blob_dir: str) -> None:
    import uvicorn

    app = baseline_app(database_url) if kind == "baseline" else callgrade_app(database_url, blob_dir)
    uvicorn.run(app, host="127.0.0.1", port=port, log_config=None, access_log=False, lifespan="on")


# --- Setup ----------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def admin_url(explicit: str | None) -> tuple[str, Any]:
    """An admin URL, and the embedded server to clean up (or None)."""
    import psycopg

    if explicit:
        return explicit, None
    machine = "postgresql://postgres@127.0.0.1:5432/postgres"
    try:
        with psycopg.connect(machine, connect_timeout=2):
            return machine, None
    except psycopg.Error:
        pass
    from pgserver.postgres_server import get_server  # pyright: ignore[reportMissingTypeStubs]

    server: Any = get_server(Path(tempfile.mkdtemp(prefix="callgrade-bench-pg-")), cleanup_mode="delete")
    return str(server.get_uri("postgres")), server


def with_dbname(url: str, name: str) -> str:
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


def prepare_tenant(database_url: str) -> uuid.UUID:
    """A tenant, an approved fact sheet for the fixture's agent, and a Bland integration."""
    import msgspec
    import psycopg
    import yaml

    from grading.formats import FactSheet, fact_sheet_sha256
    from service.keys import create_tenant

    sheet = msgspec.convert(
        yaml.safe_load((ROOT / "examples" / "dental-fact-sheet.yaml").read_text()), FactSheet
    )
    integration_id = uuid.uuid4()
    with psycopg.connect(database_url, autocommit=True) as conn, conn.transaction():
        tenant_id = create_tenant(conn, "bench")
        conn.execute(
            "insert into fact_sheets (tenant_id, agent, version, body, sha256, approved_by, approved_at) "
            "values (%s, %s, 1, %s::jsonb, %s, 'bench', now())",
            (tenant_id, sheet.agent, msgspec.json.encode(sheet).decode(), fact_sheet_sha256(sheet)),
        )
        conn.execute(
            "insert into integrations (id, tenant_id, platform, secrets, agent)"
            " values (%s, %s, 'bland', %s::jsonb, %s)",
            (integration_id, tenant_id, json.dumps([BLAND_SECRET]), sheet.agent),
        )
    return integration_id


def webhook_bodies(count: int, run: str) -> list[tuple[bytes, dict[str, str]]]:
    template = FIXTURE.read_bytes()
    deliveries = []
    for n in range(count):
        body = template.replace(b'"call_id": "', f'"call_id": "bench-{run}-{n}-'.encode(), 1)
        signature = hmac.new(BLAND_SECRET.encode(), body, hashlib.sha256).hexdigest()
        deliveries.append((body, {"X-Webhook-Signature": signature, "Content-Type": "application/json"}))
    return deliveries


# --- Load -----------------------------------------------------------------------------------------


async def load(
    port: int, path: str, deliveries: list[tuple[bytes, dict[str, str]]], concurrency: int
) -> tuple[float, list[float], int]:
    """Keep `concurrency` keep-alive connections busy until every delivery is sent. Returns
    (seconds, latencies, non-2xx count).

    A minimal HTTP/1.1 client on asyncio streams rather than httpx: on a 2-core machine the load
    generator shares the CPU with the server and PostgreSQL, and httpx's per-request cost would
    cap both servers at the generator's speed instead of their own."""
    latencies: list[float] = []
    failures = 0
    queue = iter(deliveries)

    async def connection() -> None:
        nonlocal failures
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            for body, headers in queue:
                head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: {len(body)}\r\n"
                head += "".join(f"{name}: {value}\r\n" for name, value in headers.items())
                started = time.perf_counter()
                writer.write(head.encode() + b"\r\n" + body)
                status_line = await reader.readline()
                length = 0
                while (line := await reader.readline()) not in (b"\r\n", b""):
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value)
                await reader.readexactly(length)
                latencies.append(time.perf_counter() - started)
                if not status_line.split(b" ")[1].startswith(b"2"):
                    failures += 1
        finally:
            writer.close()

    started = time.perf_counter()
    await asyncio.gather(*(connection() for _ in range(concurrency)))
    return time.perf_counter() - started, latencies, failures


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User and system CPU time a process has used so far (Linux /proc; zeros elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0, 0.0
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def wait_for_port(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("server did not start")


def start_server(kind: str, database_url: str, blob_dir: str) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            __file__,
            "--serve",
            kind,
            "--database-url",
            database_url,
            "--port",
            str(port),
            "--blob-dir",
            blob_dir,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
    )
    wait_for_port(port, process)
    return process, port


def measure(
    targets: dict[str, tuple[int, int, str, list[tuple[bytes, dict[str, str]]]]],
    warmup: int,
    rounds: int,
    concurrency: int,
) -> dict[str, dict[str, float]]:
    """Warm every server, then alternate equal chunks between them for `rounds` rounds (the order
    flipping each round), so that a machine busy with other work weighs on both alike. Each
    server's own CPU time per request is counted too: unlike throughput, it hardly moves with the
    load other processes put on the machine."""
    totals: dict[str, tuple[float, list[float], int]] = {kind: (0.0, [], 0) for kind in targets}
    cpu: dict[str, tuple[float, float]] = dict.fromkeys(targets, (0.0, 0.0))
    for _, port, path, deliveries in targets.values():
        asyncio.run(load(port, path, deliveries[:warmup], concurrency))
    kinds = list(targets)
    for round_number in range(rounds):
        for kind in kinds if round_number % 2 == 0 else reversed(kinds):
            pid, port, path, deliveries = targets[kind]
            chunk = (len(deliveries) - warmup) // rounds
            begin = warmup + round_number * chunk
            user_before, system_before = cpu_seconds(pid)
            elapsed, latencies, failures = asyncio.run(
                load(port, path, deliveries[begin : begin + chunk], concurrency)
            )
            user_after, system_after = cpu_seconds(pid)
            user, system = cpu[kind]
            cpu[kind] = (user + user_after - user_before, system + system_after - system_before)
            seconds, all_latencies, all_failures = totals[kind]
            totals[kind] = (seconds + elapsed, all_latencies + latencies, all_failures + failures)
    results: dict[str, dict[str, float]] = {}
    for kind, (seconds, latencies, failures) in totals.items():
        latencies.sort()
        results[kind] = {
            "requests": len(latencies),
            "failures": failures,
            "rps": len(latencies) / seconds,
            "p50_ms": statistics.median(latencies) * 1000,
            "p99_ms": latencies[int(len(latencies) * 0.99) - 1] * 1000,
            "cpu_ms": sum(cpu[kind]) * 1000 / len(latencies),
            "system_ms": cpu[kind][1] * 1000 / len(latencies),
        }
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=4000)
    parser.add_argument("--warmup", type=int, default=500)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=4, help="alternating chunks per server")
    parser.add_argument("--blob-parent", help="where the file blob store goes (default: the temp dir)")
    parser.add_argument("--database-url")
    parser.add_argument("--serve", choices=["baseline", "callgrade"], help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--blob-dir", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.database_url, args.port, args.blob_dir)
        return

    import psycopg
    from psycopg import sql

    from service.migrate import migrate_url

    admin, embedded = admin_url(args.database_url)
    name = f"callgrade_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("create database {}").format(sql.Identifier(name)))
    database_url = with_dbname(admin, name)
    try:
        migrate_url(database_url)
        integration_id = prepare_tenant(database_url)
        total = args.warmup + args.requests
        with tempfile.TemporaryDirectory(prefix="callgrade-bench-blobs-", dir=args.blob_parent) as blob_dir:
            servers = {kind: start_server(kind, database_url, blob_dir) for kind in ("baseline", "callgrade")}
            try:
                targets = {
                    "baseline": (
                        servers["baseline"][0].pid,
                        servers["baseline"][1],
                        "/ingest",
                        webhook_bodies(total, f"b{os.getpid()}"),
                    ),
                    "callgrade": (
                        servers["callgrade"][0].pid,
                        servers["callgrade"][1],
                        f"/v1/webhooks/{integration_id}",
                        webhook_bodies(total, f"c{os.getpid()}"),
                    ),
                }
                results = measure(targets, args.warmup, args.rounds, args.concurrency)
            finally:
                for process, _ in servers.values():
                    process.terminate()
                    process.wait(30)
        with psycopg.connect(database_url) as conn:
            row = conn.execute("select count(*) from calls").fetchone()
            stored = int(row[0]) if row else 0
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(sql.SQL("drop database if exists {} with (force)").format(sql.Identifier(name)))
        if embedded is not None:
            embedded.cleanup()

    base, ours = results["baseline"], results["callgrade"]
    print(
        f"webhook ingest, {args.concurrency} concurrent connections, {args.requests} requests each "
        f"(after {args.warmup} warm-up), database {'embedded' if embedded else admin.split('@')[-1]}"
    )
    for kind, result in results.items():
        print(
            f"  {kind:9}  {result['rps']:7.0f} req/s   p50 {result['p50_ms']:6.1f} ms   "
            f"p99 {result['p99_ms']:6.1f} ms   server CPU {result['cpu_ms']:5.2f} ms/request "
            f"({result['system_ms']:4.2f} system)   "
            f"non-2xx {int(result['failures'])}"
        )
    expected = args.warmup + (args.requests // args.rounds) * args.rounds
    print(f"  calls stored by callgrade: {stored} (expected {expected})")
    throughput_ratio = ours["rps"] / base["rps"]
    p99_ratio = ours["p99_ms"] / base["p99_ms"]
    print(f"  throughput ratio callgrade/baseline: {throughput_ratio:.2f} (target >= 0.5)")
    print(f"  p99 ratio callgrade/baseline:        {p99_ratio:.2f} (target <= 2.0)")
    print(f"  server CPU per request callgrade/baseline: {ours['cpu_ms'] / base['cpu_ms']:.2f}")


if __name__ == "__main__":
    main()
