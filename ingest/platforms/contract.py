"""What every platform adapter takes and returns: the webhook as received, the integration's
configuration, the two outcomes (accepted call or ignored event) and the three ways it can fail.

The HTTP route maps these to responses: `Accepted` → 2xx after storing, `Ignored` → 2xx with nothing
stored, `SignatureRejected` → 401, `PayloadRejected` → 422 naming the field, `UpstreamUnavailable` →
503 so the platform retries. Nothing here knows about HTTP frameworks or the database.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from grading.formats import Call


class WebhookRequest(msgspec.Struct, frozen=True):
    """A webhook exactly as it arrived. `body` is the raw bytes every signature is computed over;
    `headers` have lower-cased names; `url` is the public URL the platform posted to, query string
    included (Twilio signs it, so a proxy must hand us the URL the platform saw)."""

    body: bytes
    headers: Mapping[str, str]
    url: str


class IntegrationConfig(msgspec.Struct, frozen=True):
    """One tenant's binding to one platform. Every entry in `secrets` is active (rotation: a webhook
    signed with any of them verifies). `agents` maps the platform's agent/assistant ids to ours;
    `agent` is the fallback. `options` are per platform (see each adapter's docstring)."""

    platform: str
    secrets: list[str]
    agent: str
    agents: dict[str, str] = msgspec.field(default_factory=dict)
    options: dict[str, Any] = msgspec.field(default_factory=dict)


class Accepted(msgspec.Struct):
    """An end-of-call event, translated. `event` is the platform's event name."""

    call: Call
    event: str


class Ignored(msgspec.Struct):
    """A genuine (verified) event that is not an end-of-call report: acknowledge it, store nothing."""

    event: str
    reason: str


class SignatureRejected(Exception):
    """The webhook is not proven to come from the platform (missing, malformed, wrong or stale
    signature). Answer 401 and store nothing."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class PayloadRejected(Exception):
    """The body (or an integration's configuration) is well signed but unusable; `field` is a path
    such as `message.artifact.messages[3].time` or `options.algorithm`. Answer 422."""

    def __init__(self, field: str, detail: str) -> None:
        super().__init__(f"{field}: {detail}")
        self.field = field
        self.detail = detail


class UpstreamUnavailable(Exception):
    """The platform's own API (Twilio's transcript fetch) failed in a way that may pass: answer 503 so
    the platform delivers the webhook again, rather than acknowledging a call we could not read."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail
