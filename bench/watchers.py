"""2,000 watchers polling every second while 50 hosts score.

Each of the 50 games (6 players, classic) has one host entering a box every few
seconds through the real record URL, and 40 watchers whose phones poll the live
sheet once a second (`GET /w/<watch>/feuille/?v=<version they show>`: 204 when
nothing changed, the new sheet otherwise), each on its own phase, as htmx's
`every 1s` does. Staleness is the time from an entry to each watcher's first
sight of it (the answer that shows it fully received), measured from the moment
the server saved the entry (its `created_at`, same clock), and also from the
host's tap (POST sent) and from the host's confirmation (answer received). Also:
errors (any failed or non-2xx request), poll latency, and the CPU used by the
server and by this client.

    .venv/bin/python bench/watchers.py                       # SQLite, 60 s
    .venv/bin/python bench/watchers.py --db postgres --duration 120

Since the move to push (bench/live.py), this is the benchmark of the poll that
stays as the fallback (a page whose stream cannot be held polls once a second).

Targets (issue 9): staleness p95 ≤ 1 s, 0 errors. Loopback only; the run stops
by itself after --duration seconds (and at most --max-requests requests).
"""

import argparse
import asyncio
import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import app_server  # noqa: E402
import app_setup  # noqa: E402
import http_client  # noqa: E402
import lean_client  # noqa: E402
import measuring  # noqa: E402
import report  # noqa: E402
import scoring  # noqa: E402

VERSION = re.compile(rb'id="sheet"[^>]*?data-version="(\d+)"')


def poll_path(game, use_poll):
    if use_poll:
        return f"/w/{game['watch_token']}/feuille/?v="
    # TODO(live polling): until /w/<watch>/feuille/ exists, watchers reload the page.
    return f"/w/{game['watch_token']}/?v="


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
        self.saved = {i: [] for i in range(len(games))}  # t saved, by seq
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

    async def main(self, use_poll):
        args = self.args
        writes = scoring.Writes()
        client = lean_client.LeanClient(self.port, args.connections)
        headers = b"Accept-Language: fr\r\n"
        if use_poll:
            headers += b"HX-Request: true\r\n"
        async with http_client.session(len(self.games)) as host_client:
            hosts = await scoring.open_hosts(host_client, self.base, self.games)
            start = time.monotonic() + 0.5
            self.deadline = start + args.duration
            tasks = [
                self.watcher(
                    client,
                    w % len(self.games),
                    w,
                    poll_path(self.games[w % len(self.games)], use_poll),
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

    def note_saved(self, entries):
        """Server-side save times (epoch s), as monotonic times of this process."""
        index = {g["watch_token"]: i for i, g in enumerate(self.games)}
        for watch_token, _seq, saved_at in sorted(entries, key=lambda e: e[:2]):
            if watch_token in index:
                self.saved[index[watch_token]].append(saved_at - self.clock_offset)

    def staleness(self):
        """Per (entry, watcher): seconds from save, tap and answer to first sight."""
        stale = measuring.Staleness()
        for index, writes in self.writes.items():
            watchers = {}
            for watcher_id, version, t in self.sightings[index]:
                watchers.setdefault(watcher_id, []).append((version, t))
            ids = range(index, self.args.watchers, len(self.games))
            receipts = [watchers.get(watcher_id, []) for watcher_id in ids]
            stale.add(writes, self.saved[index], receipts)
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
    app_server.add_server_args(parser)
    parser.add_argument("--page", action="store_true", help="poll the full page")
    args = parser.parse_args()

    db = app_setup.throwaway_database(args.db)
    try:
        env = app_setup.app_env(db.url)
        app_setup.prepare(env)
        games = app_setup.seed(env, "games", args.hosts, 6, 0)
        server = app_server.Server(env, workers=app_server.workers_for(args, args.db))
        with server:
            use_poll = not args.page and _poll_exists(server, games[0])
            run = Run(args, games, server.base, server.port)
            rss_start = server.rss_bytes()
            with measuring.CpuMeter(server) as cpu:
                writes = asyncio.run(run.main(use_poll))
            rss_end = server.rss_bytes()
        run.note_saved(app_setup.seed(env, "entries"))
    finally:
        db.drop()

    from_saved, from_tap, from_ack, missed = run.staleness()
    per_game = args.watchers // len(games)
    polls = sum(run.poll_statuses.values())
    errors = run.poll_errors + writes.errors
    what = "poll /w/…/feuille/?v=" if use_poll else "full page reload (no poll yet)"
    report.table(
        f"Watchers on {args.db}: {args.watchers} watchers ({per_game} per game, "
        f"{what}, 1/s, {args.connections} connections) while {args.hosts} hosts "
        f"score (1 box every {args.write_interval:g} s each), {args.duration:g} s; "
        f"{server.describe()}",
        ["staleness from", "samples", "p50 s", "p95 s", "p99 s", "max s"],
        [
            (
                label,
                len(values),
                measuring.percentile(values, 50),
                measuring.percentile(values, 95),
                measuring.percentile(values, 99),
                max(values, default=float("nan")),
            )
            for label, values in (
                ("entry saved", from_saved),
                ("host's tap", from_tap),
                ("host's answer", from_ack),
            )
        ],
    )
    report.table(
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
                measuring.percentile(run.poll_latencies, 50),
                measuring.percentile(run.poll_latencies, 99),
                run.skipped_ticks,
                len(writes.latencies),
                measuring.percentile(writes.latencies, 99),
                errors,
                missed,
                cpu.server_pct,
                cpu.client_pct,
                cpu.machine_pct,
                f"{measuring.mib(rss_start):.0f}→{measuring.mib(rss_end):.0f}",
            )
        ],
    )
    print(
        "GETs retried on a keep-alive connection the server had closed "
        f"(as browsers do): {run.retried}; connections opened: {run.opened}"
    )
    for note in run.error_notes + writes.refusals:
        print("error:", note)
    ok = errors == 0 and missed == 0 and measuring.percentile(from_saved, 95) <= 1.0
    target = "target: staleness p95 ≤ 1 s from the entry, 0 errors"
    print("PASS" if ok else "MISS", f"({target})")
    return 0 if ok else 1


def _poll_exists(server, game):
    import urllib.request

    url = f"{server.base}/w/{game['watch_token']}/feuille/?v={game['version']}"
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status in (200, 204)
    except Exception:  # noqa: BLE001 - 404 or anything else: no poll endpoint yet
        return False


if __name__ == "__main__":
    sys.exit(main())
