"""/readyz follows the database: 503 naming the database while it is down, 200 again once it is
back, with no restart of the API. The test starts its own embedded PostgreSQL so that stopping it
touches nothing else. Also: an unreachable broker makes /readyz fail."""

from __future__ import annotations

import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from service.migrate import migrate_url
from service.settings import Settings
from tests.builders import create_tenant_with_key
from tests.conftest import LiveServer


class OwnPostgres:
    """An embedded PostgreSQL this test may stop and start."""

    def __init__(self) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from pgserver._commands import pg_ctl  # pyright: ignore[reportPrivateUsage]
            from pgserver.postgres_server import get_server

        self.root = Path(tempfile.mkdtemp(prefix="callgrade-readyz-"))
        self.server: Any = get_server(self.root / "data", cleanup_mode="delete")
        self._pg_ctl: Any = pg_ctl

    @property
    def url(self) -> str:
        return str(self.server.get_uri("postgres"))

    def stop(self) -> None:
        self._pg_ctl(["-w", "-m", "fast", "stop"], pgdata=self.server.pgdata, user=self.server.system_user)

    def start(self) -> None:
        self.server.ensure_postgres_running()

    def cleanup(self) -> None:
        self.server.cleanup()
        if self.root.exists():
            self.root.rmdir()


@pytest.fixture
def own_postgres() -> Iterator[OwnPostgres]:
    postgres = OwnPostgres()
    try:
        yield postgres
    finally:
        postgres.cleanup()


def wait_for_status(url: str, status: int, attempts: int = 100) -> httpx.Response:
    response = httpx.get(url, timeout=15)
    for _ in range(attempts):
        if response.status_code == status:
            return response
        time.sleep(0.1)
        response = httpx.get(url, timeout=15)
    return response


def test_readyz_fails_while_the_database_is_down_and_recovers(
    own_postgres: OwnPostgres, tmp_path: Path, start_live_server: Callable[..., LiveServer]
) -> None:
    migrate_url(own_postgres.url)
    settings = Settings(
        database_url=own_postgres.url, data_dir=str(tmp_path), blob_url=f"file://{tmp_path}/b"
    )
    server = start_live_server(settings, with_worker=False, pool_timeout=2.0)
    readyz = f"{server.url}/readyz"
    assert httpx.get(readyz).status_code == 200
    _, key = create_tenant_with_key(own_postgres.url, "acme", "read")

    own_postgres.stop()
    down = httpx.get(readyz, timeout=15)
    assert down.status_code == 503
    assert down.json()["status"] == "unavailable"
    assert down.json()["checks"]["database"].startswith("unreachable")
    assert httpx.get(f"{server.url}/healthz").status_code == 200  # alive, just not ready
    # A request needing the database gets a retryable 503 problem, not a 500 or a hang.
    busy = httpx.get(f"{server.url}/v1/whoami", headers={"Authorization": f"Bearer {key}"}, timeout=30)
    assert busy.status_code == 503
    assert busy.json()["type"] == "https://callgrade.dev/problems/unavailable"
    assert busy.headers["retry-after"] == "5"

    own_postgres.start()
    # The pool replaces its dead connections on checkout; no restart of the API is needed.
    back = wait_for_status(readyz, 200)
    assert back.status_code == 200, back.text
    assert back.json()["checks"] == {"database": "ok", "schema": "ok", "broker": "ok"}
    who = httpx.get(f"{server.url}/v1/whoami", headers={"Authorization": f"Bearer {key}"})
    assert who.status_code == 200


def test_readyz_fails_when_the_broker_is_unreachable(
    settings: Settings, start_live_server: Callable[..., LiveServer]
) -> None:
    # A loopback port nobody listens on: connection refused at once.
    broken = Settings(
        **{
            **{n: getattr(settings, n) for n in settings.__struct_fields__},
            "broker_url": "redis://127.0.0.1:9/0",
        }
    )
    server = start_live_server(broken, with_worker=False)
    response = httpx.get(f"{server.url}/readyz", timeout=15)
    assert response.status_code == 503
    assert response.json()["checks"]["broker"].startswith("unreachable")
    assert response.json()["checks"]["database"] == "ok"
    # A probe may choose not to gate on the broker; the check is still reported.
    lenient = httpx.get(f"{server.url}/readyz?ignore=broker", timeout=15)
    assert lenient.status_code == 200
    assert lenient.json()["checks"]["broker"].startswith("unreachable")
    unknown = httpx.get(f"{server.url}/readyz?ignore=disk", timeout=15)
    assert unknown.status_code == 422
    assert unknown.json()["field"] == "ignore"
