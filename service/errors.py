"""The error tree of the API and the one handler that renders every error as RFC 9457 problem+json.

Raise a `ProblemError` subclass from a handler (or anything it calls) to answer with that status:

    raise InvalidInput("turns[3].speaker", "must be agent or caller")
    raise NotFound("call not found")

The body is always `application/problem+json`:

    {"type": "https://callgrade.dev/problems/invalid-input", "title": "Invalid input", "status": 422,
     "detail": "...", "instance": "/v1/calls", "request_id": "...", "field": "turns[3].speaker",
     "errors": [{"field": "turns[3].speaker", "message": "..."}]}

`type` slugs are stable: clients may branch on them. Litestar's own exceptions (validation, 404 of
an unknown route, 405, 413 from the body limit) are translated into the same shape, with msgspec's
"at `$.turns[0].speaker`" turned into the field `turns[0].speaker`. A database that cannot be
reached (no pool connection in time, or a connection lost under the request) is a retryable 503
with `Retry-After`. Anything else is a 500 with a
generic detail and the request id, never a trace; 5xx are logged with the trace, 4xx are not logged
as errors.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec
import psycopg
import structlog
from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from psycopg_pool import PoolTimeout

from service.logging import current_request_id

PROBLEM_BASE = "https://callgrade.dev/problems/"
PROBLEM_MEDIA_TYPE = "application/problem+json"

log = structlog.get_logger("service.errors")


class FieldError(msgspec.Struct, kw_only=True):
    field: str | None
    message: str


class Problem(msgspec.Struct, kw_only=True, omit_defaults=True):
    """The RFC 9457 body every error response carries (documented in the OpenAPI schema)."""

    type: str
    title: str
    status: int
    detail: str | None = None
    instance: str | None = None
    request_id: str | None = None
    field: str | None = None
    errors: list[FieldError] | None = None


class ProblemError(Exception):
    """Base of the tree. `slug` becomes the `type` URI; `status` the HTTP status."""

    status: int = 500
    slug: str = "internal-error"
    title: str = "Internal server error"

    def __init__(
        self,
        detail: str | None = None,
        *,
        field: str | None = None,
        errors: list[FieldError] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(detail or self.title)
        self.detail = detail
        self.field = field
        self.errors = errors
        self.headers = headers or {}

    @property
    def type_uri(self) -> str:
        return PROBLEM_BASE + self.slug


class BadRequest(ProblemError):
    status = 400
    slug = "bad-request"
    title = "Bad request"


class Unauthorized(ProblemError):
    status = 401
    slug = "unauthorized"
    title = "Missing or invalid API key"

    def __init__(self, detail: str | None = None) -> None:
        super().__init__(detail, headers={"WWW-Authenticate": 'Bearer realm="callgrade"'})


class Forbidden(ProblemError):
    status = 403
    slug = "forbidden"
    title = "The API key lacks a required scope"


class NotFound(ProblemError):
    status = 404
    slug = "not-found"
    title = "Not found"


class MethodNotAllowed(ProblemError):
    status = 405
    slug = "method-not-allowed"
    title = "Method not allowed"


class Conflict(ProblemError):
    status = 409
    slug = "conflict"
    title = "Conflict"


class PayloadTooLarge(ProblemError):
    status = 413
    slug = "payload-too-large"
    title = "Request body too large"


class UnsupportedMediaType(ProblemError):
    status = 415
    slug = "unsupported-media-type"
    title = "Unsupported media type"


class InvalidInput(ProblemError):
    """422: the request was well-formed but a field is wrong. Names the field (dotted/indexed path
    such as `turns[3].speaker`)."""

    status = 422
    slug = "invalid-input"
    title = "Invalid input"

    def __init__(self, field: str | None, detail: str, *, errors: list[FieldError] | None = None) -> None:
        super().__init__(
            detail,
            field=field,
            errors=errors if errors is not None else [FieldError(field=field, message=detail)],
        )


class ServiceUnavailable(ProblemError):
    status = 503
    slug = "unavailable"
    title = "Service unavailable"


class OtherStatus(ProblemError):
    """An HTTP status raised by the framework that has no class of its own (e.g. 429 from a
    middleware); slug and title come from the status phrase."""

    def __init__(self, status: int, detail: str | None = None) -> None:
        super().__init__(detail)
        phrase = _default_phrase(status) or f"HTTP {status}"
        self.status = status
        self.slug = re.sub(r"[^a-z0-9]+", "-", phrase.lower()).strip("-")
        self.title = phrase


_STATUS_CLASSES: dict[int, type[ProblemError]] = {
    cls.status: cls
    for cls in (
        BadRequest,
        Unauthorized,
        Forbidden,
        NotFound,
        MethodNotAllowed,
        Conflict,
        PayloadTooLarge,
        UnsupportedMediaType,
        ServiceUnavailable,
    )
}

_UNKNOWN_FIELD = re.compile(r"(?:unknown|missing required) field `([^`]*)`")
_MSGSPEC_PATH = re.compile(r"\s*-\s*at\s*`\$\.?([^`]*)`")


def field_from_msgspec(message: str) -> tuple[str | None, str]:
    """Split msgspec's "Expected `str`, got `int` - at `$.turns[0].speaker`" into
    ("turns[0].speaker", "Expected `str`, got `int`")."""
    match = _MSGSPEC_PATH.search(message)
    if match is None:
        return None, message
    field = match.group(1) or None
    text = message[: match.start()].strip()
    unknown = _UNKNOWN_FIELD.search(text)
    if unknown is not None:  # "Object contains unknown field `x`" names the parent; name x itself
        field = f"{field}.{unknown.group(1)}" if field else unknown.group(1)
    return field, text


def problem_from_validation(exc: ValidationException) -> ProblemError:
    """Litestar's ValidationException (body, query, path) as a 422 naming the field."""
    errors: list[FieldError] = []
    extra: Any = exc.extra
    if isinstance(extra, list):
        for item in extra:  # pyright: ignore[reportUnknownVariableType]
            if not isinstance(item, dict):
                continue
            message = str(item.get("message", ""))  # pyright: ignore[reportUnknownMemberType,reportUnknownArgumentType]
            field, message = field_from_msgspec(message)
            key = item.get("key")  # pyright: ignore[reportUnknownMemberType,reportUnknownVariableType]
            if field is None and isinstance(key, str) and key not in ("data", "body"):
                field = key.removeprefix("data.")
            unknown = _UNKNOWN_FIELD.search(message)
            if unknown is not None and (field is None or not field.endswith(unknown.group(1))):
                field = f"{field}.{unknown.group(1)}" if field else unknown.group(1)
            errors.append(FieldError(field=field, message=message))
    if not errors:
        field, message = field_from_msgspec(str(exc.detail))
        errors.append(FieldError(field=field, message=message))
    if (
        errors
        and errors[0].field is None
        and errors[0].message.startswith(("JSON is malformed", "Input data"))
    ):
        return BadRequest(f"the body is not valid JSON: {errors[0].message}")
    first = errors[0]
    detail = f"{first.field}: {first.message}" if first.field else first.message
    return InvalidInput(first.field, detail, errors=errors)


