"""On PostgreSQL the pool lends a connection whose socket is quiet without asking
the server, and never lends one whose session the server has ended: a restarted
database costs no request an error. Skipped on SQLite and without the pool."""

import time

import psycopg
import pytest
from django.db import connection

from games.models import Game
from scorekeeper.lib.pooled import check_lent_connection
from tests.factories import count, make_game, play
from tests.helpers import text, watch_url

pytestmark = [
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="PostgreSQL only"),
    pytest.mark.django_db(transaction=True),
]


def end_sessions(pids):
    """Ends the server's sessions `pids`, as a restart or an administrator does,
    and waits until the server has let them go."""
    params = connection.get_connection_params()
    # Autocommit: each look at pg_stat_activity sees it as it is now.
    with psycopg.connect(**params, autocommit=True) as admin:
        for pid in pids:
            admin.execute("SELECT pg_terminate_backend(%s)", [pid])
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            alive = admin.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s)", [pids]
            ).fetchone()
            if alive == (0,):
                return
            time.sleep(0.01)
    raise AssertionError(f"the sessions {pids} did not end")


def sessions_held(pool):
    """The server's session of each connection `pool` holds, in the order it
    lends them (the one held longest first)."""
    held = [pool.getconn() for _ in range(pool.get_stats()["pool_size"])]
    for conn in held:
        pool.putconn(conn)
    return [conn.info.backend_pid for conn in held]


@pytest.fixture
def pool():
    if connection.pool is None:
        pytest.skip("no connection pool (DB_POOL=0)")
    connection.close()  # the test thread's connection goes back to the pool
    return connection.pool


def test_a_quiet_connection_is_lent_without_a_round_trip(pool, monkeypatch):
    asked = []
    execute = psycopg.Connection.execute

    def counted(self, query, *args, **kwargs):
        asked.append(query)
        return execute(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Connection, "execute", counted)
    given = pool.getconn()
    pool.putconn(given)
    assert asked == []


def test_a_connection_whose_session_was_ended_is_not_lent(pool):
    given = pool.getconn()
    try:
        end_sessions([given.info.backend_pid])
        with pytest.raises(psycopg.OperationalError):
            check_lent_connection(given)
    finally:
        pool.putconn(given)


def test_a_page_lent_a_connection_the_server_ended_is_served_by_another(client, pool):
    game, _ = make_game(["Sarah", "Léa"])
    play(game, ("Sarah", "free", "threes", count(3)))
    connection.close()
    # The session of the connection the pool lends next, ended as a restart of
    # the server or an administrator does.
    end_sessions(sessions_held(pool)[:1])

    response = client.get(watch_url(game))

    assert response.status_code == 200
    assert "Sarah" in text(response)
    connection.close()
    # And the connection lent next writes too.
    before = Game.objects.get(pk=game.pk).version
    play(game, ("Léa", "free", "fours", count(3)))
    assert Game.objects.get(pk=game.pk).version == before + 1


def test_a_page_after_the_server_ended_every_session_answers_as_usual(client, pool):
    game, _ = make_game(["Sarah", "Léa"])
    connection.close()
    # What a restart of the server does to the sessions the pool keeps.
    end_sessions(sessions_held(pool))

    response = client.get(watch_url(game))

    assert response.status_code == 200
    assert "Sarah" in text(response)
