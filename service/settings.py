"""Process settings: one frozen `Settings` struct, built once at the process edge from the environment.

Contract relied on by every other part:

- `Settings` has a default for every field, so tests build it directly (`Settings(database_url=...)`)
  and never touch `os.environ`.
- `load_settings(environ)` reads `CALLGRADE_<FIELD>` (upper case) for every field, except the OpenAI
  client's own `OPENAI_BASE_URL` and `OPENAI_API_KEY`. Conversion is lax ("5" becomes 5, "true"
  becomes True); an empty value means "unset" (the default). A bad value raises `SettingsError` whose
  message is one line naming the variable and what it expects; the CLI prints it and exits 2.
- Secrets (`openai_api_key`) never appear in `repr()`, so logging a Settings is safe.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

PositiveInt = Annotated[int, Meta(ge=1)]
PositiveFloat = Annotated[float, Meta(gt=0)]

MIB = 1024 * 1024

SECRET_FIELDS = frozenset({"openai_api_key"})
"""Fields masked in repr and never logged."""

ENV_NAME_OVERRIDES = {"openai_base_url": "OPENAI_BASE_URL", "openai_api_key": "OPENAI_API_KEY"}


class SettingsError(Exception):
    """A configuration value is unusable. `str(error)` is one line naming the variable."""


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    """Everything a process needs to know about its environment. Defaults give the embedded,
    one-command setup: embedded PostgreSQL under `data_dir`, in-process broker, file blobs."""

    # Where state lives.
    database_url: str | None = None
    """PostgreSQL URL. Unset: an embedded pgserver PostgreSQL under `data_dir`/pg, kept between runs."""
    data_dir: str = ".callgrade"
    broker_url: str | None = None
    """`amqp://…` (RabbitMQ) or `redis://…`. Unset: an in-process broker with worker threads."""
    blob_url: str | None = None
    """`file:///abs/path` or `s3://bucket/prefix`. Unset: `file://` under `data_dir`/blobs."""
    s3_endpoint_url: str | None = None
    """Endpoint of an S3-compatible store (MinIO, moto, …); unset means AWS itself."""

    # HTTP API.
    host: str = "127.0.0.1"
    port: Annotated[int, Meta(ge=1, le=65535)] = 8000
    public_base_url: str | None = None
    """Base URL clients reach us at; used for webhook URLs shown to users and Twilio signatures.
    Unset: http://{host}:{port}."""
    max_body_bytes: PositiveInt = 8 * MIB
    """Request bodies above this get 413 before they are read whole (Vapi reports can be MBs)."""
    max_turns: PositiveInt = 2000
    max_turn_chars: PositiveInt = 20000
    webhook_tolerance_seconds: PositiveInt = 300
    twilio_api_base_url: str = "https://intelligence.twilio.com"

    # Work.
    worker_threads: PositiveInt = 4
    worker_metrics_port: Annotated[int, Meta(ge=0, le=65535)] = 9100
    """`callgrade worker` serves its own /metrics here (on `host`); 0 turns it off."""
    grading_max_retries: Annotated[int, Meta(ge=0)] = 5
    grading_min_backoff_ms: PositiveInt = 1000
    grading_max_backoff_ms: PositiveInt = 60_000
    outbox_poll_seconds: PositiveFloat = 1.0
    outbox_stall_seconds: PositiveFloat = 60.0

    # Judge.
    judge: Literal["rules", "openai"] = "rules"
    judge_model: str | None = None
    judge_repeats: PositiveInt = 1
    judge_max_in_flight: PositiveInt = 8
    judge_requests_per_minute: PositiveInt = 600
    judge_tokens_per_minute: PositiveInt = 1_000_000
    judge_timeout_seconds: PositiveFloat = 60.0
    judge_max_attempts: PositiveInt = 4
    judge_redact: Literal["auto", "on", "off"] = "auto"
    judge_price_table: str | None = None
    """A path to a JSON price table, or the JSON itself."""
    openai_base_url: str | None = None
    openai_api_key: str | None = None

    # Logs.
    log_level: Literal["debug", "info", "warning", "error"] = "info"
    log_json: bool | None = None
    """None: JSON when stderr is not a terminal."""

    def __repr__(self) -> str:
        parts: list[str] = []
        for name in self.__struct_fields__:
            value = getattr(self, name)
            if name in SECRET_FIELDS and value is not None:
                value = "***"
            parts.append(f"{name}={value!r}")
        return f"Settings({', '.join(parts)})"

    def __rich_repr__(self) -> Any:  # structlog/rich pretty printers use this when present
        for name in self.__struct_fields__:
            value = getattr(self, name)
            yield name, ("***" if name in SECRET_FIELDS and value is not None else value)


