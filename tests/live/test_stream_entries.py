"""An entry reaches the streams: recorded through the model or posted to the record
URL, it reaches every stream of its game and no other, in order and none twice;
the watchers get the very same bytes, rendered once per version, with no way to
write in them, and a writer's stream only says the version. How the scenarios
run: tests/live/helpers.py."""

import pytest
from django.test import AsyncClient

from games.live import streams
from tests.asgi_server import AppClient
from tests.factories import count, make_game, play
from tests.games.helpers import write_url
from tests.live.helpers import (
    STREAM_TEST,
    host_events,
    pencil_events,
    record,
    row,
    run,
    streams_up_to_date,
    up_to_date,
    version_of,
    watch_and_host,
    watch_events,
)
from tests.live.streams import open_stream

pytestmark = STREAM_TEST


def test_an_entry_recorded_through_the_model_reaches_every_stream_of_the_game():
    game, host_token = make_game(["Sarah", "Hugo"])
    other, other_host = make_game(["Léa"])

    async def scenario():
        client = AppClient()
        mine_urls = watch_events(game), watch_events(game), host_events(host_token)
        other_urls = watch_events(other), host_events(other_host)
        async with (
            streams_up_to_date(client, game, *mine_urls) as mine,
            streams_up_to_date(client, other, *other_urls) as others,
        ):
            moved = await record(game, "Sarah", "fours", 3)
            for stream in mine[:2]:
                sheet = await stream.next_sheet()
                assert sheet.version == moved
                assert version_of(sheet.data) == moved
                assert row(sheet.data, "fours")[0] == "12"
            assert await mine[2].next_version() == moved
            for stream in others:
                await stream.nothing()

    run(scenario)


def test_an_entry_posted_to_the_record_url_reaches_the_watch_and_host_streams():
    game, host_token = make_game(["Sarah", "Hugo"])
    url = write_url(host_token, "record", game, "Sarah", "fives")

    async def scenario():
        async with watch_and_host(game, host_token) as (watch, host):
            response = await AsyncClient().post(
                url,
                {"value": "4", "seen_version": str(game.version)},
                headers={"HX-Request": "true"},
            )
            assert response.status_code == 200
            assert "HX-Retarget" not in response
            sheet = await watch.next_sheet()
            assert sheet.version == game.version + 1
            assert row(sheet.data, "fives")[0] == "20"
            # The host's page got its sheet in the answer; its stream says the
            # version, which that page already shows.
            assert await host.next_version() == game.version + 1

    run(scenario)


def test_every_entry_arrives_in_order_and_none_twice():
    game, _ = make_game(["Sarah", "Hugo"])

    async def scenario():
        async with up_to_date(watch_events(game), game) as stream:
            last = game.version
            for name, box in [("Sarah", "ones"), ("Hugo", "ones"), ("Sarah", "twos")]:
                moved = await record(game, name, box, 2)
                # Each one waited for: a burst may be sent as its newest version only.
                assert (await stream.next_sheet()).version == moved
                assert moved > last
                last = moved
            await stream.nothing()

    run(scenario)


@pytest.mark.usefixtures("news_without_sheet")
def test_all_watchers_get_the_same_bytes_rendered_once_per_version(renders):
    game, _ = make_game(["Sarah", "Hugo"])

    async def scenario():
        client = AppClient()
        five = [watch_events(game)] * 5
        async with streams_up_to_date(client, game, *five) as watchers:
            moved = await record(game, "Sarah", "threes", 3)
            sheets = [await stream.next_sheet() for stream in watchers]
            assert {sheet.version for sheet in sheets} == {moved}
            tails = {stream.raw.split(b"\n\n", 1)[1] for stream in watchers}
            assert len(tails) == 1, "the watchers did not get the very same bytes"
            assert renders == [("watch", game.watch_token, moved)]
            # A late watcher of that version is answered from the same rendering.
            _, late = await open_stream(client, f"{watch_events(game)}?v=1")
            async with late:
                await late.hello()
                assert (await late.next()).version == moved
                assert late.raw.split(b"\n\n", 1)[1] == tails.pop()
            assert len(renders) == 1

    run(scenario)


def test_a_writers_stream_says_the_version_and_renders_no_sheet():
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil = game.pass_pencil(host_token, "Léa")

    async def scenario():
        client = AppClient()
        _, holder = await open_stream(client, f"{pencil_events(pencil)}?v=1")
        async with holder:
            await holder.hello()
            # Behind: told the version at once, to fetch the sheet itself.
            event = await holder.next()
            assert (event.event, event.id, event.data) == (
                "version",
                str(game.version),
                str(game.version),
            )
            moved = await record(game, "Sarah", "ones", 2)
            assert await holder.next_version() == moved
            assert 'id="sheet"' not in holder.raw.decode()
        assert "<" not in holder.raw.decode()

    run(scenario)


def test_the_watch_stream_carries_no_way_to_write():
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil = game.pass_pencil(host_token, "Léa")
    play(game, ("Sarah", "free", "ones", count(3)))

    async def scenario():
        _, stream = await open_stream(AppClient(), f"{watch_events(game)}?v=1")
        async with stream:
            await stream.hello()
            html = (await stream.next()).data
        assert 'id="sheet"' in html
        assert host_token not in html and pencil not in html
        assert "/h/" not in html and "/c/" not in html
        assert "<form" not in html and "hx-post" not in html
        assert "cell-open" not in html
        assert host_token.encode() not in stream.raw and pencil.encode() not in (
            stream.raw
        )

    run(scenario)


