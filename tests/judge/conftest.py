"""Fixtures for the OpenAI judge tests: our fake OpenAI-compatible server on loopback, a judge pointed
at it with fast backoff, and a small dental call with its fact sheet."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from grading.formats import Call, Fact, FactSheet, Rule, ToolCall, Turn
from grading.openai_judge import OpenAIJudge, OpenAIJudgeConfig, RequestUsage
from tests.fakes.openai_server import FakeOpenAIServer


def dental_fact_sheet() -> FactSheet:
    return FactSheet(
        agent="dental-frontdesk",
        business="Bright Smile Dental",
        facts=[
            Fact(id="price-cleaning", topic="price", statement="A standard cleaning costs $120."),
            Fact(id="hours-weekday", topic="hours", statement="Open Monday to Friday, 8 am to 6 pm."),
            Fact(id="contact-phone", topic="contact", statement="The office phone number is 555-013-4000."),
            Fact(id="contact-email", topic="contact", statement="Email frontdesk@brightsmile.example."),
        ],
        rules=[
            Rule(id="no-diagnosis", kind="must_not", text="Never give a medical diagnosis."),
            Rule(
                id="offer-callback",
                kind="must",
                text="Offer a callback when the caller cannot be helped now.",
            ),
        ],
        scope="appointments, prices, hours",
        handoff="Transfer to a person when the caller asks for one.",
        forbidden_phrases=["guaranteed painless"],
    )


def make_call(*texts: str, tools: dict[int, list[ToolCall]] | None = None) -> Call:
    """Alternating agent/caller turns starting with the agent; `tools` maps a 1-based turn to its tools."""
    turns = [
        Turn(
            speaker="agent" if index % 2 == 0 else "caller",
            text=text,
            tool_calls=(tools or {}).get(index + 1, []),
        )
        for index, text in enumerate(texts)
    ]
    return Call(
        external_id="call-1",
        source="api",
        agent="dental-frontdesk",
        started_at=datetime(2026, 11, 2, 14, 0, tzinfo=UTC),
        ended_at=datetime(2026, 11, 2, 14, 3, tzinfo=UTC),
        end_reason="caller_hangup",
        turns=turns,
    )


def booking_call() -> Call:
    return make_call(
        "Thanks for calling Bright Smile Dental, this is Ava. How can I help?",
        "Hi, I'd like to book a cleaning. How much is it?",
        "A standard cleaning is $120. I have Thursday at ten.",
        "Thursday at ten works.",
        "You're booked for Thursday at ten a.m.",
        tools={
            3: [
                ToolCall(
                    name="check_availability", arguments={"day": "Thursday"}, result={"slots": ["10:00"]}
                )
            ],
            5: [ToolCall(name="book_appointment", arguments={"day": "Thursday"}, result={"ok": True})],
        },
    )


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


JudgeFactory = Callable[..., OpenAIJudge]


@pytest.fixture
def make_judge(server: FakeOpenAIServer) -> JudgeFactory:
    """Build a judge against the fake server. Backoff is shortened so fault tests stay fast; any
    OpenAIJudgeConfig field can be overridden."""

    def build(usage_log: list[RequestUsage] | None = None, **overrides: Any) -> OpenAIJudge:
        settings: dict[str, Any] = {
            "model": "fake-judge",
            "base_url": server.base_url,
            "api_key": "test-key",
            "timeout_seconds": 5.0,
            "backoff_base_seconds": 0.01,
            "backoff_max_seconds": 0.05,
            "on_request": usage_log.append if usage_log is not None else None,
        }
        settings.update(overrides)
        return OpenAIJudge(OpenAIJudgeConfig(**settings))

    return build
