"""The poll fallback: 2,000 watchers polling every second while 50 hosts score.

Each of the 50 games (6 players, classic) has one host entering a box every few
seconds through the real record URL, and 40 watchers whose phones poll the live
sheet once a second (`GET /w/<watch>/sheet/?v=<version they show>`: 204 when
nothing changed, the new sheet otherwise), each on its own phase, as htmx's
`every 1s` does. This is what a page does when it cannot hold its event stream
(bench/live_push.py measures the stream). Staleness is the time from an entry to each
watcher's first sight of it (the answer that shows it fully received), measured
from the moment the server saved the entry (its `created_at`, same clock), and
also from the host's tap (POST sent) and from the host's confirmation (answer
received). Also: errors (any failed or non-2xx request), poll latency, and the
CPU used by the server and by this client.

    .venv/bin/python bench/live_poll.py                       # SQLite, 60 s
    .venv/bin/python bench/live_poll.py --db postgres --duration 120

Target: staleness p95 ≤ 1 s, 0 errors. Loopback only; the run stops by itself
after --duration seconds (and at most --max-requests requests).
"""

import argparse
import asyncio
import random
import re
import sys
import time

from harness import clients, figures, seeding, servers

VERSION = re.compile(rb'id="sheet"[^>]*?data-version="(\d+)"')


