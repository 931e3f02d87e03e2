"""An import costs the same number of queries whatever the size of the game: one
replay in memory, then a few bulk inserts (a big file must not hold the write
lock while each entry is checked against the game so far)."""

import contextlib
import gc
import json
import time
from types import SimpleNamespace

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games import game_import
from games.export import game_json
from games.game_import import ImportRefused, import_game
from games.models import Entry
from tests.export.helpers import autoplay, big_game
from tests.factories import make_game


def import_queries(names, columns):
    game, _token = make_game(names, options={"columns": columns})
    autoplay(game, seed=len(names))
    raw = json.dumps(game_json(game)).encode()
    with CaptureQueriesContext(connection) as queries:
        new_game, _token = import_game(raw, game.band)
    assert Entry.objects.filter(game=new_game).count() == game.entries.count()
    return len(queries)


@pytest.mark.django_db
def test_an_import_costs_the_same_queries_for_a_small_and_a_big_game():
    small = import_queries(["Sarah"], ["free"])
    big = import_queries(["Sarah", "Hugo", "Léa", "Tom"], ["down", "free", "up"])
    assert big == small


@pytest.mark.django_db
def test_an_imported_game_is_one_version_per_entry_and_finished():
    game, _token = make_game(["Sarah", "Hugo"])
    autoplay(game, seed=3)
    game.refresh_from_db()
    new_game, _token = import_game(json.dumps(game_json(game)).encode(), game.band)
    assert new_game.version == game.version
    assert new_game.finished_at is not None
    assert new_game.state().finished


@pytest.mark.django_db
def test_a_refused_import_is_checked_whole_before_it_writes_anything():
    # The checks (replay, points, totals, winner) run before the transaction:
    # a bad file never takes the write lock.
    game, _token = make_game(["Sarah", "Hugo"])
    autoplay(game, seed=5)
    data = game_json(game)
    data["totals"][0]["total"] += 1
    band = game.band
    with CaptureQueriesContext(connection) as queries, pytest.raises(ImportRefused):
        import_game(json.dumps(data).encode(), band)
    assert [q["sql"] for q in queries] == []


@pytest.fixture
def frozen_heap():
    """The heap as a server process has it: what it loaded at start is frozen out
    of the garbage collector (scorekeeper.asgi.served). Without that, a full
    collection of this test process's heap (a hundred thousand objects) may fall
    inside the transaction and cost more than the import's own work."""
    gc.collect()
    gc.freeze()
    yield
    gc.unfreeze()


@pytest.mark.django_db
def test_a_640_entry_import_takes_under_half_a_second_and_locks_under_100_ms(
    monkeypatch, frozen_heap
):
    # A finished game of 10 players × 4 columns, the biggest export there is.
    # Timed in CPU time of this thread: the same figure on a busy CI machine,
    # where wall time also counts the other processes' turns.
    game = big_game(seed=2, cross_rate=0.0)  # 634 entries, 164 kB of JSON
    raw = json.dumps(game_json(game)).encode()
    assert game.entries.count() > 600
    held = []
    real_atomic = transaction.atomic

    @contextlib.contextmanager
    def timed_atomic(*args, **kwargs):
        started = time.thread_time()
        with real_atomic(*args, **kwargs):
            yield
        held.append(time.thread_time() - started)

    # The import's own transaction: SQLite's write lock is held inside it.
    monkeypatch.setattr(
        game_import, "transaction", SimpleNamespace(atomic=timed_atomic)
    )
    started = time.thread_time()
    new_game, _token = game_import.import_game(raw, game.band)
    took = time.thread_time() - started
    assert new_game.entries.count() == game.entries.count()
    assert len(held) == 1
    assert took < 0.5, f"import took {took * 1000:.0f} ms"
    assert held[0] < 0.1, f"write lock held {held[0] * 1000:.0f} ms"
