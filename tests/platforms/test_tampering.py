"""Property: for every scheme, the platform's own signature over arbitrary raw bytes verifies, and
flipping any single bit of the body makes it fail. No scheme looks at anything but the raw bytes."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.platforms import (
    IntegrationConfig,
    SignatureRejected,
    WebhookRequest,
    bland,
    elevenlabs,
    retell,
    standard,
    twilio,
    vapi_credentials,
)
from tests.platforms.signing import (
    bland_signature,
    elevenlabs_signature,
    retell_signature,
    standard_signature,
    twilio_json_url,
    twilio_signature,
    vapi_hmac_headers,
)
from tests.platforms.support import URL, at

NOW_S = 1_773_000_000
NOW = at(NOW_S)
STANDARD_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"


def check_standard(body: bytes, signed_body: bytes) -> None:
    headers = {
        "webhook-id": "msg_1",
        "webhook-timestamp": str(NOW_S),
        "webhook-signature": standard_signature(STANDARD_SECRET, "msg_1", NOW_S, signed_body),
    }
    standard.verify(
        WebhookRequest(body=body, headers=headers, url=URL), [STANDARD_SECRET], now=NOW, tolerance_seconds=300
    )


def check_retell(body: bytes, signed_body: bytes) -> None:
    headers = {"x-retell-signature": retell_signature("key", signed_body, NOW_S * 1000)}
    retell.verify(
        WebhookRequest(body=body, headers=headers, url=URL), ["key"], now=NOW, tolerance_seconds=300
    )


def check_elevenlabs(body: bytes, signed_body: bytes) -> None:
    headers = {"elevenlabs-signature": elevenlabs_signature("wsec", signed_body, NOW_S)}
    elevenlabs.verify(
        WebhookRequest(body=body, headers=headers, url=URL), ["wsec"], now=NOW, tolerance_seconds=300
    )


def check_bland(body: bytes, signed_body: bytes) -> None:
    headers = {"x-webhook-signature": bland_signature("b", signed_body)}
    bland.verify(WebhookRequest(body=body, headers=headers, url=URL), ["b"])


def check_vapi(body: bytes, signed_body: bytes) -> None:
    headers = vapi_hmac_headers("v", signed_body, NOW_S)
    integration = IntegrationConfig(platform="vapi", secrets=["v"], agent="a")
    vapi_credentials.verify(
        WebhookRequest(body=body, headers=headers, url=URL), integration, now=NOW, tolerance_seconds=300
    )


def check_twilio(body: bytes, signed_body: bytes) -> None:
    url = twilio_json_url(URL, signed_body)
    headers = {"x-twilio-signature": twilio_signature("t", url), "content-type": "application/json"}
    twilio.verify(WebhookRequest(body=body, headers=headers, url=url), ["t"])


SCHEMES: list[Callable[[bytes, bytes], None]] = [
    check_standard,
    check_retell,
    check_elevenlabs,
    check_bland,
    check_vapi,
    check_twilio,
]


@settings(max_examples=40, deadline=None)
@given(body=st.binary(min_size=1, max_size=512), data=st.data())
def test_signed_bytes_verify_and_any_flipped_bit_fails(body: bytes, data: st.DataObject) -> None:
    position = data.draw(st.integers(min_value=0, max_value=len(body) * 8 - 1))
    tampered = bytearray(body)
    tampered[position // 8] ^= 1 << (position % 8)
    for check in SCHEMES:
        check(body, body)
        try:
            check(bytes(tampered), body)
        except SignatureRejected:
            continue
        raise AssertionError(f"{check.__name__} accepted a body with bit {position} flipped")
