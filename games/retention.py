"""Deleting games nobody touched for GAME_RETENTION_DAYS, and bands with their
history BAND_RETENTION_DAYS after their last game.

The purge works in short batches, each in its own transaction, so a host scoring
another game waits at most one batch (SQLite serialises writers). Within a batch the
expiry condition is part of every DELETE, and the batch's rows are locked first: a
game touched before its batch is reached no longer matches and is left whole, and a
write that comes after the lock waits for the batch to finish. Every row that
depends on a deleted row (found from the models' relations, so a new dependent model
is covered without touching this file) is deleted with it.

Logs say what was deleted in counts only: never a token or a name.
"""

import logging
import time
from collections import Counter

from django.db import models, router, transaction
from django.utils import timezone

logger = logging.getLogger(__name__)

BATCH_SIZE = 200
# A breath between batches lets a writer waiting on SQLite's busy timeout in.
PAUSE_SECONDS = 0.01


def purge_games(now=None, batch_size=BATCH_SIZE, pause=PAUSE_SECONDS):
    """Deletes expired games with everything they hold; returns how many games."""
    from games.models import Game

    now = now or timezone.now()
    counts = purge(Game, lambda: Game.objects.expired(now), batch_size, pause)
    return counts[Game._meta.label]


def purge_bands(now=None, batch_size=BATCH_SIZE, pause=PAUSE_SECONDS):
    """Deletes expired bands with their history; returns how many bands.

    A band holding a game is kept, so its expired games go first."""
    from bands.models import Band

    now = now or timezone.now()
    purge_games(now, batch_size, pause)
    counts = purge(Band, lambda: Band.objects.expired(now), batch_size, pause)
    return counts[Band._meta.label]


def purge(model, expired, batch_size=BATCH_SIZE, pause=PAUSE_SECONDS):
    """Deletes the rows of `expired()` (a QuerySet of `model` holding the expiry
    condition) and their dependents, batch by batch; returns a Counter of deleted
    rows per model label."""
    using = router.db_for_write(model)
    counts = Counter()
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
                doomed = expired().filter(pk__in=locked).values("pk")
                _delete_tree(model, "pk__in", doomed, counts, using, ())
        batches += 1
    if batches:
        logger.info(
            "retention purge of %s: %s in %d batch(es)",
            model._meta.label,
            ", ".join(f"{label}={n}" for label, n in sorted(counts.items()))
            or "nothing",
            batches,
        )
    return counts


def _delete_tree(model, lookup, doomed, counts, using, path):
    """Deletes the rows of `model` matching {lookup: doomed}, dependents first.

    `doomed` is a subquery holding the expiry condition, so each DELETE re-checks it.
    """
    if model in path:
        raise NotImplementedError(f"cyclic cascade through {model._meta.label}")
    path = (*path, model)
    for relation in model._meta.related_objects:
        if relation.many_to_many:
            through = relation.through
            for field in through._meta.fields:
                if field.is_relation and field.related_model is model:
                    _delete_tree(
                        through, f"{field.name}__{lookup}", doomed, counts, using, path
                    )
            continue
        child = relation.related_model
        child_lookup = f"{relation.field.name}__{lookup}"
        on_delete = relation.on_delete
        if on_delete is models.CASCADE:
            _delete_tree(child, child_lookup, doomed, counts, using, path)
        elif on_delete is models.SET_NULL:
            child._base_manager.using(using).filter(**{child_lookup: doomed}).update(
                **{relation.field.name: None}
            )
        elif on_delete is not models.DO_NOTHING:
            raise NotImplementedError(
                f"{child._meta.label}.{relation.field.name}: the purge only follows "
                "CASCADE, SET_NULL and DO_NOTHING relations"
            )
    deleted = (
        model._base_manager.using(using).filter(**{lookup: doomed})._raw_delete(using)
    )
    counts[model._meta.label] += deleted or 0
