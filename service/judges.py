"""Which judge a process grades with, built from Settings: None for the rules judge (the engine's
default), an `OpenAIJudge` for `CALLGRADE_JUDGE=openai`.

Build it once per process and share it across the worker's threads: the judge owns the request
limiter, and a limiter is only a limit if everyone goes through the same one. Every judge request is
reported to Prometheus through the config's `on_request` hook (grading/ cannot import service/).
The price table (`CALLGRADE_JUDGE_PRICE_TABLE`) is a path to a JSON file or the JSON itself:
`{"model": {"input_per_million": 0.15, "output_per_million": 0.6, "cached_input_per_million": 0.075}}`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import msgspec

from grading.judging import Judge
from grading.openai_judge import OpenAIJudge, OpenAIJudgeConfig, Price, RequestUsage
from grading.openai_judge.config import DEFAULT_BASE_URL, is_loopback_url
from service.metrics import Metrics, default_metrics
from service.settings import Settings, SettingsError, env_name

_PRICE_TABLE = msgspec.json.Decoder(dict[str, Price])


def load_price_table(value: str | None) -> dict[str, Price]:
    """Decode the price table from its JSON text or from the file it names."""
    if value is None:
        return {}
    text = value.strip()
    if not text.startswith("{"):
        try:
            text = Path(text).read_text()
        except OSError as error:
            raise SettingsError(f"{env_name('judge_price_table')}: cannot read {value!r}: {error}") from None
    try:
        return _PRICE_TABLE.decode(text)
    except msgspec.DecodeError as error:
        raise SettingsError(f"{env_name('judge_price_table')} is invalid: {error}") from None


def metrics_hook(metrics: Metrics) -> Callable[[RequestUsage], None]:
    """Translate one judge request into the judge counters and histogram."""

    def record(usage: RequestUsage) -> None:
        metrics.judge_requests.labels(outcome=_metric_outcome(usage)).inc()
        metrics.judge_latency.observe(usage.latency_seconds)
        metrics.judge_tokens.labels(kind="input").inc(usage.input_tokens)
        metrics.judge_tokens.labels(kind="output").inc(usage.output_tokens)
        metrics.judge_tokens.labels(kind="cached").inc(usage.cached_tokens)
        if usage.cost_usd is not None:
            metrics.judge_cost_usd.inc(usage.cost_usd)

    return record


def _metric_outcome(usage: RequestUsage) -> str:
    if usage.outcome == "ok":
        return "ok"
    if usage.outcome == "failed":
        return "error"
    match usage.error:
        case "http_429":
            return "rate_limited"
        case "timeout":
            return "timeout"
        case "malformed_answer" | "truncated_answer" | "malformed_body" | "empty_choices":
            return "malformed"
        case _:
            return "retry"


def openai_judge_config(settings: Settings, metrics: Metrics | None = None) -> OpenAIJudgeConfig:
    if not settings.judge_model:
        raise SettingsError(f"{env_name('judge_model')} is required when {env_name('judge')}=openai")
    return OpenAIJudgeConfig(
        model=settings.judge_model,
        base_url=settings.openai_base_url,
        api_key=settings.openai_api_key,
        repeats=settings.judge_repeats,
        timeout_seconds=settings.judge_timeout_seconds,
        max_attempts=settings.judge_max_attempts,
        max_in_flight=settings.judge_max_in_flight,
        requests_per_minute=settings.judge_requests_per_minute,
        tokens_per_minute=settings.judge_tokens_per_minute,
        redact=settings.judge_redact,
        prices=load_price_table(settings.judge_price_table),
        on_request=metrics_hook(metrics or default_metrics()),
    )


def build_judge(settings: Settings, metrics: Metrics | None = None) -> Judge | None:
    """None means the rules judge; raises SettingsError when the openai judge is misconfigured."""
    if settings.judge == "rules":
        return None
    config = openai_judge_config(settings, metrics)
    if not config.api_key:
        if not is_loopback_url(config.base_url or DEFAULT_BASE_URL):
            raise SettingsError(f"{env_name('openai_api_key')} is required when {env_name('judge')}=openai")
        # A local server (vLLM, Ollama, llama.cpp) wants no key, but the client insists on one.
        config = msgspec.structs.replace(config, api_key="unused-local")
    return OpenAIJudge(config)
