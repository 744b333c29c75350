"""The request limiter one worker's threads share: a bound on requests in flight, and token buckets for
requests per minute and tokens per minute, plus a shared pause when the server says "retry after".

Buckets hold at most one minute's allowance and refill continuously, which is how hosted endpoints
count. Token use is debited up front from an estimate and settled against the server's reported usage
afterwards, so a long run tracks what was really spent. An estimate larger than a whole minute's
allowance is clamped to it, otherwise such a call could never start.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator
from contextlib import contextmanager

_RECHECK_SECONDS = 0.25


class _Bucket:
    """Continuous refill at `per_minute / 60` per second, capacity `per_minute`. Not locked itself:
    the limiter's condition guards it. The level may go negative after a settle; it then refills."""

    def __init__(self, per_minute: int, now: float) -> None:
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self.level = self.capacity
        self.updated = now

    def refill(self, now: float) -> None:
        self.level = min(self.capacity, self.level + (now - self.updated) * self.rate)
        self.updated = now

    def wait_for(self, amount: float) -> float:
        """Seconds until `amount` is available (0 when it is)."""
        needed = min(amount, self.capacity) - self.level
        return 0.0 if needed <= 0 else needed / self.rate


class RequestLimiter:
    """Thread-safe. Use `with limiter.slot(estimated_tokens) as ticket:` around one HTTP request, and
    `ticket.settle(actual_tokens)` once the usage is known."""

    def __init__(
        self,
        max_in_flight: int,
        requests_per_minute: int | None = None,
        tokens_per_minute: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if max_in_flight < 1:
            raise ValueError("max_in_flight must be at least 1")
        self._clock = clock
        now = clock()
        self._max_in_flight = max_in_flight
        self._in_flight = 0
        self._requests = _Bucket(requests_per_minute, now) if requests_per_minute else None
        self._tokens = _Bucket(tokens_per_minute, now) if tokens_per_minute else None
        self._paused_until = 0.0
        self._condition = threading.Condition()
        self.peak_in_flight = 0

    @property
    def max_in_flight(self) -> int:
        return self._max_in_flight

    def pause(self, seconds: float) -> None:
        """Hold every new request for `seconds`: a 429 with Retry-After speaks for the whole account,
        not just the thread that got it."""
        with self._condition:
            self._paused_until = max(self._paused_until, self._clock() + seconds)

    @contextmanager
    def slot(self, estimated_tokens: int) -> Generator[_Ticket]:
        self._acquire(estimated_tokens)
        ticket = _Ticket(self, estimated_tokens)
        try:
            yield ticket
        finally:
            with self._condition:
                self._in_flight -= 1
                self._condition.notify_all()

    def _acquire(self, estimated_tokens: int) -> None:
        with self._condition:
            while True:
                now = self._clock()
                wait = max(0.0, self._paused_until - now)
                if self._requests is not None:
                    self._requests.refill(now)
                    wait = max(wait, self._requests.wait_for(1))
                if self._tokens is not None:
                    self._tokens.refill(now)
                    wait = max(wait, self._tokens.wait_for(estimated_tokens))
                if wait == 0.0 and self._in_flight < self._max_in_flight:
                    break
                # A finished request notifies; a bucket or pause needs the clock to move, and is
                # re-checked at least every _RECHECK_SECONDS so an injected clock is followed too.
                self._condition.wait(timeout=min(wait, _RECHECK_SECONDS) if wait > 0 else None)
            self._in_flight += 1
            self.peak_in_flight = max(self.peak_in_flight, self._in_flight)
            if self._requests is not None:
                self._requests.level -= 1
            if self._tokens is not None:
                self._tokens.level -= min(estimated_tokens, self._tokens.capacity)

    def _settle(self, estimated_tokens: int, actual_tokens: int) -> None:
        if self._tokens is None:
            return
        with self._condition:
            self._tokens.refill(self._clock())
            self._tokens.level -= actual_tokens - min(estimated_tokens, self._tokens.capacity)
            self._condition.notify_all()


class _Ticket:
    def __init__(self, limiter: RequestLimiter, estimated_tokens: int) -> None:
        self._limiter = limiter
        self._estimated = estimated_tokens
        self._settled = False

    def settle(self, actual_tokens: int) -> None:
        """Correct the up-front estimate with what the server reported (once)."""
        if not self._settled:
            self._settled = True
            self._limiter._settle(self._estimated, actual_tokens)  # pyright: ignore[reportPrivateUsage]
