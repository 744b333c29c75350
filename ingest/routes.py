"""The ingestion routes (fact sheets, calls, integrations, webhooks), mounted by `service.app`.

`ROUTE_HANDLERS` is the list `service.app.create_app` mounts. Handlers may take the app-level
dependencies `principal` (service.auth.Principal; guard the route with `service.auth.require(...)`),
`conn` (an autocommit psycopg AsyncConnection: open `async with conn.transaction():` yourself),
`settings` (service.settings.Settings), `blobs` (service.blobs.BlobStore) and `metrics`
(service.metrics.Metrics).
"""

from __future__ import annotations

from typing import Any

from ingest import calls, fact_sheets, integrations, webhooks

ROUTE_HANDLERS: list[Any] = [*fact_sheets.ROUTES, *calls.ROUTES, *integrations.ROUTES, *webhooks.ROUTES]
