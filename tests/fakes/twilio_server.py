"""A loopback stand-in for Twilio's Conversational Intelligence REST API (intelligence.twilio.com/v2).

It speaks the documented shape our Twilio adapter reads: `GET /v2/Transcripts/{sid}` (the Transcript
resource) and `GET /v2/Transcripts/{sid}/Sentences` (a page of sentences with Twilio's `meta`
paging block, `PageSize`/`Page`/`PageToken` query parameters, `next_page_url` absolute). Every
request needs HTTP basic auth with the account SID and auth token; anything else gets Twilio's 401
error body (code 20003). Unknown transcripts get 404 (code 20404).

Use `running_twilio_server(...)` as a context manager. `server.base_url` is what the adapter's
`twilio_api_base_url` should be; `server.public_base_url` (default: the loopback URL) is the host
written into `next_page_url`, as Twilio writes https://intelligence.twilio.com; `server.requests`
records (method, path+query, auth user) so tests can check what was fetched; `server.fail_with`
makes every request answer that status (503, ...).
"""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit


@dataclass
class FakeTwilio:
    account_sid: str
    auth_token: str
    transcripts: dict[str, dict[str, Any]] = field(default_factory=dict)
    sentences: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    default_page_size: int = 50
    base_url: str = ""
    public_base_url: str | None = None
    requests: list[tuple[str, str, str | None]] = field(default_factory=list)
    fail_with: int | None = None

    def add_transcript(self, transcript: dict[str, Any], sentences: list[dict[str, Any]]) -> None:
        self.transcripts[transcript["sid"]] = transcript
        self.sentences[transcript["sid"]] = sentences


def _error(status: int, code: int, message: str) -> dict[str, Any]:
    return {
        "code": code,
        "message": message,
        "more_info": f"https://www.twilio.com/docs/errors/{code}",
        "status": status,
    }


def _handler(fake: FakeTwilio) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            return

        def _send(self, status: int, document: dict[str, Any]) -> None:
            body = json.dumps(document).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            if status == 401:
                self.send_header("www-authenticate", 'Basic realm="Twilio API"')
            self.end_headers()
            self.wfile.write(body)

        def _user(self) -> tuple[str | None, str | None]:
            header = self.headers.get("authorization", "")
            scheme, _, encoded = header.partition(" ")
            if scheme.lower() != "basic":
                return None, None
            try:
                user, _, password = base64.b64decode(encoded).decode().partition(":")
            except ValueError:
                return None, None
            return user, password

        def do_GET(self) -> None:
            user, password = self._user()
            fake.requests.append(("GET", self.path, user))
            if fake.fail_with is not None:
                self._send(fake.fail_with, _error(fake.fail_with, 20500, "Internal Server Error"))
                return
            if user != fake.account_sid or password != fake.auth_token:
                self._send(401, _error(401, 20003, "Authenticate"))
                return
            parts = urlsplit(self.path)
            segments = [s for s in parts.path.split("/") if s]
            if len(segments) < 3 or segments[:2] != ["v2", "Transcripts"]:
                self._send(404, _error(404, 20404, "The requested resource was not found"))
                return
            sid = segments[2]
            if sid not in fake.transcripts:
                self._send(
                    404, _error(404, 20404, f"The requested resource /Transcripts/{sid} was not found")
                )
                return
            if len(segments) == 3:
                self._send(200, fake.transcripts[sid])
            elif len(segments) == 4 and segments[3] == "Sentences":
                self._send(200, self._sentence_page(sid, parse_qs(parts.query)))
            else:
                self._send(404, _error(404, 20404, "The requested resource was not found"))

        def _sentence_page(self, sid: str, query: dict[str, list[str]]) -> dict[str, Any]:
            page_size = int(query.get("PageSize", [str(fake.default_page_size)])[0])
            page_size = min(page_size, fake.default_page_size)
            page = int(query.get("Page", ["0"])[0])
            rows = fake.sentences[sid]
            chunk = rows[page * page_size : (page + 1) * page_size]
            path = f"/v2/Transcripts/{sid}/Sentences"

            def url(number: int) -> str:
                token = f"&PageToken=PT{number}" if number else ""
                return (
                    f"{fake.public_base_url or fake.base_url}{path}?PageSize={page_size}&Page={number}{token}"
                )

            has_next = (page + 1) * page_size < len(rows)
            return {
                "sentences": chunk,
                "meta": {
                    "page": page,
                    "page_size": page_size,
                    "first_page_url": url(0),
                    "previous_page_url": url(page - 1) if page > 0 else None,
                    "url": url(page),
                    "next_page_url": url(page + 1) if has_next else None,
                    "key": "sentences",
                },
            }

    return Handler


@contextmanager
def running_twilio_server(account_sid: str, auth_token: str, *, page_size: int = 50) -> Iterator[FakeTwilio]:
    """Start the fake on 127.0.0.1 (a free port) in a thread; stop it on exit."""
    fake = FakeTwilio(account_sid=account_sid, auth_token=auth_token, default_page_size=page_size)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(fake))
    fake.base_url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
