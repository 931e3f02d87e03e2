"""The live sheet pushed (games/streams.py, games/live.py), as a client receives it.

Each test is synchronous and runs one scenario in an event loop of its own
(`async_to_sync`): the AsyncClient goes through the ASGI handler, so the request is
an ASGIRequest and the stream is read chunk by chunk (tests/live/streams.py), with
a timeout on every wait. The hub binds to each new loop at its first stream and
restarts its background tasks there, as it does in a new server process.

Writes are made through the model verbs or the write URLs inside the scenario,
through `sync_to_async`: they commit in the test's thread, and on_commit (SQLite)
or NOTIFY (PostgreSQL) fires as it does in the app. The streams render in worker
threads with connections of their own, so the writes must commit: every test that
streams uses a transactional database.
"""

import asyncio
import gc
import re
import threading
import time

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import F
from django.test import AsyncClient
from django.urls import reverse

from games import live, ratelimit, streams
from games.models import Game
from tests.factories import count, make_game, play
from tests.games.helpers import write_url
from tests.live.streams import open_stream

pytestmark = pytest.mark.django_db(transaction=True)

GZIP = {"Accept-Encoding": "gzip, deflate, br"}


def run(scenario):
    """Runs `scenario()` in a fresh event loop, as a new server would."""
    return async_to_sync(scenario)()


def watch_events(game):
    return reverse("games:watch_events", kwargs={"watch_token": game.watch_token})


def host_events(token):
    return reverse("games:host_events", kwargs={"host_token": token})


def pencil_events(token):
    return reverse("games:pencil_events", kwargs={"pencil_token": token})


def row(html, box):
    """The figures of one row of the sheet, in seating order."""
    match = re.search(rf'<tr class="row-box row-{box}[ "].*?</tr>', html, re.S)
    return re.findall(r'<span class="num">([^<]*)</span>', match.group(0))


def version_of(html):
    return int(re.search(r'id="sheet"[^>]*data-version="(\d+)"', html).group(1))


async def fresh(game):
    await sync_to_async(game.refresh_from_db)()
    return game.version


async def record(game, name, box, value):
    await sync_to_async(play)(game, (name, "free", box, count(value)))
    return await fresh(game)


def from_address(address):
    """Headers making the client `address` (with TRUSTED_PROXY_COUNT = 1)."""
    return {"X-Forwarded-For": address}


@pytest.fixture(autouse=True)
def _fresh_renderings(monkeypatch):
    """Each test starts with no rendering kept from another one."""
    monkeypatch.setattr(streams, "renderings", streams.Renderings(limit=4096))


@pytest.fixture(autouse=True)
def _every_stream_closed():
    yield
    # A test that leaves a stream subscribed would leak it into the next one.
    assert live.hub.streams() == 0
    assert live.hub.addresses == {}
    # The renderings ran in the loop's worker threads, gone with the loop; their
    # database connections go once collected (else PostgreSQL refuses to drop
    # the test database: "being accessed by other users").
    gc.collect()


@pytest.fixture
def renders(monkeypatch):
    """The renderings made, as (kind, token, version) in order."""
    made = []
    real = streams._render

    def counting(kind, token, language):
        event = real(kind, token, language)
        made.append((kind, token, event and event.version))
        return event

    monkeypatch.setattr(streams, "_render", counting)
    return made


# --- the answer --------------------------------------------------------------------


async def up_to_date(client, url, game):
    """A stream opened at the game's current version, past its hello."""
    _, stream = await open_stream(client, f"{url}?v={game.version}")
    await stream.hello()
    return stream


async def watch_and_host(client, game, host_token):
    """A watcher's stream and the host's, both up to date and past their hello."""
    _, watch = await open_stream(client, f"{watch_events(game)}?v={game.version}")
    _, host = await open_stream(client, f"{host_events(host_token)}?v={game.version}")
    for stream in (watch, host):
        await stream.hello()
    return watch, host


def test_the_stream_answers_event_stream_uncached_unbuffered_and_uncompressed():
    game, _ = make_game(["Sarah", "Hugo"])

    async def scenario():
        response, stream = await open_stream(AsyncClient(), watch_events(game), **GZIP)
        async with stream:
            assert response.status_code == 200
            assert response["Content-Type"] == "text/event-stream; charset=utf-8"
            assert response["Cache-Control"] == "no-store"
            assert response["X-Accel-Buffering"] == "no"
            assert not response.has_header("Content-Encoding")
            assert await stream.hello() == game.version
            assert stream.raw.startswith(b"retry: ")
            assert re.match(
                rb"retry: \d+\nevent: hello\ndata: %d\n\n" % game.version, stream.raw
            )

    run(scenario)


