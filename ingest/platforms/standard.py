"""Standard Webhooks intake (spec v1.0.0, standardwebhooks.com): the generic door for LiveKit,
Pipecat and home-grown agents, whose body is a canonical Call.

Signature: `webhook-signature` is a space-separated list of `v1,<base64 HMAC-SHA256>` over
`"{webhook-id}.{webhook-timestamp}.{raw body}"`, keyed with the base64-decoded part of the
`whsec_...` secret. Every `v1` entry is tried (the sender may be rotating) and other versions
(`v1a` ed25519, future ones) are skipped, as the reference library does. `webhook-timestamp` is Unix
seconds of this delivery attempt and must be within ±tolerance of now (reference library: 5 min).

Decisions:
- Body: either a bare canonical Call, or the spec's recommended envelope
  `{"type": "call.ended", "timestamp": ..., "data": <Call>}`. An envelope of any other `type` is
  acknowledged and ignored, so a sender can point all its events here.
- The Call is decoded strictly (unknown fields rejected, as on `POST /v1/calls`); an invalid one is
  a PayloadRejected naming the field. `source` is forced to "standard" whatever the body says, so a
  sender cannot collide with another platform's idempotency key space; it may be omitted.
- `agent` in the body is our agent name; an entry for it in the integration's `agents` map renames
  it (useful when a stack reports its own internal names). The integration's default agent applies
  only when the body's `agent` is empty.
- Secrets must be `whsec_<base64>` (or bare base64) decoding to 24-64 bytes, as the spec says.
- No options.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec

from grading.formats import Call
from ingest.platforms.contract import (
    Accepted,
    Ignored,
    IntegrationConfig,
    PayloadRejected,
    SignatureRejected,
    WebhookRequest,
)
from ingest.platforms.signatures import (
    check_fresh,
    decode_base64,
    first_matching_secret,
    hmac_digest,
    parse_epoch,
)
from ingest.platforms.translation import convert_payload

END_OF_CALL_TYPE = "call.ended"
_SECRET_PREFIX = "whsec_"  # noqa: S105 -- a format prefix, not a secret


def secret_key(secret: str) -> bytes:
    """The HMAC key of a `whsec_...` secret: its base64 part, decoded. b"" when it is not base64."""
    return decode_base64(secret.removeprefix(_SECRET_PREFIX))


def validate_options(options: dict[str, Any], secrets: list[str]) -> None:
    if options:
        raise PayloadRejected(f"options.{sorted(options)[0]}", "the standard platform takes no options")
    for index, secret in enumerate(secrets):
        key = secret_key(secret)
        if not 24 <= len(key) <= 64:
            raise PayloadRejected(
                f"secrets[{index}]",
                "must be whsec_<base64> decoding to 24-64 bytes (Standard Webhooks secret format)",
            )


def verify(request: WebhookRequest, secrets: list[str], *, now: datetime, tolerance_seconds: int) -> str:
    """Check the Standard Webhooks signature; returns the webhook id. Raises SignatureRejected."""
    webhook_id = request.headers.get("webhook-id")
    raw_timestamp = request.headers.get("webhook-timestamp")
    header = request.headers.get("webhook-signature")
    if not webhook_id or not raw_timestamp or not header:
        raise SignatureRejected("missing webhook-id, webhook-timestamp or webhook-signature header")
    signed_at = parse_epoch(raw_timestamp, unit="s", header="webhook-timestamp")
    check_fresh(signed_at, now, past_seconds=tolerance_seconds, future_seconds=tolerance_seconds)
    supplied = [
        decode_base64(signature)
        for version, _, signature in (entry.partition(",") for entry in header.split(" "))
        if version == "v1"
    ]
    signed_content = f"{webhook_id}.{raw_timestamp.strip()}.".encode() + request.body

    def expected(secret: str) -> list[bytes]:
        key = secret_key(secret)
        return [hmac_digest(key, signed_content)] if key else []  # an undecodable secret matches nothing

    first_matching_secret(secrets, expected, supplied)
    return webhook_id


def receive(
    request: WebhookRequest,
    integration: IntegrationConfig,
    *,
    now: datetime,
    tolerance_seconds: int,
) -> Accepted | Ignored:
    verify(request, integration.secrets, now=now, tolerance_seconds=tolerance_seconds)
    try:
        document = msgspec.json.decode(request.body)
    except msgspec.DecodeError as exc:
        raise PayloadRejected("body", f"not valid JSON: {exc}") from exc
    if not isinstance(document, dict):
        raise PayloadRejected("body", "must be a JSON object (a canonical Call)")
    document_dict: dict[str, Any] = document  # pyright: ignore[reportUnknownVariableType]
    event = END_OF_CALL_TYPE
    prefix = ""
    if "data" in document_dict and "external_id" not in document_dict:
        event = str(document_dict.get("type", ""))
        if event != END_OF_CALL_TYPE:
            return Ignored(event=event, reason=f"only {END_OF_CALL_TYPE!r} events carry a call")
        data = document_dict["data"]
        if not isinstance(data, dict):
            raise PayloadRejected("data", "must be a JSON object (a canonical Call)")
        document_dict = data  # pyright: ignore[reportUnknownVariableType]
        prefix = "data."
    fields = dict(document_dict)
    fields["source"] = "standard"
    if not fields.get("agent"):
        fields["agent"] = integration.agent
    try:
        call = convert_payload(fields, Call)
    except PayloadRejected as exc:
        raise PayloadRejected(prefix + exc.field, exc.detail) from exc
    mapped = integration.agents.get(call.agent)
    if mapped is not None:
        call = msgspec.structs.replace(call, agent=mapped)
    return Accepted(call=call, event=event)
