"""Brokers chosen by settings, against the real RabbitMQ and Redis when their URLs are given (always
on CI): reachability, and a message sent through the broker is processed by a worker."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import dramatiq
import pytest

from service.broker import broker_is_reachable, broker_kind, build_broker
from service.settings import Settings


def round_trip(broker: dramatiq.Broker, queue: str) -> None:
    """Declare an actor on `broker`, send it a message, and see a worker run it."""
    seen = threading.Event()
    received: list[str] = []

    def record(value: str) -> None:
        received.append(value)
        seen.set()

    actor = dramatiq.actor(
        record, broker=broker, actor_name=f"test.record_{queue}", queue_name=queue, max_retries=0
    )
    worker = dramatiq.Worker(broker, worker_threads=1, worker_timeout=100)
    worker.start()
    try:
        actor.send("hello")
        assert seen.wait(30), "the worker never ran the message"
    finally:
        worker.stop()
    assert received == ["hello"]


def test_in_process_broker_is_the_default() -> None:
    broker = build_broker(Settings())
    try:
        assert broker_kind(broker) == "in-process"
        assert broker_is_reachable(broker)
        round_trip(broker, "stub_round_trip")
    finally:
        broker.close()


@pytest.mark.rabbitmq
def test_rabbitmq_broker(rabbitmq_url: str) -> None:
    broker = build_broker(Settings(broker_url=rabbitmq_url))
    try:
        assert broker_kind(broker) == "rabbitmq"
        assert broker_is_reachable(broker)
        round_trip(broker, "callgrade_test_rabbit")
    finally:
        broker.close()


@pytest.mark.redis
def test_redis_broker(redis_url: str) -> None:
    broker = build_broker(Settings(broker_url=redis_url))
    try:
        assert broker_kind(broker) == "redis"
        assert broker_is_reachable(broker)
        round_trip(broker, "callgrade_test_redis")
    finally:
        broker.close()


def test_unreachable_brokers_are_reported_not_raised() -> None:
    for url in ("amqp://guest:guest@127.0.0.1:9/%2F", "redis://127.0.0.1:9/0"):
        broker = build_broker(Settings(broker_url=url))
        try:
            assert not broker_is_reachable(broker)
        finally:
            broker.close()


def test_broker_tests_fail_instead_of_skipping_on_ci(tmp_path: Path) -> None:
    """Run one broker test in a child pytest with CI=true and no broker URLs: it must fail."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CALLGRADE_TEST_")}
    env["CI"] = "true"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"{__file__}::test_redis_broker"],
        env=env,
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 1, result.stdout
    assert "CALLGRADE_TEST_REDIS_URL must be set on CI" in result.stdout
