"""Blob stores: files under the data dir and S3 through boto3 against moto's server on loopback."""

from __future__ import annotations

import uuid
from pathlib import Path

import boto3
import pytest

from service.blobs import BlobNotFound, FileBlobStore, S3BlobStore, open_blob_store
from service.settings import Settings


def test_file_store_round_trip_and_overwrite(tmp_path: Path) -> None:
    store = open_blob_store(Settings(data_dir=str(tmp_path)))
    assert isinstance(store, FileBlobStore)
    store.put("raw/tenant/call.json", b'{"a": 1}', "application/json")
    assert store.get("raw/tenant/call.json") == b'{"a": 1}'
    store.put("raw/tenant/call.json", b"second")
    assert store.get("raw/tenant/call.json") == b"second"
    assert (tmp_path / "blobs" / "raw" / "tenant" / "call.json").read_bytes() == b"second"
    assert not [p for p in (tmp_path / "blobs").rglob(".tmp-*")]  # no temp files left behind
    with pytest.raises(BlobNotFound):
        store.get("raw/tenant/missing.json")
    store.delete("raw/tenant/call.json")
    with pytest.raises(BlobNotFound):
        store.get("raw/tenant/call.json")
    store.delete("raw/tenant/call.json")  # deleting what is not there is no error


@pytest.mark.parametrize("key", ["../escape", "/etc/passwd", "a//b", "a/./b", "", "a\\b"])
def test_keys_cannot_escape_the_store(tmp_path: Path, key: str) -> None:
    store = FileBlobStore(tmp_path / "blobs")
    with pytest.raises(ValueError, match="invalid blob key"):
        store.put(key, b"x")


def test_file_url_setting(tmp_path: Path) -> None:
    store = open_blob_store(
        Settings(data_dir=str(tmp_path / "unused"), blob_url=f"file://{tmp_path}/elsewhere")
    )
    store.put("k", b"v")
    assert (tmp_path / "elsewhere" / "k").read_bytes() == b"v"


def test_s3_store_round_trip_with_prefix(s3_server: str, tmp_path: Path) -> None:
    bucket = f"callgrade-{uuid.uuid4().hex[:8]}"
    boto3.client("s3", endpoint_url=s3_server).create_bucket(Bucket=bucket)
    store = open_blob_store(
        Settings(data_dir=str(tmp_path), blob_url=f"s3://{bucket}/raw-payloads", s3_endpoint_url=s3_server)
    )
    assert isinstance(store, S3BlobStore)
    store.put("t1/call.json", b"payload", "application/json")
    assert store.get("t1/call.json") == b"payload"
    listed = boto3.client("s3", endpoint_url=s3_server).list_objects_v2(Bucket=bucket)
    assert [o["Key"] for o in listed["Contents"]] == ["raw-payloads/t1/call.json"]
    with pytest.raises(BlobNotFound):
        store.get("t1/missing.json")
    store.delete("t1/call.json")
    with pytest.raises(BlobNotFound):
        store.get("t1/call.json")
    store.delete("t1/call.json")
