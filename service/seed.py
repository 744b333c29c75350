"""Seeding the quick-start demo (`callgrade dev`, i.e. `make run`), idempotently.

`seed_examples(settings, database_url)` ensures a tenant named `demo` exists. The first time, it
creates the tenant and one key with every scope in the same transaction and returns that key so the
caller can print it once; later runs find the tenant and return no key (we never store a key in
clear, so it cannot be shown again — the banner says how to create a new one). Then it loads
`examples/` into the demo tenant, each step safe to run again:

- every `examples/*fact-sheet*.yaml` (or `.json`) becomes an approved version of its agent, unless a
  version with the same content (SHA-256) already exists; approving releases waiting calls;
- every `examples/call-*.json` is stored as a call with its grading job (the idempotency key
  (tenant, source, external_id) makes a second run a no-op); the worker grades them once it runs.

Each step adds a line to `SeedResult.summary`. A file that does not validate is reported in the
summary and skipped, so a broken example never stops `make run`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, LiteralString

import msgspec
import psycopg
import yaml

from grading.validation import InvalidDocumentError, validate_call, validate_fact_sheet
from service.keys import TenantExists, create_key, create_tenant, find_tenant
from service.settings import Settings

DEMO_TENANT = "demo"
DEMO_SCOPES = frozenset({"admin", "ingest", "read", "review"})
EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "examples"
SEED_APPROVER = "seed"

FIND_VERSION_BY_SHA: LiteralString = """
select version from fact_sheets where tenant_id = %(tenant_id)s and agent = %(agent)s and sha256 = %(sha256)s
order by version limit 1
"""


class SeedResult(msgspec.Struct, kw_only=True):
    key: str | None
    """The demo key when it was created by this call; None on later runs."""
    summary: list[str] = msgspec.field(default_factory=list)
    """Short human lines about what the seed found or created, for the banner."""


def seed_examples(settings: Settings, database_url: str, examples_dir: Path = EXAMPLES_DIR) -> SeedResult:
    """Ensure the demo tenant (and its first key) exist, then load the examples. Safe to call on
    every start."""
    result = SeedResult(key=None)
    with psycopg.connect(database_url, autocommit=True) as conn:
        tenant_id = find_tenant(conn, DEMO_TENANT)
        if tenant_id is None:
            try:
                with conn.transaction():
                    tenant_id = create_tenant(conn, DEMO_TENANT)
                    created = create_key(conn, tenant_id, DEMO_SCOPES, "demo key created by callgrade dev")
                result.key = created.key
                result.summary.append(f"created the demo tenant '{DEMO_TENANT}'")
            except TenantExists:  # another process seeded at the same moment
                tenant_id = find_tenant(conn, DEMO_TENANT)
        assert tenant_id is not None
        if examples_dir.is_dir():
            result.summary += seed_fact_sheets(conn, tenant_id, examples_dir)
            result.summary += seed_calls(conn, tenant_id, examples_dir, settings)
    return result


def seed_fact_sheets(conn: psycopg.Connection[Any], tenant_id: Any, examples_dir: Path) -> list[str]:
    """Approve each example fact sheet whose content is not stored yet (see module docstring)."""
    from ingest.fact_sheets import (
        APPROVE_VERSION,
        CREATE_VERSION,
        LOCK_AGENT,
        RELEASE_WAITING_CALLS,
        create_version_params,
    )

    lines: list[str] = []
    paths = sorted([*examples_dir.glob("*fact-sheet*.yaml"), *examples_dir.glob("*fact-sheet*.json")])
    for path in paths:
        try:
            sheet = validate_fact_sheet(yaml.safe_load(path.read_bytes()))
        except (yaml.YAMLError, InvalidDocumentError) as error:
            lines.append(f"skipped {path.name}: {error}")
            continue
        params = {**create_version_params(tenant_id, sheet, SEED_APPROVER), "approved_by": SEED_APPROVER}
        with conn.transaction():
            conn.execute(LOCK_AGENT, params)
            if conn.execute(FIND_VERSION_BY_SHA, params).fetchone() is not None:
                continue
            row = conn.execute(CREATE_VERSION, params).fetchone()
            assert row is not None
            conn.execute(APPROVE_VERSION, {**params, "version": row[0]})
            conn.execute(RELEASE_WAITING_CALLS, params)
        lines.append(f"approved example fact sheet {path.name} as {sheet.agent} v{row[0]}")
    return lines


def seed_calls(
    conn: psycopg.Connection[Any], tenant_id: Any, examples_dir: Path, settings: Settings
) -> list[str]:
    """Store each example call (idempotent on its external id); returns a summary line."""
    from ingest.call_store import INSERT_CALL, insert_call_params

    stored = 0
    lines: list[str] = []
    for path in sorted(examples_dir.glob("call-*.json")):
        try:
            call = validate_call(
                msgspec.json.decode(path.read_bytes()),
                max_turns=settings.max_turns,
                max_turn_chars=settings.max_turn_chars,
            )
        except (msgspec.DecodeError, InvalidDocumentError) as error:
            lines.append(f"skipped {path.name}: {error}")
            continue
        if conn.execute(INSERT_CALL, insert_call_params(tenant_id, call)).fetchone() is not None:
            stored += 1
    if stored:
        lines.append(f"queued {stored} example call(s) for grading")
    return lines
