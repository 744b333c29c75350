"""Data builders for tests: plain functions on the real query functions (no fixtures, no mocks)."""

from __future__ import annotations

import uuid
from urllib.parse import urlsplit, urlunsplit

import psycopg

from service.auth import parse_scopes
from service.keys import create_key, create_tenant, find_tenant


def create_tenant_with_key(database_url: str, name: str, scopes: str | list[str]) -> tuple[uuid.UUID, str]:
    """Create tenant `name` (or reuse it) and a key with `scopes` ("ingest,read" or a list).
    Returns (tenant_id, key)."""
    with psycopg.connect(database_url, autocommit=True) as conn, conn.transaction():
        tenant_id = find_tenant(conn, name) or create_tenant(conn, name)
        created = create_key(conn, tenant_id, parse_scopes(scopes), f"test key for {name}")
    return tenant_id, created.key


def url_with_dbname(url: str, dbname: str) -> str:
    """The same server URL pointing at another database (keeps user, host, socket query)."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + dbname, parts.query, parts.fragment))
