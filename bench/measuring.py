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
