"""retell adapter: being written (helper D); mapping lands next."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ingest.platforms.contract import Accepted, Ignored, IntegrationConfig, PayloadRejected, WebhookRequest


def validate_options(options: dict[str, Any], secrets: list[str]) -> None:
    del options, secrets


def receive(
    request: WebhookRequest,
    integration: IntegrationConfig,
    *,
    now: datetime | None = None,
    tolerance_seconds: int = 300,
) -> Accepted | Ignored:
    del request, integration, now, tolerance_seconds
    raise PayloadRejected("platform", "the retell adapter is not implemented yet")
