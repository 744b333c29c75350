"""The dramatiq broker chosen by settings, and whether it is reachable.

- `build_broker(settings)`: `amqp://…` → RabbitmqBroker (durable queues, publisher confirms),
  `redis://…` → RedisBroker, unset → an in-process `StubBroker` whose messages are consumed by
  worker threads in the same process (`service.worker.start_in_process_worker`). The in-process
  broker loses queued messages when the process stops; that is acceptable because the outbox
  (Postgres) is the source of truth and the relay re-sends jobs that have not completed.
- The broker is returned, never installed globally at import: actors are declared against it in
  `service.actors.declare_actors(broker, context)`. `build_broker` does call `dramatiq.set_broker`
  so that dramatiq internals that look up the global broker (e.g. `Message.enqueue` helpers, the
  worker CLI) see the same one — the one sanctioned exception in STYLE.md.
- `broker_is_reachable(broker)` opens a fresh connection (RabbitMQ) or pings (Redis) with a short
  timeout; the in-process broker is always reachable.
"""

from __future__ import annotations

import copy
from typing import Any, cast

import dramatiq
from dramatiq.brokers.stub import StubBroker

from service.settings import Settings

REACHABILITY_TIMEOUT_SECONDS = 2.0


def build_broker(settings: Settings) -> dramatiq.Broker:
    url = settings.broker_url
    broker: dramatiq.Broker
    if url is None:
        broker = StubBroker()
    elif url.startswith(("amqp://", "amqps://")):
        from dramatiq.brokers.rabbitmq import RabbitmqBroker

        broker = RabbitmqBroker(url=url, confirm_delivery=True)
    elif url.startswith(("redis://", "rediss://")):
        from dramatiq.brokers.redis import RedisBroker

        broker = RedisBroker(url=url)
    else:  # settings validation rejects this earlier; kept for direct callers
        raise ValueError(f"unsupported broker URL scheme in {url.split('://')[0]!r}")
    dramatiq.set_broker(broker)
    return broker


def broker_kind(broker: dramatiq.Broker) -> str:
    name = type(broker).__name__
    return {"StubBroker": "in-process", "RabbitmqBroker": "rabbitmq", "RedisBroker": "redis"}.get(name, name)


def broker_is_reachable(broker: dramatiq.Broker) -> bool:
    """True when a fresh connection to the broker succeeds. Blocking: call it from a thread."""
    kind = broker_kind(broker)
    try:
        if kind == "rabbitmq":
            import pika

            params: object = getattr(broker, "parameters", None)
            candidates = cast("list[object]", params) if isinstance(params, list) else [params]
            first = candidates[0] if candidates else None
            if first is None:
                return False
            param: Any = copy.deepcopy(first)  # never alter the broker's own parameters
            param.socket_timeout = REACHABILITY_TIMEOUT_SECONDS
            param.blocked_connection_timeout = REACHABILITY_TIMEOUT_SECONDS
            param.connection_attempts = 1
            param.retry_delay = 0
            connection = pika.BlockingConnection(param)
            connection.close()
            return True
        if kind == "redis":
            client: Any = getattr(broker, "client")  # noqa: B009
            return bool(client.ping())
        return True
    except Exception:
        return False


def queue_depth(broker: dramatiq.Broker, queue_name: str) -> int | None:
    """Messages waiting in `queue_name`, where the broker can say (None otherwise)."""
    try:
        kind = broker_kind(broker)
        if kind == "rabbitmq":
            counts: Any = getattr(broker, "get_queue_message_counts")(queue_name)  # noqa: B009
            return int(counts[0])
        if kind == "in-process":
            stub: Any = broker
            queue: Any = stub.queues.get(queue_name)
            return None if queue is None else int(queue.qsize())
        if kind == "redis":
            redis_client: Any = getattr(broker, "client")  # noqa: B009
            namespace = str(getattr(broker, "namespace", "dramatiq"))
            return int(redis_client.llen(f"{namespace}:{queue_name}"))
    except Exception:
        return None
    return None
