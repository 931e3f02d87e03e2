"""Live sheet by push: thousands of watchers holding Server-Sent Events streams.

Load shape: --tables tables, each one host and --watchers-per-table (5) watchers,
one game of 6 players per table. Every phone holds the game's event stream, as its
page does (`GET /w/<watch>/events/?v=<version>` for a watcher, `/h/<host>/events/`
for the host page). Connections are opened gradually over --ramp seconds (at most
--connect-concurrency connects in flight), spread over many loopback source
addresses (--per-address streams each, under the server's LIVE_STREAMS_PER_ADDRESS
cap; every 127.x.y.z is loopback on Linux). Then, for --duration seconds, every host
enters a box every --interval seconds (each on its own random phase) through the
real record URL (htmx POST with the CSRF cookie, a request_key and the version its
page shows), and every stream is parsed incrementally (chunked body, then SSE
lines; nothing is buffered beyond the event being read).

Reported:
  - staleness, per (entry, watcher): from the entry's commit (the Entry's
    created_at, the server's clock, read from the database after the run, as
    bench/live_poll.py does) to the watcher's receipt of the complete `sheet` event
    carrying that version (or a later one); also from the host's POST answer;
  - sheet events received vs expected, and versions never seen;
  - errors: failed connects, non-200 or non-event-stream answers, `gone`, failed
    or refused writes; streams dropped (ended or failed during the measure);
  - score entry latency (POST sent → answer read), and how late the load
    generator sent each write after its due time: its phones are meant to be
    independent, so it keeps its own pauses out of the measure window (its
    garbage collector off there, /proc read off its event loop), and this
    figure shows whether it managed;
  - server RSS (every uvicorn process, summed) and threads, open fds, at the
    cold start, at the start (after --warm-tables tables came and went:
    `Run.warm_up`), after the ramp, every 5 s and at the end; per held stream,
    the RSS growth since the start divided by the streams held while the hosts
    write (target ≤ 15 KB; since the cold start too), and the slope over the
    ramp; CPU of server, client, whole machine over the measure window;
  - the server's CPU per score entry in the measure window (the entry, its
    watchers' rendering, the sends to every stream, the heartbeats), in ms and as
    a multiple of the yardstick: a minimal Django view served by the same server
    (bench/harness/yardstick.py), its CPU per request measured right before and
    right after the run, so that a machine slower or busier that day shows in
    the figures;
  - the idle-watcher check: requests a watcher makes per minute over the whole run
    (the stream's connect; a heartbeat is not a request): ≤ 1/min.

    python bench/live_push.py --tables 50 --duration 30 --ramp 10  # smoke
    python bench/live_push.py --db sqlite --tables 2000            # 10,000
    python bench/live_push.py --db postgres --tables 2000          # 2 processes

Targets: staleness p95 ≤ 200 ms, p99 ≤ 500 ms; 0 errors; 0 streams dropped;
score entry p99 ≤ 100 ms; ≤ 1 request per watcher per minute.

Loopback only (127.0.0.0/8); the run ends by itself after ramp + duration + grace.
"""

import argparse
import asyncio
import contextlib
import gc
import random
import re
import signal
import sys
import time

from harness import clients, figures, seeding, servers

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
            f"Host: {servers.HOST}:{self.run.port}",
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
                        servers.HOST,
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


