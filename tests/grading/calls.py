"""Small builders for calls and fact sheets used by the grading tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from grading.formats import Call, Fact, FactSheet, Failure, Rule, ToolCall, Turn

START = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)


def call(
    *lines: tuple[str, str] | tuple[str, str, list[ToolCall]], end_reason: Any = "caller_hangup"
) -> Call:
    """A call from (speaker, text[, tool_calls]) lines; speaker "a" is the agent, "c" the caller."""
    turns: list[Turn] = []
    for line in lines:
        speaker = "agent" if line[0] == "a" else "caller"
        tools = line[2] if len(line) == 3 else []
        turns.append(Turn(speaker=speaker, text=line[1], tool_calls=tools))
    return Call(
        external_id="test",
        source="api",
        agent="dental-frontdesk",
        started_at=START,
        ended_at=START + timedelta(minutes=3),
        end_reason=end_reason,
        turns=turns,
    )


def dental_sheet(rules: list[Rule] | None = None, forbidden: list[str] | None = None) -> FactSheet:
    return FactSheet(
        agent="dental-frontdesk",
        business="Bright Smile Dental",
        facts=[
            Fact(id="price-cleaning", topic="price", statement="A standard cleaning costs $120."),
            Fact(id="price-whitening", topic="price", statement="In-office teeth whitening costs $350."),
            Fact(id="hours-weekday", topic="hours", statement="Open Monday to Friday, 8 am to 6 pm."),
            Fact(id="hours-saturday", topic="hours", statement="Open Saturday 9 am to 1 pm; closed Sunday."),
            Fact(
                id="location",
                topic="location",
                statement="The office is at 210 Elm Street, next to the library.",
            ),
            Fact(id="phone", topic="contact", statement="The office phone number is (217) 555-0142."),
            Fact(
                id="insurance", topic="policy", statement="We accept Delta Dental, Cigna and Aetna PPO plans."
            ),
        ],
        rules=rules or [],
        scope="appointments, prices, hours, insurance, location",
        handoff="Transfer to a person when the caller asks for one or describes an emergency.",
        forbidden_phrases=forbidden or [],
    )


def business(name: str, facts: list[tuple[str, str]], rules: list[Rule], scope: str) -> FactSheet:
    """A fact sheet of policy facts and the given rules, for the policy rule-shape tests."""
    return FactSheet(
        agent=name.lower().replace(" ", "-"),
        business=name,
        facts=[Fact(id=fact_id, topic="policy", statement=statement) for fact_id, statement in facts],
        rules=rules,
        scope=scope,
        handoff="Transfer to a person when the caller asks for one.",
    )


def breaches(failures: list[Failure], rule: str) -> list[int]:
    """The turns of the policy breaches of `rule`."""
    return [failure.turn for failure in failures if failure.tag == "policy_breach" and failure.ref == rule]
