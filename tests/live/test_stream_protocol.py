"""What a stream is on the wire: an event stream answered uncached, unbuffered and
uncompressed, opening with a retry delay drawn in the configured range, kept alive
by heartbeat comments while quiet, and ended by a drain with a retry line, after
which the hub serves again in the next server's loop. How the scenarios run:
tests/live/helpers.py."""

import asyncio
import contextvars
import re
import time

from games.live import fanout
from games.live.streams import HeldStream, Renderings, sheet_event, version_event
from tests.asgi_server import AppClient
from tests.factories import make_game
from tests.live.helpers import (
    STREAM_TEST,
    record,
    run,
    up_to_date,
    watch_and_host,
    watch_events,
)
from tests.live.streams import open_stream

pytestmark = STREAM_TEST

GZIP = {"Accept-Encoding": "gzip, deflate, br"}


def read_event(message: bytes) -> dict[str, str]:
    """One event's fields as an EventSource reads them: a line ends at CR LF, LF
    or a lone CR, and the data lines are joined by line feeds."""
    fields: dict[str, str] = {}
    data: list[str] = []
    for line in re.split(r"\r\n|\r|\n", message.decode()):
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data":
            data.append(value)
        elif name:
            fields[name] = value
    return {**fields, "data": "\n".join(data)}


def test_the_stream_answers_event_stream_uncached_unbuffered_and_uncompressed():
    game, _ = make_game(["Sarah", "Hugo"])

    async def scenario():
        response, stream = await open_stream(AppClient(), watch_events(game), **GZIP)
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


def test_a_sheet_event_carries_the_sheet_line_for_line_as_one_event():
    sheet = "<section>\n  <p>Léa − 12</p>\n\n</section>\n"
    message = sheet_event(7, sheet.encode())
    assert message.endswith(b"\n\n") and message.count(b"\n\n") == 1
    assert read_event(message) == {"id": "7", "event": "sheet", "data": sheet}


def test_a_carriage_return_in_the_sheet_cannot_end_its_line_early():
    message = sheet_event(7, "<p>Léa\revent: reload\r\nid: 99</p>".encode())
    assert read_event(message) == {
        "id": "7",
        "event": "sheet",
        "data": "<p>Léa\nevent: reload\nid: 99</p>",
    }


def test_the_retry_delay_is_drawn_in_the_configured_range(settings):
    settings.LIVE_RETRY_MS = (1234, 1236)
    game, _ = make_game(["Sarah"])

    async def scenario():
        _, stream = await open_stream(AppClient(), watch_events(game))
        async with stream:
            first = await stream.next()
            assert 1234 <= first.retry <= 1236

    run(scenario)


