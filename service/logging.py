"""Structured logging: structlog configured once per process, a request id on every line, no secrets.

- `configure_logging(settings)` sets structlog (and the stdlib root logger, so uvicorn, dramatiq and
  psycopg lines come out the same way): JSON lines when stderr is not a terminal (or
  `CALLGRADE_LOG_JSON=true`), coloured key/value lines on a terminal.
- `request_id_var` holds the id of the request being served; `bind_request_id()` sets it; every log
  line emitted while it is set carries `request_id=…`. The HTTP middleware (service.app) takes the
  id from an incoming `X-Request-ID` (if it is sane) or makes one, and echoes it in the response.
- `redact_secrets` is a processor that masks values whose key names a secret (authorization,
  api keys, signatures, passwords, tokens, secrets) and anything that looks like one of our API keys
  (`cg_…`) or a bearer token inside a string. It runs on every event, so a careless
  `log.info("x", headers=headers)` still leaks nothing.
- `log_request_served(...)` writes the access line of one HTTP request (service.app). In JSON mode
  it builds the line itself, with the same fields, redaction and request id as a structlog line,
  and writes it to our handler's stream: the processor chain and a stdlib LogRecord per request
  cost as much CPU as the webhook's database insert. On a terminal (or when our handler is not the
  one configured) it goes through structlog like any other line. Nothing is built when the level
  is disabled.
"""

from __future__ import annotations

import contextvars
import logging
import os
import re
import sys
import time
from collections.abc import Mapping, MutableMapping
from datetime import UTC, datetime
from typing import Any

import msgspec
import structlog

from service.settings import Settings

request_id_var: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "callgrade_request_id", default=None
)

SECRET_KEY_PATTERN = re.compile(
    r"(authorization|api[_-]?key|apikey|secret|signature|password|passwd|token|cookie|x-vapi-secret|"
    r"x-twilio-signature|x-retell-signature|elevenlabs-signature|webhook-signature|credential)",
    re.IGNORECASE,
)
"""A key whose name matches is masked whatever its value. `*_tokens` counts (judge token usage)
are numbers and are exempted below."""

SECRET_VALUE_PATTERN = re.compile(
    r"(cg_[A-Za-z0-9_\-]{8,}|Bearer\s+[A-Za-z0-9._~+/=\-]+|sk-[A-Za-z0-9_\-]{8,}"
    r"|(?i:password|passwd|secret|api[_-]?key|token|signature)=[^\s&,;]+)"
)
"""Secrets inside free text: our keys, bearer tokens, OpenAI-style keys, `name=value` pairs."""
SECRET_VALUE_MARKERS = ("cg_", "Bearer", "sk-", "=")
"""Every match of SECRET_VALUE_PATTERN contains one of these: text without any cannot hold a secret,
and skips the pattern (a search costs microseconds; the access line of every request pays it)."""
REDACTED = "[redacted]"

_REQUEST_ID_OK = re.compile(r"^[A-Za-z0-9._:\-]{1,128}$")


def current_request_id() -> str | None:
    return request_id_var.get()


def new_request_id(incoming: str | None = None) -> str:
    """Accept a caller's X-Request-ID when it is short and plain (so ids correlate across a proxy),
    else make a fresh one; a hostile header cannot inject into logs."""
    if incoming and _REQUEST_ID_OK.match(incoming):
        return incoming
    return os.urandom(16).hex()  # 32 hex digits, as uuid4().hex was, without building a UUID


def redact_text(text: str) -> str:
    """`text` with anything shaped like a secret masked."""
    if any(marker in text for marker in SECRET_VALUE_MARKERS):
        return SECRET_VALUE_PATTERN.sub(REDACTED, text)
    return text


def redact_value(key: str, value: Any) -> Any:
    if isinstance(value, bool | int | float) or value is None:
        return value
    if SECRET_KEY_PATTERN.search(key):
        return REDACTED
    if isinstance(value, str):
        return redact_text(value)
    if isinstance(value, Mapping):
        mapping: Mapping[Any, Any] = value  # pyright: ignore[reportUnknownVariableType]
        return {k: redact_value(str(k), v) for k, v in mapping.items()}
    if isinstance(value, list | tuple):
        items: list[Any] | tuple[Any, ...] = value  # pyright: ignore[reportUnknownVariableType]
        return [redact_value(key, v) for v in items]
    return value


