"""The HMAC building blocks every platform's signature scheme is made of: keyed digests, a
constant-time match against any active secret, and timestamp freshness with unit detection.

Every function works on the raw body bytes; nothing here ever sees parsed JSON, so a verifier cannot
accidentally re-serialise (the bug class where `JSON.stringify(req.body)` is signed instead of the
bytes on the wire).
"""

from __future__ import annotations

import base64
import binascii
import hmac
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Literal

from ingest.platforms.contract import SignatureRejected

ALGORITHMS: frozenset[str] = frozenset({"sha1", "sha256", "sha512"})

# Epoch values above this are milliseconds: 10**12 s is the year 33658, 10**12 ms is 2001.
_MS_THRESHOLD = 10**12


def hmac_digest(key: bytes, message: bytes, algorithm: str = "sha256") -> bytes:
    """The raw HMAC of `message` under `key`."""
    if algorithm not in ALGORITHMS:
        raise ValueError(f"unsupported HMAC algorithm {algorithm!r}")
    return hmac.new(key, message, algorithm).digest()


def first_matching_secret(
    secrets: Iterable[str],
    expected: Callable[[str], Iterable[bytes]],
    supplied: Iterable[bytes],
) -> str:
    """The first secret whose expected signature(s) equal one of the `supplied` signatures, compared
    in constant time. Every secret and every supplied signature is tried (rotation on our side,
    several signatures on the sender's side). Raises SignatureRejected when none matches."""
    supplied = [s for s in supplied if s]
    if not supplied:
        raise SignatureRejected("no usable signature in the request")
    for secret in secrets:
        for candidate in expected(secret):
            for given in supplied:
                if hmac.compare_digest(candidate, given):
                    return secret
    raise SignatureRejected("signature does not match any active secret")


def decode_hex(value: str) -> bytes:
    """Hex text to bytes; malformed text yields b"" (which never matches) instead of an exception."""
    try:
        return bytes.fromhex(value.strip())
    except ValueError:
        return b""


def decode_base64(value: str) -> bytes:
    """Standard base64 (padding optional) to bytes; malformed text yields b"" (never matches)."""
    text = value.strip()
    try:
        return base64.b64decode(text + "=" * (-len(text) % 4), validate=True)
    except (binascii.Error, ValueError):
        return b""


def parse_epoch(raw: str | None, *, unit: Literal["s", "ms", "auto"], header: str) -> float:
    """A signature timestamp as epoch seconds. `auto` treats values above 10^12 as milliseconds,
    for schemes whose unit is undocumented (Vapi's HMAC credential). Raises SignatureRejected."""
    if raw is None or not raw.strip():
        raise SignatureRejected(f"missing timestamp ({header})")
    text = raw.strip()
    if not text.isdigit():
        raise SignatureRejected(f"malformed timestamp ({header}): not a non-negative integer")
    value = int(text)
    if unit == "ms" or (unit == "auto" and value > _MS_THRESHOLD):
        return value / 1000
    return float(value)


def check_fresh(
    signed_at: float,
    now: datetime,
    *,
    past_seconds: float,
    future_seconds: float,
) -> None:
    """Reject a timestamp older than `past_seconds` or further ahead than `future_seconds` (clock
    skew), both relative to `now`. This is the replay window: a captured request stops verifying."""
    age = now.timestamp() - signed_at
    if age > past_seconds:
        raise SignatureRejected(f"timestamp too old ({int(age)} s, tolerance {int(past_seconds)} s)")
    if -age > future_seconds:
        raise SignatureRejected(f"timestamp too far in the future ({int(-age)} s ahead)")
