"""Throughput under uvicorn (scorekeeper.serve), in one run: requests/s of

  (y) the yardstick: a minimal Django project under the same uvicorn, served
      beside the app (bench/harness/yardstick.py),
  (a) a bare view of the app (/robots.txt: no database, no template),
  (b) the unchanged-sheet poll (/w/<watch>/sheet/?v=<current>: 204, empty; the
      fallback of a page without its stream, a plain Django view since the push),
  (c) the full watch page of a 6-player game (/w/<watch>/),
  (d) score entry (htmx POST of one box through the host page's form),

on SQLite and on PostgreSQL, with the ratios to (y) and to (a) and the SQL query
counts per request (which must not grow with players or rounds).

    .venv/bin/python bench/throughput.py                 # both databases
    .venv/bin/python bench/throughput.py --db sqlite --duration 5

Targets, in server CPU per request measured in the same run (one request at a
time by default, `--concurrency 1`: the server's cost of a request, not the
client's queueing), as multiples of the yardstick: /robots.txt ≤ 1.2 × (y), the
full watch page ≤ 2.5 × (y), a score entry ≤ 5 × (y); SQL queries per request
constant in players and rounds. The poll is measured, not
judged. Loopback only; every case is bounded by --duration and --budget.
"""

import argparse
import asyncio
import time

from harness import clients, figures, seeding, servers


async def measure_gets(server, yardstick, game, args):
    """Interleaved slices (y, a, b, c, y, a, b, c, …) so that whatever else the
    machine is doing weighs on every case alike; returns one row per case."""
    watch = game["watch_token"]
    cases = [
        ("(y) yardstick: minimal Django", yardstick, "/"),
        ("(a) bare view /robots.txt", server, "/robots.txt"),
        ("(b) poll, sheet unchanged", server, f"/w/{watch}/sheet/?v={game['version']}"),
        ("(c) watch page, 6 players", server, f"/w/{watch}/"),
    ]
    totals = {label: [0.0, [], 0, {}, 0.0] for label, _, _ in cases}
    slices = max(1, args.slices)
    async with clients.session(args.concurrency) as client:
        for _label, target, path in cases:
            # Warm every worker (imports, template compilation, connections).
            await clients.hammer(
                client,
                target.base + path,
                concurrency=args.concurrency,
                duration=1.0,
                budget=5000,
            )
        for _ in range(slices):
            for label, target, path in cases:
                cpu0 = target.cpu_seconds()
                t0 = time.monotonic()
                _rps, lat, errors, statuses = await clients.hammer(
                    client,
                    target.base + path,
                    concurrency=args.concurrency,
                    duration=args.duration / slices,
                    budget=args.budget // slices,
                )
                total = totals[label]
                total[0] += time.monotonic() - t0
                total[1] += lat
                total[2] += errors
                for k, v in statuses.items():
                    total[3][k] = total[3].get(k, 0) + v
                total[4] += target.cpu_seconds() - cpu0
    return [
        (label, len(t[1]) / t[0], t[1], t[2], t[3], 1000 * t[4] / max(1, len(t[1])))
        for label, t in totals.items()
    ]


async def closed_loop(server, games, *, duration, budget, concurrency):
    """Each host writes its next box as soon as the previous one is answered, at
    most `concurrency` writes in flight (1: the hosts take turns, one write at a
    time). The server CPU per write counts the writes only, not the host pages
    opened before them."""
    writes = clients.Writes()
    async with clients.session(len(games)) as client:
        hosts = await clients.open_hosts(client, server.base, games)
        cpu0 = server.cpu_seconds()
        deadline = time.monotonic() + duration
        made = 0
        turns = asyncio.Semaphore(concurrency)

        async def loop(host):
            nonlocal made
            while not host.done and made < budget and time.monotonic() < deadline:
                made += 1
                async with turns:
                    if not await host.write(writes):
                        return

        t0 = time.monotonic()
        await asyncio.gather(*(loop(h) for h in hosts))
        writes.elapsed = time.monotonic() - t0
        cpu = server.cpu_seconds() - cpu0
    writes.cpu_ms = 1000 * cpu / max(1, len(writes.latencies))
    return writes


