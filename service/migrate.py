"""The migrations runner: numbered plain SQL files in `migrations/`, applied in order, each once.

- Files are named `NNNN_description.sql` (e.g. `0001_tenancy.sql`); the number orders them and is
  the version recorded in `schema_migrations` with the file's SHA-256 and when it was applied.
- `migrate(conn)` takes a session advisory lock first, so two processes starting at once apply each
  file exactly once (the second waits, then finds nothing to do). Each file runs in its own
  transaction together with its `schema_migrations` row: a failing file leaves no trace and stops
  the run.
- Migrations are forward-only and never edited once they land: a recorded file whose content changed
  is refused with a clear error (write a new file instead).
- `schema_is_current(conn)` / `schema_is_current_async(conn)` answer "is every migration this code
  knows applied?" — the API refuses to start (and /readyz fails) while it is not. A database that is
  *ahead* (has versions this code does not know, e.g. during a rolling deploy) counts as current.

The migrations directory `migrations/` is a package of its own so that a wheel or an image carries
the SQL files as package data; `MIGRATIONS_DIR` is that package's folder and can be overridden per
call for tests. Finding no migration at all is an error, never "nothing to apply".
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import LiteralString, cast

import msgspec
import psycopg
from psycopg import AsyncConnection, Connection

import migrations

MIGRATIONS_DIR = Path(migrations.__file__).resolve().parent

ADVISORY_LOCK_KEY = 7_214_003_117_551_001  # "callgrade.migrate"; any fixed bigint shared by all processes

FILE_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")

LOCK = "select pg_advisory_lock(%(key)s)"
UNLOCK = "select pg_advisory_unlock(%(key)s)"

CREATE_TABLE = """
create table if not exists schema_migrations (
    version integer primary key,
    name text not null,
    sha256 text not null,
    applied_at timestamptz not null default now()
)
"""

TABLE_EXISTS = "select to_regclass('public.schema_migrations') is not null"

APPLIED = "select version, name, sha256 from schema_migrations order by version"

RECORD = """
insert into schema_migrations (version, name, sha256) values (%(version)s, %(name)s, %(sha256)s)
"""


class MigrationError(Exception):
    """A migration file is malformed, failed, or was edited after it was applied."""


class Migration(msgspec.Struct, frozen=True):
    version: int
    name: str
    sha256: str
    path: Path

    @property
    def label(self) -> str:
        return f"{self.version:04d}_{self.name}"


class AppliedMigration(msgspec.Struct, frozen=True):
    version: int
    name: str
    sha256: str


def discover(directory: Path | None = None) -> list[Migration]:
    """The migration files in order. Raises MigrationError on a badly named .sql file or a
    duplicate number, so a typo cannot silently skip a migration."""
    directory = directory or MIGRATIONS_DIR
    found: dict[int, Migration] = {}
    for path in sorted(directory.glob("*.sql")):
        match = FILE_NAME.match(path.name)
        if match is None:
            raise MigrationError(f"{path.name}: migration files are named NNNN_description.sql")
        version = int(match.group(1))
        if version in found:
            raise MigrationError(f"{path.name}: version {version:04d} is used twice")
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        found[version] = Migration(version=version, name=match.group(2), sha256=digest, path=path)
    if not found:
        raise MigrationError(f"no migration files in {directory}: the installation is incomplete")
    return [found[v] for v in sorted(found)]


def applied(conn: Connection) -> list[AppliedMigration]:
    if conn.execute(TABLE_EXISTS).fetchone() != (True,):
        return []
    return [AppliedMigration(*row) for row in conn.execute(APPLIED).fetchall()]


def migrate(conn: Connection, directory: Path | None = None) -> list[str]:
    """Apply pending migrations on `conn` (an autocommit connection). Returns the labels applied,
    in order; empty when the schema was already current."""
    migrations = discover(directory)
    conn.execute(LOCK, {"key": ADVISORY_LOCK_KEY})
    try:
        conn.execute(CREATE_TABLE)
        done = {m.version: m for m in applied(conn)}
        _refuse_edited(migrations, done)
        labels: list[str] = []
        for migration in migrations:
            if migration.version in done:
                continue
            text = migration.path.read_text(encoding="utf-8")
            try:
                with conn.transaction():
                    # The file is our own reviewed code, not user input.
                    conn.execute(cast(LiteralString, text))
                    conn.execute(
                        RECORD,
                        {"version": migration.version, "name": migration.name, "sha256": migration.sha256},
                    )
            except psycopg.Error as exc:
                raise MigrationError(f"{migration.label} failed: {exc}") from exc
            labels.append(migration.label)
        return labels
    finally:
        if not conn.closed:
            conn.execute(UNLOCK, {"key": ADVISORY_LOCK_KEY})


def migrate_url(url: str, directory: Path | None = None) -> list[str]:
    """`migrate` on a fresh connection to `url`."""
    with psycopg.connect(url, autocommit=True) as conn:
        return migrate(conn, directory)


def _refuse_edited(migrations: list[Migration], done: dict[int, AppliedMigration]) -> None:
    for migration in migrations:
        recorded = done.get(migration.version)
        if recorded is not None and recorded.sha256 != migration.sha256:
            raise MigrationError(
                f"{migration.label} was changed after it was applied; migrations are forward-only, "
                "add a new numbered file instead"
            )


def pending(conn: Connection, directory: Path | None = None) -> list[Migration]:
    done = {m.version for m in applied(conn)}
    return [m for m in discover(directory) if m.version not in done]


def schema_is_current(conn: Connection, directory: Path | None = None) -> bool:
    """True when every migration file is applied (see module docstring)."""
    return not pending(conn, directory)


async def schema_is_current_async(conn: AsyncConnection, directory: Path | None = None) -> bool:
    """The async twin of `schema_is_current`, for the API's readiness check."""
    row = await (await conn.execute(TABLE_EXISTS)).fetchone()
    if row != (True,):
        return not discover(directory)
    rows = await (await conn.execute(APPLIED)).fetchall()
    done = {int(r[0]) for r in rows}
    return all(m.version in done for m in discover(directory))


def describe_behind(conn: Connection, directory: Path | None = None) -> str | None:
    """One line saying what is missing, or None when current. Used by `serve` to refuse to start."""
    missing = pending(conn, directory)
    if not missing:
        return None
    names = ", ".join(m.label for m in missing)
    return f"the database schema is behind ({len(missing)} pending: {names}); run `callgrade migrate` first"
