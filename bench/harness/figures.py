"""The figures a run reports: percentiles, staleness from a write to each
watcher, CPU over a window (server, client, machine), Markdown tables and the
PASS/MISS line naming the target."""

import math
import os
import time
from pathlib import Path


def percentile(values, p):
    """Nearest-rank percentile (p in 0..100) of a list; nan when empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def saved_times(games, entries, clock_offset):
    """The server's save time of each entry (`seed(env, "entries")`), as this
    process's monotonic clock: {game index: [t saved]} in seq order."""
    index = {g["watch_token"]: i for i, g in enumerate(games)}
    by_game = {}
    for watch_token, _seq, saved_at in sorted(entries, key=lambda e: e[:2]):
        if watch_token in index:
            by_game.setdefault(index[watch_token], []).append(saved_at - clock_offset)
    return by_game


class Staleness:
    """Seconds from each write to each watcher's first sight of it (a receipt of
    its version or a later one): from the server's save, from the tap (the POST
    sent) and from the answer; and how many sights were expected, exact (that very
    version received) or never made."""

    def __init__(self):
        self.from_saved, self.from_tap, self.from_ack = [], [], []
        self.expected = self.exact = self.unseen = 0

    def add(self, writes, saved, watchers):
        """One game: its writes [(version, t sent, t answered)] in order, the save
        times of its entries by seq (the n-th save is the n-th write: one writer,
        a game started empty), and each watcher's receipts [(version, t)]."""
        for n, (version, t_sent, t_ack) in enumerate(writes):
            for receipts in watchers:
                self.expected += 1
                seen = next((t for v, t in receipts if v >= version), None)
                if any(v == version for v, _t in receipts):
                    self.exact += 1
                if seen is None:
                    self.unseen += 1
                    continue
                if n < len(saved):
                    self.from_saved.append(seen - saved[n])
                self.from_tap.append(seen - t_sent)
                self.from_ack.append(seen - t_ack)


class CpuMeter:
    """CPU over an interval, in percent of one core: the server's, this client's
    and the whole machine's (a run disturbed by something else shows it)."""

    def __init__(self, server):
        self.server = server

    def __enter__(self):
        self.t0 = time.monotonic()
        self.s0 = self.server.cpu_seconds()
        self.m0 = _machine_busy()
        self.c0 = os.times()
        return self

    def __exit__(self, *exc):
        elapsed = time.monotonic() - self.t0
        self.elapsed = elapsed
        self.server_pct = 100 * (self.server.cpu_seconds() - self.s0) / elapsed
        busy, total = (b - a for a, b in zip(self.m0, _machine_busy(), strict=True))
        self.machine_pct = 100 * busy / total * os.cpu_count() if total else math.nan
        c1 = os.times()
        self.client_pct = (
            100 * ((c1.user - self.c0.user) + (c1.system - self.c0.system)) / elapsed
        )


def _machine_busy():
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = fields[3] + fields[4]
    return sum(fields) - idle, sum(fields)


def mib(n):
    return n / (1024 * 1024)


def table(title, headers, rows):
    """Prints a Markdown table (pastes as is into bench/README.md)."""
    cells = [[str(h) for h in headers]] + [[_fmt(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]

    def line(r):
        padded = (c.rjust(w) for c, w in zip(r, widths, strict=True))
        return "| " + " | ".join(padded) + " |"

    out = [f"\n{title}\n", line(cells[0])]
    out.append("|" + "|".join("-" * (w + 1) + ":" for w in widths) + "|")
    out.extend(line(r) for r in cells[1:])
    print("\n".join(out), flush=True)


def _fmt(value):
    if isinstance(value, float):
        if math.isnan(value):
            return "–"
        return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.2f}"
    return str(value)


def verdict(ok, target):
    """Prints whether the run met its target, and the target."""
    print("PASS" if ok else "MISS", f"(target: {target})", flush=True)
