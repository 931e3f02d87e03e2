"""Soak: 10 minutes of steady mixed load; 0 errors and flat memory expected.

Tables of friends, each a host entering a box every few seconds through the real
record URL and watchers polling the live sheet every second. When a game ends the
table starts the next one: the host opens the new host page and every watcher
opens the new watch page (full page loads), then polls it. The server's resident
memory (every server process) is sampled every 30 s; the run reports it at the start
(after a warm-up minute) and at the end, any error, and whether a worker died.

    .venv/bin/python bench/soak.py                           # SQLite, 10 minutes
    .venv/bin/python bench/soak.py --duration 120 --db postgres

Target: 0 errors, no worker restart, memory flat (≤ 2 % growth of the server's
RSS over the second half of the run). Loopback only; stops by itself after
--duration seconds (or --max-req requests).
"""

import argparse
import asyncio
import random
import re
import sys
import time

from harness import clients, figures, seeding, servers

VERSION = re.compile(rb'id="sheet"[^>]*?data-version="(\d+)"')
HEADERS = b"Accept-Language: fr\r\n"
POLL_HEADERS = HEADERS + b"HX-Request: true\r\n"


class Soak:
    def __init__(self, args, server, games):
        self.args = args
        self.server = server
        self.pool = list(games)
        self.deadline = 0.0
        self.requests = 0
        self.counts = {"poll": 0, "page": 0, "write": 0, "host page": 0}
        self.errors = 0
        self.notes = []
        self.latencies = {"poll": [], "page": [], "write": []}
        self.samples = []  # (seconds since start, rss bytes, worker pids)

    def more(self):
        return time.monotonic() < self.deadline and self.requests < self.args.max_req

    def error(self, note):
        self.errors += 1
        if len(self.notes) < 8:
            self.notes.append(note)

    async def table(self, host_client, client, index):
        """One table: a game after another, a host and its watchers."""
        state = {"game": None, "version": 0}
        writes = clients.Writes()
        watchers = [
            asyncio.create_task(self.watcher(client, state))
            for _ in range(self.args.watchers_per_table)
        ]
        while self.more() and self.pool:
            game = self.pool.pop()
            host = clients.ScoringHost(host_client, self.server.base, game)
            self.requests += 1
            try:
                await host.open()
                self.counts["host page"] += 1
            except Exception as exc:  # noqa: BLE001
                self.error(f"host page: {exc!r}")
                continue
            state["game"] = game
            tick = time.monotonic() + random.uniform(0, self.args.write_interval)
            while self.more() and not host.done:
                await asyncio.sleep(max(0.0, tick - time.monotonic()))
                if not self.more():
                    break
                self.requests += 1
                errors_before = writes.errors
                await host.write(writes)
                self.counts["write"] += 1
                if writes.errors > errors_before:
                    self.error(f"write: {writes.refusals[-1:]}")
                    break
                tick += self.args.write_interval
        self.latencies["write"] += writes.latencies
        await asyncio.gather(*watchers)

    async def watcher(self, client, table):
        game, version = None, 0
        tick = time.monotonic() + random.random()
        while self.more():
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
            tick += 1.0
            if table["game"] is None:
                continue
            self.requests += 1
            if game is not table["game"]:
                game = table["game"]
                kind, path, headers = "page", f"/w/{game['watch_token']}/", HEADERS
            else:
                kind = "poll"
                path = f"/w/{game['watch_token']}/sheet/?v={version}"
                headers = POLL_HEADERS
            t0 = time.monotonic()
            try:
                status, _h, body = await client.get(path, headers, timeout=10)
            except Exception as exc:  # noqa: BLE001
                self.error(f"{kind}: {exc!r}")
                continue
            self.counts[kind] += 1
            if status >= 400:
                self.error(f"{kind}: status {status}")
                continue
            self.latencies[kind].append((time.monotonic() - t0) * 1000)
            if status == 200:
                match = VERSION.search(body)
                if match:
                    version = int(match.group(1))
            while tick < time.monotonic():
                tick += 1.0

    async def sampler(self, start):
        while self.more():
            self.samples.append(
                (
                    time.monotonic() - start,
                    self.server.rss_bytes(),
                    tuple(sorted(self.server.worker_pids())),
                )
            )
            await asyncio.sleep(min(30.0, max(0.1, self.deadline - time.monotonic())))
        self.samples.append(
            (
                time.monotonic() - start,
                self.server.rss_bytes(),
                tuple(sorted(self.server.worker_pids())),
            )
        )

    async def run(self):
        args = self.args
        client = clients.LeanClient(self.server.port, args.connections)
        start = time.monotonic()
        self.deadline = start + args.duration
        async with clients.session(args.tables) as host_client:
            await asyncio.gather(
                self.sampler(start),
                *(self.table(host_client, client, i) for i in range(args.tables)),
            )
        client.close()
        self.retried = client.retried


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--duration", type=float, default=600.0)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--watchers-per-table", type=int, default=6)
    parser.add_argument("--write-interval", type=float, default=4.0)
    parser.add_argument("--connections", type=int, default=100)
    parser.add_argument("--max-req", type=int, default=2_000_000)
    servers.add_server_args(parser)
    args = parser.parse_args()

    games_needed = args.tables * (2 + int(args.duration / args.write_interval / 78) + 1)
    db = servers.throwaway_database(args.db)
    try:
        env = servers.app_env(db.url)
        servers.prepare(env)
        # Every table's first game is already 10 rounds in: the tables' first game
        # ends (end screens, band history, new host and watch pages: code paths a
        # game only takes at its end) come during the warm-up minute, not at the
        # middle of the run, where they looked like growth in the "steady" half.
        fresh = seeding.seed(env, "games", games_needed - args.tables, 6, 0)
        games = fresh + seeding.seed(env, "games", args.tables, 6, 10)
        with servers.Server(env, workers=servers.workers_for(args, args.db)) as server:
            soak = Soak(args, server, games)
            with figures.CpuMeter(server) as cpu:
                asyncio.run(soak.run())
            died = server.proc.poll() is not None
    finally:
        db.drop()

    samples = soak.samples
    warm = next((s for s in samples if s[0] >= 60), samples[0])
    first, last = samples[0], samples[-1]
    restarts = len(set(first[2]) ^ set(last[2])) // 2 + died
    figures.table(
        f"Soak on {args.db}: {args.duration:g} s, {args.tables} tables × "
        f"{args.watchers_per_table} watchers polling 1/s, a box every "
        f"{args.write_interval:g} s per table (server CPU {cpu.server_pct:.0f} %, "
        f"client {cpu.client_pct:.0f} %, in % of one core)",
        ["requests", "count", "p50 ms", "p99 ms"],
        [
            (kind, soak.counts[kind], *_p(soak.latencies.get(kind, [])))
            for kind in soak.counts
        ]
        + [("errors", soak.errors, "", "")],
    )
    figures.table(
        "Server memory (RSS of every server process, MiB)",
        ["at s", "RSS MiB"],
        [(f"{t:.0f}", f"{figures.mib(rss):.1f}") for t, rss, _pids in samples],
    )
    growth = figures.mib(last[1] - warm[1])
    # Steady state: the second half of the run, once every kind of page (the end
    # of a game included, from about 80 s) has been rendered at least once.
    mid = min(samples, key=lambda s: abs(s[0] - args.duration / 2))
    late = figures.mib(last[1] - mid[1])
    print(
        f"RSS start {figures.mib(first[1]):.1f} MiB, after warm-up "
        f"{figures.mib(warm[1]):.1f} MiB, mid-run "
        f"{figures.mib(mid[1]):.1f} MiB, end "
        f"{figures.mib(last[1]):.1f} MiB ({growth:+.1f} MiB since warm-up, "
        f"{late:+.1f} MiB over the second half); worker restarts: {restarts}; GETs "
        f"retried on a keep-alive connection the server had closed: {soak.retried}"
    )
    for note in soak.notes:
        print("error:", note)
    ok = soak.errors == 0 and restarts == 0 and late <= 0.02 * figures.mib(mid[1])
    figures.verdict(ok, "0 errors, memory flat: ≤ 2 % growth over the second half")
    return 0 if ok else 1


def _p(values):
    return figures.percentile(values, 50), figures.percentile(values, 99)


if __name__ == "__main__":
    sys.exit(main())
