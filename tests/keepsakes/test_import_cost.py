"""An import costs the same number of queries whatever the size of the game: one
replay in memory, then a few bulk inserts (a big file must not hold the write
lock while each entry is checked against the game so far)."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Entry
from keepsakes.export import game_json
from keepsakes.imports import ImportRefused, import_game
from tests.factories import make_game
from tests.keepsakes.helpers import autoplay


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
