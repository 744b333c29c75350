"""A version-stable text dump of the public schema, read from the catalogs (not pg_dump, whose
output changes between PostgreSQL versions): tables with their columns, constraints and indexes.

The checked-in `migrations/schema.txt` is this dump of an empty database after all migrations;
`test_migrate.py` compares them. After adding a migration, regenerate it with

    .venv/bin/python -m tests.service.schema_dump --write
"""

from __future__ import annotations

import sys
import tempfile
import warnings
from pathlib import Path

import psycopg

from service.migrate import MIGRATIONS_DIR, migrate_url

SCHEMA_FILE = MIGRATIONS_DIR / "schema.txt"

COLUMNS = """
select c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
       coalesce(pg_get_expr(d.adbin, d.adrelid), '')
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
order by c.relname, a.attnum
"""

CONSTRAINTS = """
select c.relname, k.conname, pg_get_constraintdef(k.oid)
from pg_constraint k
join pg_class c on c.oid = k.conrelid
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = 'public'
order by c.relname, k.conname
"""

INDEXES = """
select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'
order by tablename, indexname
"""

OTHER_OBJECTS = """
select case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
       else c.relkind::text end, c.relname
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = 'public' and c.relkind in ('v', 'm', 'S')
order by 1, 2
"""

FUNCTIONS = """
select p.proname, pg_get_function_identity_arguments(p.oid)
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where n.nspname = 'public' order by 1, 2
"""

TYPES = """
select t.typname, array_to_string(array(select e.enumlabel from pg_enum e where e.enumtypid = t.oid
                                        order by e.enumsortorder), ',')
from pg_type t join pg_namespace n on n.oid = t.typnamespace
where n.nspname = 'public' and t.typtype = 'e' order by 1
"""


def dump_schema(url: str) -> str:
    lines: list[str] = []
    with psycopg.connect(url) as conn:
        for name, labels in conn.execute(TYPES).fetchall():
            lines.append(f"enum {name}: {labels}")
        table = None
        for relname, column, type_, not_null, default in conn.execute(COLUMNS).fetchall():
            if relname != table:
                lines.append(f"table {relname}")
                table = relname
            extra = (" not null" if not_null else "") + (f" default {default}" if default else "")
            lines.append(f"  column {column} {type_}{extra}")
        for relname, conname, definition in conn.execute(CONSTRAINTS).fetchall():
            lines.append(f"constraint {relname}.{conname}: {definition}")
        for table_name, index_name, definition in conn.execute(INDEXES).fetchall():
            lines.append(f"index {table_name}.{index_name}: {definition}")
        for kind, name in conn.execute(OTHER_OBJECTS).fetchall():
            lines.append(f"{kind} {name}")
        for name, args in conn.execute(FUNCTIONS).fetchall():
            lines.append(f"function {name}({args})")
    return "\n".join(lines) + "\n"


def main() -> int:
    """Migrate a throwaway embedded database and print (or --write) its dump."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pgserver.postgres_server import get_server

        root = Path(tempfile.mkdtemp(prefix="callgrade-schema-"))
        server = get_server(root / "data", cleanup_mode="delete")
    try:
        url = str(server.get_uri("postgres"))
        migrate_url(url)
        text = dump_schema(url)
    finally:
        server.cleanup()
    if "--write" in sys.argv[1:]:
        SCHEMA_FILE.write_text(text)
        print(f"wrote {SCHEMA_FILE}")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
