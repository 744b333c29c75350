"""The quick-start seed loads examples/ into the demo tenant, and a second run changes nothing."""

from __future__ import annotations

import psycopg

from service.seed import seed_examples
from service.settings import Settings
from tests.ingest.conftest import EXAMPLES, count_rows


def test_seeding_twice_loads_the_examples_once(settings: Settings, database_url: str) -> None:
    first = seed_examples(settings, database_url)
    assert first.key is not None
    calls = len(list(EXAMPLES.glob("call-*.json")))
    assert any("approved example fact sheet" in line for line in first.summary)
    assert f"queued {calls} example call(s) for grading" in first.summary

    second = seed_examples(settings, database_url)
    assert second.key is None
    assert second.summary == []
    assert count_rows(database_url, "fact_sheets") == 1
    assert count_rows(database_url, "calls") == calls
    assert count_rows(database_url, "grading_jobs") == calls
    with psycopg.connect(database_url) as conn:
        row = conn.execute("select approved_at is not null from fact_sheets").fetchone()
    assert row == (True,)
