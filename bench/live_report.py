"""The live benchmark's report: staleness per (entry, watcher), events, errors,
score entry, the server's figures, the targets judged, and the --json figures."""

import json
from pathlib import Path

import measuring
import report

TARGETS = {
    "staleness p95 ms": 200,
    "staleness p99 ms": 500,
    "errors": 0,
    "streams dropped": 0,
    "score entry p99 ms": 100,
    "requests/watcher/min": 1,
}


def saved_times(games, entries, clock_offset, sent):
    """The server's save time of each write of the window, as this process's
    monotonic clock: {table: [t saved]} in write order (games start empty and have
    one writer, so the n-th entry is the n-th write)."""
    index = {g["watch_token"]: i for i, g in enumerate(games)}
    by_table = {}
    for watch_token, _seq, saved_at in sorted(entries, key=lambda e: e[:2]):
        if watch_token in index:
            by_table.setdefault(index[watch_token], []).append(saved_at - clock_offset)
    return by_table


def ms(values, p):
    return 1000 * measuring.percentile(values, p)


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
):
    """Prints the run's tables and notes (and writes --json); returns the exit
    code: 0 when every target is met."""
    saved = saved_times(games, entries, clock_offset, run.sent)
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
        f"Live (SSE) on {args.db}{' ' + args.label if args.label else ''}: "
        f"{args.tables} tables, {len(watchers)} watchers + {args.tables} host "
        f"streams, 1 box / {args.interval:g} s / host, {args.duration:g} s measured "
        f"after a {args.ramp:g} s ramp; {server.describe()}; client {loop_name}"
    )
    p95, p99 = ms(from_saved, 95), ms(from_saved, 99)
    report.table(
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
    report.table(
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
                " / ".join(
                    f"{x:.1f}"
                    for x in (
                        measuring.percentile(lat, 50),
                        measuring.percentile(lat, 95),
                        measuring.percentile(lat, 99),
                        max(lat, default=float("nan")),
                    )
                ),
                "p99 ≤ 100",
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
                "CPU % of one core: server / client / whole machine (measure window)",
                f"{cpu.server_pct:.0f} / {cpu.client_pct:.0f} / {cpu.machine_pct:.0f}",
                "",
            ),
        ],
    )
    report.table(
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
            (label or "·", f"{t:.0f}", f"{measuring.mib(rss):.1f}", *rest)
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
    if args.json:
        first = next((x for x in run.samples if x[0] == "after ramp"), run.samples[0])
        last = next((x for x in run.samples if x[0] == "end"), run.samples[-1])
        figures = {
            "db": args.db,
            "tables": args.tables,
            "watchers": len(watchers),
            "streams": streams,
            "interval_s": args.interval,
            "duration_s": args.duration,
            "server": server.describe(),
            "staleness_ms": {
                "samples": len(from_saved),
                "p50": ms(from_saved, 50),
                "p95": p95,
                "p99": p99,
                "max": 1000 * max(from_saved, default=float("nan")),
            },
            "events_received": exact,
            "events_expected": expected,
            "unseen": unseen,
            "errors": errors,
            "dropped": dropped,
            "max_silence_s": max_gap,
            "drain": drain_text,
            "writes": len(lat),
            "write_ms": {
                "p50": measuring.percentile(lat, 50),
                "p99": measuring.percentile(lat, 99),
            },
            "requests_per_watcher_min": mean_per_min,
            "cpu_pct": {
                "server": cpu.server_pct,
                "client": cpu.client_pct,
                "machine": cpu.machine_pct,
            },
            "rss_mib": {
                "start": measuring.mib(run.samples[0][2]),
                "after_ramp": measuring.mib(first[2]),
                "end": measuring.mib(last[2]),
            },
            "threads": {"after_ramp": first[3], "end": last[3]},
            "fds": {"after_ramp": first[4], "end": last[4]},
            "db_connections": {"after_ramp": first[5], "end": last[5]},
        }
        Path(args.json).write_text(json.dumps(figures, indent=1))
    checks = {
        "0 errors": errors == 0,
        "0 streams dropped": dropped == 0,
        "every version seen": unseen == 0,
        "streams end with retry: on SIGTERM": drain_ok,
        "a byte at least every 25 s": max_gap <= 25,
        "staleness p95 ≤ 200 ms": p95 <= TARGETS["staleness p95 ms"],
        "staleness p99 ≤ 500 ms": p99 <= TARGETS["staleness p99 ms"],
        "score entry p99 ≤ 100 ms": (
            measuring.percentile(lat, 99) <= TARGETS["score entry p99 ms"]
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