def to_problem_error(exc: Exception) -> ProblemError:
    """Translate any exception reaching the app boundary into our tree."""
    if isinstance(exc, ProblemError):
        return exc
    if isinstance(exc, ValidationException):
        return problem_from_validation(exc)
    if isinstance(exc, HTTPException):
        status = exc.status_code
        cls = _STATUS_CLASSES.get(status)
        if cls is Unauthorized:
            return Unauthorized(exc.detail)
        if cls is not None:
            return cls(exc.detail if exc.detail and exc.detail != _default_phrase(status) else None)
        if 400 <= status < 600 and status != 500:
            return OtherStatus(status, exc.detail if exc.detail != _default_phrase(status) else None)
    if isinstance(exc, PoolTimeout | psycopg.OperationalError):
        # Every database connection is busy, the database is unreachable, or the connection broke
        # under the request (a database restart; the pool discards it): a retryable 503.
        return ServiceUnavailable(
            "the database is busy or unreachable; retry shortly", headers={"Retry-After": "5"}
        )
    return ProblemError()


def _default_phrase(status: int) -> str:
    from http import HTTPStatus

    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return ""


def render_problem(request: Request[Any, Any, Any], exc: Exception) -> Response[bytes]:
    """The single exception handler registered on the app for `Exception`."""
    status, headers, body = problem_document(exc, method=request.method, path=request.url.path)
    return Response(content=body, status_code=status, media_type=PROBLEM_MEDIA_TYPE, headers=headers)


def problem_document(exc: Exception, *, method: str, path: str) -> tuple[int, dict[str, str], bytes]:
    """The status, headers and problem+json body answering `exc` (5xx logged with the trace): what
    `render_problem` sends, shared with the one route served in front of Litestar's router
    (`ingest.webhooks`)."""
    problem = to_problem_error(exc)
    request_id = current_request_id()
    if problem.status >= 500:
        log.error("http.request_failed", method=method, path=path, status=problem.status, exc_info=exc)
    body = Problem(
        type=problem.type_uri,
        title=problem.title,
        status=problem.status,
        detail=(
            problem.detail
            if problem.status < 500 or type(problem) is not ProblemError
            else f"An internal error occurred; quote request id {request_id} when reporting it."
        ),
        instance=path,
        request_id=request_id,
        field=problem.field,
        errors=problem.errors,
    )
    headers = dict(problem.headers)
    if exc is not problem and isinstance(exc, HTTPException) and exc.headers:
        headers.update(exc.headers)
    return problem.status, headers, msgspec.json.encode(body)


__all__ = [
    "PROBLEM_BASE",
    "PROBLEM_MEDIA_TYPE",
    "BadRequest",
    "Conflict",
    "FieldError",
    "Forbidden",
    "InvalidInput",
    "NotFound",
    "PayloadTooLarge",
    "Problem",
    "ProblemError",
    "ServiceUnavailable",
    "Unauthorized",
    "UnsupportedMediaType",
    "field_from_msgspec",
    "problem_document",
    "render_problem",
]
