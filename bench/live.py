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
    bench/watchers.py does) to the watcher's receipt of the complete `sheet` event
    carrying that version (or a later one); also from the host's POST answer;
  - sheet events received vs expected, and versions never seen;
  - errors: failed connects, non-200 or non-event-stream answers, `gone`, failed
    or refused writes; streams dropped (ended or failed during the measure);
  - score entry latency (POST sent → answer read);
  - server RSS (every uvicorn process, summed) and threads, open fds, at the
    start, after the ramp and at the end; CPU of server, client, whole machine
    over the measure window (bench/measuring.py's CpuMeter);
  - the idle-watcher check: requests a watcher makes per minute over the whole run
    (the stream's connect; a heartbeat is not a request): ≤ 1/min.

    python bench/live.py --db sqlite --tables 50 --duration 30 --ramp 10   # smoke
    python bench/live.py --db sqlite --tables 2000                          # 10,000
    python bench/live.py --db postgres --tables 2000 --workers 2

Targets: staleness p95 ≤ 200 ms, p99 ≤ 500 ms; 0 errors; 0 streams dropped;
score entry p99 ≤ 100 ms; ≤ 1 request per watcher per minute.

Loopback only (127.0.0.0/8); the run ends by itself after ramp + duration + grace.
"""

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import app_server  # noqa: E402
import app_setup  # noqa: E402
import live_report  # noqa: E402
import live_run  # noqa: E402
import loopback  # noqa: E402


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
    parser.add_argument(
        "--workers", type=int, default=None, help="server processes (sqlite: 1)"
    )
    parser.add_argument("--per-address", type=int, default=50)
    parser.add_argument("--connect-concurrency", type=int, default=64)
    parser.add_argument("--connect-timeout", type=float, default=10.0)
    parser.add_argument("--write-connections", type=int, default=200)
    parser.add_argument("--no-uvloop", dest="uvloop", action="store_false")
    parser.add_argument("--label", default="", help="a note for the table titles")
    parser.add_argument("--json", default="", help="also write the figures there")
    parser.add_argument(
        "--no-check-drain",
        dest="check_drain",
        action="store_false",
        help="close the streams from the client instead of stopping the server "
        "with every stream open (SIGTERM) and checking each ends with retry:",
    )
    parser.add_argument("--drain-timeout", type=float, default=15.0)
    args = parser.parse_args(argv)
    if args.workers is None:
        args.workers = 1 if args.db == "sqlite" else 2
    if args.db == "sqlite" and args.workers != 1:
        parser.error("several server processes mean --db postgres")

    streams = args.tables * (1 + args.watchers_per_table)
    client_fds = app_server.raise_fd_limit()
    need = streams + args.write_connections + 100
    print(
        f"{args.tables} tables × (1 host + {args.watchers_per_table} watchers) = "
        f"{streams} streams over {-(-streams // args.per_address)} source addresses; "
        f"fd limit {client_fds} per process (client and server each need ≈{need})",
        flush=True,
    )
    if need > client_fds:
        print(f"warning: {need} fds needed, the limit is {client_fds}", flush=True)

    db = app_setup.throwaway_database(args.db)
    try:
        env = app_setup.app_env(db.url)
        app_setup.prepare(env)
        t_seed = time.monotonic()
        games = app_setup.seed(env, "games", args.tables, 6, 0)
        print(
            f"seeded {len(games)} games in {time.monotonic() - t_seed:.0f} s",
            flush=True,
        )
        server = app_server.Server(env, workers=args.workers)
        with server:
            loopback.check_loopback(server.base + "/")
            holder = {}

            async def go():
                run = live_run.Run(args, games, server)
                holder["run"] = run
                await run.main()

            _, loop_name = run_async(go, args.uvloop)
            run = holder["run"]
            clock_offset = time.time() - time.monotonic()
            server_log = server.log_text()
            full_log = server.log_all()
            server_fd_limit = server.fd_limit()
            exit_code = server.proc.poll()
            if exit_code is not None:
                print(f"warning: the server exited during the run (code {exit_code})")
        entries = app_setup.seed(env, "entries")
    finally:
        db.drop()

    return live_report.report_run(
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
    )


if __name__ == "__main__":
    sys.exit(main())
