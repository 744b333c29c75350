"""The package's public contract: configuration checks, and verification before any parsing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ingest.platforms import (
    PLATFORMS,
    IntegrationConfig,
    PayloadRejected,
    SignatureRejected,
    validate_options,
)
from ingest.platforms.signatures import check_fresh, parse_epoch
from tests.platforms.support import at, deliver

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
VALID_OPTIONS: dict[str, dict[str, object]] = {
    "vapi": {},
    "retell": {},
    "elevenlabs": {},
    "bland": {},
    "twilio": {"account_sid": "AC" + "0" * 32},
    "standard": {},
}
VALID_SECRET = {"standard": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"}


def test_platform_list() -> None:
    assert frozenset({"vapi", "retell", "elevenlabs", "bland", "twilio", "standard"}) == PLATFORMS


@pytest.mark.parametrize("platform", sorted(PLATFORMS))
def test_valid_configuration_passes(platform: str) -> None:
    validate_options(platform, dict(VALID_OPTIONS[platform]), [VALID_SECRET.get(platform, "s3cret")])


def test_configuration_errors_name_the_field() -> None:
    cases = [
        ("zoom", {}, ["s"], "platform"),
        ("retell", {}, [], "secrets"),
        ("retell", {}, ["ok", ""], "secrets[1]"),
        ("bland", {}, [" padded "], "secrets[0]"),
        ("elevenlabs", {"window": 5}, ["s"], "options.window"),
        ("standard", {"x": 1}, [VALID_SECRET["standard"]], "options.x"),
    ]
    for platform, options, secrets, field in cases:
        with pytest.raises(PayloadRejected) as caught:
            validate_options(platform, options, secrets)
        assert caught.value.field == field, (platform, options, secrets)


@pytest.mark.parametrize("platform", sorted(PLATFORMS))
def test_unsigned_garbage_is_a_signature_failure_not_a_parse_failure(platform: str) -> None:
    integration = IntegrationConfig(
        platform=platform,
        secrets=[VALID_SECRET.get(platform, "s3cret")],
        agent="a",
        options=dict(VALID_OPTIONS[platform]),
    )
    with pytest.raises(SignatureRejected):
        deliver(b"\x00not json{", {"content-type": "application/json"}, integration, now=NOW)


def test_epoch_units() -> None:
    assert parse_epoch("1772366400", unit="s", header="h") == 1772366400
    assert parse_epoch("1772366400123", unit="ms", header="h") == 1772366400.123
    assert parse_epoch("1772366400123", unit="auto", header="h") == 1772366400.123
    assert parse_epoch("1772366400", unit="auto", header="h") == 1772366400
    for raw in (None, "", "-5", "1.5", "12e3"):
        with pytest.raises(SignatureRejected):
            parse_epoch(raw, unit="auto", header="h")


def test_freshness_window_edges() -> None:
    signed_at = NOW.timestamp()
    check_fresh(signed_at, at(signed_at + 300), past_seconds=300, future_seconds=300)
    check_fresh(signed_at, at(signed_at - 300), past_seconds=300, future_seconds=300)
    with pytest.raises(SignatureRejected, match="too old"):
        check_fresh(signed_at, at(signed_at + 301), past_seconds=300, future_seconds=300)
    with pytest.raises(SignatureRejected, match="future"):
        check_fresh(signed_at, at(signed_at - 301), past_seconds=300, future_seconds=300)
