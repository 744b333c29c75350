"""Where dramatiq actors are declared, against a broker passed in (never at import time).

`declare_actors(broker, context)` is called once per process by `service.worker` (in-process worker
or `callgrade worker`) and by the API process when it needs to send messages. Each actor is declared
inside it as

    dramatiq.actor(grade_job, broker=broker, actor_name="grading.grade", queue_name="grading",
                   max_retries=context.settings.grading_max_retries, ...)

so nothing binds to a broker at import. The returned `Actors` gives senders typed access to them.
The ingestion helper (F) owns this module from here on.
"""

from __future__ import annotations

import dramatiq
import msgspec
from psycopg_pool import ConnectionPool

from service.blobs import BlobStore
from service.metrics import Metrics
from service.settings import Settings


class ActorContext(msgspec.Struct, frozen=True, kw_only=True):
    """What actor bodies need, passed explicitly (no globals)."""

    settings: Settings
    pool: ConnectionPool
    blobs: BlobStore
    metrics: Metrics


class Actors(msgspec.Struct, kw_only=True):
    """The declared actors by name (`actor_name` → dramatiq Actor)."""

    by_name: dict[str, dramatiq.Actor[..., object]] = msgspec.field(default_factory=dict)


def declare_actors(broker: dramatiq.Broker, context: ActorContext) -> Actors:
    """Declare every actor on `broker`. Declares none yet; grading.grade arrives with ingestion."""
    del broker, context
    return Actors()
