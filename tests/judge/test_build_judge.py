"""service.judges: Settings → the judge a process grades with, and its requests in Prometheus."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from prometheus_client import CollectorRegistry

from grading.openai_judge import OpenAIJudge
from service.judges import build_judge, load_price_table
from service.metrics import metrics_for
from service.settings import Settings, SettingsError
from tests.fakes.openai_server import FakeOpenAIServer, Status, good_answer
from tests.judge.conftest import booking_call, dental_fact_sheet

PRICES = {
    "fake-judge": {"input_per_million": 2.0, "output_per_million": 8.0, "cached_input_per_million": 1.0}
}


def test_rules_judge_is_none() -> None:
    assert build_judge(Settings()) is None


def test_openai_judge_is_configured_from_settings(tmp_path: Path) -> None:
    table = tmp_path / "prices.json"
    table.write_text(json.dumps(PRICES))
    settings = Settings(
        judge="openai",
        judge_model="fake-judge",
        judge_repeats=3,
        judge_max_in_flight=5,
        judge_requests_per_minute=100,
        judge_tokens_per_minute=5000,
        judge_timeout_seconds=7.5,
        judge_max_attempts=2,
        judge_redact="on",
        judge_price_table=str(table),
        openai_base_url="https://llm.example.com/v1",
        openai_api_key="sk-secret",
    )
    judge = build_judge(settings, metrics_for(CollectorRegistry()))

    assert isinstance(judge, OpenAIJudge)
    config = judge.config
    assert (config.model, config.repeats, config.max_in_flight) == ("fake-judge", 3, 5)
    assert (config.requests_per_minute, config.tokens_per_minute) == (100, 5000)
    assert (config.timeout_seconds, config.max_attempts, config.redact) == (7.5, 2, "on")
    assert config.base_url == "https://llm.example.com/v1"
    assert config.prices["fake-judge"].output_per_million == 8.0
    assert judge.info.repeats == 3
    assert "sk-secret" not in repr(config)


def test_openai_judge_needs_a_model_and_a_key_for_remote_endpoints() -> None:
    with pytest.raises(SettingsError, match="CALLGRADE_JUDGE_MODEL"):
        build_judge(Settings(judge="openai", openai_api_key="k"))
    with pytest.raises(SettingsError, match="OPENAI_API_KEY"):
        build_judge(Settings(judge="openai", judge_model="m"))
    local = build_judge(Settings(judge="openai", judge_model="m", openai_base_url="http://127.0.0.1:1/v1"))
    assert isinstance(local, OpenAIJudge)


def test_bad_price_table_is_a_settings_error() -> None:
    with pytest.raises(SettingsError, match="CALLGRADE_JUDGE_PRICE_TABLE"):
        load_price_table('{"m": {"input_per_million": "cheap"}}')
    with pytest.raises(SettingsError, match="cannot read"):
        load_price_table("/nonexistent/prices.json")
    assert load_price_table(json.dumps(PRICES))["fake-judge"].input_per_million == 2.0


def test_judge_requests_reach_the_prometheus_metrics() -> None:
    metrics = metrics_for(CollectorRegistry())
    with FakeOpenAIServer() as server:
        settings = Settings(
            judge="openai",
            judge_model="fake-judge",
            judge_price_table=json.dumps(PRICES),
            openai_base_url=server.base_url,
            openai_api_key="k",
        )
        judge = build_judge(settings, metrics)
        assert judge is not None
        server.script(Status(429, headers={"retry-after": "0"}), good_answer())
        outcome = judge.judge(booking_call(), dental_fact_sheet(), [])

    def sample(name: str, labels: dict[str, str] | None = None) -> float:
        value = metrics.registry.get_sample_value(name, labels or {})
        return value or 0.0

    assert sample("callgrade_judge_requests_total", {"outcome": "rate_limited"}) == 1
    assert sample("callgrade_judge_requests_total", {"outcome": "ok"}) == 1
    assert sample("callgrade_judge_tokens_total", {"kind": "input"}) == outcome.usage.input_tokens
    assert sample("callgrade_judge_tokens_total", {"kind": "output"}) == outcome.usage.output_tokens
    assert sample("callgrade_judge_latency_seconds_count") == 2
    assert outcome.usage.cost_usd is not None
    assert sample("callgrade_judge_cost_usd_total") == pytest.approx(outcome.usage.cost_usd)
