"""What a held stream keeps while it sleeps: thousands are held at once, so none
keeps the sheet it last sent (tens of KB a game) until the next version; the
watchers' event stays kept once, packed, for the streams that open later."""

import gc
import weakref

from games.live import streams
from tests.asgi_server import AppClient
from tests.factories import count, make_game, play
from tests.live.helpers import STREAM_TEST, record, run, watch_events
from tests.live.streams import open_stream

pytestmark = STREAM_TEST


def test_a_sleeping_stream_keeps_no_sheet_it_has_sent(monkeypatch):
    game, _ = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(2)))
    game.refresh_from_db()
    handed_out = []
    latest = streams.Renderings.latest

    async def watched_latest(self, *args):
        event = await latest(self, *args)
        if event is not None:
            handed_out.append(weakref.ref(event))
        return event

    monkeypatch.setattr(streams.Renderings, "latest", watched_latest)

    async def scenario():
        _, stream = await open_stream(
            AppClient(), watch_events(game) + f"?v={game.version}"
        )
        async with stream:
            await stream.hello()
            moved = await record(game, "Hugo", "ones", 1)
            sheet = await stream.next_sheet()
            assert sheet.version == moved
            # The stream is asleep again, waiting for the next version.
            await stream.nothing()
            gc.collect()
            assert handed_out
            assert all(sent() is None for sent in handed_out)
            # The next version still reaches it.
            again = await record(game, "Sarah", "twos", 2)
            assert (await stream.next_sheet()).version == again

    run(scenario)
