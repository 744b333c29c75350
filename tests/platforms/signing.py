"""Each platform's signing, written from its documentation and SDKs independently of our verifiers,
so tests sign fixtures exactly as the platform would (F's end-to-end tests use these too).

Every signer takes the raw bytes to be sent; fixtures are loaded as the bytes on disk (pretty-
printed), so a verifier that re-serialised JSON would compute a different signature and fail.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

FIXTURES = Path(__file__).parent / "fixtures"


def fixture_bytes(platform: str, name: str) -> bytes:
    return (FIXTURES / platform / name).read_bytes()


def fixture_json(platform: str, name: str) -> Any:
    return json.loads(fixture_bytes(platform, name))


def vapi_hmac_headers(secret: str, body: bytes, timestamp: int | str) -> dict[str, str]:
    """Vapi's default HMAC credential: sha256, hex, payload `{timestamp}.{body}`, x-signature/x-timestamp."""
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return {"x-signature": digest, "x-timestamp": str(timestamp), "content-type": "application/json"}


def retell_signature(api_key: str, body: bytes, timestamp_ms: int) -> str:
    """`X-Retell-Signature` as the Retell SDK's `sign`: HMAC-SHA256(key, body + str(ms)), hex."""
    digest = hmac.new(api_key.encode(), body + str(timestamp_ms).encode(), hashlib.sha256).hexdigest()
    return f"v={timestamp_ms},d={digest}"


def elevenlabs_signature(secret: str, body: bytes, timestamp: int) -> str:
    """`ElevenLabs-Signature`: t=<s>,v0=hex(HMAC-SHA256(secret, "{t}.{body}"))."""
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v0={digest}"


def bland_signature(secret: str, body: bytes) -> str:
    """`X-Webhook-Signature`: hex HMAC-SHA256 of the raw body."""
    return hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def twilio_signature(auth_token: str, url: str, params: dict[str, str] | None = None) -> str:
    """`X-Twilio-Signature` as twilio-python's RequestValidator.compute_signature."""
    text = url
    for name in sorted(params or {}):
        text += name + (params or {})[name]
    return base64.b64encode(hmac.new(auth_token.encode(), text.encode(), hashlib.sha1).digest()).decode()


def twilio_json_url(url: str, body: bytes) -> str:
    """The URL Twilio requests (and signs) for a JSON body: bodySHA256 appended to the query."""
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}{urlencode({'bodySHA256': hashlib.sha256(body).hexdigest()})}"


def standard_signature(secret: str, webhook_id: str, timestamp: int, body: bytes) -> str:
    """`webhook-signature` per the Standard Webhooks reference library: v1,base64(HMAC-SHA256) keyed
    with the base64-decoded `whsec_` secret.

    The decode is strict: a lenient one (as `b64decode` without `validate`) ignores anything after
    the padding, so `secret + "x"` would silently sign with the *right* key. A secret that is not
    valid base64 signs with its UTF-8 bytes instead, i.e. with a key no valid secret has, which is
    what a "wrong secret" test needs."""
    try:
        key = base64.b64decode(secret.removeprefix("whsec_"), validate=True)
    except ValueError:
        key = secret.encode()
    digest = hmac.new(key, f"{webhook_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()
