"""One judge request with its retries: the only retry layer between us and the endpoint.

The `openai` client's own retries are off (max_retries=0). Transient faults (timeouts, refused or
dropped connections, 408/409/429/5xx, a body or answer that is not readable JSON, empty choices) are
retried up to `max_attempts` times with exponential backoff and full jitter (an answer cut off at
the output limit is retried with twice the limit, up to four times the configured one); a Retry-After (or
retry-after-ms) header replaces the backoff and also pauses the shared limiter, since a 429 speaks for
the whole account. Permanent faults (401, 403, 404, other 4xx) fail at once. A 400 that rejects the
json_schema response format switches this judge to JSON mode for good and retries without spending an
attempt. Every HTTP request is reported through `on_request` and counted in the usage, failed or not.
Token counts come from the server; when it reports none they are estimated (4 characters a token).
"""

from __future__ import annotations

import email.utils
import random
import threading
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any, cast

import openai

from grading.formats import JudgeUsage
from grading.judging import JudgeFailedError, JudgeRun
from grading.openai_judge.config import OpenAIJudgeConfig, RequestOutcome, RequestUsage
from grading.openai_judge.limiter import RequestLimiter
from grading.openai_judge.parse import MalformedAnswerError, parse_answer
from grading.openai_judge.prompt import build_messages, estimate_tokens
from grading.openai_judge.schema import JSON_MODE_RESPONSE_FORMAT, STRUCTURED_RESPONSE_FORMAT

RETRYABLE_STATUS = frozenset({408, 409, 429})


class _TransientError(Exception):
    def __init__(self, kind: str, retry_after: float | None = None) -> None:
        super().__init__(kind)
        self.kind = kind
        self.retry_after = retry_after


MAX_OUTPUT_GROWTH = 4


class _PermanentError(Exception):
    pass