class Run:
    """One run: the phones' streams opened over the ramp, the hosts writing through
    the measure window, the server sampled, then the drain check."""

    def __init__(self, args, games, server, warm_games=()):
        self.args = args
        self.games = games
        self.warm_games = warm_games
        self.server = server
        self.port = server.port
        self.connect_slots = asyncio.Semaphore(args.connect_concurrency)
        self.closing = asyncio.get_running_loop().create_future()
        self.t0 = time.monotonic()
        self.measure_from = self.measure_to = self.close_at = float("inf")
        self.requests = 0
        self.open_streams = 0
        self.errors = {"connect": 0, "answer": 0, "event": 0, "write": 0, "host": 0}
        self.error_notes = []
        self.notes = []
        self.events = {"watcher": 0, "host": 0, "hello": 0, "other": 0}
        self.dropped = {"watcher": 0, "host": 0}
        self.writes = clients.Writes()
        # ms after its tick that each write left: the load generator's own delay
        self.late = []
        self.sent = {}  # table → [(version, t sent, t answered)] in the window
        self.phones = []
        self.samples = []  # (label, t, rss, threads, fds, db connections, streams)
        self.pg = None
        self.header_notes = set()
        self.sampled_end = False
        self.draining = False
        self.drain_from = 0.0
        self.drained = []  # (s after SIGTERM, ended on a retry: line) per stream
        self.drain_left = 0

    def t(self):
        return time.monotonic() - self.t0

    def measuring(self):
        return self.measure_from <= time.monotonic() <= self.measure_to

    def error(self, note, kind="event"):
        self.errors[kind] += 1
        if len(self.error_notes) < 10:
            self.error_notes.append(f"t={self.t():.1f}s {note}")

    def check_headers(self, headers):
        """Notes (once each) a stream answer without the headers proxies need."""
        cache = headers.get("cache-control", "")
        for ok, what in (
            ("no-cache" in cache or "no-store" in cache, f"Cache-Control {cache!r}"),
            (headers.get("x-accel-buffering") == "no", "no X-Accel-Buffering: no"),
            ("content-length" not in headers, "a Content-Length on a stream"),
        ):
            if not ok and what not in self.header_notes:
                self.header_notes.add(what)
                self.note(f"stream headers: {what}")

    def note(self, text):
        if len(self.notes) < 10:
            self.notes.append(text)

    def db_connections(self):
        """The server's database connections: SQLite files it holds open, or its
        sessions in pg_stat_activity (through one connection kept for this)."""
        if self.args.db == "sqlite":
            return self.server.fds_to("db.sqlite3")
        try:
            if self.pg is None:
                import psycopg

                self.pg = psycopg.connect(
                    servers.PG_ADMIN_URL, autocommit=True, connect_timeout=5
                )
            row = self.pg.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = %s "
                "AND pid <> pg_backend_pid()",
                [servers.PG_BENCH_DB],
            ).fetchone()
            return row[0]
        except Exception as exc:  # noqa: BLE001 - a figure, not the run
            self.note(f"pg_stat_activity: {exc!r}")
            return -1

    async def sample(self, label):
        """Notes the server's processes as they are now. Read off the client's
        event loop: listing and reading the links of 11,000 open fds takes tens of
        milliseconds, long enough for the hosts due meanwhile to write all at once
        when the loop comes back, a burst no table of real phones makes."""
        s = self.server
        at, streams = self.t(), self.open_streams

        def read():
            return s.rss_bytes(), s.threads(), s.open_fds(), self.db_connections()

        rss, threads, fds, db = await asyncio.to_thread(read)
        self.samples.append((label, at, rss, threads, fds, db, streams))

    async def host(self, host, table, first_tick):
        tick = first_tick
        interval = self.args.interval
        while tick < self.measure_to and not host.done:
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
            self.late.append((time.monotonic() - tick) * 1000)
            self.requests += 1
            before = len(host.sent)
            errors = self.writes.errors
            await host.write(self.writes)
            if self.writes.errors > errors:
                self.errors["write"] += 1
                self.note(f"write failed (see below) at t={self.t():.1f}s")
            if len(host.sent) > before:
                self.sent.setdefault(table, []).append(host.sent[-1])
            tick += interval
            while tick < time.monotonic():
                tick += interval

    async def sampler(self):
        while True:
            await asyncio.sleep(5)
            if self.sampled_end:
                return
            # The samples taken while the hosts write are the ones the memory
            # figure reads (`rss_growth_per_stream`).
            await self.sample("writes" if self.measuring() else "")

    async def main(self):
        args = self.args
        n = len(self.games)
        await self.sample("cold start")
        await self.warm_up()
        await self.sample("start")
        # Phones: per table, the host page's stream, then its watchers' streams;
        # consecutive streams share a source address, --per-address at most.
        stream_index = 0
        for table, game in enumerate(self.games):
            paths = [("host", f"/h/{game['host_token']}/events/")]
            paths += [("watcher", f"/w/{game['watch_token']}/events/")] * (
                args.watchers_per_table
            )
            for kind, path in paths:
                address = clients.source_address(stream_index // args.per_address)
                self.phones.append(
                    Phone(self, kind, table, path, address, game["version"])
                )
                stream_index += 1
        ramp_from = time.monotonic()
        self.measure_from = ramp_from + args.ramp + args.settle
        self.measure_to = self.measure_from + args.duration
        self.close_at = self.measure_to + args.grace
        # Phones are shuffled over the ramp so that no table fills up first.
        order = list(range(len(self.phones)))
        random.shuffle(order)
        holders = [
            asyncio.ensure_future(
                self.phones[i].hold(ramp_from + args.ramp * k / len(order))
            )
            for k, i in enumerate(order)
        ]
        sampler = asyncio.ensure_future(self.sampler())
        async with clients.session(args.write_connections) as client:
            # The host pages (their CSRF cookie), opened during the ramp too.
            opened = []
            open_slots = asyncio.Semaphore(args.connect_concurrency)

            async def open_host(game, delay):
                await asyncio.sleep(delay)
                async with open_slots:
                    host = clients.ScoringHost(client, self.server.base, game)
                    try:
                        await host.open()
                    except Exception as exc:  # noqa: BLE001
                        self.error(f"host page: {exc!r}", "host")
                        return None
                    return host

            opened = await asyncio.gather(
                *(open_host(g, args.ramp * i / n) for i, g in enumerate(self.games))
            )
            await asyncio.sleep(max(0.0, ramp_from + args.ramp - time.monotonic()))
            # The client's own garbage collector stopped all its phones at once
            # for up to a tenth of a second, walking the objects of 11,000
            # streams: the hosts due meanwhile then wrote together. It runs once
            # here, before the measure, and not in it.
            gc.collect()
            gc.disable()
            # Before the hosts start: a sample takes tens of milliseconds.
            await self.sample("after ramp")
            await asyncio.sleep(max(0.0, self.measure_from - time.monotonic()))
            self.streams_at_start = self.open_streams
            cpu = figures.CpuMeter(self.server)
            cpu.__enter__()
            await asyncio.gather(
                *(
                    self.host(
                        h, i, self.measure_from + random.uniform(0, args.interval)
                    )
                    for i, h in enumerate(opened)
                    if h is not None
                )
            )
            await asyncio.sleep(max(0.0, self.measure_to - time.monotonic()))
            cpu.__exit__(None, None, None)
            gc.enable()
            self.cpu = cpu
            await self.sample("measure end")
            self.streams_at_end = self.open_streams
            await asyncio.sleep(max(0.0, self.close_at - time.monotonic()))
            await self.sample("end")
            self.sampled_end = True
        self.run_seconds = time.monotonic() - ramp_from
        if args.check_drain:
            # A deploy: SIGTERM with every stream open; each should end at once
            # after a final `retry:` line (scorekeeper/asgi.py drains the hub).
            self.draining = True
            self.drain_from = time.monotonic()
            self.drain_open = self.open_streams
            self.server.proc.send_signal(signal.SIGTERM)
            _done, pending = await asyncio.wait(holders, timeout=args.drain_timeout)
            self.drain_left = len(pending)
        self.closing.set_result(True)
        await asyncio.gather(*holders)
        if self.pg is not None:
            self.pg.close()
        sampler.cancel()

    async def warm_up(self):
        """The warm-up tables' phones come and go before the start is sampled: a
        host page, a host's and a watcher's stream, one entry and the watcher's
        sheet of it, per table (two per server process, all at once, so that
        the kernel hands each process some). What a process pays once whatever
        its phones (the thread that writes and its database connection, the
        first write's and rendering's objects, the allocator's first pages) is
        then in the start's RSS rather than counted as the streams'. The growth
        since the cold start is reported too."""
        if not self.warm_games:
            return
        async with clients.session(len(self.warm_games)) as client:
            await asyncio.gather(*(self.warm_table(client, g) for g in self.warm_games))
        # The server hears the hang-ups and lets the streams go.
        await asyncio.sleep(1)

    async def warm_table(self, client, game):
        async def opened(path):
            reader, writer = await asyncio.open_connection(servers.HOST, self.port)
            writer.write(
                (
                    f"GET {path}?v={game['version']} HTTP/1.1\r\n"
                    f"Host: {servers.HOST}:{self.port}\r\n"
                    "Accept: text/event-stream\r\nAccept-Language: fr\r\n\r\n"
                ).encode()
            )
            await asyncio.wait_for(reader.readuntil(b"event: hello"), 10)
            return reader, writer

        host_stream = await opened(f"/h/{game['host_token']}/events/")
        watcher_stream = await opened(f"/w/{game['watch_token']}/events/")
        host = clients.ScoringHost(client, self.server.base, game)
        await host.open()
        writes = clients.Writes()
        if not await host.write(writes):
            self.note(f"warm-up write failed: {writes.statuses} {writes.refusals[:1]}")
        else:
            await asyncio.wait_for(watcher_stream[0].readuntil(b"event: sheet"), 10)
        for _reader, writer in (host_stream, watcher_stream):
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()

    def staleness(self, saved):
        """Per (entry, watcher): seconds from the entry's save and from the POST's
        answer to the first receipt of a sheet event of that version or later."""
        by_table = {}
        for phone in self.phones:
            if phone.kind == "watcher":
                by_table.setdefault(phone.table, []).append(phone.receipts)
        stale = figures.Staleness()
        for table, writes in self.sent.items():
            stale.add(writes, saved.get(table, []), by_table.get(table, []))
        return (
            stale.from_saved,
            stale.from_ack,
            stale.exact,
            stale.expected,
            stale.unseen,
        )


TARGETS = {
    "staleness p95 ms": 200,
    "staleness p99 ms": 500,
    "errors": 0,
    "streams dropped": 0,
    "score entry p99 ms": 100,
    "requests/watcher/min": 1,
    "RSS KB per held stream": 30,
    "RSS growth KB per held stream, writing": 15,
}


def rss_growth_per_stream(samples, since="start"):
    """Server RSS growth per held stream while writes flow, in KB: (RSS − RSS at
    the start, before any stream of the run, after the warm-up; or at the cold
    start, before it) / streams held, at each sample taken in the measure window
    (every process summed); the last one and the highest. What the writes
    themselves add (their threads, the renderings) is counted in, as a server
    holding that many phones pays it. None without such a sample."""
    start = next((rss for label, _t, rss, *_r in samples if label == since), None)
    writing = [
        (rss - start) / streams / 1024
        for label, _t, rss, *_rest, streams in samples
        if label in ("writes", "measure end") and streams
    ]
    if start is None or not writing:
        return None
    return writing[-1], max(writing)


def rss_per_stream(samples):
    """Server RSS per held stream, in KB: the slope from the sample nearest a fifth
    of the streams held to the one with the most (every process summed), so
    that what a process holds whatever its streams (code, caches) is left out.
    None when the run held too few streams to tell."""
    held = [(streams, rss) for _l, _t, rss, _th, _fd, _db, streams in samples]
    if not held:
        return None
    # The first sample holding them all: later ones carry the writes' threads too.
    top_streams = max(streams for streams, _rss in held)
    top_rss = next(rss for streams, rss in held if streams == top_streams)
    low_streams, low_rss = min(held, key=lambda x: abs(x[0] - top_streams / 5))
    if top_streams - low_streams < 100:
        return None
    return (top_rss - low_rss) / (top_streams - low_streams) / 1024


def ms(values, p):
    return 1000 * figures.percentile(values, p)


def percentiles_and_max(values_ms, ps):
    """A report's cell: the percentiles `ps` of `values_ms`, then their max."""
    return " / ".join(
        f"{x:.1f}"
        for x in (
            *(figures.percentile(values_ms, p) for p in ps),
            max(values_ms, default=float("nan")),
        )
    )


def report_run(
    args,
    run,
    server,
    *,
    games,
    entries,
    clock_offset,
    loop_name,
    server_log,
    full_log,
    server_fd_limit,
    streams,
    yardstick,
):
    """Prints the run's tables and notes; returns the exit code: 0 when every
    target is met."""
    saved = figures.saved_times(games, entries, clock_offset)
    from_saved, from_ack, exact, expected, unseen = run.staleness(saved)
    host_expected = sum(len(w) for w in run.sent.values())
    host_seen = sum(
        1
        for phone in run.phones
        if phone.kind == "host"
        for version, _t, _a in run.sent.get(phone.table, [])
        if any(v >= version for v, _r in phone.receipts)
    )
    watchers = [p for p in run.phones if p.kind == "watcher"]
    minutes = run.run_seconds / 60
    per_min = [p.connects / minutes for p in watchers]
    max_connects = max((p.connects for p in watchers), default=0)
    mean_per_min = sum(per_min) / max(1, len(per_min))
    heartbeats = sum(p.heartbeats for p in watchers) / max(1, len(watchers))
    max_gap = max((p.max_gap for p in run.phones), default=0.0)
    per_stream = rss_per_stream(run.samples)
    growth = rss_growth_per_stream(run.samples)
    cold_growth = rss_growth_per_stream(run.samples, since="cold start")
    drain_ok = True
    drain_text = "not checked (--no-check-drain)"
    if args.check_drain:
        with_retry = sum(1 for _t, retry in run.drained if retry)
        last = max((t for t, _r in run.drained), default=float("nan"))
        drain_text = f"{with_retry} / {run.drain_open}; {last:.1f}; {run.drain_left}"
        drain_ok = with_retry == run.drain_open and run.drain_left == 0
    w = run.writes
    errors = sum(run.errors.values())
    dropped = sum(run.dropped.values())
    cpu = run.cpu
    title = (
        f"Live (SSE) on {args.db}: "
        f"{args.tables} tables, {len(watchers)} watchers + {args.tables} host "
        f"streams, 1 box / {args.interval:g} s / host, {args.duration:g} s measured "
        f"after a {args.ramp:g} s ramp; {server.describe()}; client {loop_name}"
    )
    p95, p99 = ms(from_saved, 95), ms(from_saved, 99)
    figures.table(
        title,
        ["staleness from", "samples", "p50 ms", "p95 ms", "p99 ms", "max ms", "target"],
        [
            (
                "entry saved (created_at)",
                len(from_saved),
                ms(from_saved, 50),
                p95,
                p99,
                1000 * max(from_saved, default=float("nan")),
                "p95 ≤ 200, p99 ≤ 500",
            ),
            (
                "host's POST answer",
                len(from_ack),
                ms(from_ack, 50),
                ms(from_ack, 95),
                ms(from_ack, 99),
                1000 * max(from_ack, default=float("nan")),
                "",
            ),
        ],
    )
    lat = w.latencies
    per_entry_ms = cpu.server_pct * cpu.elapsed * 10 / max(1, len(lat))
    yard_ms = sum(yardstick) / len(yardstick)
    figures.table(
        "Events, errors, score entry",
        ["figure", "value", "target"],
        [
            (
                "watcher sheet events received (exact version) / expected",
                f"{exact} / {expected}",
                "all",
            ),
            ("watcher (entry, watcher) pairs never seen", unseen, "0"),
            (
                "host-stream versions seen / written",
                f"{host_seen} / {host_expected}",
                "all",
            ),
            (
                "errors: connect / answer / event / write / host page",
                " / ".join(
                    str(run.errors[k])
                    for k in ("connect", "answer", "event", "write", "host")
                ),
                "0",
            ),
            (
                "streams dropped in the measure (watcher / host)",
                f"{run.dropped['watcher']} / {run.dropped['host']}",
                "0",
            ),
            (
                "streams open after ramp / at measure end / expected",
                f"{run.streams_at_start} / {run.streams_at_end} / {streams}",
                "",
            ),
            (
                "server stopped (SIGTERM): streams ended with retry: / open; "
                "last ended after s; still open",
                drain_text,
                f"all; ≤ {args.drain_timeout:g}; 0" if args.check_drain else "",
            ),
            (
                "score entries (writes) / writes per s",
                f"{len(lat)} / {len(lat) / args.duration:.1f}",
                "",
            ),
            (
                "score entry p50 / p95 / p99 / max ms",
                percentiles_and_max(lat, (50, 95, 99)),
                "p99 ≤ 100",
            ),
            (
                "the load generator's delay: a write sent after its due time, "
                "p50 / p99 / max ms",
                percentiles_and_max(run.late, (50, 99)),
                "",
            ),
            (
                "requests per watcher per minute (mean / max), whole run",
                f"{mean_per_min:.2f} / {max(per_min, default=0):.2f}",
                "≤ 1",
            ),
            (
                "connects per watcher (max); run length min",
                f"{max_connects}; {minutes:.1f}",
                "1",
            ),
            (
                "heartbeats per watcher over the run (not requests)",
                f"{heartbeats:.1f}",
                "",
            ),
            (
                "longest silence on a stream in the measure, s (heartbeat)",
                f"{max_gap:.1f}",
                "≤ 25",
            ),
            (
                "server RSS per held stream, KB (from a fifth of the streams to all)",
                "–" if per_stream is None else f"{per_stream:.1f}",
                f"≤ {TARGETS['RSS KB per held stream']}",
            ),
            (
                "server RSS growth per held stream while writes flow, KB "
                "(since the start; at the measure's end / highest)",
                "–" if growth is None else f"{growth[0]:.1f} / {growth[1]:.1f}",
                f"≤ {TARGETS['RSS growth KB per held stream, writing']}",
            ),
            (
                "the same since the cold start, before the warm-up tables, KB",
                "–"
                if cold_growth is None
                else f"{cold_growth[0]:.1f} / {cold_growth[1]:.1f}",
                "",
            ),
            (
                "CPU % of one core: server / client / whole machine (measure window)",
                f"{cpu.server_pct:.0f} / {cpu.client_pct:.0f} / {cpu.machine_pct:.0f}",
                "",
            ),
            (
                "the yardstick (a minimal Django view, the same server): CPU per "
                "request, ms, before / after the run",
                f"{yardstick[0]:.2f} / {yardstick[1]:.2f}",
                "",
            ),
            (
                "server CPU per score entry answered in the measure window, ms "
                "(entry, rendering, sends, heartbeats); × the yardstick",
                f"{per_entry_ms:.2f}; {per_entry_ms / yard_ms:.1f} ×",
                "",
            ),
        ],
    )
    figures.table(
        "Server processes",
        [
            "when",
            "at s",
            "RSS MiB",
            "threads",
            "open fds",
            "db connections",
            "client's open streams",
        ],
        [
            (label or "·", f"{t:.0f}", f"{figures.mib(rss):.1f}", *rest)
            for label, t, rss, *rest in run.samples
        ],
    )
    for note in run.error_notes + run.notes + w.refusals[:3]:
        print("note:", " ".join(str(note).split())[:200])
    peak_fds = max((x[4] for x in run.samples), default=0)
    per_process = peak_fds / max(1, args.workers)
    print(
        f"server: fd limit {server_fd_limit} per process, peak open fds "
        f"{peak_fds} over {args.workers} process(es)"
        + (" — AT THE LIMIT" if per_process >= 0.95 * server_fd_limit else "")
    )
    log_counts = {
        what: sum(1 for line in full_log.splitlines() if what in line)
        for what in (
            "Traceback",
            "Too many open files",
            "too many clients",
            "ERROR",
            "WARNING",
        )
    }
    print(
        "server log: " + ", ".join(f"{n} × {what!r}" for what, n in log_counts.items())
    )
    if (errors or log_counts["Traceback"]) and server_log.strip():
        print("server log (tail):\n" + server_log[-1500:])
    checks = {
        "0 errors": errors == 0,
        "RSS per held stream ≤ 30 KB": (
            per_stream is not None and per_stream <= TARGETS["RSS KB per held stream"]
        ),
        "RSS growth per held stream while writing ≤ 15 KB": (
            growth is not None
            and growth[1] <= TARGETS["RSS growth KB per held stream, writing"]
        ),
        "0 streams dropped": dropped == 0,
        "every version seen": unseen == 0,
        "streams end with retry: on SIGTERM": drain_ok,
        "a byte at least every 25 s": max_gap <= 25,
        "staleness p95 ≤ 200 ms": p95 <= TARGETS["staleness p95 ms"],
        "staleness p99 ≤ 500 ms": p99 <= TARGETS["staleness p99 ms"],
        "score entry p99 ≤ 100 ms": (
            figures.percentile(lat, 99) <= TARGETS["score entry p99 ms"]
        ),
        # A run shorter than a minute still needs its one connect.
        "≤ 1 request per watcher per minute": (
            max_connects <= max(1.0, minutes * TARGETS["requests/watcher/min"])
        ),
    }
    if not from_saved:  # no write in the window (e.g. an idle-streams run)
        del checks["staleness p95 ≤ 200 ms"], checks["staleness p99 ≤ 500 ms"]
    if not lat:
        del checks["score entry p99 ≤ 100 ms"]
    ok = all(checks.values())
    missed = [name for name, passed in checks.items() if not passed]
    print(
        "PASS" if ok else "MISS",
        "(targets: " + ", ".join(checks) + ")",
        "" if ok else "— missed: " + ", ".join(missed),
        flush=True,
    )
    return 0 if ok else 1


def run_async(coro_fn, use_uvloop):
    if use_uvloop:
        try:
            import uvloop

            return uvloop.run(coro_fn()), "uvloop"
        except ImportError:
            pass
    return asyncio.run(coro_fn()), "asyncio"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--watchers-per-table", type=int, default=5)
    parser.add_argument("--interval", type=float, default=20.0, help="s per box")
    parser.add_argument("--duration", type=float, default=120.0, help="measure, s")
    parser.add_argument("--ramp", type=float, default=45.0, help="connects over, s")
    parser.add_argument("--settle", type=float, default=3.0, help="after ramp, s")
    parser.add_argument("--grace", type=float, default=3.0, help="after measure, s")
    servers.add_server_args(parser)
    parser.add_argument("--per-address", type=int, default=50)
    parser.add_argument("--connect-concurrency", type=int, default=64)
    parser.add_argument("--connect-timeout", type=float, default=10.0)
    parser.add_argument("--write-connections", type=int, default=200)
    parser.add_argument("--no-uvloop", dest="uvloop", action="store_false")
    parser.add_argument(
        "--no-check-drain",
        dest="check_drain",
        action="store_false",
        help="close the streams from the client instead of stopping the server "
        "with every stream open (SIGTERM) and checking each ends with retry:",
    )
    parser.add_argument("--drain-timeout", type=float, default=15.0)
    parser.add_argument(
        "--warm-tables",
        type=int,
        default=None,
        help="tables whose phones come and go before the start is sampled "
        "(Run.warm_up); default two per server process, 0 for none",
    )
    args = parser.parse_args(argv)
    args.workers = servers.workers_for(args, args.db)
    if args.warm_tables is None:
        args.warm_tables = 2 * args.workers

    streams = args.tables * (1 + args.watchers_per_table)
    client_fds = servers.raise_fd_limit()
    need = streams + args.write_connections + 100
    print(
        f"{args.tables} tables × (1 host + {args.watchers_per_table} watchers) = "
        f"{streams} streams over {-(-streams // args.per_address)} source addresses; "
        f"fd limit {client_fds} per process (client and server each need ≈{need})",
        flush=True,
    )
    if need > client_fds:
        print(f"warning: {need} fds needed, the limit is {client_fds}", flush=True)

    db = servers.throwaway_database(args.db)
    try:
        env = servers.app_env(db.url)
        servers.prepare(env)
        t_seed = time.monotonic()
        games = seeding.seed(env, "games", args.tables + args.warm_tables, 6, 0)
        warm_games, games = games[args.tables :], games[: args.tables]
        print(
            f"seeded {len(games)} games in {time.monotonic() - t_seed:.0f} s",
            flush=True,
        )
        yardstick = [measure_yardstick(env)]
        server = servers.Server(env, workers=args.workers)
        with server:
            clients.check_loopback(server.base + "/")
            holder = {}

            async def go():
                run = Run(args, games, server, warm_games)
                holder["run"] = run
                await run.main()

            _, loop_name = run_async(go, args.uvloop)
            run = holder["run"]
            clock_offset = time.time() - time.monotonic()
            server_log = server.log_text()
            full_log = server.log_text(tail=None)
            server_fd_limit = server.fd_limit()
            exit_code = server.proc.poll()
            if exit_code is not None:
                print(f"warning: the server exited during the run (code {exit_code})")
        entries = seeding.seed(env, "entries")
        yardstick.append(measure_yardstick(env))
    finally:
        db.drop()

    return report_run(
        args,
        run,
        server,
        games=games,
        entries=entries,
        clock_offset=clock_offset,
        loop_name=loop_name,
        server_log=server_log,
        full_log=full_log,
        server_fd_limit=server_fd_limit,
        streams=streams,
        yardstick=yardstick,
    )


def measure_yardstick(env):
    """The yardstick's server CPU per request, ms, served alone (the app's server
    is not running then)."""
    with servers.yardstick(env) as yardstick:
        return asyncio.run(clients.cpu_ms_per_get(yardstick))


if __name__ == "__main__":
    sys.exit(main())