def test_the_retry_delay_is_drawn_in_the_configured_range(settings):
    settings.LIVE_RETRY_MS = (1234, 1236)
    game, _ = make_game(["Sarah"])

    async def scenario():
        _, stream = await open_stream(AsyncClient(), watch_events(game))
        async with stream:
            first = await stream.next()
            assert 1234 <= first.retry <= 1236

    run(scenario)


# --- catching up -------------------------------------------------------------------


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
            AsyncClient(), watch_events(game) + query, **headers
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
            AsyncClient(), watch_events(game) + query, **headers
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
            AsyncClient(),
            f"{watch_events(game)}?v={game.version}",
            **{"Last-Event-ID": "1"},
        )
        async with stream:
            await stream.hello()
            assert (await stream.next()).version == game.version

    run(scenario)


# --- an entry reaches the streams --------------------------------------------------


def test_an_entry_recorded_through_the_model_reaches_every_stream_of_the_game():
    game, host_token = make_game(["Sarah", "Hugo"])
    other, other_host = make_game(["Léa"])

    async def scenario():
        client = AsyncClient()
        opened = [
            await open_stream(client, f"{watch_events(game)}?v={game.version}"),
            await open_stream(client, f"{watch_events(game)}?v={game.version}"),
            await open_stream(client, f"{host_events(host_token)}?v={game.version}"),
            await open_stream(client, f"{watch_events(other)}?v={other.version}"),
            await open_stream(client, f"{host_events(other_host)}?v={other.version}"),
        ]
        mine = [stream for _, stream in opened[:3]]
        others = [stream for _, stream in opened[3:]]
        try:
            for stream in mine + others:
                await stream.hello()
            moved = await record(game, "Sarah", "fours", 3)
            for stream in mine[:2]:
                sheet = await stream.next_sheet()
                assert sheet.version == moved
                assert version_of(sheet.data) == moved
                assert row(sheet.data, "fours")[0] == "12"
            assert await mine[2].next_version() == moved
            for stream in others:
                await stream.nothing()
        finally:
            for stream in mine + others:
                await stream.close()

    run(scenario)


