"""twilio adapter: being written (helper D); the signature, REST fetch and mapping land next."""

from __future__ import annotations

from typing import Any

import httpx

from ingest.platforms.contract import Accepted, Ignored, IntegrationConfig, PayloadRejected, WebhookRequest


def validate_options(options: dict[str, Any], secrets: list[str]) -> None:
    del options, secrets


async def receive(
    request: WebhookRequest, integration: IntegrationConfig, *, http: httpx.AsyncClient, api_base_url: str
) -> Accepted | Ignored:
    del request, integration, http, api_base_url
    raise PayloadRejected("platform", "the twilio adapter is not implemented yet")
