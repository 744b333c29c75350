"""Blob storage for raw payloads (webhook bodies, large reports): a file directory or S3.

`BlobStore` is synchronous on purpose (boto3 is; async handlers call it through
`anyio.to_thread.run_sync` or accept the short block for small local writes). Keys are relative
slash-separated paths such as `raw/<tenant>/<call>.json`; `..`, empty segments and absolute keys are
refused so a key can never escape the store.

- `FileBlobStore(root)`: files under `root`, written atomically (temp file + rename), so a reader
  never sees half a blob and a crash leaves at worst an orphan temp file. `put_new` is the cheaper
  write for a key that has never been used (the raw webhook bodies, keyed by a fresh call id): it
  creates the final file directly (O_EXCL) with no temp file and no rename. Nothing points to such
  a key until the write has returned (the row comes after), so nobody can read it half-written; a
  crash mid-write leaves a partial file under a key no row references. Durability: neither write
  fsyncs. A blob is in the page cache when the call row commits: it survives a crash of the
  process, not of the machine (a power loss can leave a committed row whose raw body is missing or
  short; the row itself holds the translated call, so grading does not depend on the blob).
- `S3BlobStore(bucket, prefix, endpoint_url)`: boto3 with the usual AWS environment (credentials,
  region) and an optional endpoint (`CALLGRADE_S3_ENDPOINT_URL`) for any S3-compatible store.
- `open_blob_store(settings)`: `CALLGRADE_BLOB_URL` unset → `file://<data_dir>/blobs`;
  `file:///abs/dir`; `s3://bucket/optional/prefix`.

Blobs are written before the row that points to them (STYLE.md), under keys that make an orphan
harmless; overwriting a key with the same content is fine (idempotent retries).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import unquote, urlparse

from service.settings import Settings


class BlobNotFound(KeyError):
    """No blob under that key."""


class BlobStore(Protocol):
    def put(self, key: str, data: bytes, content_type: str = "application/octet-stream") -> None:
        """Store `data` under `key`, replacing what was there."""
        ...

    def get(self, key: str) -> bytes:
        """The bytes under `key`; raises BlobNotFound."""
        ...

    def delete(self, key: str) -> None:
        """Remove the blob under `key`, if any (no error when there is none)."""
        ...


def check_key(key: str) -> str:
    parts = key.split("/")
    if not key or key.startswith("/") or any(p in ("", ".", "..") for p in parts) or "\\" in key:
        raise ValueError(f"invalid blob key {key!r}")
    return key


class FileBlobStore:
    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self._folders: set[str] = set()
        """Folders this store has made or seen, so a write costs no mkdir in the common case."""

    def __repr__(self) -> str:
        return f"FileBlobStore({str(self.root)!r})"

    def put(self, key: str, data: bytes, content_type: str = "application/octet-stream") -> None:
        path = self.root / check_key(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def put_new(self, key: str, data: bytes) -> None:
        """Store `data` under a key never used before (see module docstring); FileExistsError if
        it was."""
        path = os.path.join(self.root, check_key(key))
        folder = os.path.dirname(path)
        if folder not in self._folders:
            os.makedirs(folder, exist_ok=True)
            self._folders.add(folder)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(path, flags, 0o644)
        except FileNotFoundError:  # the folder was removed behind our back
            os.makedirs(folder, exist_ok=True)
            fd = os.open(path, flags, 0o644)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        finally:
            os.close(fd)

    def get(self, key: str) -> bytes:
        path = self.root / check_key(key)
        try:
            return path.read_bytes()
        except FileNotFoundError:
            raise BlobNotFound(key) from None

    def delete(self, key: str) -> None:
        (self.root / check_key(key)).unlink(missing_ok=True)


class S3BlobStore:
    def __init__(self, bucket: str, prefix: str = "", *, endpoint_url: str | None = None) -> None:
        import boto3  # imported here: boto3 is slow to import and unused in file mode

        self.bucket = bucket
        self.prefix = prefix.strip("/")
        self.client: Any = boto3.client("s3", endpoint_url=endpoint_url)

    def __repr__(self) -> str:
        return f"S3BlobStore(bucket={self.bucket!r}, prefix={self.prefix!r})"

    def _object_key(self, key: str) -> str:
        check_key(key)
        return f"{self.prefix}/{key}" if self.prefix else key

    def put(self, key: str, data: bytes, content_type: str = "application/octet-stream") -> None:
        self.client.put_object(
            Bucket=self.bucket, Key=self._object_key(key), Body=data, ContentType=content_type
        )

    def get(self, key: str) -> bytes:
        try:
            response = self.client.get_object(Bucket=self.bucket, Key=self._object_key(key))
        except self.client.exceptions.NoSuchKey:
            raise BlobNotFound(key) from None
        body: bytes = response["Body"].read()
        return body

    def delete(self, key: str) -> None:
        self.client.delete_object(Bucket=self.bucket, Key=self._object_key(key))


def open_blob_store(settings: Settings) -> BlobStore:
    """The store `settings` describe (see module docstring). Creates the file root if needed."""
    url = settings.blob_url
    if url is None:
        root = Path(settings.data_dir) / "blobs"
        root.mkdir(parents=True, exist_ok=True)
        return FileBlobStore(root)
    parsed = urlparse(url)
    if parsed.scheme == "file":
        root = Path(unquote(parsed.netloc + parsed.path))
        root.mkdir(parents=True, exist_ok=True)
        return FileBlobStore(root)
    if parsed.scheme == "s3":
        if not parsed.netloc:
            raise ValueError("CALLGRADE_BLOB_URL s3:// URLs need a bucket: s3://bucket/prefix")
        return S3BlobStore(parsed.netloc, parsed.path, endpoint_url=settings.s3_endpoint_url)
    raise ValueError(f"CALLGRADE_BLOB_URL: unsupported scheme {parsed.scheme!r}; expected file:// or s3://")