def redact_secrets(
    _logger: Any, _method: str, event_dict: MutableMapping[str, Any]
) -> MutableMapping[str, Any]:
    """structlog processor: mask secrets anywhere in the event."""
    for key in list(event_dict.keys()):
        if key in ("exc_info", "exception", "stack"):
            continue
        event_dict[key] = redact_value(key, event_dict[key])
    return event_dict


def add_request_id(
    _logger: Any, _method: str, event_dict: MutableMapping[str, Any]
) -> MutableMapping[str, Any]:
    request_id = request_id_var.get()
    if request_id is not None and "request_id" not in event_dict:
        event_dict["request_id"] = request_id
    return event_dict


ACCESS_LOGGER = "service.app"
ACCESS_EVENT = "http.request_served"

_access_log = logging.getLogger(ACCESS_LOGGER)
_json_handler: logging.StreamHandler[Any] | None = None
"""Our handler when it renders JSON (set by configure_logging): the access line's fast path."""


def log_request_served(
    *, method: str, path: str, route: str, status: int, duration_ms: float, quiet: bool = False
) -> None:
    """The access line of one request, at info (debug when `quiet`), carrying the request id."""
    level = logging.DEBUG if quiet else logging.INFO
    if not _access_log.isEnabledFor(level):
        return
    handler = _json_handler
    if handler is None or level < handler.level or handler not in logging.root.handlers:
        structlog.get_logger(ACCESS_LOGGER).log(
            level, ACCESS_EVENT, method=method, path=path, route=route, status=status, duration_ms=duration_ms
        )
        return
    event: dict[str, Any] = {
        "method": method,
        "path": redact_text(path),
        "route": route,
        "status": status,
        "duration_ms": duration_ms,
        "event": ACCESS_EVENT,
    }
    bound = structlog.contextvars.get_contextvars()
    if bound:
        event.update({k: redact_value(k, v) for k, v in bound.items() if k not in event})
    request_id = request_id_var.get()
    if request_id is not None and "request_id" not in event:
        event["request_id"] = request_id
    event["level"] = "debug" if quiet else "info"
    event["logger"] = ACCESS_LOGGER
    event["timestamp"] = utc_timestamp()
    line = msgspec.json.encode(event).decode() + handler.terminator
    handler.acquire()
    try:
        handler.stream.write(line)
        handler.flush()
    except Exception:
        handler.handleError(logging.makeLogRecord({"msg": ACCESS_EVENT}))
    finally:
        handler.release()


_second_prefix: tuple[int, str] = (0, "")


def utc_timestamp() -> str:
    """Now as ISO 8601 UTC with microseconds (`2026-11-30T00:42:01.123456Z`), the same text as
    structlog's TimeStamper; the date-and-second prefix is formatted once per second."""
    global _second_prefix
    now = time.time()
    second = int(now)
    if _second_prefix[0] != second:
        _second_prefix = (second, datetime.fromtimestamp(second, UTC).strftime("%Y-%m-%dT%H:%M:%S"))
    return f"{_second_prefix[1]}.{int((now - second) * 1_000_000):06d}Z"


def configure_logging(settings: Settings, *, stream: Any = None) -> None:
    """Configure structlog and stdlib logging for this process. Idempotent (safe to call twice)."""
    out = stream if stream is not None else sys.stderr
    use_json = settings.log_json if settings.log_json is not None else not _isatty(out)
    level = getattr(logging, settings.log_level.upper())
    shared: list[Any] = [
        structlog.contextvars.merge_contextvars,
        add_request_id,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        redact_secrets,
    ]
    renderer: Any = (
        structlog.processors.JSONRenderer()
        if use_json
        else structlog.dev.ConsoleRenderer(colors=_isatty(out))
    )
    final: list[Any] = [structlog.processors.format_exc_info] if use_json else []
    structlog.configure(
        processors=[*shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=False,
    )
    formatter = structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=shared,
        processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, *final, renderer],
    )
    global _json_handler
    handler = logging.StreamHandler(out)
    handler.setFormatter(formatter)
    _json_handler = handler if use_json else None
    handler.set_name("callgrade")
    root = logging.getLogger()
    for existing in list(root.handlers):
        if existing.get_name() == "callgrade":
            root.removeHandler(existing)
    root.addHandler(handler)
    root.setLevel(level)
    # Our own access log line (service.app) replaces uvicorn's, which would lack the request id.
    logging.getLogger("uvicorn.access").disabled = True
    for noisy in ("pgserver", "pika", "botocore", "boto3", "urllib3", "httpx", "httpcore"):
        logging.getLogger(noisy).setLevel(max(level, logging.WARNING))


def _isatty(stream: Any) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())
