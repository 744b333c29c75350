"""Twilio Conversational Intelligence adapter: the transcript-ready webhook, which carries only a
transcript sid, completed by fetching the transcript and its sentences from Twilio's REST API.

Signature (`X-Twilio-Signature`, as `twilio-python`'s RequestValidator): base64 HMAC-SHA1 with the
account's Auth Token over the full public URL, plus, for form bodies, every parameter's name and
value concatenated in name order (values of a repeated name sorted). For JSON bodies Twilio adds
`bodySHA256=<hex SHA-256 of the body>` to the URL query and signs the URL alone; the body must then
hash to that value. A JSON body without `bodySHA256` is rejected, since nothing would protect it.
Like the validator, the URL is tried with and without its port (443/80 added when absent), because
Twilio's own signing is inconsistent about it. With a Webhooks Rule Twilio signs with HMAC-SHA256
and says so in `X-Twilio-Webhooks-Signature-Settings: ...,algorithm=HMAC_SHA256`; that is honoured
(same keys). There is no timestamp: Twilio offers no replay window.

Secrets are Auth Tokens (primary and secondary during rotation). The one that verified the webhook
is the one used for the REST fetch, with `options.account_sid` as the basic-auth user; the body's
`account_sid` must be that account.

The transcript and its sentences are fetched by `twilio_api` (see there for which failures
are retryable).

Mapping decisions:
- Event: `event_type` `voice_intelligence_transcript_available` (or absent, with a transcript sid)
  is the call; any other event type is Ignored. Body keys are read in snake_case and, for form
  posts, also in Twilio's PascalCase (`TranscriptSid`): the body encoding is UNCLEAR.
- `external_id` is the transcript sid (GT...): unique per transcript, and the only id the webhook
  carries; the recording/call sid from `channel.media_properties.source_sid` goes to metadata.
- Speakers are channels, not roles (UNCLEAR per setup). `options.agent_channel` (default 2: dual-
  channel call recordings put the customer on 1 and the Twilio/API side on 2; reversed for SIP
  trunk recordings) names the agent's channel; every other channel is the caller. When the option
  is absent and the transcript's `channel.participants` give a role containing "agent" for a
  channel, that channel is the agent.
- Turns: sentences in `sentence_index` order; consecutive sentences on the same channel merge into
  one turn (a turn is an utterance, and grading cites turns). `start_time`/`end_time` are seconds
  from the start of the media → start_ms/end_ms.
- Times: `media_start_time` (else `date_created`) is the start; end = start + `duration` seconds,
  else + the last sentence's end.
- Agent: the integration's `agents` is looked up with `customer_key` (which the tenant can set when
  creating the transcript), then the service sid (GA...); else the default agent. No version.
- No end reason or tool calls exist in Conversational Intelligence: end_reason "other", no tools.
- The Intelligence Service's `webhook_http_method` must be POST (the route accepts POST only; a GET
  callback would carry its fields in the query string).
- Options: `account_sid` (required, AC + 32 hex), `agent_channel` (optional, 1 or 2).
"""

from __future__ import annotations

import hashlib
import hmac
import re
from datetime import timedelta
from typing import Any
from urllib.parse import parse_qs, parse_qsl, urlsplit, urlunsplit

import httpx
import msgspec

from grading.formats import Call, Turn
from ingest.platforms.contract import (
    Accepted,
    Ignored,
    IntegrationConfig,
    PayloadRejected,
    SignatureRejected,
    UpstreamUnavailable,
    WebhookRequest,
)
from ingest.platforms.signatures import decode_base64, first_matching_secret
from ingest.platforms.translation import convert_payload, no_conversation, parse_iso, resolve_agent
from ingest.platforms.twilio_api import Channel, MediaProperties, Sentence, Transcript, fetch_transcript

END_OF_CALL = "voice_intelligence_transcript_available"
SIGNATURE_HEADER = "x-twilio-signature"
SETTINGS_HEADER = "x-twilio-webhooks-signature-settings"
_ACCOUNT_SID = re.compile(r"AC[0-9a-fA-F]{32}")
_TRANSCRIPT_SID = re.compile(r"GT[0-9a-fA-F]{32}")
_OPTIONS = frozenset({"account_sid", "agent_channel"})


# --- configuration --------------------------------------------------------------------------


