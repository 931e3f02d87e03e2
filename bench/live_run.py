"""One live benchmark run: the phones' streams opened over the ramp, the hosts
writing through the measure window, the server sampled, then the drain check."""

import asyncio
import random
import signal
import time

import app_setup
import http_client
import measuring
import scoring
from loopback import source_address
from sse_client import Phone


class Run:
    def __init__(self, args, games, server):
        self.args = args
        self.games = games
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
        self.writes = scoring.Writes()
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
                    app_setup.PG_ADMIN_URL, autocommit=True, connect_timeout=5
                )
            row = self.pg.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = %s "
                "AND pid <> pg_backend_pid()",
                [app_setup.PG_BENCH_DB],
            ).fetchone()
            return row[0]
        except Exception as exc:  # noqa: BLE001 - a figure, not the run
            self.note(f"pg_stat_activity: {exc!r}")
            return -1

    def sample(self, label):
        s = self.server
        self.samples.append(
            (
                label,
                self.t(),
                s.rss_bytes(),
                s.threads(),
                s.open_fds(),
                self.db_connections(),
                self.open_streams,
            )
        )

    async def host(self, host, table, first_tick):
        tick = first_tick
        interval = self.args.interval
        while tick < self.measure_to and not host.done:
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
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
            self.sample("")

    async def main(self):
        args = self.args
        n = len(self.games)
        self.sample("start")
        # Phones: per table, the host page's stream, then its watchers' streams;
        # consecutive streams share a source address, --per-address at most.
        stream_index = 0
        for table, game in enumerate(self.games):
            paths = [("host", f"/h/{game['host_token']}/events/")]
            paths += [("watcher", f"/w/{game['watch_token']}/events/")] * (
                args.watchers_per_table
            )
            for kind, path in paths:
                address = source_address(stream_index // args.per_address)
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
        async with http_client.session(args.write_connections) as client:
            # The host pages (their CSRF cookie), opened during the ramp too.
            opened = []
            open_slots = asyncio.Semaphore(args.connect_concurrency)

            async def open_host(game, delay):
                await asyncio.sleep(delay)
                async with open_slots:
                    host = scoring.ScoringHost(client, self.server.base, game)
                    try:
                        await host.open()
                    except Exception as exc:  # noqa: BLE001
                        self.error(f"host page: {exc!r}", "host")
                        return None
                    return host

            opened = await asyncio.gather(
                *(open_host(g, args.ramp * i / n) for i, g in enumerate(self.games))
            )
            await asyncio.sleep(max(0.0, self.measure_from - time.monotonic()))
            self.sample("after ramp")
            self.streams_at_start = self.open_streams
            cpu = measuring.CpuMeter(self.server)
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
            self.cpu = cpu
            self.streams_at_end = self.open_streams
            await asyncio.sleep(max(0.0, self.close_at - time.monotonic()))
            self.sample("end")
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

    def staleness(self, saved):
        """Per (entry, watcher): seconds from the entry's save and from the POST's
        answer to the first receipt of a sheet event of that version or later."""
        by_table = {}
        for phone in self.phones:
            if phone.kind == "watcher":
                by_table.setdefault(phone.table, []).append(phone.receipts)
        stale = measuring.Staleness()
        for table, writes in self.sent.items():
            stale.add(writes, saved.get(table, []), by_table.get(table, []))
        return (
            stale.from_saved,
            stale.from_ack,
            stale.exact,
            stale.expected,
            stale.unseen,
        )