def test_an_entry_posted_to_the_record_url_reaches_the_watch_and_host_streams():
    game, host_token = make_game(["Sarah", "Hugo"])
    url = write_url(host_token, "record", game, "Sarah", "fives")

    async def scenario():
        client = AsyncClient()
        watch, host = await watch_and_host(client, game, host_token)
        async with watch, host:
            response = await client.post(
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
        stream = await up_to_date(AsyncClient(), watch_events(game), game)
        async with stream:
            last = game.version
            for name, box in [("Sarah", "ones"), ("Hugo", "ones"), ("Sarah", "twos")]:
                moved = await record(game, name, box, 2)
                # Each one waited for: a burst may be sent as its newest version only.
                assert (await stream.next_sheet()).version == moved
                assert moved > last
                last = moved
            await stream.nothing()

    run(scenario)


def test_all_watchers_get_the_same_bytes_rendered_once_per_version(renders):
    game, _ = make_game(["Sarah", "Hugo"])

    async def scenario():
        client = AsyncClient()
        watchers = [
            (await open_stream(client, f"{watch_events(game)}?v={game.version}"))[1]
            for _ in range(5)
        ]
        try:
            for stream in watchers:
                await stream.hello()
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
        finally:
            for stream in watchers:
                await stream.close()

    run(scenario)


def test_a_writers_stream_says_the_version_and_renders_no_sheet():
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil = game.pass_pencil(host_token, "Léa")

    async def scenario():
        client = AsyncClient()
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
        _, stream = await open_stream(AsyncClient(), f"{watch_events(game)}?v=1")
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


# --- the link stops opening the game -------------------------------------------------


def test_a_pencil_taken_back_reloads_and_ends_the_pencil_stream_and_the_hosts():
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil = game.pass_pencil(host_token, "Léa")

    async def scenario():
        client = AsyncClient()
        _, holder = await open_stream(
            client, f"{pencil_events(pencil)}?v={game.version}"
        )
        _, host = await open_stream(
            client, f"{host_events(host_token)}?v={game.version}"
        )
        _, watch = await open_stream(client, f"{watch_events(game)}?v={game.version}")
        async with holder, host, watch:
            for stream in (holder, host, watch):
                await stream.hello()
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
        host = await up_to_date(AsyncClient(), host_events(host_token), game)
        async with host:
            await sync_to_async(game.pass_pencil)(host_token, "Léa")
            assert [event.event for event in await host.end()] == ["reload"]

    run(scenario)


def test_the_host_stream_follows_entries_the_pencil_makes_without_reloading():
    game, host_token = make_game(["Sarah", "Hugo"])
    game.pass_pencil(host_token, "Léa")

    async def scenario():
        host = await up_to_date(AsyncClient(), host_events(host_token), game)
        async with host:
            moved = await record(game, "Sarah", "twos", 4)
            assert await host.next_version() == moved
            await host.nothing()

    run(scenario)


def test_a_purged_game_reloads_its_streams_after_a_recheck():
    game, host_token = make_game(["Sarah", "Hugo"])

    async def scenario():
        client = AsyncClient()
        watch, host = await watch_and_host(client, game, host_token)
        async with watch, host:
            await sync_to_async(Game.objects.filter(pk=game.pk).delete)()
            await live.hub.recheck()
            for stream in (watch, host):
                assert [event.event for event in await stream.end()] == ["reload"]

    run(scenario)


def test_a_version_moved_without_announce_is_caught_by_the_recheck(settings):
    settings.LIVE_RECHECK_SECONDS = 3600  # only the test's own re-check
    game, _ = make_game(["Sarah", "Hugo"])

    async def scenario():
        stream = await up_to_date(AsyncClient(), watch_events(game), game)
        async with stream:
            # As another process on SQLite would (the purge, manage.py): no announce.
            await sync_to_async(Game.objects.filter(pk=game.pk).update)(
                version=F("version") + 1
            )
            if connection.vendor != "postgresql":
                await stream.nothing()
            await live.hub.recheck()
            assert (await stream.next_sheet()).version == game.version + 1

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
        stream = await up_to_date(AsyncClient(), watch_events(game), game)
        async with stream:
            live.hub.publish(game.pk, game.version + 5)
            await stream.nothing(within=0.5)
            assert len(rendered) <= 2

    run(scenario)


# --- refusals ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "/w/" + "a" * 32 + "/events/",
        "/w/not-a-token/events/",
        "/h/" + "a" * 32 + "/events/",
        "/h/x/events/",
    ],
    ids=["unknown watch", "malformed watch", "unknown host", "malformed host"],
)
def test_a_link_that_opens_nothing_streams_the_same_404_as_the_page_and_a_miss(
    url, settings
):
    settings.CAPABILITY_MISS_LIMIT = 1
    page_url = url.removesuffix("events/")

    async def scenario():
        client = AsyncClient()
        response = await client.get(url)
        assert response.status_code == 404
        assert not response.streaming
        # The one miss allowed is spent: the stream counted it.
        assert await sync_to_async(ratelimit.too_many_misses)(
            response.asgi_request, "capability"
        )
        await sync_to_async(cache.clear)()
        page = await client.get(page_url)
        assert page.status_code == 404
        assert response.content == page.content

    run(scenario)


def test_wrong_links_on_the_stream_count_misses_up_to_a_429_but_a_good_link_streams(
    settings,
):
    settings.CAPABILITY_MISS_LIMIT = 2
    game, _ = make_game(["Sarah"])

    async def scenario():
        client = AsyncClient()
        for n in range(2):
            assert (await client.get(f"/w/{'b' * 31}{n}/events/")).status_code == 404
        response = await client.get(f"/w/{'b' * 31}x/events/")
        assert response.status_code == 429
        assert int(response["Retry-After"]) > 0
        assert not response.streaming
        # A neighbour's wrong links never lock the table out of its own sheet.
        response, stream = await open_stream(client, watch_events(game))
        assert response.status_code == 200
        async with stream:
            assert await stream.hello() == game.version

    run(scenario)


def test_a_revoked_pencil_streams_a_410():
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil = game.pass_pencil(host_token, "Léa")
    game.take_back_pencil()

    async def scenario():
        client = AsyncClient()
        response = await client.get(pencil_events(pencil))
        assert response.status_code == 410
        assert not response.streaming
        malformed = await client.get("/c/nope/events/")
        assert malformed.status_code == 410

    run(scenario)


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_the_stream_only_answers_get_and_head(method):
    game, _ = make_game(["Sarah"])

    async def scenario():
        response = await getattr(AsyncClient(), method)(watch_events(game))
        assert response.status_code == 405

    run(scenario)


