"""Vapi's server credentials, as a tenant configures them on the integration: the shared-secret
header (legacy `server.secret` / bearer token) or the HMAC credential (HMACAuthenticationPlan).

Authentication (`options.auth`):
- `"hmac"` (default, recommended): Vapi's HMACAuthenticationPlan. Options and their defaults, which
  are Vapi's: `signature_header` "x-signature", `timestamp_header` "x-timestamp", `algorithm`
  "sha256" (or sha1/sha512), `encoding` "hex" (or "base64"), `signature_prefix` "" (e.g. "sha256="),
  `payload_format` "{timestamp}.{body}" (placeholders {body}, {timestamp}, {method}, {url},
  {svix-id}), `message_id_header` (required when the format uses {svix-id}), `secret_is_base64`
  false. The body is inserted as the raw bytes received. When the format uses {timestamp}, the
  timestamp header is required and must be within ±tolerance; its unit is undocumented (UNCLEAR),
  so values above 10^12 are read as milliseconds and smaller ones as seconds.
- `"secret_header"`: the legacy `server.secret` / bearer-token credential. Options `header`
  (default "x-vapi-secret") and `prefix` (default "", e.g. "Bearer " with header "authorization").
  A constant-time compare of the whole value; this proves the sender knows the secret but gives
  no body integrity and no replay protection (Vapi's design, not ours).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from ingest.platforms.contract import IntegrationConfig, PayloadRejected, SignatureRejected, WebhookRequest
from ingest.platforms.signatures import (
    ALGORITHMS,
    check_fresh,
    decode_base64,
    decode_hex,
    first_matching_secret,
    hmac_digest,
    parse_epoch,
)

HMAC_DEFAULTS: dict[str, Any] = {
    "signature_header": "x-signature",
    "timestamp_header": "x-timestamp",
    "algorithm": "sha256",
    "encoding": "hex",
    "signature_prefix": "",
    "payload_format": "{timestamp}.{body}",
    "message_id_header": None,
    "secret_is_base64": False,
}
SECRET_HEADER_DEFAULTS: dict[str, Any] = {"header": "x-vapi-secret", "prefix": ""}
_PLACEHOLDER = re.compile(r"\{(body|timestamp|method|url|svix-id)\}")
_ANY_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


# --- configuration --------------------------------------------------------------------------


def _settings(options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    auth = options.get("auth", "hmac")
    if auth == "hmac":
        defaults = HMAC_DEFAULTS
    elif auth == "secret_header":
        defaults = SECRET_HEADER_DEFAULTS
    else:
        raise PayloadRejected("options.auth", "must be 'hmac' or 'secret_header'")
    unknown = sorted(set(options) - set(defaults) - {"auth"})
    if unknown:
        raise PayloadRejected(f"options.{unknown[0]}", f"not an option of Vapi auth {auth!r}")
    return auth, {**defaults, **{k: v for k, v in options.items() if k != "auth"}}


def validate_options(options: dict[str, Any], secrets: list[str]) -> None:
    auth, settings = _settings(options)
    if auth == "secret_header":
        if not isinstance(settings["header"], str) or not settings["header"]:
            raise PayloadRejected("options.header", "must be a non-empty header name")
        if not isinstance(settings["prefix"], str):
            raise PayloadRejected("options.prefix", "must be a string")
        return
    for name in ("signature_header", "timestamp_header"):
        if not isinstance(settings[name], str) or not settings[name]:
            raise PayloadRejected(f"options.{name}", "must be a non-empty header name")
    if settings["algorithm"] not in ALGORITHMS:
        raise PayloadRejected("options.algorithm", f"must be one of {sorted(ALGORITHMS)}")
    if settings["encoding"] not in ("hex", "base64"):
        raise PayloadRejected("options.encoding", "must be 'hex' or 'base64'")
    if not isinstance(settings["signature_prefix"], str):
        raise PayloadRejected("options.signature_prefix", "must be a string")
    if not isinstance(settings["secret_is_base64"], bool):
        raise PayloadRejected("options.secret_is_base64", "must be true or false")
    payload_format = settings["payload_format"]
    if not isinstance(payload_format, str) or "{body}" not in payload_format:
        raise PayloadRejected("options.payload_format", "must be a string containing {body}")
    for placeholder in _ANY_PLACEHOLDER.findall(payload_format):
        if not _PLACEHOLDER.fullmatch("{" + placeholder + "}"):
            raise PayloadRejected("options.payload_format", f"unknown placeholder {{{placeholder}}}")
    if "{svix-id}" in payload_format and not settings["message_id_header"]:
        raise PayloadRejected("options.message_id_header", "required when payload_format uses {svix-id}")
    if settings["secret_is_base64"]:
        for index, secret in enumerate(secrets):
            if not decode_base64(secret):
                raise PayloadRejected(f"secrets[{index}]", "is not base64 but secret_is_base64 is true")


# --- verification --------------------------------------------------------------------------


def signed_content(payload_format: str, request: WebhookRequest, values: dict[str, str]) -> bytes:
    """The bytes Vapi's HMAC covers: the format with placeholders filled, the body inserted raw."""
    parts: list[bytes] = []
    position = 0
    for match in _PLACEHOLDER.finditer(payload_format):
        parts.append(payload_format[position : match.start()].encode())
        name = match.group(1)
        parts.append(request.body if name == "body" else values[name].encode())
        position = match.end()
    parts.append(payload_format[position:].encode())
    return b"".join(parts)