def run_one(kind, args):
    db = servers.throwaway_database(kind)
    try:
        env = servers.app_env(db.url)
        servers.prepare(env)
        (game,) = seeding.seed(env, "games", 1, 6, 6)
        hosts = seeding.seed(env, "games", args.hosts, 6, 0)
        queries = seeding.seed(env, "queries") if args.queries else []
        server = servers.Server(env, workers=servers.workers_for(args, kind))
        with servers.yardstick(env) as yardstick, server:
            with figures.CpuMeter(server) as cpu:
                gets = asyncio.run(measure_gets(server, yardstick, game, args))
            writes = asyncio.run(
                closed_loop(
                    server,
                    hosts,
                    duration=args.duration,
                    budget=args.budget,
                    concurrency=args.concurrency,
                )
            )
        return gets, writes, queries, cpu
    finally:
        db.drop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--duration", type=float, default=10.0, help="seconds/case")
    parser.add_argument("--budget", type=int, default=200_000, help="requests/case")
    parser.add_argument("--slices", type=int, default=5, help="interleaved slices")
    parser.add_argument(
        "--concurrency", type=int, default=1, help="requests in flight (1: sequential)"
    )
    parser.add_argument("--hosts", type=int, default=16, help="games scored at once")
    servers.add_server_args(parser)
    parser.add_argument("--no-queries", dest="queries", action="store_false")
    args = parser.parse_args()

    kinds = ["sqlite", "postgres"] if args.db == "both" else [args.db]
    print(
        f"uvicorn (scorekeeper.serve), 1 process on SQLite, {args.workers} on "
        f"PostgreSQL; client: {args.concurrency} keep-alive connections (asyncio, "
        f"same machine); {args.duration:g} s per case",
        flush=True,
    )
    for kind in kinds:
        t0 = time.monotonic()
        gets, writes, queries, cpu = run_one(kind, args)
        yard_cpu = gets[0][5] or float("nan")
        base_rps = gets[1][1] or float("nan")
        base_cpu = gets[1][5] or float("nan")
        rows = []
        for label, rps, lat, errors, statuses, cpu_ms in gets:
            rows.append(
                (
                    label,
                    rps,
                    rps / base_rps,
                    cpu_ms,
                    cpu_ms / yard_cpu,
                    cpu_ms / base_cpu,
                    figures.percentile(lat, 50),
                    figures.percentile(lat, 99),
                    errors,
                    " ".join(f"{k}×{v}" for k, v in sorted(statuses.items())),
                )
            )
        w = writes
        rows.append(
            (
                f"(d) score entry, {args.hosts} hosts",
                w.rps,
                w.rps / base_rps,
                w.cpu_ms,
                w.cpu_ms / yard_cpu,
                w.cpu_ms / base_cpu,
                figures.percentile(w.latencies, 50),
                figures.percentile(w.latencies, 99),
                w.errors,
                " ".join(f"{k}×{v}" for k, v in sorted(w.statuses.items())),
            )
        )
        figures.table(
            f"Throughput on {kind} ({time.monotonic() - t0:.0f} s run; server CPU "
            f"{cpu.server_pct:.0f} %, client {cpu.client_pct:.0f} %, whole machine "
            f"{cpu.machine_pct:.0f} %, in % of one core)",
            [
                "request",
                "req/s",
                "× (a)",
                "server CPU ms/req",
                "CPU × (y)",
                "CPU × (a)",
                "p50 ms",
                "p99 ms",
                "errors",
                "statuses",
            ],
            rows,
        )
        if queries:
            labels = list(queries[0]["counts"])
            figures.table(
                f"SQL queries per request on {kind} (status in brackets)",
                ["players", "rounds", *labels],
                [
                    (
                        q["players"],
                        q["rounds"],
                        *(f"{n} [{s}]" for n, s in q["counts"].values()),
                    )
                    for q in queries
                ],
            )
            varying = [
                label
                for label in labels
                if len({q["counts"][label][0] for q in queries}) > 1
            ]
            if varying:
                print("queries vary for", ", ".join(varying))
            figures.verdict(
                not varying, "queries per request constant in players and rounds"
            )
        bare_cpu = base_cpu / yard_cpu
        page_cpu = gets[3][5] / yard_cpu
        entry_cpu = w.cpu_ms / yard_cpu
        print(
            f"server CPU per request, × the yardstick ({yard_cpu:.2f} ms): "
            f"/robots.txt {bare_cpu:.2f} ×, full watch page {page_cpu:.2f} ×, "
            f"score entry {entry_cpu:.2f} ×; the unchanged poll "
            f"{gets[2][5] / yard_cpu:.2f} × (measured, no target)"
        )
        figures.verdict(
            bare_cpu <= 1.2 and page_cpu <= 2.5 and entry_cpu <= 5,
            "server CPU × the yardstick: /robots.txt ≤ 1.2, full watch page ≤ 2.5, "
            "score entry ≤ 5",
        )


if __name__ == "__main__":
    main()
