"""Twilio Conversational Intelligence: X-Twilio-Signature (doc vector, JSON and form bodies) and the
transcript fetched over real HTTP from the loopback fake of Twilio's REST API."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from urllib.parse import urlencode

import pytest

from ingest.platforms import (
    IntegrationConfig,
    PayloadRejected,
    SignatureRejected,
    UpstreamUnavailable,
    WebhookRequest,
    validate_options,
)
from ingest.platforms import twilio as twilio_adapter
from tests.fakes.twilio_server import FakeTwilio, running_twilio_server
from tests.platforms.signing import fixture_json, twilio_json_url, twilio_signature
from tests.platforms.support import URL, accepted, at, deliver

ACCOUNT_SID = "AC0123456789abcdef0123456789abcdef"
TOKEN = "9f8e7d6c5b4a39281706f5e4d3c2b1a0"
NOW = at(datetime(2026, 3, 10, 12, 6, tzinfo=UTC).timestamp())
GT1 = "GT1a2b3c4d5e6f708192a3b4c5d6e7f809"
GT2 = "GT9f8e7d6c5b4a39281706f5e4d3c2b1a0"


def integration(secrets: list[str] | None = None, **options: object) -> IntegrationConfig:
    return IntegrationConfig(
        platform="twilio",
        secrets=secrets or [TOKEN],
        agent="fallback-agent",
        agents={"dental-frontdesk": "dental"},
        options={"account_sid": ACCOUNT_SID, **options},
    )


@pytest.fixture
def fake() -> Iterator[FakeTwilio]:
    with running_twilio_server(ACCOUNT_SID, TOKEN, page_size=2) as server:
        for name in ("transcript_dual_channel.json", "transcript_sip_trunk.json"):
            document = fixture_json("twilio", name)
            server.add_transcript(document["transcript"], document["sentences"])
        yield server


def json_delivery(name: str, token: str = TOKEN) -> tuple[bytes, dict[str, str], str]:
    body = json.dumps(fixture_json("twilio", name), indent=2).encode()
    url = twilio_json_url(URL, body)
    headers = {"X-Twilio-Signature": twilio_signature(token, url), "Content-Type": "application/json"}
    return body, headers, url


def form_delivery(name: str, token: str = TOKEN, signed_url: str = URL) -> tuple[bytes, dict[str, str]]:
    params = {k: v for k, v in fixture_json("twilio", name).items() if v is not None}
    headers = {
        "X-Twilio-Signature": twilio_signature(token, signed_url, params),
        "Content-Type": "application/x-www-form-urlencoded",
    }
    return urlencode(params).encode(), headers


def test_twilio_documentation_vector() -> None:
    url = "https://mycompany.com/myapp.php?foo=1&bar=2"
    params = {
        "CallSid": "CA1234567890ABCDE",
        "Caller": "+12349013030",
        "Digits": "1234",
        "From": "+12349013030",
        "To": "+18005551212",
    }
    text = url + "".join(name + params[name] for name in sorted(params))
    expected = base64.b64encode(hmac.new(b"12345", text.encode(), hashlib.sha1).digest()).decode()
    assert expected == "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
    assert twilio_signature("12345", url, params) == expected
    request = WebhookRequest(
        body=urlencode(params).encode(),
        headers={"x-twilio-signature": expected, "content-type": "application/x-www-form-urlencoded"},
        url=url,
    )
    assert twilio_adapter.verify(request, ["wrong", "12345"]) == "12345"
    with pytest.raises(SignatureRejected):
        twilio_adapter.verify(request, ["1234"])


def test_json_callback_fetches_all_sentence_pages_and_maps_channels(fake: FakeTwilio) -> None:
    body, headers, url = json_delivery("callback_transcript_available.json")
    outcome = accepted(
        deliver(
            body, headers, integration(agent_channel=2), now=NOW, url=url, twilio_api_base_url=fake.base_url
        )
    )
    call = outcome.call
    assert outcome.event == "voice_intelligence_transcript_available"
    assert call.source == "twilio"
    assert call.external_id == GT1
    assert call.agent == "dental"  # customer_key through the map
    assert call.started_at == datetime(2026, 3, 10, 12, 0, tzinfo=UTC)
    assert (call.ended_at - call.started_at).total_seconds() == 42
    assert call.end_reason == "other"
    assert [t.speaker for t in call.turns] == ["agent", "caller", "agent", "caller"]
    # Consecutive sentences on one channel are one utterance.
    assert call.turns[0].text == "Thank you for calling Bright Smile Dental. How can I help you today?"
    assert (call.turns[0].start_ms, call.turns[0].end_ms) == (480, 4900)
    assert (call.turns[2].start_ms, call.turns[2].end_ms) == (9800, 13400)
    assert call.metadata["source_sid"] == "RE0123456789abcdef0123456789abcdef"
    # Basic auth with the account SID; 5 sentences at page size 2 → 3 pages after the transcript.
    assert [path.split("?")[0] for _, path, _ in fake.requests] == [
        f"/v2/Transcripts/{GT1}",
        *[f"/v2/Transcripts/{GT1}/Sentences"] * 3,
    ]
    assert {user for _, _, user in fake.requests} == {ACCOUNT_SID}


def test_form_callback_uses_participant_roles_and_url_port_variant(fake: FakeTwilio) -> None:
    # Signed by Twilio over the URL with an explicit :443, delivered to the URL without it.
    signed_url = URL.replace("callgrade.example.com", "callgrade.example.com:443")
    body, headers = form_delivery("callback_transcript_available_sip.json", signed_url=signed_url)
    call = accepted(deliver(body, headers, integration(), now=NOW, twilio_api_base_url=fake.base_url)).call
    assert call.external_id == GT2
    assert call.agent == "fallback-agent"
    # No agent_channel option: the transcript's participants say the agent is on channel 1 (SIP trunk).
    assert [t.speaker for t in call.turns] == ["agent", "caller", "agent", "caller"]
    assert call.turns[0].text.startswith("Good morning")
    assert call.turns[2].text == "Let me see. Friday at two works. Shall I book it?"
    assert call.metadata["agent_channel"] == 1


def test_next_page_urls_never_redirect_credentials(fake: FakeTwilio) -> None:
    fake.public_base_url = "https://intelligence.twilio.com"  # what real next_page_url values name
    body, headers, url = json_delivery("callback_transcript_available.json")
    call = accepted(
        deliver(body, headers, integration(), now=NOW, url=url, twilio_api_base_url=fake.base_url)
    ).call
    assert len(call.turns) == 4
    assert len(fake.requests) == 4  # every page was fetched from the configured base, with credentials


def test_bad_credentials_at_twilio_raise_upstream_unavailable(fake: FakeTwilio) -> None:
    old_token = "00000000000000000000000000000000"
    body, headers, url = json_delivery("callback_transcript_available.json", token=old_token)
    with pytest.raises(UpstreamUnavailable, match="credentials"):
        deliver(body, headers, integration([old_token]), now=NOW, url=url, twilio_api_base_url=fake.base_url)
    assert fake.requests == [("GET", f"/v2/Transcripts/{GT1}", ACCOUNT_SID)]


def test_server_down_or_failing_raises_upstream_unavailable(fake: FakeTwilio) -> None:
    body, headers, url = json_delivery("callback_transcript_available.json")
    with running_twilio_server(ACCOUNT_SID, TOKEN) as stopped:
        closed = stopped.base_url
    with pytest.raises(UpstreamUnavailable, match="unreachable"):
        deliver(body, headers, integration(), now=NOW, url=url, twilio_api_base_url=closed)
    fake.fail_with = 503
    with pytest.raises(UpstreamUnavailable, match="503"):
        deliver(body, headers, integration(), now=NOW, url=url, twilio_api_base_url=fake.base_url)


def test_unknown_or_unfinished_transcript(fake: FakeTwilio) -> None:
    document = fixture_json("twilio", "callback_transcript_available.json")
    document["transcript_sid"] = "GT" + "0" * 32
    body = json.dumps(document).encode()
    url = twilio_json_url(URL, body)
    headers = {"x-twilio-signature": twilio_signature(TOKEN, url), "content-type": "application/json"}
    with pytest.raises(PayloadRejected) as caught:
        deliver(body, headers, integration(), now=NOW, url=url, twilio_api_base_url=fake.base_url)
    assert caught.value.field == "transcript_sid"
    fake.transcripts[GT1]["status"] = "in-progress"
    body, headers, url = json_delivery("callback_transcript_available.json")
    with pytest.raises(UpstreamUnavailable, match="not completed"):
        deliver(body, headers, integration(), now=NOW, url=url, twilio_api_base_url=fake.base_url)
    fake.transcripts[GT1]["status"] = "failed"  # retrying would never help: acknowledged, ignored
    outcome = deliver(body, headers, integration(), now=NOW, url=url, twilio_api_base_url=fake.base_url)
    assert not hasattr(outcome, "call")
    assert "failed" in getattr(outcome, "reason", "")


def test_callback_for_another_account_is_rejected(fake: FakeTwilio) -> None:
    document = fixture_json("twilio", "callback_transcript_available.json")
    document["account_sid"] = "AC" + "f" * 32
    body = json.dumps(document).encode()
    url = twilio_json_url(URL, body)
    headers = {"x-twilio-signature": twilio_signature(TOKEN, url), "content-type": "application/json"}
    with pytest.raises(PayloadRejected) as caught:
        deliver(body, headers, integration(), now=NOW, url=url, twilio_api_base_url=fake.base_url)
    assert caught.value.field == "account_sid"
    assert fake.requests == []


def test_other_event_types_are_ignored_without_fetching(fake: FakeTwilio) -> None:
    document = {**fixture_json("twilio", "callback_transcript_available.json"), "event_type": "other_event"}
    body = json.dumps(document, indent=2).encode()
    url = twilio_json_url(URL, body)
    headers = {"x-twilio-signature": twilio_signature(TOKEN, url), "content-type": "application/json"}
    outcome = deliver(body, headers, integration(), now=NOW, url=url, twilio_api_base_url=fake.base_url)
    assert outcome.event == "other_event"
    assert not hasattr(outcome, "call")
    assert fake.requests == []


def test_rejected_signatures_fetch_nothing(fake: FakeTwilio) -> None:
    body, headers, url = json_delivery("callback_transcript_available.json")
    cases = [
        (body, {"content-type": "application/json"}, url),  # missing
        (body, {**headers, "X-Twilio-Signature": twilio_signature("wrong", url)}, url),  # wrong token
        (body.replace(GT1.encode(), GT2.encode()), headers, url),  # tampered: body hash no longer matches
        (
            body,
            {**headers, "X-Twilio-Signature": twilio_signature(TOKEN, URL)},
            URL,
        ),  # JSON without bodySHA256
    ]
    form_body, form_headers = form_delivery("callback_transcript_available.json")
    cases.append((form_body.replace(b"dental-frontdesk", b"other-agent"), form_headers, URL))  # tampered form
    for case_body, case_headers, case_url in cases:
        with pytest.raises(SignatureRejected):
            deliver(
                case_body,
                case_headers,
                integration(),
                now=NOW,
                url=case_url,
                twilio_api_base_url=fake.base_url,
            )
    assert fake.requests == []


def test_rotation_fetches_with_the_token_that_verified(fake: FakeTwilio) -> None:
    body, headers, url = json_delivery("callback_transcript_available.json")
    rotating = integration(["11111111111111111111111111111111", TOKEN])
    assert accepted(deliver(body, headers, rotating, now=NOW, url=url, twilio_api_base_url=fake.base_url))


def test_webhook_rule_hmac_sha256(fake: FakeTwilio) -> None:
    body = json.dumps(fixture_json("twilio", "callback_transcript_available.json"), indent=2).encode()
    url = twilio_json_url(URL, body)
    digest = base64.b64encode(hmac.new(TOKEN.encode(), url.encode(), hashlib.sha256).digest()).decode()
    headers = {
        "x-twilio-signature": digest,
        "x-twilio-webhooks-signature-settings": "key=KS01,algorithm=HMAC_SHA256",
        "content-type": "application/json",
    }
    assert accepted(
        deliver(body, headers, integration(), now=NOW, url=url, twilio_api_base_url=fake.base_url)
    )


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({}, "options.account_sid"),
        ({"account_sid": "AC123"}, "options.account_sid"),
        ({"account_sid": ACCOUNT_SID, "agent_channel": 3}, "options.agent_channel"),
        ({"account_sid": ACCOUNT_SID, "agent_channel": True}, "options.agent_channel"),
        ({"account_sid": ACCOUNT_SID, "region": "ie1"}, "options.region"),
    ],
)
def test_bad_options_are_named(options: dict[str, object], field: str) -> None:
    with pytest.raises(PayloadRejected) as caught:
        validate_options("twilio", options, [TOKEN])
    assert caught.value.field == field