def verify(
    request: WebhookRequest, integration: IntegrationConfig, *, now: datetime, tolerance_seconds: int
) -> None:
    auth, settings = _settings(integration.options)
    if auth == "secret_header":
        header = str(settings["header"]).lower()
        value = request.headers.get(header)
        if value is None:
            raise SignatureRejected(f"missing {header} header")
        prefix = str(settings["prefix"])
        first_matching_secret(
            integration.secrets, lambda secret: [(prefix + secret).encode()], [value.encode()]
        )
        return
    signature_header = str(settings["signature_header"]).lower()
    raw_signature = request.headers.get(signature_header)
    if raw_signature is None:
        raise SignatureRejected(f"missing {signature_header} header")
    payload_format = str(settings["payload_format"])
    values = {"method": "POST", "url": request.url, "timestamp": "", "svix-id": ""}
    if "{timestamp}" in payload_format:
        timestamp_header = str(settings["timestamp_header"]).lower()
        raw_timestamp = request.headers.get(timestamp_header)
        signed_at = parse_epoch(raw_timestamp, unit="auto", header=timestamp_header)
        check_fresh(signed_at, now, past_seconds=tolerance_seconds, future_seconds=tolerance_seconds)
        values["timestamp"] = str(raw_timestamp)
    if "{svix-id}" in payload_format:
        id_header = str(settings["message_id_header"]).lower()
        message_id = request.headers.get(id_header)
        if not message_id:
            raise SignatureRejected(f"missing {id_header} header")
        values["svix-id"] = message_id
    prefix = str(settings["signature_prefix"])
    text = raw_signature.strip()
    if prefix:
        if not text.startswith(prefix):
            raise SignatureRejected(f"signature does not start with {prefix!r}")
        text = text[len(prefix) :]
    supplied = decode_hex(text) if settings["encoding"] == "hex" else decode_base64(text)
    content = signed_content(payload_format, request, values)
    algorithm = str(settings["algorithm"])
    secret_is_base64 = bool(settings["secret_is_base64"])

    def expected(secret: str) -> list[bytes]:
        key = decode_base64(secret) if secret_is_base64 else secret.encode()
        return [hmac_digest(key, content, algorithm)] if key else []  # undecodable: matches nothing

    first_matching_secret(integration.secrets, expected, [supplied])
