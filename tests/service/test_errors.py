"""Translating framework and decoder errors into our problem tree (pure; the HTTP shape is covered
over real HTTP in test_auth_routes.py)."""

from __future__ import annotations

import pytest
from litestar.exceptions import HTTPException, ValidationException
from psycopg_pool import PoolTimeout

from service.errors import (
    BadRequest,
    InvalidInput,
    NotFound,
    ServiceUnavailable,
    field_from_msgspec,
    to_problem_error,
)


@pytest.mark.parametrize(
    ("message", "field", "text"),
    [
        (
            "Expected `str`, got `int` - at `$.turns[0].speaker`",
            "turns[0].speaker",
            "Expected `str`, got `int`",
        ),
        (
            "Object missing required field `agent` - at `$.call`",
            "call.agent",
            "Object missing required field `agent`",
        ),
        ("Object contains unknown field `extra`", None, "Object contains unknown field `extra`"),
        ("Expected `object`, got `array` - at `$`", None, "Expected `object`, got `array`"),
    ],
)
def test_msgspec_paths_become_fields(message: str, field: str | None, text: str) -> None:
    assert field_from_msgspec(message) == (field, text)


def test_validation_exception_names_the_nested_field() -> None:
    exc = ValidationException(
        detail="Validation failed for POST /v1/calls",
        extra=[
            {
                "message": "Invalid enum value 'robot' - at `$.turns[3].speaker`",
                "key": "data",
                "source": "body",
            }
        ],
    )
    problem = to_problem_error(exc)
    assert isinstance(problem, InvalidInput)
    assert problem.field == "turns[3].speaker"
    assert problem.status == 422


def test_malformed_json_is_a_bad_request() -> None:
    exc = ValidationException(
        extra=[{"message": "JSON is malformed: invalid character (byte 12)", "key": "data"}]
    )
    assert isinstance(to_problem_error(exc), BadRequest)


def test_framework_statuses_keep_their_status() -> None:
    assert isinstance(to_problem_error(HTTPException(status_code=404)), NotFound)
    throttled = to_problem_error(HTTPException(status_code=429, detail="slow down"))
    assert throttled.status == 429
    assert throttled.type_uri == "https://callgrade.dev/problems/too-many-requests"
    assert throttled.detail == "slow down"


def test_pool_timeout_is_retryable_503_and_anything_else_is_500() -> None:
    busy = to_problem_error(PoolTimeout("no connection"))
    assert isinstance(busy, ServiceUnavailable)
    assert busy.headers["Retry-After"] == "5"
    assert to_problem_error(RuntimeError("boom")).status == 500