def test_a_quiet_stream_sends_heartbeat_comments(settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.05
    game, _ = make_game(["Sarah"])

    async def scenario():
        async with up_to_date(watch_events(game), game) as stream:
            for _ in range(3):
                beat = await stream.next(timeout=1)
                assert beat.comment and not beat.event and not beat.data
            assert b"\n: \n\n: \n\n" in stream.raw

    run(scenario)


def test_a_heartbeat_comes_only_after_a_whole_quiet_period(settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.4
    game, _ = make_game(["Sarah"])

    async def scenario():
        async with up_to_date(watch_events(game), game) as stream:
            await asyncio.sleep(0.3)
            moved = await record(game, "Sarah", "ones", 1)
            assert (await stream.next_sheet()).version == moved
            sheet_at = time.monotonic()
            beat = await stream.next(timeout=2)
            assert beat.comment
            # The sheet reset the stream's quiet time: no heartbeat right after it.
            assert time.monotonic() - sheet_at >= 0.3

    run(scenario)


def test_a_sleeping_stream_runs_no_task_beside_its_request():
    # Thousands of streams are held at once: one that sleeps keeps its request's
    # coroutine, awaiting the hang-up, and nothing that runs beside it: no task
    # hearing the hang-up, no delivery once its page is caught up.
    game, host_token = make_game(["Sarah", "Hugo"])

    def beside_the_requests():
        return [
            task
            for task in asyncio.all_tasks()
            if task.get_coro().__qualname__.startswith("HeldStream.")
            # The request's receive() awaited by a task of its own.
            or task.get_coro().__qualname__.endswith("<locals>.receive")
        ]

    async def scenario():
        async with watch_and_host(game, host_token) as (watch, host):
            moved = await record(game, "Sarah", "ones", 1)
            assert (await watch.next_sheet()).version == moved
            assert await host.next_version() == moved
            await watch.nothing()
            assert beside_the_requests() == []
            held = fanout.hub.games[game.pk]
            assert len(held) == 2
            assert all(stream.delivery is None for stream in held)

    run(scenario)


def test_news_during_a_send_is_sent_by_the_same_delivery_in_order():
    async def scenario():
        sent, slow = [], asyncio.Event()

        async def send(message):
            sent.append(message["body"])
            if len(sent) == 2:
                await slow.wait()  # The client takes version 2 slowly.

        async def until(condition):
            async with asyncio.timeout(5):
                while not condition():
                    await asyncio.sleep(0.001)

        fanout.hub.start()
        stream = HeldStream(
            send,
            990_001,
            "127.0.0.1",
            asyncio.get_running_loop().time(),
            kind="host",
            token="unused",
            language="fr",
            hello=1,
            sent=1,
            pencil=(False, 0),
        )
        fanout.hub.subscribe(stream, 1)
        try:
            stream.wake()
            await until(lambda: len(sent) == 1)
            fanout.hub.publish(990_001, 2, (False, 0))
            await until(lambda: len(sent) == 2)
            delivering = stream.delivery
            fanout.hub.publish(990_001, 3, (False, 0))
            fanout.hub.publish(990_001, 4, (False, 0))
            slow.set()
            await until(lambda: stream.delivery is None)
            assert delivering is not None and delivering.done()
            assert sent[0].startswith(b"retry: ")
            assert sent[1:] == [version_event(2), version_event(4)]
        finally:
            stream.stop()
            fanout.hub.unsubscribe(stream)

    run(scenario)


def test_a_stream_whose_delivery_fails_ends_and_its_page_comes_back(
    monkeypatch, caplog
):
    game, _ = make_game(["Sarah", "Hugo"])

    async def broken(self, *args):
        raise RuntimeError("the renderer broke")

    async def scenario():
        async with up_to_date(watch_events(game), game) as stream:
            monkeypatch.setattr(Renderings, "latest", broken)
            await record(game, "Sarah", "ones", 1)
            assert await stream.end() == []
        monkeypatch.undo()
        # The page's EventSource comes back, and the stream serves again.
        async with up_to_date(watch_events(game), game) as stream:
            moved = await record(game, "Hugo", "ones", 2)
            assert (await stream.next_sheet()).version == moved

    run(scenario)
    assert "live: a stream failed" in caplog.text


def test_a_drain_ends_every_open_stream_with_a_retry_line():
    game, host_token = make_game(["Sarah", "Hugo"])

    async def scenario():
        async with watch_and_host(game, host_token) as (watch, host):
            fanout.hub.drain()
            for stream in (watch, host):
                left = await stream.end()
                assert len(left) == 1
                assert left[0].retry > 0 and not left[0].event
                assert stream.raw.endswith(b"\n\nretry: %d\n\n" % left[0].retry)

    run(scenario)


def test_the_hub_serves_again_in_a_new_loop_after_a_drain():
    game, _ = make_game(["Sarah", "Hugo"])

    async def drained():
        async with up_to_date(watch_events(game), game) as stream:
            fanout.hub.drain()
            await stream.end()

    async def next_server():
        async with up_to_date(watch_events(game), game) as stream:
            moved = await record(game, "Sarah", "ones", 1)
            assert (await stream.next_sheet()).version == moved

    run(drained)
    run(next_server)


def test_a_held_stream_keeps_nothing_of_the_context_its_game_was_read_in():
    # Thousands of streams are held at once: what asgiref and Django set in
    # the context vars around the game's read (the deadlock guard, their
    # thread-locals' storages) must not stay in each stream's task for as long
    # as the phone watches.
    game, _ = make_game(["Sarah"])

    def held_streams():
        return {
            task
            for task in asyncio.all_tasks()
            if task.get_coro().__qualname__ == "EventStreams.__call__"
        }

    async def scenario():
        # The process's first stream starts its hub (the database's vendor
        # asked once): the second one is what every other stream is.
        async with up_to_date(watch_events(game), game):
            first = held_streams()
            test_vars = set(contextvars.copy_context())
            _, stream = await open_stream(AppClient(), watch_events(game))
            async with stream:
                assert (await stream.next(timeout=5)).event == "hello"
                (second,) = held_streams() - first
                assert set(second.get_context()) <= test_vars

    run(scenario)
