"""Deleting the rows nobody needs any more, in short batches: games nobody touched
for GAME_RETENTION_DAYS, bands BAND_RETENTION_DAYS after their last game. Each
model's QuerySet says what has expired (`expired(now)`) and calls `purge_expired`.

Each batch is its own transaction, so a host scoring another game waits at most one
batch (SQLite serialises writers). Within a batch the rows are locked while still
matching the expiry condition, and only those still matching are deleted: a game
touched before its batch is reached is left whole, and a write that comes after
the lock waits for the batch to finish. `QuerySet.delete()` takes every row that
depends on a deleted row with it, following the models' `on_delete`.

Logs say what was deleted in counts only: never a token or a name.
"""

import datetime
import logging
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, Protocol

from django.db import models, router, transaction
from django.utils import timezone

logger = logging.getLogger(__name__)

BATCH_SIZE = 200
# A breath between batches lets a writer waiting on SQLite's busy timeout in.
PAUSE_SECONDS = 0.01


class Expiring(Protocol):
    """A queryset that knows which of its rows have expired."""

    model: type[models.Model]

    def expired(self, now: datetime.datetime) -> models.QuerySet[Any]: ...


def purge_expired(
    queryset: Expiring,
    now: datetime.datetime | None = None,
    batch_size: int = BATCH_SIZE,
    pause: float = PAUSE_SECONDS,
) -> int:
    """Deletes the rows of `queryset.expired(now)` with their dependents; returns
    how many rows of the queryset's model."""
    now = now or timezone.now()
    model = queryset.model
    counts = purge(model, lambda: queryset.expired(now), batch_size, pause)
    return counts[model._meta.label]


def purge(
    model: type[models.Model],
    expired: Callable[[], models.QuerySet],
    batch_size: int = BATCH_SIZE,
    pause: float = PAUSE_SECONDS,
) -> Counter[str]:
    """Deletes the rows of `expired()` (a QuerySet of `model` holding the expiry
    condition) and their dependents, batch by batch; returns a Counter of deleted
    rows per model label."""
    using = router.db_for_write(model)
    counts: Counter[str] = Counter()
    batches = 0
    last_pk = None
    while True:
        candidates = expired().order_by("pk")
        if last_pk is not None:
            candidates = candidates.filter(pk__gt=last_pk)
        ids = list(candidates.values_list("pk", flat=True)[:batch_size])
        if not ids:
            break
        last_pk = ids[-1]
        if batches and pause:
            time.sleep(pause)
        with transaction.atomic(using=using):
            locked = list(
                expired()
                .filter(pk__in=ids)
                .select_for_update()
                .values_list("pk", flat=True)
            )
            if locked:
                _total, deleted = expired().filter(pk__in=locked).delete()
                counts.update(deleted)
        batches += 1
    if batches:
        logger.info(
            "retention purge of %s: %s in %d batch(es)",
            model._meta.label,
            ", ".join(f"{label}={n}" for label, n in sorted(counts.items()) if n)
            or "nothing",
            batches,
        )
    return counts
