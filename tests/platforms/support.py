"""Test support for the platform adapters: run `receive` with a fixed clock from synchronous tests."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

import httpx

from ingest.platforms import Accepted, Ignored, IntegrationConfig, WebhookRequest, receive

URL = "https://callgrade.example.com/v1/webhooks/int_7Hq2"


def deliver(
    body: bytes,
    headers: dict[str, str],
    integration: IntegrationConfig,
    *,
    now: datetime,
    url: str = URL,
    twilio_api_base_url: str = "http://127.0.0.1:9",
    tolerance_seconds: int = 300,
) -> Accepted | Ignored:
    request = WebhookRequest(body=body, headers={k.lower(): v for k, v in headers.items()}, url=url)

    async def run() -> Accepted | Ignored:
        async with httpx.AsyncClient(timeout=5) as http:
            return await receive(
                request,
                integration,
                now=now,
                http=http,
                twilio_api_base_url=twilio_api_base_url,
                tolerance_seconds=tolerance_seconds,
            )

    return asyncio.run(run())


def at(epoch_seconds: float) -> datetime:
    return datetime.fromtimestamp(epoch_seconds, tz=UTC)


def accepted(outcome: Any) -> Accepted:
    assert isinstance(outcome, Accepted), outcome
    return outcome
