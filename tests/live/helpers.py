"""Helpers shared by the live stream tests (tests/live/test_stream_*.py):
the live sheet pushed (games/live/streams.py, games/live/fanout.py), as a client
receives it.

Each test is synchronous and runs one scenario in an event loop of its own
(`async_to_sync`): the AppClient goes through the project's ASGI application, so
the stream is served by its route as under uvicorn, and read chunk by chunk
(tests/live/streams.py) with a timeout on every wait. The hub binds to each new
loop at its first stream and restarts its background tasks there, as it does in
a new server process.

Writes are made through the model verbs or the write URLs inside the scenario,
through `sync_to_async`: they commit in the test's thread, and on_commit (SQLite)
or NOTIFY (PostgreSQL) fires as it does in the app. The streams render in worker
threads with connections of their own, so the writes must commit: every test that
streams uses a transactional database, and checks that no stream is left open
(`STREAM_TEST`, each stream module's `pytestmark`).
"""

import contextlib
import re

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.urls import reverse

from tests.asgi_server import AppClient
from tests.factories import count, play
from tests.live.streams import open_stream


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


# What every stream test needs around it (the fixtures: tests/live/conftest.py).
STREAM_TEST = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fresh_renderings", "every_stream_closed"),
]


async def fresh(game):
    await sync_to_async(game.refresh_from_db)()
    return game.version


async def record(game, name, box, value):
    await sync_to_async(play)(game, (name, "free", box, count(value)))
    return await fresh(game)


@contextlib.asynccontextmanager
async def streams_up_to_date(client, game, *urls):
    """The streams of `urls`, opened at the game's current version one after the
    other and then all past their hello; closed on leaving."""
    async with contextlib.AsyncExitStack() as opened:
        streams = []
        for url in urls:
            _, stream = await open_stream(client, f"{url}?v={game.version}")
            streams.append(await opened.enter_async_context(stream))
        for stream in streams:
            await stream.hello()
        yield streams


@contextlib.asynccontextmanager
async def up_to_date(url, game, client=None):
    """The stream of `url`, opened at the game's current version (by a new
    AppClient unless `client` is given) and past its hello; closed on leaving."""
    async with streams_up_to_date(client or AppClient(), game, url) as (stream,):
        yield stream


def watch_and_host(game, host_token, client=None):
    """A watcher's stream and the host's, up to date and past their hello, opened
    by `client` (a new AppClient by default); closed on leaving."""
    return streams_up_to_date(
        client or AppClient(), game, watch_events(game), host_events(host_token)
    )
