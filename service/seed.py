"""Seeding the quick-start demo (`callgrade dev`, i.e. `make run`), idempotently.

`seed_examples(settings, database_url)` ensures a tenant named `demo` exists. The first time, it
creates the tenant and one key with every scope in the same transaction and returns that key so the
caller can print it once; later runs find the tenant and return no key (we never store a key in
clear, so it cannot be shown again — the banner says how to create a new one). Later steps (the
ingestion helper's) load `examples/`: an approved fact sheet and a few calls; each step must be
safe to run again and adds a line to `SeedResult.summary`.
"""

from __future__ import annotations

import msgspec
import psycopg

from service.keys import TenantExists, create_key, create_tenant, find_tenant
from service.settings import Settings

DEMO_TENANT = "demo"
DEMO_SCOPES = frozenset({"admin", "ingest", "read", "review"})


class SeedResult(msgspec.Struct, kw_only=True):
    key: str | None
    """The demo key when it was created by this call; None on later runs."""
    summary: list[str] = msgspec.field(default_factory=list)
    """Short human lines about what the seed found or created, for the banner."""


def seed_examples(settings: Settings, database_url: str) -> SeedResult:
    """Ensure the demo tenant (and its first key) exist. Safe to call on every start."""
    del settings  # used by the examples loader to come
    with psycopg.connect(database_url, autocommit=True) as conn:
        if find_tenant(conn, DEMO_TENANT) is not None:
            return SeedResult(key=None)
        try:
            with conn.transaction():
                tenant_id = create_tenant(conn, DEMO_TENANT)
                created = create_key(conn, tenant_id, DEMO_SCOPES, "demo key created by callgrade dev")
        except TenantExists:  # another process seeded at the same moment
            return SeedResult(key=None)
    return SeedResult(key=created.key, summary=[f"created the demo tenant '{DEMO_TENANT}'"])