def validate_options(options: dict[str, Any], secrets: list[str]) -> None:
    del secrets
    unknown = sorted(set(options) - _OPTIONS)
    if unknown:
        raise PayloadRejected(f"options.{unknown[0]}", "not a twilio option (account_sid, agent_channel)")
    account_sid = options.get("account_sid")
    if not isinstance(account_sid, str) or not _ACCOUNT_SID.fullmatch(account_sid):
        raise PayloadRejected("options.account_sid", "required: the Twilio Account SID (AC + 32 hex digits)")
    channel = options.get("agent_channel", 2)
    if isinstance(channel, bool) or channel not in (1, 2):
        raise PayloadRejected("options.agent_channel", "must be 1 or 2")


# --- verification --------------------------------------------------------------------------


def _url_variants(url: str) -> list[str]:
    """The URL with its port and without it (Twilio signs either form, per its validator)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:  # IPv6 literal
        host = f"[{host}]"
    userinfo = parts.netloc.rpartition("@")[0]
    prefix = f"{userinfo}@" if userinfo else ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    with_port = urlunsplit(parts._replace(netloc=f"{prefix}{host}:{port}"))
    without_port = urlunsplit(parts._replace(netloc=f"{prefix}{host}"))
    return [with_port, without_port]


def _form_params(body: bytes) -> dict[str, list[str]]:
    params: dict[str, list[str]] = {}
    for name, value in parse_qsl(body.decode("utf-8", errors="strict"), keep_blank_values=True):
        params.setdefault(name, []).append(value)
    return params


def _signed_text(url: str, params: dict[str, list[str]]) -> bytes:
    text = url
    for name in sorted(params):
        for value in sorted(set(params[name])):
            text += name + value
    return text.encode()


def _is_form(request: WebhookRequest) -> bool:
    return request.headers.get("content-type", "").split(";")[0].strip().lower() == (
        "application/x-www-form-urlencoded"
    )


def verify(request: WebhookRequest, secrets: list[str]) -> str:
    """Check X-Twilio-Signature; returns the Auth Token that verified it. Raises SignatureRejected."""
    header = request.headers.get(SIGNATURE_HEADER)
    if not header:
        raise SignatureRejected(f"missing {SIGNATURE_HEADER} header")
    query = parse_qs(urlsplit(request.url).query, keep_blank_values=True)
    if "bodySHA256" in query:
        if not hmac.compare_digest(hashlib.sha256(request.body).hexdigest(), query["bodySHA256"][0].lower()):
            raise SignatureRejected("body does not match the bodySHA256 Twilio signed")
        params: dict[str, list[str]] = {}
    elif _is_form(request):
        try:
            params = _form_params(request.body)
        except UnicodeDecodeError as exc:
            raise SignatureRejected("form body is not UTF-8") from exc
    else:
        raise SignatureRejected("a non-form body must be covered by a bodySHA256 query parameter")
    settings = request.headers.get(SETTINGS_HEADER, "").replace(" ", "").upper()
    algorithm = hashlib.sha256 if "ALGORITHM=HMAC_SHA256" in settings else hashlib.sha1
    contents = [_signed_text(url, params) for url in _url_variants(request.url)]

    def expected(secret: str) -> list[bytes]:
        return [hmac.new(secret.encode(), content, algorithm).digest() for content in contents]

    return first_matching_secret(secrets, expected, [decode_base64(header)])


# --- webhook body --------------------------------------------------------------------------


class _Callback(msgspec.Struct):
    transcript_sid: str | None = None
    account_sid: str | None = None
    service_sid: str | None = None
    customer_key: str | None = None
    event_type: str | None = None


_PASCAL = {
    "TranscriptSid": "transcript_sid",
    "AccountSid": "account_sid",
    "ServiceSid": "service_sid",
    "CustomerKey": "customer_key",
    "EventType": "event_type",
}


def _callback(request: WebhookRequest) -> _Callback:
    if _is_form(request):
        fields: dict[str, Any] = {}
        for name, values in _form_params(request.body).items():
            key = _PASCAL.get(name, name)
            if key in _Callback.__struct_fields__:
                fields[key] = values[0]
        return convert_payload(fields, _Callback)
    try:
        document = msgspec.json.decode(request.body)
    except msgspec.DecodeError as exc:
        raise PayloadRejected("body", f"not valid JSON: {exc}") from exc
    if not isinstance(document, dict):
        raise PayloadRejected("body", "must be a JSON object")
    document_dict: dict[str, Any] = document  # pyright: ignore[reportUnknownVariableType]
    fields = {_PASCAL.get(k, k): v for k, v in document_dict.items()}
    return convert_payload({k: v for k, v in fields.items() if k in _Callback.__struct_fields__}, _Callback)


# --- translation ---------------------------------------------------------------------------


def _seconds(value: float | str | None, field: str) -> float | None:
    if value is None or value == "":
        return None
    try:
        return float(value)
    except ValueError as exc:
        raise UpstreamUnavailable(f"unreadable Twilio API response: {field} is {value!r}") from exc


def agent_channel(transcript: Transcript, options: dict[str, Any]) -> int:
    if "agent_channel" in options:
        return int(options["agent_channel"])
    for participant in (transcript.channel or Channel()).participants or []:
        if participant.role and "agent" in participant.role.lower() and participant.channel_participant:
            return participant.channel_participant
    return 2


def turns_from_sentences(sentences: list[Sentence], agent_channel_number: int) -> list[Turn]:
    turns: list[Turn] = []
    last_channel: int | None = None
    ordered = sorted(sentences, key=lambda s: (s.sentence_index is None, s.sentence_index or 0))
    for sentence in ordered:
        text = (sentence.transcript or "").strip()
        if not text:
            continue
        start = _seconds(sentence.start_time, "start_time")
        end = _seconds(sentence.end_time, "end_time")
        start_ms = None if start is None else round(start * 1000)
        end_ms = None if end is None else round(end * 1000)
        if turns and sentence.media_channel == last_channel:
            turn = turns[-1]
            turn.text = f"{turn.text} {text}"
            turn.end_ms = end_ms if end_ms is not None else turn.end_ms
            continue
        speaker = "agent" if sentence.media_channel == agent_channel_number else "caller"
        turns.append(Turn(speaker=speaker, text=text, start_ms=start_ms, end_ms=end_ms))
        last_channel = sentence.media_channel
    return turns


def translate(
    callback: _Callback,
    transcript: Transcript,
    sentences: list[Sentence],
    integration: IntegrationConfig,
) -> Call:
    sid = transcript.sid or callback.transcript_sid or ""
    started_raw = transcript.media_start_time or transcript.date_created
    if not started_raw:
        raise UpstreamUnavailable("unreadable Twilio API response: transcript has no media_start_time")
    try:
        started_at = parse_iso(started_raw, "media_start_time")
    except PayloadRejected as exc:
        raise UpstreamUnavailable(f"unreadable Twilio API response: {exc}") from exc
    turns = turns_from_sentences(sentences, agent_channel(transcript, integration.options))
    if transcript.duration is not None:
        ended_at = started_at + timedelta(seconds=transcript.duration)
    else:
        last_end = max((t.end_ms for t in turns if t.end_ms is not None), default=0)
        ended_at = started_at + timedelta(milliseconds=last_end)
    customer_key = transcript.customer_key or callback.customer_key
    service_sid = transcript.service_sid or callback.service_sid
    if customer_key and customer_key in integration.agents:
        agent = integration.agents[customer_key]
    else:
        agent = resolve_agent(integration, service_sid)
    media = (transcript.channel or Channel()).media_properties or MediaProperties()
    extra: dict[str, Any] = {
        "platform_call_id": sid,
        "transcript_sid": sid,
        "service_sid": service_sid,
        "customer_key": customer_key,
        "source_sid": media.source_sid,
        "language_code": transcript.language_code,
        "agent_channel": agent_channel(transcript, integration.options),
    }
    return Call(
        external_id=sid,
        source="twilio",
        agent=agent,
        agent_version=None,
        started_at=started_at,
        ended_at=ended_at,
        end_reason="other",
        turns=turns,
        recording_url=None,
        metadata={key: value for key, value in extra.items() if value is not None},
    )


async def receive(
    request: WebhookRequest,
    integration: IntegrationConfig,
    *,
    http: httpx.AsyncClient,
    api_base_url: str,
) -> Accepted | Ignored:
    auth_token = verify(request, integration.secrets)
    callback = _callback(request)
    event = callback.event_type or END_OF_CALL
    if event != END_OF_CALL:
        return Ignored(event=event, reason=f"only {END_OF_CALL!r} announces a finished transcript")
    if not callback.transcript_sid or not _TRANSCRIPT_SID.fullmatch(callback.transcript_sid):
        raise PayloadRejected("transcript_sid", "missing or not a Twilio transcript sid (GT + 32 hex digits)")
    account_sid = str(integration.options.get("account_sid", ""))
    if callback.account_sid and callback.account_sid != account_sid:
        raise PayloadRejected("account_sid", "is not the account this integration is configured for")
    transcript, sentences = await fetch_transcript(
        http, api_base_url, account_sid, auth_token, callback.transcript_sid
    )
    if transcript.status != "completed":
        return Ignored(event=event, reason=f"the transcript is {transcript.status!r}: nothing to grade")
    call = translate(callback, transcript, sentences, integration)
    if not call.turns:
        return no_conversation(event)
    return Accepted(call=call, event=event)
