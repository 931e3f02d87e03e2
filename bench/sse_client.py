"""The client side of the live benchmark: a phone (watcher or host page) holding
its game's Server-Sent Events stream, parsed incrementally as bytes arrive, and
reconnecting as EventSource does."""

import asyncio
import contextlib
import random
import re
import time

import loopback

SHEET_VERSION = re.compile(rb'data-version="(\d+)"')


class HTTPStatusError(Exception):
    pass


class Stream(asyncio.Protocol):
    """One event stream: HTTP/1.1 head, then a chunked (or close-delimited) body
    parsed line by line into SSE events as bytes arrive."""

    def __init__(self, phone):
        self.phone = phone
        self.transport = None
        self.buf = bytearray()  # undecoded bytes (head, then chunk framing)
        self.lines = bytearray()  # decoded body bytes not yet split into lines
        self.state = "head"
        self.chunk_left = 0
        self.chunked = False
        self.event = ""
        self.event_id = None
        self.first_data = None
        self.has_data = False
        self.head = asyncio.get_running_loop().create_future()
        self.done = asyncio.get_running_loop().create_future()
        self.last_field = b""  # the last field line read (b"retry" at a drain)

    def connection_made(self, transport):
        self.transport = transport

    def connection_lost(self, exc):
        if not self.head.done():
            self.head.set_exception(
                HTTPStatusError(f"closed before answering: {exc!r}")
            )
        if not self.done.done():
            self.done.set_result("closed" if exc is None else repr(exc))

    def data_received(self, data):
        now = time.monotonic()
        phone = self.phone
        if phone.last_rx and phone.run.measuring():
            phone.max_gap = max(phone.max_gap, now - phone.last_rx)
        phone.last_rx = now
        self.buf += data
        if self.state == "head":
            end = self.buf.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(self.buf[:end]).decode("latin-1").split("\r\n")
            del self.buf[: end + 4]
            status = int(head[0].split(" ", 2)[1])
            headers = {}
            for line in head[1:]:
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            if status != 200:
                self.head.set_exception(HTTPStatusError(f"status {status}"))
                self.transport.close()
                return
            if not headers.get("content-type", "").startswith("text/event-stream"):
                self.head.set_exception(
                    HTTPStatusError(f"content-type {headers.get('content-type')!r}")
                )
                self.transport.close()
                return
            self.phone.run.check_headers(headers)
            self.chunked = "chunked" in headers.get("transfer-encoding", "").lower()
            self.state = "size" if self.chunked else "raw"
            self.head.set_result(headers)
        if self.state == "raw":
            self.lines += self.buf
            self.buf.clear()
        else:
            self._dechunk()
        self._parse_lines(now)

    def _dechunk(self):
        buf = self.buf
        while buf:
            if self.state == "size":
                end = buf.find(b"\r\n")
                if end < 0:
                    return
                size = int(bytes(buf[:end]).split(b";")[0], 16)
                del buf[: end + 2]
                if size == 0:
                    self.state = "end"
                    self.transport.close()
                    return
                self.chunk_left = size
                self.state = "chunk"
            elif self.state == "chunk":
                take = min(self.chunk_left, len(buf))
                self.lines += buf[:take]
                del buf[:take]
                self.chunk_left -= take
                if self.chunk_left == 0:
                    self.state = "crlf"
            elif self.state == "crlf":
                if len(buf) < 2:
                    return
                del buf[:2]
                self.state = "size"
            else:  # "end"
                buf.clear()

    def _parse_lines(self, now):
        lines = self.lines
        start = 0
        while True:
            if self.has_data:
                # Past an event's first data line, the rest of its data lines (the
                # sheet's HTML, one line each) is skipped to the blank line that
                # ends the event: the server writes id/event before data.
                end = lines.find(b"\n\n", max(0, start - 1))
                if end < 0:
                    # Keep the last byte: it may be the first of the two newlines.
                    start = max(start - 1, len(lines) - 1, 0)
                    break
                self._line(b"", now)
                start = end + 2
                continue
            end = lines.find(b"\n", start)
            if end < 0:
                break
            line = bytes(lines[start:end])
            start = end + 1
            if line.endswith(b"\r"):
                line = line[:-1]
            self._line(line, now)
        del lines[:start]

    def _line(self, line, now):
        if not line:  # dispatch
            if self.has_data or self.event:
                self.phone.on_event(
                    self.event or "message", self.event_id, self.first_data, now
                )
            self.event, self.first_data, self.has_data = "", None, False
            return
        if line.startswith(b":"):
            self.phone.heartbeats += 1
            return
        name, _, value = line.partition(b":")
        if value.startswith(b" "):
            value = value[1:]
        self.last_field = name
        if name == b"data":
            if not self.has_data:
                self.first_data = value
            self.has_data = True
        elif name == b"event":
            self.event = value.decode()
        elif name == b"id":
            self.event_id = value.decode()
        elif name == b"retry":
            with contextlib.suppress(ValueError):
                self.phone.retry_ms = int(value)


