"""`OpenAIJudge`: the production judge behind any OpenAI-compatible endpoint.

Per call: neutralise text addressed to the grader and (when enabled) redact caller data, render the
prompt once, send exactly one request per repeat (more only when a request fails and is retried),
read each answer honestly and map its quotes back to what the call said. Repeats run one after another
on the calling thread; concurrency comes from the worker's threads, bounded by the shared limiter.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import msgspec
import openai

from grading.formats import Call, FactSheet, Injection, JudgeInfo, Rule
from grading.judging import JudgeOutcome, JudgeRun
from grading.openai_judge.client import JudgeClient, UsageTally
from grading.openai_judge.config import OpenAIJudgeConfig
from grading.openai_judge.injection import find_injections
from grading.openai_judge.limiter import RequestLimiter
from grading.openai_judge.prompt import PROMPT_SHA256, render_call, render_fact_sheet, render_tool_call
from grading.openai_judge.redaction import Redactor
from grading.openai_judge.sanitised import SanitisedText, Substitution, apply_substitutions


class PreparedCall(msgspec.Struct, frozen=True, kw_only=True):
    """The call as the judge will see it: one sanitised text per turn, the sanitised tool lines under
    each turn, and the injections that were neutralised."""

    turns: list[SanitisedText]
    tool_lines: list[list[SanitisedText]]
    injections: list[Injection]


def prepare_call(call: Call, fact_sheet: FactSheet, redact: bool) -> PreparedCall:
    redactor = Redactor(fact_sheet) if redact else None
    injections: list[Injection] = []

    def sanitise(number: int, text: str) -> SanitisedText:
        found = find_injections(text)
        injections.extend(Injection(turn=number, quote=text[item.start : item.end].strip()) for item in found)
        substitutions: list[Substitution] = [*found, *(redactor.find(text) if redactor else [])]
        return apply_substitutions(text, substitutions)

    turns: list[SanitisedText] = []
    tool_lines: list[list[SanitisedText]] = []
    for number, turn in enumerate(call.turns, start=1):
        turns.append(sanitise(number, turn.text))
        tool_lines.append(
            [
                sanitise(number, render_tool_call(tool.name, tool.arguments, tool.result, tool.error))
                for tool in turn.tool_calls
            ]
        )
    return PreparedCall(turns=turns, tool_lines=tool_lines, injections=injections)


def _original_quote(turns: list[SanitisedText], turn: int | None, quote: str) -> str:
    if turn is None or not 1 <= turn <= len(turns):
        return quote
    return turns[turn - 1].original_quote(quote)


def map_quotes_back(run: JudgeRun, turns: list[SanitisedText]) -> JudgeRun:
    """The judge quoted the sent text; evidence is stored as the call said it."""
    return JudgeRun(
        dimensions=run.dimensions,
        unreadable=run.unreadable,
        goal_met=run.goal_met,
        customer_goal=run.customer_goal,
        findings=[
            msgspec.structs.replace(finding, quote=_original_quote(turns, finding.turn, finding.quote))
            for finding in run.findings
        ],
        rule_verdicts=[
            msgspec.structs.replace(
                verdict,
                quote=None if verdict.quote is None else _original_quote(turns, verdict.turn, verdict.quote),
            )
            for verdict in run.rule_verdicts
        ],
    )


class OpenAIJudge:
    """Implements `grading.judging.Judge`. Thread-safe: share one per worker so its limiter is shared."""

    def __init__(
        self,
        config: OpenAIJudgeConfig,
        client: openai.OpenAI | None = None,
        limiter: RequestLimiter | None = None,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
    ) -> None:
        if config.repeats < 1:
            raise ValueError("repeats must be at least 1")
        if config.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        self.config = config
        self._client = JudgeClient(config, client=client, limiter=limiter, sleep=sleep, rng=rng)

    @property
    def info(self) -> JudgeInfo:
        return JudgeInfo(
            kind="openai", model=self.config.model, prompt_sha256=PROMPT_SHA256, repeats=self.config.repeats
        )

    @property
    def limiter(self) -> RequestLimiter:
        return self._client.limiter

    def judge(self, call: Call, fact_sheet: FactSheet, unchecked_rules: list[Rule]) -> JudgeOutcome:
        """k repeats → k JudgeRuns; raises JudgeFailedError (with the usage so far) when any repeat
        exhausts its attempts, since a grade from fewer runs than recorded would misstate itself."""
        prepared = prepare_call(call, fact_sheet, redact=self.config.redaction_enabled)
        fact_sheet_text = render_fact_sheet(fact_sheet)
        call_text = render_call(call, prepared.turns, prepared.tool_lines, unchecked_rules)
        asked = {rule.id for rule in unchecked_rules}
        tally = UsageTally()
        runs = [
            map_quotes_back(self._client.run(fact_sheet_text, call_text, asked, tally), prepared.turns)
            for _ in range(self.config.repeats)
        ]
        return JudgeOutcome(runs=runs, usage=tally.usage, injections=prepared.injections)
