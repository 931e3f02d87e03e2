"""Imports vs. score entries: what a big import costs, and what it does to the
other tables' writes (SQLite by default).

A finished game of 10 players × 4 columns (multi-Yams, so about 640 entries) is
exported as JSON, then:

  1. imported --repeat times alone: the import's time, and how long it holds the
     database's write lock (its one transaction, BEGIN IMMEDIATE to COMMIT);
  2. score entries (Game.record, the model verb the record view calls) on 20
     other games, one after the other, for --duration seconds: their latency
     alone, then while --importers processes import the file in a loop.

It runs the models in processes of its own (no HTTP server: the point is the
write lock and the CPU an import takes, not the network), on a throwaway
database, and stops everything it started; every loop is bounded in time.

    .venv/bin/python bench/import_lock.py
    .venv/bin/python bench/import_lock.py --db postgres --importers 6 --duration 20

Targets: the import's median ≤ 0.5 s, its write lock's median ≤ 100 ms.
"""

import argparse
import contextlib
import gc
import json
import multiprocessing
import os
import random
import subprocess
import sys
import time

from harness import figures, servers

# A 640-entry import, and the write lock it holds: other tables wait that long.
IMPORT_TARGET_MS = 500
LOCK_TARGET_MS = 100


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--importers", type=int, default=6)
    parser.add_argument("--duration", type=float, default=15.0)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        return inner(args)
    database = servers.throwaway_database(args.db, name="scorekeeper_bench_imports")
    try:
        env = servers.app_env(database.url, IMPORT_LIMIT=10**9)
        servers.manage(env, "migrate", "--noinput")
        command = [servers.PYTHON, __file__, "--inner", *sys.argv[1:]]
        done = subprocess.run(command, cwd=servers.ROOT, env=env, timeout=900)
    finally:
        database.drop()
    return done.returncode


# --- inside the app's environment ---------------------------------------------------


def setup():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    sys.path.insert(0, str(servers.ROOT))
    import django

    django.setup()
    # As a server process does once it has loaded (scorekeeper.asgi.served): a
    # full collection then walks only what came since, not the whole of Django.
    gc.collect()
    gc.freeze()


def big_export(seed=1):
    """The JSON export of a finished game of 10 players × 4 columns."""
    from games.models import Entry, Game, GameState, Player
    from keepsakes.export import game_json

    names = [f"Joueur {n}" for n in range(10)]
    options = {"columns": ["down", "free", "up", "dry"]}
    draft = Game(preset="multi_yams", options=options)
    draft.options = draft.variant.options
    seats = [Player(id=seat, seat=seat, name=name) for seat, name in enumerate(names)]
    state = GameState.build(draft, seats, [])
    rng, moves = random.Random(seed), []
    while not state.finished:
        seat = state.current
        column, box = rng.choice(
            [
                (c, b)
                for c in draft.variant.columns
                for b in seat.scorecard.free_boxes(c)
            ]
        )
        entry = some_entry(seat.scorecard.entry_spec(column, box), rng)
        _seat, _scored, after = state.check_move(seat.player.pk, column, box, entry)
        made = Entry(player_id=seat.player.pk, column=column, box=box, data=entry)
        state = state.with_entry(made, after)
        moves.append((seat.player.pk, column, box, entry))
    played = Game.objects.replay(names, "multi_yams", draft.options, moves)
    game, _token = played.create()
    return json.dumps(game_json(game)).encode(), len(moves), game.band


def some_entry(spec, rng):
    # Yams made often: the repeatable box fills up, as in a long evening.
    if spec.kind == "made":
        return {"kind": "made"}
    if spec.crossable and rng.random() < 0.15:
        return {"kind": "cross"}
    if spec.kind in ("count", "face"):
        return {"kind": spec.kind, "value": rng.choice(spec.choices)}
    if spec.kind == "faces":
        return {"kind": "faces", "values": rng.sample(list(spec.choices), spec.n_faces)}
    return {"kind": "total", "value": rng.randint(spec.min, spec.max)}


