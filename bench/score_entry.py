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

    .venv/bin/python bench/score_entry.py                    # both modes, SQLite
    .venv/bin/python bench/score_entry.py --mode burst --db postgres
"""

import argparse
import asyncio
import random
import sys
import time

from harness import clients, figures, seeding, servers


async def bursts(base, games, *, rounds, pause, deadline_s):
    """Every host writes at the same instant, round after round."""
    writes = clients.Writes()
    async with clients.session(len(games)) as client:
        hosts = await clients.open_hosts(client, base, games)
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
    writes = clients.Writes()
    async with clients.session(len(games)) as client:
        hosts = await clients.open_hosts(client, base, games)
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
    servers.add_server_args(parser)
    parser.add_argument("--max-seconds", type=float, default=300)
    args = parser.parse_args()

    modes = ["steady", "burst"] if args.mode == "both" else [args.mode]
    results = []
    db = servers.throwaway_database(args.db)
    try:
        env = servers.app_env(db.url)
        servers.prepare(env)
        server = servers.Server(env, workers=servers.workers_for(args, args.db))
        with server:
            for mode in modes:
                games = seeding.seed(env, "games", args.hosts, 6, 0)
                with figures.CpuMeter(server) as cpu:
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
        p99 = figures.percentile(lat, 99)
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
                figures.percentile(lat, 50),
                figures.percentile(lat, 95),
                p99,
                max(lat, default=float("nan")),
                cpu.server_pct,
                "PASS" if passed else "MISS",
            )
        )
    figures.table(
        f"Score entry: {args.hosts} hosts writing at once on {args.db} "
        f"({server.describe()})",
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
    figures.verdict(ok, "score entry p99 ≤ 100 ms, 0 errors, in every mode")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
