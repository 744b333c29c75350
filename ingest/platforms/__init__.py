"""Native end-of-call webhooks from call platforms, verified and translated into the canonical Call.

`receive` is the one entry point: it picks the platform's adapter, which first verifies the
platform's own signature scheme over the raw bytes (against every active secret, for rotation) and
only then parses the body. The outcome is `Accepted` (an end-of-call report as a canonical Call),
`Ignored` (a genuine event of another kind) or one of the exceptions in `contract`. No database and
no web framework here: the HTTP route owns storage, idempotency and status codes.

Shared decisions (details in `translation`): tool calls sit on the agent turn they belong to
(the latest turn when the agent is speaking, else the agent's next utterance), with JSON-string
arguments decoded and results matched by the platform's tool-call id; blank utterances are not
turns; a verified end-of-call event whose call has no turns at all (never connected, no answer) is
`Ignored`, since there is nothing to grade and a Call needs turns; an unknown end reason is
"other" with the raw value kept in metadata; `metadata.platform_call_id` is always the platform's
own id.

Adapters: `vapi`, `retell`, `elevenlabs`, `bland`, `twilio` (fetches the transcript from Twilio's
REST API), `standard` (Standard Webhooks carrying a canonical Call). Each module's docstring records
its mapping decisions and the points the platforms leave unclear.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import httpx

from ingest.platforms import bland, elevenlabs, retell, standard, twilio, vapi, vapi_credentials
from ingest.platforms.contract import (
    Accepted,
    Ignored,
    IntegrationConfig,
    PayloadRejected,
    SignatureRejected,
    UpstreamUnavailable,
    WebhookRequest,
)

__all__ = [
    "PLATFORMS",
    "Accepted",
    "Ignored",
    "IntegrationConfig",
    "PayloadRejected",
    "SignatureRejected",
    "UpstreamUnavailable",
    "WebhookRequest",
    "receive",
    "validate_options",
]

PLATFORMS: frozenset[str] = frozenset({"vapi", "retell", "elevenlabs", "bland", "twilio", "standard"})


def validate_options(platform: str, options: dict[str, Any], secrets: list[str]) -> None:
    """Check an integration's configuration before it is stored, so that a typo surfaces when the
    integration is created and not as 401s on every webhook. Raises PayloadRejected naming the field
    (`platform`, `secrets[1]`, `options.algorithm`, ...)."""
    if platform not in PLATFORMS:
        raise PayloadRejected("platform", f"unknown platform {platform!r}; one of {sorted(PLATFORMS)}")
    if not secrets:
        raise PayloadRejected("secrets", "at least one secret is required")
    for index, secret in enumerate(secrets):
        if not secret or secret != secret.strip():
            raise PayloadRejected(f"secrets[{index}]", "must be non-empty, without surrounding spaces")
    if platform == "vapi":
        vapi_credentials.validate_options(options, secrets)
    elif platform == "retell":
        retell.validate_options(options, secrets)
    elif platform == "elevenlabs":
        elevenlabs.validate_options(options, secrets)
    elif platform == "bland":
        bland.validate_options(options, secrets)
    elif platform == "twilio":
        twilio.validate_options(options, secrets)
    else:
        standard.validate_options(options, secrets)


async def receive(
    request: WebhookRequest,
    integration: IntegrationConfig,
    *,
    now: datetime,
    http: httpx.AsyncClient,
    twilio_api_base_url: str,
    tolerance_seconds: int = 300,
) -> Accepted | Ignored:
    """Verify and translate one webhook delivery.

    Raises SignatureRejected (401, store nothing), PayloadRejected (422) or UpstreamUnavailable
    (503: Twilio's API could not be read, let the platform retry). `now` must be timezone-aware;
    `tolerance_seconds` is the replay window for schemes that sign a timestamp. `http` and
    `twilio_api_base_url` are used only by the Twilio adapter.
    """
    platform = integration.platform
    if platform == "vapi":
        return vapi.receive(request, integration, now=now, tolerance_seconds=tolerance_seconds)
    if platform == "retell":
        return retell.receive(request, integration, now=now, tolerance_seconds=tolerance_seconds)
    if platform == "elevenlabs":
        return elevenlabs.receive(request, integration, now=now, tolerance_seconds=tolerance_seconds)
    if platform == "bland":
        return bland.receive(request, integration)
    if platform == "twilio":
        return await twilio.receive(request, integration, http=http, api_base_url=twilio_api_base_url)
    if platform == "standard":
        return standard.receive(request, integration, now=now, tolerance_seconds=tolerance_seconds)
    raise PayloadRejected("platform", f"unknown platform {platform!r}")
