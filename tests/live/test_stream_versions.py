"""Which version a stream starts from and moves to: a client behind (no version, an
older or garbled `?v=`, an older Last-Event-ID) gets the current sheet at once, one
up to date gets nothing until something moves, Last-Event-ID wins over `?v=`; the
hub's re-check catches a version moved without announce, an entry committed while
a stream opens reaches it, and news ahead of the database is not rendered in a
loop. How the scenarios run: tests/live/helpers.py;
the fallback poll (/w/<t>/sheet/?v=N) is covered by tests/live/test_poll.py."""

import pytest
from asgiref.sync import sync_to_async
from django.db import connection
from django.db.models import F

from games.live import fanout, streams
from games.models import Game
from tests.asgi_server import AppClient
from tests.factories import count, make_game, play
from tests.live.helpers import (
    STREAM_TEST,
    record,
    row,
    run,
    up_to_date,
    version_of,
    watch_events,
)
from tests.live.streams import open_stream

pytestmark = STREAM_TEST


@pytest.mark.parametrize(
    ("query", "headers"),
    [
        ("", {}),
        ("?v=1", {}),
        ("?v=abc", {}),
        ("", {"Last-Event-ID": "1"}),
    ],
    ids=["no version", "older ?v=", "garbled ?v=", "older Last-Event-ID"],
)
def test_a_client_that_is_behind_gets_the_current_sheet_at_once(query, headers):
    game, _ = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "fours", count(3)))
    game.refresh_from_db()
    assert game.version > 1

    async def scenario():
        _, stream = await open_stream(
            AppClient(), watch_events(game) + query, **headers
        )
        async with stream:
            assert await stream.hello() == game.version
            sheet = await stream.next()
            assert sheet.event == "sheet"
            assert sheet.version == game.version
            assert version_of(sheet.data) == game.version
            assert row(sheet.data, "fours") == ["12", ""]

    run(scenario)


@pytest.mark.parametrize(
    ("query", "headers"),
    [
        ("?v={v}", {}),
        ("", {"Last-Event-ID": "{v}"}),
        ("?v=1", {"Last-Event-ID": "{v}"}),
    ],
    ids=["?v=", "Last-Event-ID", "Last-Event-ID wins over an older ?v="],
)
def test_a_client_that_is_up_to_date_gets_no_sheet_until_something_moves(
    query, headers
):
    game, _ = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(2)))
    game.refresh_from_db()
    seen = game.version
    query = query.format(v=seen)
    headers = {k: v.format(v=seen) for k, v in headers.items()}

    async def scenario():
        _, stream = await open_stream(
            AppClient(), watch_events(game) + query, **headers
        )
        async with stream:
            assert await stream.hello() == seen
            await stream.nothing()
            moved = await record(game, "Hugo", "ones", 1)
            sheet = await stream.next_sheet()
            assert sheet.version == moved == seen + 1

    run(scenario)


def test_last_event_id_wins_over_a_newer_v():
    game, _ = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(2)))
    game.refresh_from_db()

    async def scenario():
        _, stream = await open_stream(
            AppClient(),
            f"{watch_events(game)}?v={game.version}",
            **{"Last-Event-ID": "1"},
        )
        async with stream:
            await stream.hello()
            assert (await stream.next()).version == game.version

    run(scenario)


def test_a_version_moved_without_announce_is_caught_by_the_recheck():
    game, _ = make_game(["Sarah", "Hugo"])

    async def scenario():
        async with up_to_date(watch_events(game), game) as stream:
            # As a write made while PostgreSQL's listener was away: no news of it.
            await sync_to_async(Game.objects.filter(pk=game.pk).update)(
                version=F("version") + 1
            )
            if connection.vendor != "postgresql":
                await stream.nothing()
            await fanout.hub.recheck()
            assert (await stream.next_sheet()).version == game.version + 1

    run(scenario)


def test_an_entry_committed_while_a_stream_opens_reaches_it(monkeypatch):
    # Between the stream's reading of its game and its subscription to the hub,
    # another phone's entry commits: the stream must not stay one entry behind.
    game, _ = make_game(["Sarah", "Hugo"])
    shown = game.version
    read = streams._opened

    def read_then_someone_writes(*args):
        found = read(*args)
        play(game, ("Sarah", "free", "ones", count(4)))
        return found

    monkeypatch.setattr(streams, "_opened", read_then_someone_writes)

    async def scenario():
        _, stream = await open_stream(AppClient(), f"{watch_events(game)}?v={shown}")
        async with stream:
            assert await stream.hello() == shown
            sheet = await stream.next_sheet(timeout=1)
            assert sheet.version == shown + 1
            assert row(sheet.data, "ones") == ["4", ""]

    run(scenario)


def test_news_ahead_of_the_database_is_not_rendered_in_a_loop(monkeypatch):
    # A version heard of that the database does not show (a stray notification):
    # the stream waits for the next news instead of rendering again and again.
    game, _ = make_game(["Sarah", "Hugo"])
    rendered = []
    render = streams._render

    def counting(*args):
        rendered.append(args)
        return render(*args)

    monkeypatch.setattr(streams, "_render", counting)

    async def scenario():
        async with up_to_date(watch_events(game), game) as stream:
            fanout.hub.publish(game.pk, game.version + 5)
            await stream.nothing(within=0.5)
            assert len(rendered) <= 2

    run(scenario)
