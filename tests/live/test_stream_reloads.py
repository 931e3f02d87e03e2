"""When a link stops opening what its page shows, its stream says "reload" and ends: a
pencil taken back (the pencil's stream and the host's), a pencil passed (the
host's), a purged game (found by the re-check); the host's stream follows the
pencil's entries without reloading, and the watchers simply see the new version.
A writer's stream learns all this from the write's news, without reading the
game. How the scenarios run: tests/live/helpers.py."""

import pytest
from asgiref.sync import sync_to_async

from games.live import fanout
from games.models import Game
from tests.asgi_server import AppClient
from tests.factories import make_game
from tests.live.helpers import (
    STREAM_TEST,
    host_events,
    pencil_events,
    record,
    run,
    streams_up_to_date,
    up_to_date,
    watch_and_host,
    watch_events,
)

pytestmark = STREAM_TEST


def test_a_pencil_taken_back_reloads_and_ends_the_pencil_stream_and_the_hosts():
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil = game.pass_pencil(host_token, "Léa")

    async def scenario():
        urls = pencil_events(pencil), host_events(host_token), watch_events(game)
        async with streams_up_to_date(AppClient(), game, *urls) as opened:
            holder, host, watch = opened
            await sync_to_async(game.take_back_pencil)()
            for stream in (holder, host):
                left = await stream.end()
                assert [event.event for event in left] == ["reload"]
            # The watchers simply see the new version.
            assert (await watch.next_sheet()).version == game.version

    run(scenario)


def test_the_host_stream_reloads_when_the_pencil_is_passed():
    game, host_token = make_game(["Sarah", "Hugo"])

    async def scenario():
        async with up_to_date(host_events(host_token), game) as host:
            await sync_to_async(game.pass_pencil)(host_token, "Léa")
            assert [event.event for event in await host.end()] == ["reload"]

    run(scenario)


def test_the_host_stream_follows_entries_the_pencil_makes_without_reloading():
    game, host_token = make_game(["Sarah", "Hugo"])
    game.pass_pencil(host_token, "Léa")

    async def scenario():
        async with up_to_date(host_events(host_token), game) as host:
            moved = await record(game, "Sarah", "twos", 4)
            assert await host.next_version() == moved
            await host.nothing()

    run(scenario)


def test_a_purged_game_reloads_its_streams_after_a_recheck():
    game, host_token = make_game(["Sarah", "Hugo"])

    async def scenario():
        async with watch_and_host(game, host_token) as (watch, host):
            await sync_to_async(Game.objects.filter(pk=game.pk).delete)()
            await fanout.hub.recheck()
            for stream in (watch, host):
                assert [event.event for event in await stream.end()] == ["reload"]

    run(scenario)


@pytest.mark.usefixtures("news_without_sheet")
def test_the_writers_streams_follow_a_write_without_reading_the_game(renders):
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil = game.pass_pencil(host_token, "Léa")

    async def scenario():
        urls = host_events(host_token), pencil_events(pencil), watch_events(game)
        async with streams_up_to_date(AppClient(), game, *urls) as opened:
            host, holder, watch = opened
            moved = await record(game, "Sarah", "threes", 3)
            assert await host.next_version() == moved
            assert await holder.next_version() == moved
            assert (await watch.next_sheet()).version == moved
            # One rendering, the watchers'; the writers' news said enough.
            assert [kind for kind, _token, _version in renders] == ["watch"]

    run(scenario)


@pytest.mark.parametrize(
    ("payload", "news"),
    [
        ("12:7:1:3", (12, 7, (True, 3), None)),
        ("12:8:0:3", (12, 8, (False, 3), None)),
        # The watchers' sheet, drawn by the write (streams.notified_sheet).
        ("12:9:0:3:Wtok:en:eJz=", (12, 9, (False, 3), "Wtok:en:eJz=")),
        # From a server of the previous release, during a deploy: the streams
        # read the pencil themselves.
        ("12:9", (12, 9, None, None)),
    ],
)
def test_a_notification_says_the_version_the_pencil_and_the_sheet(payload, news):
    assert fanout._parse(payload) == news
