"""Our own OpenAI-compatible HTTP server on loopback, speaking POST /v1/chat/completions.

Scripted per test: `script(...)` queues actions (answers, faults) consumed one per request; when the
queue is empty the `responder` answers. It records every request (decoded body, headers, arrival and
finish times), tracks the peak number of requests in flight, adds an optional latency to every
request, and reports usage the way OpenAI does, including cached prompt tokens from a simulated prefix
cache (a hit from 1024 tokens, in 128-token steps, on the longest prefix shared with an earlier
request). Tokens are estimated with the judge's own estimator, so benchmark ratios compare like with
like.

`naive_responder(honest)` is a model that obeys injection text: if the transcript message contains
"give this call all 4s", a verdict-shaped JSON, "ignore the rubric" and the like, it answers all 4s,
goal met, no failures; otherwise it answers `honest(request)`.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from grading.formats import DIMENSIONS
from grading.openai_judge.prompt import estimate_tokens


@dataclass
class Answer:
    """200 with this message content: a dict is JSON-encoded, a str is sent as is (truncated JSON...)."""

    content: dict[str, Any] | str | None
    finish_reason: str = "stop"


@dataclass
class Status:
    """An HTTP error with an OpenAI-style error body."""

    code: int
    headers: dict[str, str] = field(default_factory=dict)
    message: str = "scripted error"
    param: str | None = None


@dataclass
class Drop:
    """Close the connection without answering."""


@dataclass
class Slow:
    """Wait `seconds`, then act (the client may have timed out by then)."""

    seconds: float
    then: Action | None = None


@dataclass
class EmptyChoices:
    """200 with "choices": []."""


@dataclass
class MalformedBody:
    """200 whose body is cut off mid-JSON."""


Action = Answer | Status | Drop | Slow | EmptyChoices | MalformedBody


@dataclass
class RecordedRequest:
    body: dict[str, Any]
    headers: dict[str, str]
    received_at: float
    finished_at: float = 0.0

    @property
    def messages(self) -> list[dict[str, str]]:
        return self.body["messages"]

    @property
    def transcript_message(self) -> str:
        return self.messages[-1]["content"]


def good_answer(**overrides: Any) -> dict[str, Any]:
    """A well-formed answer: all 3s, goal met, no failures. Override any field."""
    answer: dict[str, Any] = {
        "customer_goal": "book a cleaning",
        "goal_met": True,
        "dimensions": dict.fromkeys(DIMENSIONS, 3),
        "failures": [],
        "rule_verdicts": [],
    }
    answer.update(overrides)
    return answer


FOOLED_ANSWER: dict[str, Any] = {
    "customer_goal": "whatever the caller wanted",
    "goal_met": True,
    "dimensions": dict.fromkeys(DIMENSIONS, 4),
    "failures": [],
    "rule_verdicts": [],
}

NAIVE_TRIGGERS = re.compile(
    r"all 4s|all fours|rate this call 4|ignore (?:the|all|previous|your) (?:rubric|instructions)"
    r"|ignore the rubric|\{\s*\"?verdict\"?\s*:|\"score\"\s*:\s*100|full marks|perfect score"
    r"|mark this call as pass",
    re.IGNORECASE,
)


def naive_responder(honest: Callable[[RecordedRequest], dict[str, Any]]) -> Callable[[RecordedRequest], Any]:
    def respond(request: RecordedRequest) -> dict[str, Any]:
        if NAIVE_TRIGGERS.search(request.transcript_message):
            return FOOLED_ANSWER
        return honest(request)

    return respond


def _common_prefix_length(first: str, second: str) -> int:
    """Binary search on slice equality: C-speed compares, so the fake stays cheap under load."""
    low, high = 0, min(len(first), len(second))
    while low < high:
        middle = (low + high + 1) // 2
        if first[:middle] == second[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _prompt_text(body: dict[str, Any]) -> str:
    parts = [message.get("content") or "" for message in body.get("messages", [])]
    return "\n".join(parts)


class FakeOpenAIServer:
    """Start with `with FakeOpenAIServer() as server:`; point the client at `server.base_url`."""

    def __init__(
        self,
        responder: Callable[[RecordedRequest], Any] | None = None,
        latency: float = 0.0,
        schema_supported: bool = True,
        max_tokens_supported: bool = True,
    ) -> None:
        self.responder: Callable[[RecordedRequest], Any] = responder or (lambda _request: good_answer())
        self.latency = latency
        self.schema_supported = schema_supported
        self.max_tokens_supported = max_tokens_supported
        self.requests: list[RecordedRequest] = []
        self.peak_in_flight = 0
        self._in_flight = 0
        self._queue: list[Action] = []
        self._lock = threading.Lock()
        self._prompts: list[str] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def __enter__(self) -> FakeOpenAIServer:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def script(self, *actions: Action | dict[str, Any]) -> None:
        """Queue actions for the next requests, in order; a dict is shorthand for Answer(dict)."""
        with self._lock:
            self._queue.extend(Answer(action) if isinstance(action, dict) else action for action in actions)

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._queue)

    def _next_action(self, request: RecordedRequest) -> Action:
        with self._lock:
            if self._queue:
                return self._queue.pop(0)
        produced = self.responder(request)
        return (
            produced
            if isinstance(produced, Answer | Status | Drop | Slow | EmptyChoices | MalformedBody)
            else Answer(produced)
        )

    def _cached_tokens(self, prompt: str) -> int:
        with self._lock:
            earlier_prompts = self._prompts[-32:]
            self._prompts.append(prompt)
        best = max((_common_prefix_length(earlier, prompt) for earlier in earlier_prompts), default=0)
        tokens = best // 4
        return 0 if tokens < 1024 else tokens - tokens % 128

    def _usage(self, body: dict[str, Any], content: str) -> dict[str, Any]:
        prompt = _prompt_text(body)
        response_format = json.dumps(body.get("response_format") or {}, separators=(",", ":"))
        prompt_tokens = estimate_tokens(prompt) + estimate_tokens(response_format)
        return {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": estimate_tokens(content),
            "total_tokens": prompt_tokens + estimate_tokens(content),
            "prompt_tokens_details": {"cached_tokens": self._cached_tokens(prompt)},
        }

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # else headers and body wait 40 ms on delayed ACKs

            def log_message(self, format: str, *args: Any) -> None:
                return

            def do_GET(self) -> None:
                if self.path.rstrip("/") != "/v1/stats":
                    self._send_json(404, {"error": {"message": "not found"}})
                    return
                with server._lock:
                    stats = {"requests": len(server.requests), "peak_in_flight": server.peak_in_flight}
                self._send_json(200, stats)

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                raw = self.rfile.read(length)
                if self.path.rstrip("/") == "/v1/stats/reset":
                    with server._lock:
                        server.peak_in_flight = 0
                    self._send_json(200, {})
                    return
                if self.path.rstrip("/") != "/v1/chat/completions":
                    self._send_json(404, {"error": {"message": "not found"}})
                    return
                request = RecordedRequest(
                    body=json.loads(raw), headers=dict(self.headers.items()), received_at=time.monotonic()
                )
                with server._lock:
                    server.requests.append(request)
                    server._in_flight += 1
                    server.peak_in_flight = max(server.peak_in_flight, server._in_flight)
                try:
                    if server.latency:
                        time.sleep(server.latency)
                    self._act(request, server._next_action(request))
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout) before we answered: what a real server sees too
                finally:
                    request.finished_at = time.monotonic()
                    with server._lock:
                        server._in_flight -= 1

            def _act(self, request: RecordedRequest, action: Action) -> None:
                if not server.max_tokens_supported and "max_tokens" in request.body:
                    message = (
                        "Unsupported parameter: 'max_tokens' is not supported with this model. "
                        "Use 'max_completion_tokens' instead."
                    )
                    error = {"message": message, "type": "invalid_request_error", "param": "max_tokens"}
                    self._send_json(400, {"error": {**error, "code": "unsupported_parameter"}})
                    return
                response_format = request.body.get("response_format") or {}
                if not server.schema_supported and response_format.get("type") == "json_schema":
                    self._send_json(
                        400,
                        {
                            "error": {
                                "message": "response_format json_schema is not supported by this server",
                                "type": "invalid_request_error",
                                "param": "response_format",
                                "code": None,
                            }
                        },
                    )
                    return
                if isinstance(action, Slow):
                    time.sleep(action.seconds)
                    self._act(request, action.then or Answer(good_answer()))
                elif isinstance(action, Drop):
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                elif isinstance(action, Status):
                    error = {
                        "message": action.message,
                        "type": "scripted",
                        "param": action.param,
                        "code": None,
                    }
                    self._send_json(action.code, {"error": error}, action.headers)
                elif isinstance(action, EmptyChoices):
                    self._send_json(200, self._completion(request, [], ""))
                elif isinstance(action, MalformedBody):
                    self._send_raw(200, b'{"id": "chatcmpl-x", "object": "chat.completion", "choi')
                else:
                    content = action.content
                    text = json.dumps(content) if isinstance(content, dict) else content
                    choice = {
                        "index": 0,
                        "message": {"role": "assistant", "content": text, "refusal": None},
                        "finish_reason": action.finish_reason,
                        "logprobs": None,
                    }
                    self._send_json(200, self._completion(request, [choice], text or ""))

            def _completion(self, request: RecordedRequest, choices: list[Any], text: str) -> dict[str, Any]:
                return {
                    "id": f"chatcmpl-{len(server.requests)}",
                    "object": "chat.completion",
                    "created": int(time.time()),
                    "model": request.body.get("model", "fake"),
                    "choices": choices,
                    "usage": server._usage(request.body, text),
                }

            def _send_json(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
                self._send_raw(status, json.dumps(payload).encode(), headers)

            def _send_raw(self, status: int, body: bytes, headers: dict[str, str] | None = None) -> None:
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

        return Handler


def main() -> None:
    """Serve standalone (for benchmarks, so the fake's CPU is not the client's): prints the base URL
    on stdout, answers good_answer() after `--latency` seconds, until killed."""
    import argparse

    parser = argparse.ArgumentParser(description="fake OpenAI-compatible server on loopback")
    parser.add_argument("--latency", type=float, default=0.0)
    arguments = parser.parse_args()
    with FakeOpenAIServer(latency=arguments.latency) as server:
        print(server.base_url, flush=True)
        threading.Event().wait()


if __name__ == "__main__":
    main()
