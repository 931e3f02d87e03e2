"""Score entry: 50 hosts writing at once on SQLite (p99 ≤ 100 ms, 0 errors).

Each host has its own game of 6 players and its own phone (CSRF cookie, the host
page opened first) and taps "Valider": an htmx POST of the next box through the
real record URL (/h/<host>/box/<player>/<column>/<box>/record/), as the entry
dialog sends it. Latency is measured per write, from send to the end of the
answer (the refreshed sheet). Two ways of being "at once":

  --mode steady  every host enters a box every --interval seconds (default 2 s,
                 ten times a real table's pace), each on its own phase;
  --mode burst   in every round all hosts tap at the same instant, and the round
                 ends when every answer is back (the worst case: 50 writers
                 queued on SQLite's single write lock and on 2 cores).

    .venv/bin/python bench/scoring.py                    # both modes, SQLite
    .venv/bin/python bench/scoring.py --mode burst --db postgres
"""

import argparse
import asyncio
import secrets
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import app_server  # noqa: E402
import app_setup  # noqa: E402
import http_client  # noqa: E402
import measuring  # noqa: E402
import report  # noqa: E402


def form_data(move, seen_version=None):
    """The entry dialog's fields for a planned move (see games/forms.py)."""
    entry = move["entry"]
    data = {"request_key": secrets.token_urlsafe(16)}
    if seen_version is not None:
        data["seen_version"] = str(seen_version)
    kind = entry["kind"]
    if kind == "cross":
        data["value"] = "x"
    elif kind == "made":
        data["value"] = "made"
    elif kind == "faces":
        for index, face in enumerate(entry["values"]):
            data[f"face_{index}"] = str(face)
    else:
        data["value"] = str(entry["value"])
    return data


def record_path(host_token, move):
    return (
        f"/h/{host_token}/box/{move['player']}/{move['column']}/{move['box']}/record/"
    )


@dataclass
class Writes:
    latencies: list = field(default_factory=list)  # ms
    errors: int = 0
    statuses: dict = field(default_factory=dict)
    elapsed: float = 0.0
    refusals: list = field(default_factory=list)
    cpu_ms: float = float("nan")  # server CPU per write, when measured

    @property
    def rps(self):
        return len(self.latencies) / self.elapsed if self.elapsed else 0.0

    def add(self, status, ok, ms, note=""):
        self.statuses[status] = self.statuses.get(status, 0) + 1
        if ok:
            self.latencies.append(ms)
        else:
            self.errors += 1
            if note and len(self.refusals) < 5:
                self.refusals.append(note)


class ScoringHost(http_client.Host):
    """A host entering the planned moves of one game, one box at a time."""

    def __init__(self, client, base, game):
        super().__init__(client, base, game["host_token"])
        self.game = game
        self.moves = list(game["moves"])
        self.version = game["version"]
        self.sent = []  # (version after the write, t sent, t answered) per write

    @property
    def done(self):
        return not self.moves

    async def write(self, writes):
        """Records the next move; notes the latency (or the error) in `writes`."""
        move = self.moves[0]
        t0 = time.monotonic()
        try:
            status, headers, body = await self.post(
                record_path(self.host_token, move), form_data(move, self.version)
            )
        except Exception as exc:  # noqa: BLE001 - any failure is an error
            writes.add("exception", False, 0, repr(exc))
            return False
        t1 = time.monotonic()
        # A refusal (stale page, not this player's turn) answers 200 too, but
        # retargets the whole sheet to show why: that is not a recorded entry.
        ok = status == 200 and "HX-Retarget" not in headers
        writes.add(status, ok, (t1 - t0) * 1000, body[:300].decode(errors="replace"))
        if ok:
            self.moves.pop(0)
            self.version += 1
            self.sent.append((self.version, t0, t1))
        return ok


async def open_hosts(client, base, games):
    hosts = [ScoringHost(client, base, g) for g in games]
    await asyncio.gather(*(h.open() for h in hosts))
    return hosts


async def closed_loop(base, games, *, duration, budget):
    """Each host writes its next box as soon as the previous one is answered."""
    writes = Writes()
    async with http_client.session(len(games)) as client:
        hosts = await open_hosts(client, base, games)
        deadline = time.monotonic() + duration
        made = 0

        async def loop(host):
            nonlocal made
            while not host.done and made < budget and time.monotonic() < deadline:
                made += 1
                if not await host.write(writes):
                    return

        t0 = time.monotonic()
        await asyncio.gather(*(loop(h) for h in hosts))
        writes.elapsed = time.monotonic() - t0
    return writes


