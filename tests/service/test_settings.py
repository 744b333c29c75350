"""Settings from an environment mapping: lax conversion, defaults, one-line errors, secrets hidden."""

from __future__ import annotations

import pytest

from service.settings import Settings, SettingsError, env_name, load_settings


def test_defaults_give_the_embedded_setup() -> None:
    settings = load_settings({})
    assert settings == Settings()
    assert settings.database_url is None
    assert settings.broker_url is None
    assert settings.blob_url is None
    assert settings.data_dir == ".callgrade"
    assert settings.max_body_bytes == 8 * 1024 * 1024
    assert settings.judge == "rules"


def test_values_are_converted_laxly_and_empty_means_unset() -> None:
    settings = load_settings(
        {
            "CALLGRADE_PORT": "9000",
            "CALLGRADE_LOG_JSON": "true",
            "CALLGRADE_OUTBOX_POLL_SECONDS": "0.5",
            "CALLGRADE_BROKER_URL": "redis://127.0.0.1:6379/0",
            "CALLGRADE_DATABASE_URL": "",
            "CALLGRADE_JUDGE": "openai",
            "CALLGRADE_JUDGE_MODEL": "gpt-4o-mini",
            "OPENAI_BASE_URL": "http://127.0.0.1:1/v1",
            "OPENAI_API_KEY": "sk-test-secret",
            "UNRELATED": "ignored",
        }
    )
    assert settings.port == 9000
    assert settings.log_json is True
    assert settings.outbox_poll_seconds == 0.5
    assert settings.database_url is None
    assert settings.openai_base_url == "http://127.0.0.1:1/v1"
    assert settings.openai_api_key == "sk-test-secret"
    assert "sk-test-secret" not in repr(settings)
    assert "openai_api_key='***'" in repr(settings)


def test_choices_are_case_insensitive() -> None:
    settings = load_settings({"CALLGRADE_LOG_LEVEL": "INFO", "CALLGRADE_JUDGE": "Rules"})
    assert settings.log_level == "info"
    assert settings.judge == "rules"


def test_every_field_has_a_documented_variable() -> None:
    names = {env_name(field) for field in Settings.__struct_fields__}
    assert "CALLGRADE_DATABASE_URL" in names
    assert "OPENAI_API_KEY" in names
    assert all(n.startswith(("CALLGRADE_", "OPENAI_")) for n in names)


@pytest.mark.parametrize(
    ("environ", "variable", "expects"),
    [
        ({"CALLGRADE_PORT": "70000"}, "CALLGRADE_PORT", "an integer from 1 to 65535"),
        ({"CALLGRADE_MAX_BODY_BYTES": "lots"}, "CALLGRADE_MAX_BODY_BYTES", "an integer >= 1"),
        ({"CALLGRADE_JUDGE_REDACT": "maybe"}, "CALLGRADE_JUDGE_REDACT", "one of auto, off, on"),
        ({"CALLGRADE_OUTBOX_STALL_SECONDS": "0"}, "CALLGRADE_OUTBOX_STALL_SECONDS", "a number > 0"),
        ({"CALLGRADE_BLOB_URL": "ftp://x"}, "CALLGRADE_BLOB_URL", "file:// or s3://"),
        ({"CALLGRADE_DATABASE_URL": "mysql://x"}, "CALLGRADE_DATABASE_URL", "postgresql://"),
        (
            {"CALLGRADE_PUBLIC_BASE_URL": "callgrade.example"},
            "CALLGRADE_PUBLIC_BASE_URL",
            "http:// or https://",
        ),
        ({"OPENAI_BASE_URL": "localhost:8080"}, "OPENAI_BASE_URL", "http:// or https://"),
        (
            {"CALLGRADE_GRADING_MIN_BACKOFF_MS": "5000", "CALLGRADE_GRADING_MAX_BACKOFF_MS": "10"},
            "CALLGRADE_GRADING_MIN_BACKOFF_MS",
            "at most CALLGRADE_GRADING_MAX_BACKOFF_MS",
        ),
    ],
)
def test_bad_values_name_the_variable_in_one_line(
    environ: dict[str, str], variable: str, expects: str
) -> None:
    with pytest.raises(SettingsError) as caught:
        load_settings(environ)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(variable)
    assert expects in message


def test_a_bad_secret_is_not_echoed() -> None:
    # OPENAI_API_KEY takes any string, so force an error through a field that shows values.
    with pytest.raises(SettingsError) as caught:
        load_settings({"OPENAI_API_KEY": "sk-abc", "CALLGRADE_PORT": "x"})
    assert "sk-abc" not in str(caught.value)
