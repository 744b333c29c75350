"""The OpenAI judge's configuration and the per-request usage record it reports to its host.

`grading/` cannot import `service/`, so metrics flow out through `on_request`: the service wires it to
its Prometheus counters, tests to a list. The API key is kept out of the repr so a logged config never
leaks it.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from typing import Literal
from urllib.parse import urlsplit

import msgspec

RedactMode = Literal["auto", "on", "off"]
RequestOutcome = Literal["ok", "retried", "failed"]

DEFAULT_BASE_URL = "https://api.openai.com/v1"


class Price(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """US dollars per million tokens for one model. Cached input tokens are billed at
    `cached_input_per_million` when given, else at the full input price."""

    input_per_million: float
    output_per_million: float
    cached_input_per_million: float | None = None

    def cost_usd(self, input_tokens: int, output_tokens: int, cached_tokens: int) -> float:
        cached = min(cached_tokens, input_tokens)
        cached_price = (
            self.cached_input_per_million
            if self.cached_input_per_million is not None
            else self.input_per_million
        )
        return (
            (input_tokens - cached) * self.input_per_million
            + cached * cached_price
            + output_tokens * self.output_per_million
        ) / 1_000_000


class RequestUsage(msgspec.Struct, frozen=True, kw_only=True):
    """One HTTP request to the judge endpoint, successful or not.

    `outcome` is "ok" for an answer we could read, "retried" for an attempt that failed and was retried,
    "failed" for the last attempt before giving up or a permanent error. `error` names the fault class.
    """

    model: str
    outcome: RequestOutcome
    latency_seconds: float
    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    cost_usd: float | None = None
    error: str | None = None


class OpenAIJudgeConfig(msgspec.Struct, frozen=True, kw_only=True):
    """Everything the OpenAI judge needs. Defaults suit a single worker against api.openai.com.

    `max_attempts` bounds the attempts per request (per repeat); backoff is exponential with full
    jitter between `backoff_base_seconds` and `backoff_max_seconds`, and a server's Retry-After wins
    (up to `retry_after_max_seconds`). `requests_per_minute` / `tokens_per_minute` of None mean no
    such limit. `prices` maps a model name to its Price; without an entry the cost is None (unknown),
    never 0.
    """

    model: str
    base_url: str | None = None
    api_key: str | None = None
    repeats: int = 1
    temperature: float = 0.0
    timeout_seconds: float = 60.0
    max_attempts: int = 4
    backoff_base_seconds: float = 0.5
    backoff_max_seconds: float = 20.0
    retry_after_max_seconds: float = 60.0
    max_in_flight: int = 8
    requests_per_minute: int | None = None
    tokens_per_minute: int | None = None
    max_output_tokens: int = 1200
    redact: RedactMode = "auto"
    prices: dict[str, Price] = msgspec.field(default_factory=dict)
    on_request: Callable[[RequestUsage], None] | None = None

    def __repr__(self) -> str:
        return (
            f"OpenAIJudgeConfig(model={self.model!r}, base_url={self.base_url!r}, "
            f"api_key={'***' if self.api_key else None}, repeats={self.repeats}, "
            f"max_attempts={self.max_attempts}, max_in_flight={self.max_in_flight}, "
            f"requests_per_minute={self.requests_per_minute}, tokens_per_minute={self.tokens_per_minute}, "
            f"redact={self.redact!r})"
        )

    @property
    def redaction_enabled(self) -> bool:
        """ "auto" redacts unless the endpoint is on this machine: what leaves the host is redacted."""
        if self.redact == "on":
            return True
        if self.redact == "off":
            return False
        return not is_loopback_url(self.base_url or DEFAULT_BASE_URL)

    def price(self) -> Price | None:
        return self.prices.get(self.model)


def is_loopback_url(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