async def bursts(base, games, *, rounds, pause, deadline_s):
    """Every host writes at the same instant, round after round."""
    writes = Writes()
    async with http_client.session(len(games)) as client:
        hosts = await open_hosts(client, base, games)
        deadline = time.monotonic() + deadline_s
        t0 = time.monotonic()
        for _ in range(rounds):
            if time.monotonic() > deadline:
                break
            await asyncio.gather(*(h.write(writes) for h in hosts if not h.done))
            await asyncio.sleep(pause)
        writes.elapsed = time.monotonic() - t0
    return writes


async def steady(base, games, *, interval, duration):
    """Every host writes every `interval` seconds, on its own phase."""
    import random

    writes = Writes()
    async with http_client.session(len(games)) as client:
        hosts = await open_hosts(client, base, games)
        t0 = time.monotonic()
        deadline = t0 + duration

        async def loop(host):
            tick = time.monotonic() + random.uniform(0, interval)
            while tick < deadline and not host.done:
                await asyncio.sleep(max(0.0, tick - time.monotonic()))
                if not await host.write(writes):
                    return
                tick += interval
                while tick < time.monotonic():
                    tick += interval

        await asyncio.gather(*(loop(h) for h in hosts))
        writes.elapsed = time.monotonic() - t0
    return writes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--mode", choices=["steady", "burst", "both"], default="both")
    parser.add_argument("--hosts", type=int, default=50)
    parser.add_argument("--interval", type=float, default=2.0, help="steady: s")
    parser.add_argument("--duration", type=float, default=60.0, help="steady: s")
    parser.add_argument("--rounds", type=int, default=20, help="burst: writes/host")
    parser.add_argument("--pause", type=float, default=0.5, help="burst: s")
    app_server.add_server_args(parser)
    parser.add_argument("--max-seconds", type=float, default=300)
    args = parser.parse_args()

    modes = ["steady", "burst"] if args.mode == "both" else [args.mode]
    results = []
    db = app_setup.throwaway_database(args.db)
    try:
        env = app_setup.app_env(db.url)
        app_setup.prepare(env)
        server = app_server.Server(env, workers=app_server.workers_for(args, args.db))
        with server:
            for mode in modes:
                games = app_setup.seed(env, "games", args.hosts, 6, 0)
                with measuring.CpuMeter(server) as cpu:
                    if mode == "steady":
                        writes = asyncio.run(
                            steady(
                                server.base,
                                games,
                                interval=args.interval,
                                duration=min(args.duration, args.max_seconds),
                            )
                        )
                    else:
                        writes = asyncio.run(
                            bursts(
                                server.base,
                                games,
                                rounds=args.rounds,
                                pause=args.pause,
                                deadline_s=args.max_seconds,
                            )
                        )
                results.append((mode, writes, cpu))
    finally:
        db.drop()

    rows = []
    ok = True
    for mode, writes, cpu in results:
        lat = writes.latencies
        p99 = measuring.percentile(lat, 99)
        passed = writes.errors == 0 and p99 <= 100
        ok = ok and passed
        if mode == "steady":
            how = f"steady, 1 box / {args.interval:g} s / host"
        else:
            how = f"burst, all at once × {args.rounds}"
        rows.append(
            (
                how,
                len(lat),
                writes.rps,
                writes.errors,
                measuring.percentile(lat, 50),
                measuring.percentile(lat, 95),
                p99,
                max(lat, default=float("nan")),
                cpu.server_pct,
                "PASS" if passed else "MISS",
            )
        )
    report.table(
        f"Score entry: {args.hosts} hosts writing at once on {args.db} "
        f"({server.describe()}; "
        f"target p99 ≤ 100 ms, 0 errors)",
        [
            "mode",
            "writes",
            "writes/s",
            "errors",
            "p50 ms",
            "p95 ms",
            "p99 ms",
            "max ms",
            "server CPU %",
            "",
        ],
        rows,
    )
    for _mode, writes, _cpu in results:
        for note in writes.refusals:
            print("error:", note)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
