"""Reading a live stream (games/live/streams.py) the way a browser's EventSource does.

`Stream` holds one open `…/events/` response of the AppClient: a task pumps
its chunks into a queue, so a test can wait for the next event with a timeout
without cancelling the response's iterator (which would end the stream), and a
test never hangs. Always `await stream.close()` (or use `async with`).
"""

import asyncio
import contextlib
from dataclasses import dataclass

QUIET = 0.3  # how long "nothing arrives" is watched for


@dataclass
class Event:
    """One message of the stream, as EventSource parses it."""

    event: str = ""
    data: str = ""
    id: str | None = None
    retry: int | None = None
    comment: bool = False

    @property
    def version(self):
        return int(self.id if self.id is not None else self.data)


def parse(block):
    """An Event from one message (the lines between two blank lines)."""
    found, data = Event(), []
    for line in block.split("\n"):
        field, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if field == "":
            found.comment = True
        elif field == "event":
            found.event = value
        elif field == "data":
            data.append(value)
        elif field == "id":
            found.id = value
        elif field == "retry":
            found.retry = int(value)
    found.data = "\n".join(data)
    return found


class Stream:
    def __init__(self, response):
        self.response = response
        self.raw = b""  # every byte received, in order
        self.ended = False
        self._buffer = b""
        self._events = asyncio.Queue()
        self._iterator = aiter(response.streaming_content)
        self._pump = asyncio.ensure_future(self._read())

    async def _read(self):
        try:
            async for chunk in self._iterator:
                self.raw += chunk
                self._buffer += chunk
                while b"\n\n" in self._buffer:
                    block, self._buffer = self._buffer.split(b"\n\n", 1)
                    await self._events.put(parse(block.decode()))
        finally:
            self.ended = True
            await self._events.put(None)

    async def next(self, timeout=5.0):
        """The next message; AssertionError if none comes within `timeout` s or the
        stream ended (then None is what a second call would give)."""
        try:
            event = await asyncio.wait_for(self._events.get(), timeout)
        except TimeoutError:
            raise AssertionError(f"no event within {timeout}s") from None
        assert event is not None, "the stream ended"
        return event

    async def next_that(self, keep, timeout=5.0):
        """The next message `keep(event)` accepts, skipping the others (heartbeats)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            event = await self.next(max(deadline - loop.time(), 0.001))
            if keep(event):
                return event

    async def next_sheet(self, timeout=5.0):
        return await self.next_that(lambda e: e.event == "sheet", timeout)

    async def next_version(self, timeout=5.0):
        """The next version a writer's stream (host, pencil) announces."""
        return (await self.next_that(lambda e: e.event == "version", timeout)).version

    async def hello(self):
        """The opening message: `retry:` and `event: hello` with the version."""
        first = await self.next()
        assert first.retry is not None and first.retry > 0
        assert first.event == "hello"
        return int(first.data)

    async def nothing(self, within=QUIET):
        """Asserts that no message but heartbeats comes within `within` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while (left := deadline - loop.time()) > 0:
            try:
                event = await asyncio.wait_for(self._events.get(), left)
            except TimeoutError:
                return
            assert event is not None, "the stream ended"
            assert event.comment and not event.event, f"unexpected {event}"

    async def end(self, timeout=5.0):
        """Waits for the stream to end by itself; the messages left, in order."""
        left = []
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            try:
                event = await asyncio.wait_for(
                    self._events.get(), max(deadline - loop.time(), 0.001)
                )
            except TimeoutError:
                raise AssertionError(f"the stream did not end in {timeout}s") from None
            if event is None:
                return left
            left.append(event)

    async def close(self):
        """Hangs up, as a browser leaving the page."""
        self._pump.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._pump
        # Ending the iterator runs the view's cleanup and then response.close(),
        # as the ASGI handler does when the client goes away.
        with contextlib.suppress(Exception):
            await self._iterator.aclose()

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.close()


async def open_stream(client, url, **headers):
    """GETs `url` with `client` (an AppClient); returns (response, Stream or None)."""
    response = await client.get(url, headers=headers)
    if not response.streaming:
        return response, None
    return response, Stream(response)
