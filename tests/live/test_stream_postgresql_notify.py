"""On PostgreSQL the news travels by NOTIFY: it wakes the streams on commit and not
on rollback, an entry made through another connection (another server process)
reaches a stream within a second, the news brings the watchers' sheet so that no
process draws it again, and the rendering threads hold no connection of the pool
while they idle. Skipped on SQLite. How the scenarios run: tests/live/helpers.py."""

import asyncio
import concurrent.futures
import threading
import time

import pytest
from asgiref.sync import sync_to_async
from django.core.cache import caches
from django.db import connection, transaction

from games.live import fanout, streams
from games.models import Game
from tests.asgi_server import AppClient
from tests.factories import count, make_game, play
from tests.live.helpers import (
    STREAM_TEST,
    fresh,
    host_events,
    record,
    row,
    run,
    up_to_date,
    watch_events,
)
from tests.live.streams import open_stream

pytestmark = STREAM_TEST


postgresql_only = pytest.mark.skipif(
    "connection.vendor != 'postgresql'", reason="PostgreSQL only"
)


def _listening_sync():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND query = %s AND pid <> pg_backend_pid()",
            [f"LISTEN {fanout.CHANNEL}"],
        )
        return cursor.fetchone()[0] > 0


async def listening():
    """Waits until this process's hub listens (its connection's last query)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 5
    while not await sync_to_async(_listening_sync)():
        assert loop.time() < deadline, "the hub never listened"
        await asyncio.sleep(0.05)
    # Its first re-check, just after LISTEN, is over by now.
    await asyncio.sleep(0.2)


@postgresql_only
def test_notify_wakes_the_streams_on_commit_and_not_on_rollback():
    game, _ = make_game(["Sarah", "Hugo"])

    def rolled_back():
        with transaction.atomic():
            play(game, ("Sarah", "free", "ones", count(4)))
            transaction.set_rollback(True)

    async def scenario():
        async with up_to_date(watch_events(game), game) as stream:
            await listening()
            await sync_to_async(rolled_back)()
            await stream.nothing(within=0.5)
            assert await fresh(game) == 1
            moved = await record(game, "Sarah", "ones", 4)
            sheet = await stream.next_sheet(timeout=1)
            assert sheet.version == moved == 2
            assert row(sheet.data, "ones") == ["4", ""]

    run(scenario)


@postgresql_only
def test_an_entry_through_another_connection_reaches_the_stream_within_a_second():
    game, _ = make_game(["Sarah", "Hugo"])
    sarah = game.players.get(name="Sarah").pk

    def elsewhere(done):
        # Another thread: another connection, as another server process would use.
        try:
            Game.objects.get(pk=game.pk).record(sarah, "free", "sixes", count(2))
            done.append(time.monotonic())
        finally:
            connection.close()

    async def scenario():
        async with up_to_date(watch_events(game), game) as stream:
            await listening()
            done = []
            writer = threading.Thread(target=elsewhere, args=(done,))
            writer.start()
            await asyncio.to_thread(writer.join, 5)
            assert done, "the other connection did not record"
            sheet = await stream.next_sheet(timeout=1)
            assert time.monotonic() - done[0] < 1
            assert sheet.version == game.version + 1
            assert row(sheet.data, "sixes") == ["12", ""]

    run(scenario)


@postgresql_only
def test_the_news_of_an_entry_brings_the_watchers_sheet_drawn_once(renders):
    game, _ = make_game(["Sarah", "Hugo"])

    async def scenario():
        async with up_to_date(watch_events(game), game) as stream:
            await listening()
            moved = await record(game, "Sarah", "fives", 3)
            sheet = await stream.next_sheet(timeout=1)
            assert sheet.version == moved
            assert row(sheet.data, "fives") == ["15", ""]
            assert "Feuille de score" in sheet.data
        # Drawn with the write, before its commit: not again by the process
        # that heard it, nor by the writer's for its own watchers; so the
        # writer keeps no copy of the row to draw it from.
        assert renders == []
        assert caches["local"].get(Game.written_key(game.watch_token)) is None

    run(scenario)


@postgresql_only
def test_a_write_no_watcher_follows_here_draws_no_sheet_for_its_news(monkeypatch):
    game, host_token = make_game(["Sarah", "Hugo"])
    drawn = []
    draw_sheet = streams.draw_sheet

    def counted(access, state):
        drawn.append(access.game.version)
        return draw_sheet(access, state)

    monkeypatch.setattr(streams, "draw_sheet", counted)

    async def scenario():
        # The host's own stream is sent versions, not the watchers' sheet.
        async with up_to_date(host_events(host_token), game) as host:
            await listening()
            moved = await record(game, "Sarah", "sixes", 3)
            assert await host.next_version() == moved
        assert drawn == []
        # The news brought no sheet: a watcher coming later is drawn one from
        # the row as the write left it.
        assert caches["local"].get(Game.written_key(game.watch_token)) is not None
        async with up_to_date(watch_events(game), game) as watcher:
            await listening()
            moved = await record(game, "Hugo", "sixes", 2)
            assert (await watcher.next_sheet(timeout=1)).version == moved
        assert drawn == [moved]

    run(scenario)


@postgresql_only
def test_a_watcher_in_another_language_gets_the_sheet_drawn_in_it(renders):
    game, _ = make_game(["Sarah", "Hugo"])

    async def scenario():
        _, opened = await open_stream(
            AppClient(),
            f"{watch_events(game)}?v={game.version}",
            **{"Accept-Language": "en"},
        )
        async with opened as stream:
            await stream.hello()
            await listening()
            await record(game, "Sarah", "twos", 2)
            sheet = await stream.next_sheet(timeout=1)
            assert row(sheet.data, "twos") == ["4", ""]
            assert "Score sheet" in sheet.data
        # Its own rendering, in its own language (the sheet above).
        assert [kind for kind, _token, _version in renders] == ["watch"]

    run(scenario)


@postgresql_only
@pytest.mark.parametrize("why", ["too large for a notification", "failed to draw"])
def test_an_entry_whose_sheet_cannot_go_with_the_news_still_reaches_the_watchers(
    monkeypatch, renders, why
):
    game, _ = make_game(["Sarah", "Hugo"])
    if why == "too large for a notification":
        monkeypatch.setattr(streams, "NOTIFIED_SHEET_LIMIT", 100)
    else:

        def broken(access, state):
            raise RuntimeError("drawing failed")

        monkeypatch.setattr(streams, "draw_sheet", broken)

    async def scenario():
        async with up_to_date(watch_events(game), game) as stream:
            await listening()
            moved = await record(game, "Sarah", "threes", 4)
            assert moved == 2, "the entry was not saved"
            sheet = await stream.next_sheet(timeout=1)
            assert sheet.version == moved
            assert row(sheet.data, "threes") == ["12", ""]
        # Drawn by the process for its watchers instead, as before.
        assert renders == [("watch", game.watch_token, moved)]

    run(scenario)


@postgresql_only
def test_idle_rendering_threads_hold_no_connection_of_the_pool():
    # Renderings and re-checks run in the loop's worker threads
    # (thread_sensitive=False), which live as long as the server: a connection
    # one of them keeps stays checked out of the process's pool (DB_POOL_MAX)
    # while the thread idles, and requests then wait for one.
    pool = connection.pool
    if pool is None:
        pytest.skip("no connection pool (DB_POOL=0)")
    games = [make_game(["Sarah"])[0] for _ in range(8)]

    def close_connection():
        connection.close()

    def checked_out():
        stats = pool.get_stats()
        return stats["pool_size"] - stats["pool_available"]

    async def scenario():
        await sync_to_async(close_connection)()  # the test thread's own
        # What other threads of this process hold (an earlier test's server
        # finishing): not this test's business.
        before = checked_out()
        client = AppClient()
        opened = [(await open_stream(client, watch_events(g)))[1] for g in games]
        try:
            # Eight renderings at once: spread over the worker threads.
            for stream in opened:
                await stream.hello()
                await stream.next_sheet()
            await fanout.hub.recheck()
            await sync_to_async(close_connection)()
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 2
            # A connection handed back may take the pool a moment to check.
            while (held := checked_out()) > before and loop.time() < deadline:
                await asyncio.sleep(0.05)
            assert held <= before, pool.get_stats()
        finally:
            for stream in opened:
                await stream.close()

    run(scenario)


@postgresql_only
def test_the_pool_has_a_connection_for_every_thread_that_may_read_at_once(settings):
    # The pages' threads, the event loop's default executor rendering a new
    # version for the watchers, asgiref's one thread opening streams: if they
    # outnumbered the pool, renderings would wait behind the pages.
    pool = connection.pool
    if pool is None:
        pytest.skip("no connection pool (DB_POOL=0)")
    loop_executor = concurrent.futures.ThreadPoolExecutor()
    try:
        stream_threads = loop_executor._max_workers + 1
    finally:
        loop_executor.shutdown()
    assert pool.max_size >= settings.SERVER_THREADS + stream_threads
