"""Native webhooks end to end through the real HTTP route: every adapter signed exactly as its
platform signs (tests/platforms/signing.py), stored with its raw body in the blob store, graded by the
in-process worker; bad, stale and tampered signatures rejected with nothing stored; duplicates and
concurrent identical deliveries absorbed into one call and one grade."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import psycopg
import pytest

from service.settings import Settings
from tests.conftest import LiveServer
from tests.fakes.twilio_server import FakeTwilio, running_twilio_server
from tests.ingest.conftest import AGENT, Tenant, approved_fact_sheet, count_rows, wait_until
from tests.platforms.signing import (
    bland_signature,
    elevenlabs_signature,
    fixture_bytes,
    fixture_json,
    retell_signature,
    standard_signature,
    twilio_json_url,
    twilio_signature,
    vapi_hmac_headers,
)

VAPI_SECRET = "vapi-hmac-secret-4f9a1c"
RETELL_KEY = "key_3f9c1b7e0a2d4c6e8f1a3b5c"
ELEVENLABS_SECRET = "wsec_8d1f3a5c7e9b2d4f6a8c0e1f3a5c7e9b"
BLAND_SECRET = "bland_whsec_5e7a9c1d3f5b7d9e"
STANDARD_SECRET = "whsec_Y2FsbGdyYWRlLXN0YW5kYXJkLXdlYmhvb2sta2V5ISE="
TWILIO_SID = "AC0123456789abcdef0123456789abcdef"
TWILIO_TOKEN = "9f8e7d6c5b4a39281706f5e4d3c2b1a0"

Signer = Callable[[str, bytes, str, int], dict[str, str]]
"""(secret, body, url, unix seconds) → headers, as the platform would send them."""


def sign_vapi(secret: str, body: bytes, url: str, now: int) -> dict[str, str]:
    return vapi_hmac_headers(secret, body, now)


def sign_retell(secret: str, body: bytes, url: str, now: int) -> dict[str, str]:
    return {
        "X-Retell-Signature": retell_signature(secret, body, now * 1000),
        "Content-Type": "application/json",
    }


def sign_elevenlabs(secret: str, body: bytes, url: str, now: int) -> dict[str, str]:
    return {
        "ElevenLabs-Signature": elevenlabs_signature(secret, body, now),
        "Content-Type": "application/json",
    }


def sign_bland(secret: str, body: bytes, url: str, now: int) -> dict[str, str]:
    del now  # Bland signs no timestamp
    return {"X-Webhook-Signature": bland_signature(secret, body), "Content-Type": "application/json"}


def sign_standard(secret: str, body: bytes, url: str, now: int) -> dict[str, str]:
    webhook_id = "msg_" + uuid.uuid4().hex
    return {
        "webhook-id": webhook_id,
        "webhook-timestamp": str(now),
        "webhook-signature": standard_signature(secret, webhook_id, now, body),
        "Content-Type": "application/json",
    }


class Platform(msgspec.Struct, kw_only=True):
    name: str
    secret: str
    fixtures: list[str]
    sign: Signer
    stale_matters: bool
    options: dict[str, Any] = {}


PLATFORMS = [
    Platform(
        name="vapi",
        secret=VAPI_SECRET,
        fixtures=["end_of_call_report_booking.json", "end_of_call_report_transfer.json"],
        sign=sign_vapi,
        stale_matters=True,
    ),
    Platform(
        name="retell",
        secret=RETELL_KEY,
        fixtures=["call_ended_booking.json", "call_ended_transfer.json"],
        sign=sign_retell,
        stale_matters=True,
    ),
    Platform(
        name="elevenlabs",
        secret=ELEVENLABS_SECRET,
        fixtures=["post_call_transcription_hours.json", "post_call_transcription_transfer.json"],
        sign=sign_elevenlabs,
        stale_matters=True,
    ),
    Platform(
        name="bland",
        secret=BLAND_SECRET,
        fixtures=["post_call_pathway.json", "post_call_transfer.json"],
        sign=sign_bland,
        stale_matters=False,
    ),
    Platform(
        name="standard",
        secret=STANDARD_SECRET,
        fixtures=["call_bare.json", "call_envelope.json"],
        sign=sign_standard,
        stale_matters=True,
    ),
]


def blob_files(settings: Settings) -> list[Path]:
    assert settings.blob_url is not None
    root = Path(settings.blob_url.removeprefix("file://"))
    return (
        [p for p in root.rglob("*") if p.is_file() and not p.name.startswith(".tmp-")]
        if root.exists()
        else []
    )


def create_integration(
    admin: httpx.Client, platform: str, secrets: list[str], **extra: Any
) -> dict[str, Any]:
    response = admin.post(
        "/v1/integrations", json={"platform": platform, "secrets": secrets, "agent": AGENT, **extra}
    )
    assert response.status_code == 201, response.text
    return response.json()


def blob_root(settings: Settings) -> Path:
    assert settings.blob_url is not None
    return Path(settings.blob_url.removeprefix("file://"))


def call_ids(database_url: str) -> list[str]:
    with psycopg.connect(database_url) as conn:
        return [str(row[0]) for row in conn.execute("select id from calls").fetchall()]


def view_blob_key(client: httpx.Client, call_id: str) -> str:
    return str(client.get(f"/v1/calls/{call_id}").json()["blob_key"])


def graded(client: httpx.Client, call_id: str) -> dict[str, Any] | None:
    body = client.get(f"/v1/calls/{call_id}").json()
    return body if body["status"] == "graded" else None


def webhook_count(server: LiveServer, platform: str, outcome: str) -> float:
    value = server.metrics.registry.get_sample_value(
        "callgrade_webhooks_total", {"platform": platform, "outcome": outcome}
    )
    return value or 0.0


@pytest.fixture
def tenant(live_server: LiveServer, make_tenant: Callable[..., Tenant]) -> Tenant:
    return make_tenant(live_server.url)


@pytest.mark.parametrize("platform", PLATFORMS, ids=[p.name for p in PLATFORMS])
def test_adapter_end_to_end_with_rejections_that_store_nothing(
    platform: Platform, tenant: Tenant, live_server: LiveServer, database_url: str
) -> None:
    admin = tenant.client("admin")
    approved_fact_sheet(admin)
    # The standard envelope fixture names its own agent "pc-bot": rename it to ours.
    agents = {"pc-bot": AGENT} if platform.name == "standard" else {}
    integration = create_integration(admin, platform.name, [platform.secret], agents=agents)
    url = integration["url"]
    assert url == f"{live_server.url}/v1/webhooks/{integration['id']}"
    assert platform.secret not in json.dumps(integration)  # secrets are never returned
    now = int(time.time())

    for name in platform.fixtures:
        body = fixture_bytes(platform.name, name)
        # Rejections first, so "nothing stored" is about a call that would otherwise be new.
        other_secret = platform.secret[:-4] + ("AAAA" if not platform.secret.endswith("AAAA") else "BBBB")
        wrong_key = httpx.post(url, content=body, headers=platform.sign(other_secret, body, url, now))
        tampered_body = body.replace(b'"', b' "', 1)
        tampered = httpx.post(
            url, content=tampered_body, headers=platform.sign(platform.secret, body, url, now)
        )
        unsigned = httpx.post(url, content=body, headers={"Content-Type": "application/json"})
        rejected = [wrong_key, tampered, unsigned]
        if platform.stale_matters:
            stale = platform.sign(platform.secret, body, url, now - 3600)
            rejected.append(httpx.post(url, content=body, headers=stale))
        for response in rejected:
            assert response.status_code == 401, (name, rejected.index(response), response.text)
            assert response.json()["type"].endswith("/bad-signature")
        assert count_rows(database_url, "calls") == platform.fixtures.index(name)
        assert len(blob_files(live_server.settings)) == platform.fixtures.index(name)

        accepted = httpx.post(url, content=body, headers=platform.sign(platform.secret, body, url, now))
        assert accepted.status_code == 202, (name, accepted.text)
        call_id = accepted.json()["id"]
        view = wait_until(lambda call_id=call_id: graded(admin, call_id), what=f"{name} graded")
        assert view["call"]["source"] == platform.name
        assert view["call"]["agent"] == AGENT
        assert view["integration_id"] == integration["id"]
        # The raw body, byte for byte as received, under a key naming the tenant and the call.
        assert view["blob_key"].startswith(f"raw/{tenant.id}/")
        assert f"/{call_id}-" in view["blob_key"]
        assert live_server.blobs.get(view["blob_key"]) == body

        again = httpx.post(url, content=body, headers=platform.sign(platform.secret, body, url, now))
        assert again.status_code == 200
        assert again.json()["id"] == call_id
        assert again.json()["duplicate"] is True

    assert count_rows(database_url, "calls") == len(platform.fixtures)
    assert count_rows(database_url, "grades") == len(platform.fixtures)
    # One raw body per call: each repeat's own blob was deleted once the insert found the call.
    stored_keys = {view_blob_key(admin, call_id) for call_id in call_ids(database_url)}
    assert {
        str(path.relative_to(blob_root(live_server.settings))) for path in blob_files(live_server.settings)
    } == stored_keys
    assert webhook_count(live_server, platform.name, "accepted") == len(platform.fixtures)
    assert webhook_count(live_server, platform.name, "duplicate") == len(platform.fixtures)
    assert webhook_count(live_server, platform.name, "bad_signature") >= 3 * len(platform.fixtures)


@pytest.fixture
def twilio() -> Iterator[FakeTwilio]:
    with running_twilio_server(TWILIO_SID, TWILIO_TOKEN, page_size=2) as server:
        for name in ("transcript_dual_channel.json", "transcript_sip_trunk.json"):
            document = fixture_json("twilio", name)
            server.add_transcript(document["transcript"], document["sentences"])
        yield server


def test_twilio_transcript_is_fetched_from_its_rest_api_and_graded(
    twilio: FakeTwilio,
    settings: Settings,
    start_live_server: Callable[..., LiveServer],
    make_tenant: Callable[..., Tenant],
    database_url: str,
) -> None:
    server = start_live_server(msgspec.structs.replace(settings, twilio_api_base_url=twilio.base_url))
    tenant = make_tenant(server.url)
    admin = tenant.client("admin")
    approved_fact_sheet(admin)
    integration = create_integration(admin, "twilio", [TWILIO_TOKEN], options={"account_sid": TWILIO_SID})
    body = fixture_bytes("twilio", "callback_transcript_available.json")
    signed_url = twilio_json_url(integration["url"], body)

    forged = httpx.post(
        signed_url,
        content=body,
        headers={
            "X-Twilio-Signature": twilio_signature("wrong-token", signed_url),
            "Content-Type": "application/json",
        },
    )
    assert forged.status_code == 401
    assert twilio.requests == []  # nothing fetched for an unverified callback
    assert count_rows(database_url, "calls") == 0

    headers = {
        "X-Twilio-Signature": twilio_signature(TWILIO_TOKEN, signed_url),
        "Content-Type": "application/json",
    }
    accepted = httpx.post(signed_url, content=body, headers=headers)
    assert accepted.status_code == 202, accepted.text
    view = wait_until(lambda: graded(admin, accepted.json()["id"]), what="twilio call graded")
    assert view["call"]["source"] == "twilio"
    assert len(view["call"]["turns"]) > 0
    assert any(path.startswith("/v2/Transcripts/") for _, path, _ in twilio.requests)

    twilio.fail_with = 503  # Twilio down: 503 so Twilio delivers again, nothing stored
    other = fixture_bytes("twilio", "callback_transcript_available_sip.json")
    other_url = twilio_json_url(integration["url"], other)
    unavailable = httpx.post(
        other_url,
        content=other,
        headers={
            "X-Twilio-Signature": twilio_signature(TWILIO_TOKEN, other_url),
            "Content-Type": "application/json",
        },
    )
    assert unavailable.status_code == 503
    assert count_rows(database_url, "calls") == 1

    twilio.fail_with = None  # Twilio back: the platform's redelivery is accepted
    again = httpx.post(
        other_url,
        content=other,
        headers={
            "X-Twilio-Signature": twilio_signature(TWILIO_TOKEN, other_url),
            "Content-Type": "application/json",
        },
    )
    assert again.status_code == 202, again.text
    wait_until(lambda: graded(admin, again.json()["id"]), what="the second twilio call graded")
    assert count_rows(database_url, "grades") == 2


RETELL_ANALYSIS = {
    "summary": "The caller booked a checkup on Friday at 2 pm.",
    "call_successful": True,
    "user_sentiment": "Positive",
    "in_voicemail": False,
    "custom_analysis_data": {"appointment_booked": True},
}
"""What call_analyzed_booking.json's `call_analysis` becomes in the call's metadata."""


def deliver_retell(url: str, name: str) -> httpx.Response:
    body = fixture_bytes("retell", name)
    return httpx.post(url, content=body, headers=sign_retell(RETELL_KEY, body, url, int(time.time())))


def test_retell_call_analyzed_after_the_grade_adds_its_analysis_without_regrading(
    tenant: Tenant, database_url: str, live_server: LiveServer
) -> None:
    admin = tenant.client("admin")
    approved_fact_sheet(admin)
    url = create_integration(admin, "retell", [RETELL_KEY])["url"]
    ended = deliver_retell(url, "call_ended_booking.json")
    assert ended.status_code == 202, ended.text
    call_id = ended.json()["id"]
    before = wait_until(lambda: graded(admin, call_id), what="graded")
    assert "summary" not in before["call"]["metadata"]

    analyzed = deliver_retell(url, "call_analyzed_booking.json")
    assert analyzed.status_code == 200, analyzed.text
    assert analyzed.json() == {"status": "graded", "id": call_id, "duplicate": True}
    after = admin.get(f"/v1/calls/{call_id}").json()
    assert {key: after["call"]["metadata"].get(key) for key in RETELL_ANALYSIS} == RETELL_ANALYSIS
    assert after["call"]["metadata"]["platform_call_id"] == before["call"]["metadata"]["platform_call_id"]
    assert after["call"]["turns"] == before["call"]["turns"]
    assert after["grade"] == before["grade"]  # not regraded
    assert count_rows(database_url, "grading_jobs") == 1
    assert count_rows(database_url, "grades") == 1
    assert len(blob_files(live_server.settings)) == 1  # the analysis wrote no blob
    assert webhook_count(live_server, "retell", "duplicate") == 1


def test_retell_call_analyzed_before_grading_and_in_either_order_is_one_call_with_its_analysis(
    settings: Settings,
    start_live_server: Callable[..., LiveServer],
    make_tenant: Callable[..., Tenant],
    database_url: str,
) -> None:
    server = start_live_server(settings, with_worker=False)  # nothing is graded here
    admin = make_tenant(server.url).client("admin")
    approved_fact_sheet(admin)
    url = create_integration(admin, "retell", [RETELL_KEY])["url"]

    ended = deliver_retell(url, "call_ended_booking.json")
    analyzed = deliver_retell(url, "call_analyzed_booking.json")
    assert (ended.status_code, analyzed.status_code) == (202, 200)
    assert analyzed.json() == {"status": "queued", "id": ended.json()["id"], "duplicate": True}
    view = admin.get(f"/v1/calls/{ended.json()['id']}").json()
    assert {key: view["call"]["metadata"].get(key) for key in RETELL_ANALYSIS} == RETELL_ANALYSIS
    assert view["status"] == "queued"

    # The other order, for another call: call_analyzed stores the call with its analysis, and the
    # late call_ended is a plain repeat that takes nothing away.
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("delete from grading_jobs")
        conn.execute("delete from calls")
    first = deliver_retell(url, "call_analyzed_booking.json")
    late = deliver_retell(url, "call_ended_booking.json")
    assert (first.status_code, late.status_code) == (202, 200)
    assert late.json()["id"] == first.json()["id"]
    view = admin.get(f"/v1/calls/{first.json()['id']}").json()
    assert {key: view["call"]["metadata"].get(key) for key in RETELL_ANALYSIS} == RETELL_ANALYSIS
    assert count_rows(database_url, "calls") == 1
    assert count_rows(database_url, "grading_jobs") == 1


def test_events_that_are_not_end_of_call_are_acknowledged_and_ignored(
    tenant: Tenant, database_url: str, live_server: LiveServer
) -> None:
    admin = tenant.client("admin")
    now = int(time.time())
    cases = [
        ("vapi", VAPI_SECRET, "status_update.json", sign_vapi),
        ("retell", RETELL_KEY, "call_started.json", sign_retell),
        ("elevenlabs", ELEVENLABS_SECRET, "call_initiation_failure.json", sign_elevenlabs),
    ]
    for platform, secret, name, sign in cases:
        url = create_integration(admin, platform, [secret])["url"]
        body = fixture_bytes(platform, name)
        response = httpx.post(url, content=body, headers=sign(secret, body, url, now))
        assert response.status_code == 200, response.text
        assert response.json()["status"] == "ignored"
        assert webhook_count(live_server, platform, "ignored") == 1
    assert count_rows(database_url, "calls") == 0
    assert blob_files(live_server.settings) == []


def test_unknown_integration_is_404_and_secret_rotation_keeps_both_keys_valid(
    tenant: Tenant, database_url: str, live_server: LiveServer
) -> None:
    body = fixture_bytes("bland", "post_call_pathway.json")
    missing = httpx.post(f"{live_server.url}/v1/webhooks/{uuid.uuid4()}", content=body)
    assert missing.status_code == 404
    assert httpx.post(f"{live_server.url}/v1/webhooks/not-a-uuid", content=body).status_code == 404

    admin = tenant.client("admin")
    integration = create_integration(admin, "bland", ["old-secret"])
    url = integration["url"]
    added = admin.post(f"/v1/integrations/{integration['id']}/secrets", json={"secret": "new-secret"})
    assert added.status_code == 201
    assert len(added.json()["secrets"]) == 2
    assert "new-secret" not in added.text
    signed_with_old = httpx.post(url, content=body, headers=sign_bland("old-secret", body, url, 0))
    assert signed_with_old.status_code == 202
    old_fingerprint = added.json()["secrets"][0]
    removed = admin.delete(f"/v1/integrations/{integration['id']}/secrets/{old_fingerprint}")
    assert removed.status_code == 200
    other = fixture_bytes("bland", "post_call_transfer.json")
    assert httpx.post(url, content=other, headers=sign_bland("old-secret", other, url, 0)).status_code == 401
    assert httpx.post(url, content=other, headers=sign_bland("new-secret", other, url, 0)).status_code == 202
    last = removed.json()["secrets"][0]
    assert admin.delete(f"/v1/integrations/{integration['id']}/secrets/{last}").status_code == 409
    listed = admin.get("/v1/integrations").json()["integrations"]
    assert [i["id"] for i in listed] == [integration["id"]]
    assert "secret" not in json.dumps(listed).replace('"secrets"', "")
    assert tenant.client("ingest").post("/v1/integrations", json={}).status_code == 403


def test_integration_configuration_errors_name_the_field(tenant: Tenant, database_url: str) -> None:
    admin = tenant.client("admin")
    for payload, field in [
        ({"platform": "skype", "secrets": ["x"], "agent": AGENT}, "platform"),
        ({"platform": "bland", "secrets": [], "agent": AGENT}, "secrets"),
        ({"platform": "standard", "secrets": ["not-base64!"], "agent": AGENT}, "secrets[0]"),
        (
            {"platform": "vapi", "secrets": ["s"], "agent": AGENT, "options": {"algorithm": "md5"}},
            "options.algorithm",
        ),
    ]:
        response = admin.post("/v1/integrations", json=payload)
        assert response.status_code == 422, response.text
        assert response.json()["field"] == field
    assert count_rows(database_url, "integrations") == 0


def test_twenty_concurrent_identical_deliveries_make_one_call_and_one_grade(
    tenant: Tenant, database_url: str, live_server: LiveServer
) -> None:
    admin = tenant.client("admin")
    approved_fact_sheet(admin)
    url = create_integration(admin, "bland", [BLAND_SECRET])["url"]
    body = fixture_bytes("bland", "post_call_pathway.json")
    headers = sign_bland(BLAND_SECRET, body, url, 0)

    async def deliver_all() -> list[httpx.Response]:
        async with httpx.AsyncClient(timeout=30) as client:
            return await asyncio.gather(*(client.post(url, content=body, headers=headers) for _ in range(20)))

    responses = asyncio.run(deliver_all())
    assert {r.status_code for r in responses} <= {200, 202}
    assert [r.status_code for r in responses].count(202) == 1
    ids = {r.json()["id"] for r in responses}
    assert len(ids) == 1
    call_id = ids.pop()
    wait_until(lambda: graded(admin, call_id), what="graded")
    assert count_rows(database_url, "calls") == 1
    assert count_rows(database_url, "grading_jobs") == 1
    assert count_rows(database_url, "grades") == 1
    # The racers that lost the insert deleted their raw bodies: one blob, the stored call's.
    assert len(blob_files(live_server.settings)) == 1


def test_a_webhook_waiting_for_a_database_slot_gets_the_pool_timeout() -> None:
    """Webhooks beyond the pool's size queue on the route's gate: a wait longer than the pool's
    timeout ends as PoolTimeout (the 503 with Retry-After), as a wait in the pool itself would."""
    from psycopg_pool import PoolTimeout

    from ingest.pool_gate import enter_gate

    async def scenario() -> None:
        gate = asyncio.Semaphore(1)
        await enter_gate(gate, 0.05)  # a free slot: taken at once
        with pytest.raises(PoolTimeout):
            await enter_gate(gate, 0.05)
        gate.release()
        await enter_gate(gate, 0.05)  # the slot came back: no leak from the timed-out wait

    asyncio.run(scenario())