class LockTimer:
    """Times the import's outermost transaction: the write lock on SQLite."""

    def __init__(self):
        self.held = []
        # CPU time of this process meanwhile: the same figure on a busy machine.
        self.cpu = []

    def install(self):
        from django.db import transaction

        from keepsakes import imports

        real = transaction.atomic
        timer = self

        class Shim:
            @staticmethod
            @contextlib.contextmanager
            def atomic(*args, **kwargs):
                start, cpu = time.perf_counter(), time.process_time()
                with real(*args, **kwargs):
                    yield
                timer.held.append((time.perf_counter() - start) * 1000)
                timer.cpu.append((time.process_time() - cpu) * 1000)

        imports.transaction = Shim


def importer(raw, band_id, stop, deadline, counter):
    # A process of its own, set up from scratch: a forked one would share the
    # parent's database connections (and PostgreSQL's connection pool).
    setup()
    from django.db import connection

    from bands.models import Band
    from keepsakes.imports import import_game

    band = Band.objects.get(pk=band_id)
    while not stop.is_set() and time.monotonic() < deadline:
        import_game(raw, band)
        with counter.get_lock():
            counter.value += 1
    connection.close()


def score_for(seconds):
    """Latencies (ms) of score entries on 20 games of 6, one after the other."""
    from games.models import Game

    rng = random.Random(7)
    games = [
        Game.objects.create_game([f"P{n}" for n in range(6)], "classic")[0]
        for _ in range(20)
    ]
    latencies, deadline = [], time.monotonic() + seconds
    while time.monotonic() < deadline and len(latencies) < 100_000:
        game = rng.choice(games)
        state = game.state()
        if state.finished:
            continue
        seat = state.current
        box = rng.choice(seat.scorecard.free_boxes("free"))
        entry = some_entry(seat.scorecard.entry_spec("free", box), rng)
        start = time.perf_counter()
        game.record(seat.player.pk, "free", box, entry)
        latencies.append((time.perf_counter() - start) * 1000)
        time.sleep(0.02)
    return latencies


def inner(args):
    setup()
    from keepsakes.imports import import_game

    raw, entries, band = big_export()
    timer = LockTimer()
    timer.install()
    took, cpu = [], []
    for _ in range(args.repeat):
        start, started_cpu = time.perf_counter(), time.process_time()
        import_game(raw, band)
        took.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    p = figures.percentile
    figures.table(
        f"Importing a {entries}-entry export ({len(raw) // 1024} kB), "
        f"{args.repeat} times alone, {args.db} (load average "
        f"{os.getloadavg()[0]:.1f})",
        ["", "median ms", "max ms", "CPU median ms"],
        [
            ["import", p(took, 50), max(took), p(cpu, 50)],
            ["write lock held", p(timer.held, 50), max(timer.held), p(timer.cpu, 50)],
        ],
    )
    alone = score_for(args.duration)
    spawn = multiprocessing.get_context("spawn")
    counter, stop = spawn.Value("i", 0), spawn.Event()
    # The importers stop when the entries are measured, or at this bound anyway.
    deadline = time.monotonic() + 3 * args.duration + 60
    workers = [
        spawn.Process(target=importer, args=(raw, band.pk, stop, deadline, counter))
        for _ in range(args.importers)
    ]
    for worker in workers:
        worker.start()
    try:
        # Spawned processes start Django first: score once they are importing.
        while counter.value == 0 and time.monotonic() < deadline:
            time.sleep(0.1)
        busy = score_for(args.duration)
    finally:
        stop.set()
        for worker in workers:
            worker.join(timeout=30)
            if worker.is_alive():
                worker.terminate()
    rows = [
        ["alone", len(alone), p(alone, 50), p(alone, 99), max(alone), 0],
        [
            f"{args.importers} importers",
            len(busy),
            p(busy, 50),
            p(busy, 99),
            max(busy),
            counter.value,
        ],
    ]
    figures.table(
        f"Score entries for {args.duration:g} s, {args.db}",
        ["while", "entries", "p50 ms", "p99 ms", "max ms", "imports done"],
        rows,
    )
    ok = p(took, 50) <= IMPORT_TARGET_MS and p(timer.held, 50) <= LOCK_TARGET_MS
    figures.verdict(
        ok,
        f"a {entries}-entry import ≤ {IMPORT_TARGET_MS} ms, its write lock ≤ "
        f"{LOCK_TARGET_MS} ms (medians)",
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