class Phone:
    """A page holding its event stream, reconnecting as EventSource does."""

    __slots__ = (
        "run",
        "kind",
        "table",
        "path",
        "address",
        "version",
        "last_id",
        "retry_ms",
        "heartbeats",
        "last_rx",
        "max_gap",
        "connects",
        "receipts",
        "hello",
        "stream",
        "gone",
    )

    def __init__(self, run, kind, table, path, address, version):
        self.run = run
        self.kind = kind  # "watcher" or "host"
        self.table = table
        self.path = path
        self.address = address
        self.version = version
        self.last_id = None
        self.retry_ms = 3000
        self.heartbeats = 0
        self.last_rx = 0.0  # when this stream last received bytes
        self.max_gap = 0.0  # longest silence on the stream during the measure
        self.connects = 0
        # (version, t received) of every sheet event (a host's: version event)
        self.receipts = []
        self.hello = False
        self.stream = None
        self.gone = False

    def on_event(self, event, event_id, first_data, now):
        run = self.run
        if event == "version" and self.kind == "host":
            # A writer's stream says the version only (its page fetches the sheet
            # when another device wrote; here the host is the one writing).
            try:
                version = int(event_id)
            except (TypeError, ValueError):
                run.error(f"host: version event without a numeric id {event_id!r}")
                return
            self.last_id = event_id
            self.version = max(self.version, version)
            self.receipts.append((version, now))
            run.events["host"] += 1
        elif event == "sheet":
            try:
                version = int(event_id)
            except (TypeError, ValueError):
                run.error(f"{self.kind}: sheet event without a numeric id {event_id!r}")
                return
            match = SHEET_VERSION.search(first_data or b"")
            if match is not None and int(match.group(1)) != version:
                run.error(f"sheet id {version} carries data-version {match.group(1)}")
            self.last_id = event_id
            self.version = max(self.version, version)
            self.receipts.append((version, now))
            run.events[self.kind] += 1
        elif event == "hello":
            self.hello = True
            run.events["hello"] += 1
        elif event in ("gone", "reload"):
            # The link stopped opening the game (or the page must reload): the
            # stream ends; in this benchmark it never should.
            self.gone = True
            run.error(f"{self.kind}: event {event}")
        else:
            run.events["other"] += 1

    def request(self):
        headers = [
            f"GET {self.path}?v={self.version} HTTP/1.1",
            f"Host: {loopback.HOST}:{self.run.port}",
            "Accept: text/event-stream",
            "Cache-Control: no-cache",
            "Accept-Language: fr",
        ]
        if self.last_id is not None:
            headers.append(f"Last-Event-ID: {self.last_id}")
        return ("\r\n".join(headers) + "\r\n\r\n").encode()

    async def connect(self):
        """Opens the stream; True once the answer's head (200, event-stream) is in."""
        run = self.run
        loop = asyncio.get_running_loop()
        async with run.connect_slots:
            run.requests += 1
            self.connects += 1
            try:
                _t, stream = await asyncio.wait_for(
                    loop.create_connection(
                        lambda: Stream(self),
                        loopback.HOST,
                        run.port,
                        local_addr=(self.address, 0),
                    ),
                    run.args.connect_timeout,
                )
            except Exception as exc:  # noqa: BLE001 - every failure is an error
                run.error(f"{self.kind} connect: {exc!r}", "connect")
                return False
            self.stream = stream
            self.last_rx = 0.0
            stream.transport.write(self.request())
            try:
                await asyncio.wait_for(stream.head, run.args.connect_timeout)
            except HTTPStatusError as exc:
                # EventSource gives up for good on an answer that is not a 200
                # event stream (404, 410, 429…): so does this phone.
                run.error(f"{self.kind} stream: {exc}", "answer")
                stream.transport.close()
                self.gone = True
                return False
            except Exception as exc:  # noqa: BLE001
                run.error(f"{self.kind} stream: {exc!r}", "answer")
                stream.transport.close()
                return False
            run.open_streams += 1
            return True

    async def hold(self, start_at):
        """Connects at `start_at`, then holds the stream (reconnecting after a drop)
        until the run's end."""
        run = self.run
        await asyncio.sleep(max(0.0, start_at - time.monotonic()))
        while time.monotonic() < run.close_at and not self.gone:
            if not await self.connect():
                await asyncio.sleep(self._backoff())
                continue
            stream = self.stream
            await asyncio.wait(
                {stream.done, run.closing}, return_when="FIRST_COMPLETED"
            )
            run.open_streams -= 1
            if run.closing.done():
                stream.transport.close()
                return
            if run.draining:
                # The server is stopping: the stream should end after a retry: line.
                run.drained.append(
                    (time.monotonic() - run.drain_from, stream.last_field == b"retry")
                )
                stream.transport.close()
                return
            # The stream ended or failed while the run was on: a drop.
            how = stream.done.result()
            if run.measuring():
                run.dropped[self.kind] += 1
            run.note(f"{self.kind} stream dropped ({how}) at t={run.t():.1f}s")
            stream.transport.close()
            if self.gone:
                return
            await asyncio.sleep(self._backoff())

    def _backoff(self):
        return self.retry_ms / 1000 * random.uniform(0.8, 1.2)