def test_one_address_holds_at_most_the_configured_streams_another_still_gets_in(
    settings,
):
    settings.TRUSTED_PROXY_COUNT = 1
    settings.LIVE_STREAMS_PER_ADDRESS = 3
    game, _ = make_game(["Sarah"])
    url = f"{watch_events(game)}?v={game.version}"

    async def scenario():
        client = AsyncClient()
        held = []
        try:
            for _ in range(3):
                response, stream = await open_stream(
                    client, url, **from_address("203.0.113.7")
                )
                assert response.status_code == 200
                held.append(stream)
                await stream.hello()
            refused = await client.get(url, headers=from_address("203.0.113.7"))
            assert refused.status_code == 429
            assert int(refused["Retry-After"]) > 0
            response, other = await open_stream(
                client, url, **from_address("198.51.100.9")
            )
            async with other:
                assert response.status_code == 200
                await other.hello()
            # A stream closed makes room again.
            await held.pop().close()
            response, again = await open_stream(
                client, url, **from_address("203.0.113.7")
            )
            async with again:
                assert response.status_code == 200
                await again.hello()
        finally:
            for stream in held:
                await stream.close()

    run(scenario)


def test_the_wsgi_client_gets_204_from_the_stream(client):
    game, host_token = make_game(["Sarah"])
    for url in (watch_events(game), host_events(host_token)):
        response = client.get(url)
        assert response.status_code == 204
        assert response.content == b""


# --- heartbeat and drain ------------------------------------------------------------


def test_a_quiet_stream_sends_heartbeat_comments(settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.05
    game, _ = make_game(["Sarah"])

    async def scenario():
        stream = await up_to_date(AsyncClient(), watch_events(game), game)
        async with stream:
            for _ in range(3):
                beat = await stream.next(timeout=1)
                assert beat.comment and not beat.event and not beat.data
            assert b"\n: \n\n: \n\n" in stream.raw

    run(scenario)


def test_a_drain_ends_every_open_stream_with_a_retry_line():
    game, host_token = make_game(["Sarah", "Hugo"])

    async def scenario():
        client = AsyncClient()
        watch, host = await watch_and_host(client, game, host_token)
        async with watch, host:
            live.hub.drain()
            for stream in (watch, host):
                left = await stream.end()
                assert len(left) == 1
                assert left[0].retry > 0 and not left[0].event
                assert stream.raw.endswith(b"\n\nretry: %d\n\n" % left[0].retry)

    run(scenario)


def test_the_hub_serves_again_in_a_new_loop_after_a_drain():
    game, _ = make_game(["Sarah", "Hugo"])

    async def drained():
        stream = await up_to_date(AsyncClient(), watch_events(game), game)
        async with stream:
            live.hub.drain()
            await stream.end()

    async def next_server():
        stream = await up_to_date(AsyncClient(), watch_events(game), game)
        async with stream:
            moved = await record(game, "Sarah", "ones", 1)
            assert (await stream.next_sheet()).version == moved

    run(drained)
    run(next_server)


# --- PostgreSQL: NOTIFY --------------------------------------------------------------

postgresql_only = pytest.mark.skipif(
    "connection.vendor != 'postgresql'", reason="PostgreSQL only"
)


def _listening_sync():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND query = %s AND pid <> pg_backend_pid()",
            [f"LISTEN {live.CHANNEL}"],
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
def test_notify_wakes_the_streams_on_commit_and_not_on_rollback(settings):
    settings.LIVE_RECHECK_SECONDS = 3600  # only NOTIFY can bring the news
    game, _ = make_game(["Sarah", "Hugo"])

    def rolled_back():
        with transaction.atomic():
            play(game, ("Sarah", "free", "ones", count(4)))
            transaction.set_rollback(True)

    async def scenario():
        stream = await up_to_date(AsyncClient(), watch_events(game), game)
        async with stream:
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
def test_an_entry_through_another_connection_reaches_the_stream_within_a_second(
    settings,
):
    settings.LIVE_RECHECK_SECONDS = 3600
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
        stream = await up_to_date(AsyncClient(), watch_events(game), game)
        async with stream:
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
        client = AsyncClient()
        opened = [(await open_stream(client, watch_events(g)))[1] for g in games]
        try:
            # Eight renderings at once: spread over the worker threads.
            for stream in opened:
                await stream.hello()
                await stream.next_sheet()
            await live.hub.recheck()
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


# The fallback poll (/w/<t>/feuille/?v=N: 204 unchanged, the sheet when moved) is
# covered by tests/live/test_poll.py.