class Run:
    def __init__(self, args, games, base, port):
        self.args = args
        self.games = games
        self.base = base
        self.port = port
        self.deadline = 0.0
        self.requests = 0
        self.poll_errors = 0
        self.error_notes = []
        self.poll_statuses = {}
        self.poll_latencies = []
        self.skipped_ticks = 0
        # game index → [(version, t_sent, t_answered)] and [(watcher, version, t)]
        self.writes = {i: [] for i in range(len(games))}
        self.clock_offset = time.time() - time.monotonic()
        self.sightings = {i: [] for i in range(len(games))}

    def budget_left(self):
        return self.requests < self.args.max_requests

    async def watcher(self, client, index, watcher_id, path, start, headers):
        version = self.games[index]["version"]
        tick = start + random.random()
        while tick < self.deadline and self.budget_left():
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
            self.requests += 1
            t0 = time.monotonic()
            try:
                status, _headers, body = await client.get(
                    f"{path}{version}", headers, timeout=10
                )
            except Exception as exc:  # noqa: BLE001 - every failure is an error
                self._poll_error(repr(exc))
                status, body = None, b""
            t1 = time.monotonic()
            if status is not None:
                self.poll_statuses[status] = self.poll_statuses.get(status, 0) + 1
                if status >= 400:
                    self._poll_error(f"status {status}")
                else:
                    self.poll_latencies.append((t1 - t0) * 1000)
                    if status == 200:
                        match = VERSION.search(body)
                        if match is None:
                            self._poll_error("200 without a sheet version")
                        elif int(match.group(1)) > version:
                            version = int(match.group(1))
                            self.sightings[index].append((watcher_id, version, t1))
            tick += 1.0
            # A poll slower than a second skips ticks, as the browser would.
            while tick < time.monotonic():
                tick += 1.0
                self.skipped_ticks += 1

    def _poll_error(self, note):
        self.poll_errors += 1
        if len(self.error_notes) < 5:
            self.error_notes.append(note)

    async def host(self, host, index, writes):
        tick = time.monotonic() + random.uniform(0, self.args.write_interval)
        while tick < self.deadline - 3 and not host.done and self.budget_left():
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
            self.requests += 1
            before = len(host.sent)
            if not await host.write(writes):
                return
            if len(host.sent) > before:
                self.writes[index].append(host.sent[-1])
            tick += self.args.write_interval

    async def main(self):
        args = self.args
        writes = clients.Writes()
        client = clients.LeanClient(self.port, args.connections)
        headers = b"Accept-Language: fr\r\nHX-Request: true\r\n"
        async with clients.session(len(self.games)) as host_client:
            hosts = await clients.open_hosts(host_client, self.base, self.games)
            start = time.monotonic() + 0.5
            self.deadline = start + args.duration
            tasks = [
                self.watcher(
                    client,
                    w % len(self.games),
                    w,
                    f"/w/{self.games[w % len(self.games)]['watch_token']}/sheet/?v=",
                    start,
                    headers,
                )
                for w in range(args.watchers)
            ]
            tasks += [self.host(h, i, writes) for i, h in enumerate(hosts)]
            await asyncio.gather(*tasks)
        client.close()
        self.retried = client.retried
        self.opened = client.opened
        return writes

    def staleness(self, entries):
        """Per (entry, watcher): seconds from save, tap and answer to first sight."""
        saved = figures.saved_times(self.games, entries, self.clock_offset)
        stale = figures.Staleness()
        for index, writes in self.writes.items():
            watchers = {}
            for watcher_id, version, t in self.sightings[index]:
                watchers.setdefault(watcher_id, []).append((version, t))
            ids = range(index, self.args.watchers, len(self.games))
            receipts = [watchers.get(watcher_id, []) for watcher_id in ids]
            stale.add(writes, saved.get(index, []), receipts)
        return stale.from_saved, stale.from_tap, stale.from_ack, stale.unseen


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--watchers", type=int, default=2000)
    parser.add_argument("--hosts", type=int, default=50)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--write-interval", type=float, default=5.0)
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--max-requests", type=int, default=1_000_000)
    servers.add_server_args(parser)
    args = parser.parse_args()

    db = servers.throwaway_database(args.db)
    try:
        env = servers.app_env(db.url)
        servers.prepare(env)
        games = seeding.seed(env, "games", args.hosts, 6, 0)
        server = servers.Server(env, workers=servers.workers_for(args, args.db))
        with server:
            run = Run(args, games, server.base, server.port)
            rss_start = server.rss_bytes()
            with figures.CpuMeter(server) as cpu:
                writes = asyncio.run(run.main())
            rss_end = server.rss_bytes()
        entries = seeding.seed(env, "entries")
    finally:
        db.drop()

    from_saved, from_tap, from_ack, missed = run.staleness(entries)
    per_game = args.watchers // len(games)
    polls = sum(run.poll_statuses.values())
    errors = run.poll_errors + writes.errors
    figures.table(
        f"Watchers on {args.db}: {args.watchers} watchers ({per_game} per game, "
        f"poll /w/…/sheet/?v=, 1/s, {args.connections} connections) while "
        f"{args.hosts} hosts score (1 box every {args.write_interval:g} s each), "
        f"{args.duration:g} s; {server.describe()}",
        ["staleness from", "samples", "p50 s", "p95 s", "p99 s", "max s"],
        [
            (
                label,
                len(values),
                figures.percentile(values, 50),
                figures.percentile(values, 95),
                figures.percentile(values, 99),
                max(values, default=float("nan")),
            )
            for label, values in (
                ("entry saved", from_saved),
                ("host's tap", from_tap),
                ("host's answer", from_ack),
            )
        ],
    )
    figures.table(
        "Requests, errors and CPU",
        [
            "polls/s",
            "204",
            "200",
            "poll p50 ms",
            "poll p99 ms",
            "skipped ticks",
            "writes",
            "write p99 ms",
            "errors",
            "unseen",
            "server CPU %",
            "client CPU %",
            "machine CPU %",
            "RSS MiB start→end",
        ],
        [
            (
                polls / cpu.elapsed,
                run.poll_statuses.get(204, 0),
                run.poll_statuses.get(200, 0),
                figures.percentile(run.poll_latencies, 50),
                figures.percentile(run.poll_latencies, 99),
                run.skipped_ticks,
                len(writes.latencies),
                figures.percentile(writes.latencies, 99),
                errors,
                missed,
                cpu.server_pct,
                cpu.client_pct,
                cpu.machine_pct,
                f"{figures.mib(rss_start):.0f}→{figures.mib(rss_end):.0f}",
            )
        ],
    )
    print(
        "GETs retried on a keep-alive connection the server had closed "
        f"(as browsers do): {run.retried}; connections opened: {run.opened}"
    )
    for note in run.error_notes + writes.refusals:
        print("error:", note)
    ok = errors == 0 and missed == 0 and figures.percentile(from_saved, 95) <= 1.0
    figures.verdict(ok, "staleness p95 ≤ 1 s from the entry, 0 errors")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