def env_name(field: str) -> str:
    """The environment variable that sets `field`."""
    return ENV_NAME_OVERRIDES.get(field, f"CALLGRADE_{field.upper()}")


def load_settings(environ: Mapping[str, str]) -> Settings:
    """Build Settings from an environment mapping (pass `os.environ` at the process edge).

    Raises SettingsError on the first unusable value, naming its variable.
    """
    info = msgspec.inspect.type_info(Settings)
    assert isinstance(info, msgspec.inspect.StructType)
    values: dict[str, Any] = {}
    for field in info.fields:
        name = env_name(field.name)
        raw = environ.get(name)
        if raw is None or raw.strip() == "":
            continue
        raw = raw.strip()
        if isinstance(field.type, msgspec.inspect.LiteralType):
            raw = raw.lower()  # LOG_LEVEL=INFO, JUDGE=OpenAI
        try:
            values[field.name] = msgspec.convert(raw, _field_type(field.name), strict=False)
        except msgspec.ValidationError:
            raise SettingsError(
                f"{name}={_shown(field.name, raw)} is invalid: expected {_describe(field.type)}"
            ) from None
    settings = Settings(**values)
    _check_consistency(settings)
    return settings


def _field_type(name: str) -> Any:
    return typing.get_type_hints(Settings, include_extras=True)[name]


def _shown(field: str, raw: str) -> str:
    return "***" if field in SECRET_FIELDS else repr(raw)


def _describe(t: msgspec.inspect.Type) -> str:
    """Say in words what a field accepts, for the one-line error."""
    match t:
        case msgspec.inspect.UnionType(types=types):
            described = [_describe(x) for x in types if not isinstance(x, msgspec.inspect.NoneType)]
            return " or ".join(described) + " (or empty for unset)"
        case msgspec.inspect.IntType(ge=ge, le=le, gt=gt):
            low = ge if ge is not None else (gt + 1 if gt is not None else None)
            if low is not None and le is not None:
                return f"an integer from {low} to {le}"
            if low is not None:
                return f"an integer >= {low}"
            return "an integer"
        case msgspec.inspect.FloatType(gt=gt, ge=ge):
            if gt is not None:
                return f"a number > {gt:g}"
            if ge is not None:
                return f"a number >= {ge:g}"
            return "a number"
        case msgspec.inspect.BoolType():
            return "true or false"
        case msgspec.inspect.LiteralType(values=values):
            return "one of " + ", ".join(str(v) for v in values)
        case msgspec.inspect.StrType():
            return "a string"
        case _:
            return "a valid value"


HTTP_URL_FIELDS = ("public_base_url", "twilio_api_base_url", "openai_base_url", "s3_endpoint_url")


def _check_consistency(settings: Settings) -> None:
    """Checks that span fields or need more than a type."""
    for name in HTTP_URL_FIELDS:
        value = getattr(settings, name)
        if value is not None and not value.startswith(("http://", "https://")):
            raise SettingsError(f"{env_name(name)} is invalid: expected an http:// or https:// URL")
    if settings.broker_url is not None and not settings.broker_url.startswith(
        ("amqp://", "amqps://", "redis://", "rediss://")
    ):
        raise SettingsError(
            f"{env_name('broker_url')} is invalid: expected an amqp:// or redis:// URL "
            "(or unset for in-process)"
        )
    if settings.blob_url is not None and not settings.blob_url.startswith(("file://", "s3://")):
        raise SettingsError(
            f"{env_name('blob_url')} is invalid: expected a file:// or s3://bucket/prefix URL"
        )
    if settings.database_url is not None and not settings.database_url.startswith(
        ("postgresql://", "postgres://")
    ):
        raise SettingsError(f"{env_name('database_url')} is invalid: expected a postgresql:// URL")
    if settings.grading_min_backoff_ms > settings.grading_max_backoff_ms:
        raise SettingsError(
            f"{env_name('grading_min_backoff_ms')} is invalid: expected at most "
            f"{env_name('grading_max_backoff_ms')} ({settings.grading_max_backoff_ms})"
        )
