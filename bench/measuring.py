"""Figures of a run: percentiles, and CPU over a window (server, client, whole
machine)."""

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
    """Server CPU (percent of one core) and the whole machine's, over an interval."""

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
