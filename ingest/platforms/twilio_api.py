"""Twilio's Conversational Intelligence REST API, as far as the webhook adapter needs it: fetch one
transcript and all its sentences with an account's credentials.

`GET {base}/v2/Transcripts/{sid}` then `GET {base}/v2/Transcripts/{sid}/Sentences`, following
`meta.next_page_url`. Only the path and query of Twilio's next-page URL are used, against the
configured base, so credentials never go to a host named in a response. Failures that a later
delivery can get past raise UpstreamUnavailable (the route answers 503 and Twilio retries):
transport errors and timeouts, 429 and 5xx, unreadable responses, a transcript still `queued` or
`in-progress`, and 401/403 (the token was revoked or rotated out after it signed; once the integration is
fixed the retry recovers the call). 404 is PayloadRejected on `transcript_sid`. A transcript that
`failed` (or was canceled) is returned without sentences; the adapter ignores it.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import msgspec

from ingest.platforms.contract import PayloadRejected, UpstreamUnavailable

MAX_PAGES = 200


class Participant(msgspec.Struct):
    channel_participant: int | None = None
    role: str | None = None
    media_participant_id: str | None = None
    full_name: str | None = None


class MediaProperties(msgspec.Struct):
    source_sid: str | None = None


class Channel(msgspec.Struct):
    participants: list[Participant] | None = None
    media_properties: MediaProperties | None = None


class Transcript(msgspec.Struct):
    sid: str | None = None
    account_sid: str | None = None
    service_sid: str | None = None
    status: str | None = None
    date_created: str | None = None
    media_start_time: str | None = None
    duration: int | None = None
    language_code: str | None = None
    customer_key: str | None = None
    channel: Channel | None = None


class Sentence(msgspec.Struct):
    media_channel: int | None = None
    sentence_index: int | None = None
    start_time: float | str | None = None
    end_time: float | str | None = None
    transcript: str | None = None
    sid: str | None = None
    confidence: float | str | None = None


class Meta(msgspec.Struct):
    next_page_url: str | None = None


class SentencePage(msgspec.Struct):
    sentences: list[Sentence] = msgspec.field(default_factory=list)
    meta: Meta = msgspec.field(default_factory=Meta)


async def _get(http: httpx.AsyncClient, url: str, auth: tuple[str, str], transcript_sid: str) -> bytes:
    try:
        response = await http.get(url, auth=auth, headers={"accept": "application/json"})
    except httpx.HTTPError as exc:
        raise UpstreamUnavailable(f"Twilio API unreachable: {type(exc).__name__}: {exc}") from exc
    if response.status_code in (401, 403):
        raise UpstreamUnavailable(
            f"Twilio rejected the integration's credentials ({response.status_code}); fix the account SID "
            "or auth token and Twilio's retry will succeed"
        )
    if response.status_code == 404:
        raise PayloadRejected("transcript_sid", f"transcript {transcript_sid} not found in this account")
    if response.status_code == 429 or response.status_code >= 500:
        raise UpstreamUnavailable(f"Twilio API answered {response.status_code}")
    if response.status_code != 200:
        raise PayloadRejected(
            "transcript_sid", f"Twilio API answered {response.status_code}: {response.text[:200]}"
        )
    return response.content


def _decode_resource(content: bytes, type_: type[Any]) -> Any:
    try:
        return msgspec.json.decode(content, type=type_)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise UpstreamUnavailable(f"unreadable Twilio API response: {exc}") from exc


async def fetch_transcript(
    http: httpx.AsyncClient, base_url: str, account_sid: str, auth_token: str, transcript_sid: str
) -> tuple[Transcript, list[Sentence]]:
    """The transcript resource and all its sentences (every page)."""
    base = base_url.rstrip("/")
    auth = (account_sid, auth_token)
    transcript: Transcript = _decode_resource(
        await _get(http, f"{base}/v2/Transcripts/{transcript_sid}", auth, transcript_sid), Transcript
    )
    if transcript.status in ("queued", "in-progress"):
        raise UpstreamUnavailable(f"transcript {transcript_sid} is {transcript.status!r}, not completed yet")
    if transcript.status != "completed":
        return transcript, []  # failed, canceled, error: there are no sentences to fetch
    sentences: list[Sentence] = []
    url = f"{base}/v2/Transcripts/{transcript_sid}/Sentences?PageSize=1000"
    for _ in range(MAX_PAGES):
        page: SentencePage = _decode_resource(await _get(http, url, auth, transcript_sid), SentencePage)
        sentences.extend(page.sentences)
        if not page.meta.next_page_url:
            return transcript, sentences
        next_parts = urlsplit(page.meta.next_page_url)
        url = f"{base}{next_parts.path.removeprefix(urlsplit(base).path)}"
        url = urlunsplit(urlsplit(url)._replace(query=next_parts.query))
    raise UpstreamUnavailable(f"transcript {transcript_sid} has more than {MAX_PAGES} pages of sentences")