@pytest.mark.usefixtures("news_without_sheet")
def test_the_watchers_sheet_of_a_write_here_is_drawn_without_a_query():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.models import Game

    game, _ = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "fours", count(3)))
    game.refresh_from_db()
    games = Game._meta.db_table
    with CaptureQueriesContext(connection) as queries:
        event = streams._render("watch", game.watch_token, "fr", game.version)
    assert event is not None and event.version == game.version
    assert b"data: " in event.payload and b"12" in event.payload
    # The players' faces, asked of the band once for the version; not the game.
    assert not [q["sql"] for q in queries if games in q["sql"]]
    # The row as written served that rendering and is kept no more: a second
    # language reads the game, once, and replays nothing.
    with CaptureQueriesContext(connection) as queries:
        event = streams._render("watch", game.watch_token, "en", game.version)
    assert event is not None and event.version == game.version
    assert b"Sarah" in event.payload
    assert len([q["sql"] for q in queries if games in q["sql"]]) == 1
    assert len(queries) == 1
    # A version written by another process (the row moved on without this one's
    # write): read from the database.
    Game.objects.filter(pk=game.pk).update(version=game.version + 1)
    with CaptureQueriesContext(connection) as queries:
        event = streams._render("watch", game.watch_token, "fr", game.version + 1)
    assert event is not None and event.version == game.version + 1
    assert len(queries) >= 1


def test_a_game_followed_by_streams_keeps_its_sheet_once_not_twice():
    from django.core.cache import caches

    game, _ = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "fours", count(3)))
    game.refresh_from_db()
    event = streams._render("watch", game.watch_token, "fr", game.version)
    assert event is not None and b"12" in event.payload
    # The streams keep the event (Renderings); the sheet's text is kept only
    # once a page or a poll asks for it.
    assert caches["local"].get(f"sheet:{game.watch_token}:watch:fr") is None


@pytest.mark.usefixtures("news_without_sheet")
def test_a_game_followed_by_streams_keeps_no_copy_of_its_row_once_drawn():
    from django.core.cache import caches

    from games.models import Game

    game, _ = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "fours", count(3)))
    game.refresh_from_db()
    written = Game.written_key(game.watch_token)
    assert caches["local"].get(written) is not None
    event = streams._render("watch", game.watch_token, "fr", game.version)
    assert event is not None and b"12" in event.payload
    # Until the next write, the game keeps its state and the watchers' event,
    # not the row as the write left it.
    assert caches["local"].get(written) is None
    assert game.kept_state() is not None


def test_a_stream_sends_the_sheet_a_page_was_served_without_drawing_it_again(
    client, monkeypatch
):
    from django.urls import reverse

    from games import sheet

    game, _ = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "fours", count(3)))
    game.refresh_from_db()
    watch_page = reverse("games:watch", kwargs={"watch_token": game.watch_token})
    page = client.get(watch_page).content.decode()
    drawn = []
    real = sheet._sheet_text

    def counting(access, state):
        drawn.append(access.role)
        return real(access, state)

    monkeypatch.setattr(sheet, "_sheet_text", counting)
    event = streams._render("watch", game.watch_token, "fr", game.version)
    assert event is not None and drawn == []
    text = event.payload.decode().split("\ndata: ", 1)[1].replace("\ndata: ", "\n")
    assert text.rstrip("\n") in page


def test_a_page_thread_holding_the_cache_handler_does_not_stop_the_streams(
    monkeypatch,
):
    import threading
    import time

    from django.core.cache import CacheHandler

    game, _ = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "fours", count(3)))
    game.refresh_from_db()

    async def latest():
        return await streams.renderings.latest(
            "watch", game.watch_token, "fr", game.version
        )

    run(latest)
    # `caches[...]` takes a lock that every thread takes (asgiref's Local): while
    # a page thread that lost the interpreter holds it, whoever asks waits.
    released = threading.Event()
    deadline = threading.Timer(5, released.set)
    deadline.start()
    handler_item = CacheHandler.__getitem__

    def held(self, alias):
        released.wait()
        return handler_item(self, alias)

    monkeypatch.setattr(CacheHandler, "__getitem__", held)
    try:
        start = time.monotonic()
        event = run(latest)
        waited = time.monotonic() - start
    finally:
        released.set()
        deadline.cancel()
    assert event.version == game.version
    assert waited < 2


def test_the_event_kept_for_later_streams_is_packed_and_gives_the_same_bytes():
    from django.core.cache import caches

    game, _ = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "fours", count(3)))
    game.refresh_from_db()

    async def twice():
        first = await streams.renderings.latest(
            "watch", game.watch_token, "fr", game.version
        )
        later = await streams.renderings.latest(
            "watch", game.watch_token, "fr", game.version
        )
        return first, later

    first, later = run(twice)

    kept = caches["local"].get(streams.event_key("watch", game.watch_token, "fr"))
    assert isinstance(kept, streams.KeptEvent)
    assert len(kept.packed) * 4 < len(first.payload)
    assert later.payload == first.payload
    assert (later.version, later.pencil) == (first.version, first.pencil)
    assert row(later.payload.decode().replace("data: ", ""), "fours") == ["12", ""]
