"""SQLite writers queue for their turn (scorekeeper/sqlite_backend): a writer that
finds the database busy is woken when the other one is done, instead of sleeping on
SQLite's busy handler; no write is lost and a stuck writer never hangs the others."""

import threading
import time

import pytest
from django.db import connection, connections, transaction

from games.models import Game
from tests.factories import make_game

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "sqlite", reason="the queue is SQLite's write lock's"
    ),
]


def _in_thread(target):
    errors = []

    def run():
        try:
            target()
        except Exception as exc:  # noqa: BLE001 - reported to the test
            errors.append(exc)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, errors


def test_a_second_writer_goes_as_soon_as_the_first_commits():
    game, _token = make_game(["Sarah", "Hugo"])
    started = threading.Event()
    times = {}

    def second_writer():
        started.set()
        with transaction.atomic():
            times["second_in"] = time.monotonic()
            Game.objects.filter(pk=game.pk).update(version=100)

    with transaction.atomic():
        Game.objects.filter(pk=game.pk).update(version=50)
        thread, errors = _in_thread(second_writer)
        started.wait(5)
        # Past SQLite's first naps (328 ms in all): its next try is 100 ms later.
        time.sleep(0.35)
        assert "second_in" not in times  # it waits for its turn
        times["first_out"] = time.monotonic()
    thread.join(10)
    assert not errors
    # Woken right away, not after one of SQLite's 50-100 ms naps.
    assert times["second_in"] - times["first_out"] < 0.05
    game.refresh_from_db()
    assert game.version == 100


def test_the_turn_is_given_back_on_rollback_and_on_error():
    game, _token = make_game(["Sarah"])
    with pytest.raises(RuntimeError), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(version=7)
        raise RuntimeError("refused")
    done = []
    thread, errors = _in_thread(
        lambda: done.append(Game.objects.filter(pk=game.pk).update(version=8))
    )
    thread.join(5)
    assert not thread.is_alive() and not errors and done == [1]
    game.refresh_from_db()
    assert game.version == 8


def test_a_writer_that_never_finishes_does_not_hang_the_others():
    game, _token = make_game(["Sarah"])
    options = connections["default"].settings_dict["OPTIONS"]
    old = options.get("timeout")
    options["timeout"] = 0.5
    try:
        with transaction.atomic():
            Game.objects.filter(pk=game.pk).update(version=9)

            def impatient():
                with connection.cursor() as cursor:
                    # SQLite's own wait, after the queue's (20 s in settings).
                    cursor.execute("PRAGMA busy_timeout=300")
                with transaction.atomic():
                    Game.objects.filter(pk=game.pk).update(version=10)

            thread, errors = _in_thread(impatient)
            thread.join(10)
            # Refused after its wait, like SQLite's own busy timeout: no hang.
            assert not thread.is_alive()
            assert errors and "locked" in str(errors[0])
    finally:
        options["timeout"] = old
    game.refresh_from_db()
    assert game.version == 9