def retry_after_seconds(headers: Mapping[str, str]) -> float | None:
    """Seconds the server asked us to wait, from retry-after-ms or Retry-After (seconds or a date)."""
    milliseconds = headers.get("retry-after-ms")
    if milliseconds is not None:
        try:
            return max(0.0, float(milliseconds) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


def _rejects_max_tokens(error: openai.APIStatusError) -> bool:
    text = f"{error.param or ''} {error.message}".lower()
    return "max_tokens" in text and "max_completion_tokens" in text


def _rejects_schema(error: openai.APIStatusError) -> bool:
    text = f"{error.param or ''} {error.message} {error.body!r}".lower()
    return "json_schema" in text or "response_format" in text


class UsageTally:
    """Usage summed over the requests of one call (all repeats and retries). One per judge() call."""

    def __init__(self) -> None:
        self.usage = JudgeUsage()
        self._priced = True

    def add(self, record: RequestUsage) -> None:
        usage = self.usage
        usage.requests += 1
        usage.input_tokens += record.input_tokens
        usage.output_tokens += record.output_tokens
        usage.cached_tokens += record.cached_tokens
        usage.latency_ms += record.latency_seconds * 1000
        if record.cost_usd is None:
            self._priced = self._priced and record.input_tokens == 0 and record.output_tokens == 0
        else:
            usage.cost_usd = (usage.cost_usd or 0.0) + record.cost_usd
        if not self._priced:
            usage.cost_usd = None


class JudgeClient:
    """Sends the requests of one judge. Thread-safe; share one per worker process."""

    def __init__(
        self,
        config: OpenAIJudgeConfig,
        client: openai.OpenAI | None = None,
        limiter: RequestLimiter | None = None,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
    ) -> None:
        self.config = config
        # One retry layer: ours. A client handed in gets its own retries turned off too.
        self.client = (
            client.with_options(max_retries=0, timeout=config.timeout_seconds)
            if client is not None
            else openai.OpenAI(
                api_key=config.api_key,
                base_url=config.base_url,
                timeout=config.timeout_seconds,
                max_retries=0,
            )
        )
        self.limiter = limiter or RequestLimiter(
            config.max_in_flight, config.requests_per_minute, config.tokens_per_minute
        )
        self._sleep = sleep
        self._rng = rng or random.Random()
        self._rng_lock = threading.Lock()
        self._json_mode = False
        # Most OpenAI-compatible servers read max_tokens; OpenAI's reasoning models want
        # max_completion_tokens and say so with a 400, after which this judge uses it for good.
        self._limit_parameter = "max_tokens"

    @property
    def json_mode(self) -> bool:
        return self._json_mode

    def run(
        self, fact_sheet_text: str, call_text: str, asked_rule_ids: set[str], tally: UsageTally
    ) -> JudgeRun:
        """One repeat: attempts until a readable answer, or JudgeFailedError after `max_attempts`."""
        attempt = 0
        last_fault = "no attempt made"
        output_limit = self.config.max_output_tokens
        while attempt < self.config.max_attempts:
            attempt += 1
            json_mode = self._json_mode
            messages = build_messages(fact_sheet_text, call_text, json_mode)
            try:
                return self._attempt(messages, json_mode, asked_rule_ids, tally, output_limit)
            except _PermanentError as error:
                raise JudgeFailedError(
                    f"judge request failed permanently: {error}", usage=tally.usage
                ) from error
            except _SchemaRejectedError:
                self._json_mode = True
                attempt -= 1  # the server told us what it speaks; that costs no attempt
                continue
            except _LimitParameterRejectedError:
                self._limit_parameter = "max_completion_tokens"
                attempt -= 1
                continue
            except _TransientError as error:
                last_fault = error.kind
                if error.kind == "truncated_answer":
                    # At temperature 0 the same limit cuts the same answer: give it more room.
                    output_limit = min(output_limit * 2, self.config.max_output_tokens * MAX_OUTPUT_GROWTH)
                if attempt >= self.config.max_attempts:
                    break
                self._sleep(self._delay(attempt, error.retry_after))
        raise JudgeFailedError(
            f"judge failed after {self.config.max_attempts} attempts; last fault: {last_fault}",
            usage=tally.usage,
        )

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            wait = min(retry_after, self.config.retry_after_max_seconds)
            self.limiter.pause(wait)
            return wait
        ceiling = min(self.config.backoff_max_seconds, self.config.backoff_base_seconds * 2 ** (attempt - 1))
        with self._rng_lock:
            return self._rng.uniform(ceiling / 2, ceiling)

    def _attempt(
        self,
        messages: list[dict[str, str]],
        json_mode: bool,
        asked_rule_ids: set[str],
        tally: UsageTally,
        output_limit: int,
    ) -> JudgeRun:
        prompt_estimate = sum(estimate_tokens(message["content"]) for message in messages)
        response_format = JSON_MODE_RESPONSE_FORMAT if json_mode else STRUCTURED_RESPONSE_FORMAT
        with self.limiter.slot(prompt_estimate + output_limit) as ticket:
            started = time.monotonic()
            try:
                options: dict[str, Any] = {
                    "model": self.config.model,
                    "messages": messages,
                    "temperature": self.config.temperature,
                    "response_format": response_format,
                    self._limit_parameter: output_limit,
                }
                create: Any = self.client.chat.completions.create  # its overloads do not take **options
                completion: Any = create(**options)
            except openai.APITimeoutError as error:
                self._report(tally, started, "retried", error="timeout")
                ticket.settle(prompt_estimate)
                raise _TransientError("timeout") from error
            except openai.APIConnectionError as error:
                self._report(tally, started, "retried", error="connection")
                ticket.settle(0)
                raise _TransientError("connection") from error
            except openai.APIStatusError as error:
                status = error.status_code
                ticket.settle(0)
                if status == 400 and self._limit_parameter == "max_tokens" and _rejects_max_tokens(error):
                    self._report(tally, started, "retried", error="max_tokens_rejected")
                    raise _LimitParameterRejectedError from error
                if status == 400 and not json_mode and _rejects_schema(error):
                    self._report(tally, started, "retried", error="schema_rejected")
                    raise _SchemaRejectedError from error
                if status in RETRYABLE_STATUS or status >= 500:
                    self._report(tally, started, "retried", error=f"http_{status}")
                    raise _TransientError(
                        f"http_{status}", retry_after_seconds(error.response.headers)
                    ) from error
                self._report(tally, started, "failed", error=f"http_{status}")
                raise _PermanentError(f"HTTP {status}: {error.message}") from error
            except (openai.APIResponseValidationError, ValueError) as error:
                # A 200 whose body is not the JSON it claims to be (cut off, garbled): the client
                # raises a validation error or the JSON decoder's ValueError.
                self._report(tally, started, "retried", error="malformed_body")
                ticket.settle(prompt_estimate)
                raise _TransientError("malformed_body") from error
            latency = time.monotonic() - started
            input_tokens, output_tokens, cached_tokens = _usage(completion, prompt_estimate)
            ticket.settle(input_tokens + output_tokens)
            choices: Any = getattr(completion, "choices", None)
            if not isinstance(choices, list) or not choices:
                self._report(
                    tally,
                    started,
                    "retried",
                    input_tokens,
                    output_tokens,
                    cached_tokens,
                    latency,
                    error="empty_choices",
                )
                raise _TransientError("empty_choices")
            first_choice: Any = cast(list[Any], choices)[0]
            content: Any = getattr(getattr(first_choice, "message", None), "content", None)
            try:
                run = parse_answer(content if isinstance(content, str) else None, asked_rule_ids)
            except MalformedAnswerError as error:
                cut_off = getattr(first_choice, "finish_reason", None) == "length"
                kind = "truncated_answer" if cut_off else "malformed_answer"
                self._report(
                    tally, started, "retried", input_tokens, output_tokens, cached_tokens, latency, error=kind
                )
                raise _TransientError(kind) from error
            self._report(tally, started, "ok", input_tokens, output_tokens, cached_tokens, latency)
            return run

    def _report(
        self,
        tally: UsageTally,
        started: float,
        outcome: RequestOutcome,
        input_tokens: int = 0,
        output_tokens: int = 0,
        cached_tokens: int = 0,
        latency: float | None = None,
        error: str | None = None,
    ) -> None:
        price = self.config.price()
        record = RequestUsage(
            model=self.config.model,
            outcome=outcome,
            latency_seconds=latency if latency is not None else time.monotonic() - started,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            cached_tokens=cached_tokens,
            cost_usd=price.cost_usd(input_tokens, output_tokens, cached_tokens) if price else None,
            error=error,
        )
        tally.add(record)
        if self.config.on_request is not None:
            self.config.on_request(record)


class _SchemaRejectedError(Exception):
    pass


class _LimitParameterRejectedError(Exception):
    pass


def _usage(completion: Any, prompt_estimate: int) -> tuple[int, int, int]:
    usage: Any = getattr(completion, "usage", None)
    if usage is None:
        choices: Any = getattr(completion, "choices", None)
        first: Any = cast(list[Any], choices)[0] if isinstance(choices, list) and choices else None
        content: Any = getattr(getattr(first, "message", None), "content", None)
        return prompt_estimate, estimate_tokens(content if isinstance(content, str) else ""), 0
    details: Any = getattr(usage, "prompt_tokens_details", None)
    cached: Any = getattr(details, "cached_tokens", None) if details is not None else None
    return (
        int(getattr(usage, "prompt_tokens", 0) or 0),
        int(getattr(usage, "completion_tokens", 0) or 0),
        int(cached or 0),
    )
