"""Micro-benchmark of the score sheet: a 6-player game mid-game, drawn cache cold.

Run: .venv/bin/python bench/sheet_render.py [--renders 100]

Each render builds the sheet's data (`TableBuilder`, from the replayed state) and
renders its template: `games.sheet.draw_sheet`, what `sheet_html` does on a cache
miss. The state replay is timed on its own line. CPU time (`time.process_time`),
the median of `--renders` renders after a warm-up, on a throwaway SQLite database.
Target: the sheet, data and template, in at most 1 ms (watch and host roles).

Also measured: the memory of the game's kept state (`tracemalloc`), once its
sheets are drawn: what a server process holds of every game in play between
requests, in its local cache; the same for games of rounds (`--deals`: a tarot
game of 5 players and a Skyjo game of 6 after that many rounds).

Also counted: what a drawing leaves to the garbage collector (objects caught in
reference cycles, freed only by a collection, not when the text is drawn), and
the CPU that collection then takes per drawing: in a server holding thousands of
streams, each collection stops the whole process.
"""

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TARGET_MS = 1.0


def median_ms(function, renders):
    for _ in range(10):
        function()
    timings = []
    for _ in range(renders):
        start = time.process_time()
        function()
        timings.append(time.process_time() - start)
    return statistics.median(timings) * 1000


def left_to_collector(function, renders):
    """(objects caught in cycles, collection CPU ms) per call of `function`."""
    function()
    gc.collect()
    gc.disable()
    try:
        gc.set_debug(gc.DEBUG_SAVEALL)
        for _ in range(renders):
            function()
        left = gc.collect()
        gc.set_debug(0)
        gc.garbage.clear()
        for _ in range(renders):
            function()
        start = time.process_time()
        # The young generation: where a drawing's objects are.
        gc.collect(0)
        collection = time.process_time() - start
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    return left / renders, collection * 1000 / renders


def kept_bytes(game, accesses):
    """The bytes a process holds for `game`'s kept state: replayed from the
    database, kept as the local cache keeps it (`GameKind.kept`), then its sheet
    drawn for each of `accesses` (what the drawing works out once is kept with
    it: totals, what is still possible, the race)."""
    from games.sheet import draw_sheet

    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        kept = game.game_kind.kept(game.read_state()[0])
        for access in accesses:
            draw_sheet(access, game.attached(kept))
        gc.collect()
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    return sum(stat.size_diff for stat in after.compare_to(before, "filename"))


def round_games_kept(deals):
    """[(label, kept bytes)] of a tarot game (5 players) and a Skyjo game (6)
    after `deals` rounds, recorded as the host records them."""
    from games.access import Access
    from games.models import Game

    names = ["Sarah", "Hugo", "Léa", "Karim", "Inès", "Tom"]
    measured = {}
    # Twice: the first game of a kind pays for what a process loads once (its
    # templates compiled, its words translated), not for its kept state.
    for kind, seated in [("tarot", names[:5]), ("skyjo", names)] * 2:
        game, host_token = Game.objects.create_game(seated, "", {}, kind=kind)
        pks = [player.pk for player in game.players.all()]
        for number in range(deals):
            if kind == "tarot":
                taker, partner = pks[number % 5], pks[(number + 2) % 5]
                entry = {"taker": taker, "partner": partner, "contract": "garde"}
                game.record_round(entry | {"bouts": 2, "points": 48})
            else:
                # Low totals: nobody reaches 100, the game goes on.
                cards = {
                    str(pk): (seat * 3 + number) % 9 for seat, pk in enumerate(pks)
                }
                game.record_round({"cards": cards, "finisher": pks[number % 6]})
        fresh = Game.objects.get(pk=game.pk)
        accesses = [
            Access(role="watch", game=fresh, token=fresh.watch_token),
            Access(role="host", game=fresh, token=host_token),
        ]
        label = f"{kind}, {len(seated)} players, {deals} rounds"
        measured[label] = kept_bytes(fresh, accesses)
    return list(measured.items())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=100)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=7, help="rounds already played")
    parser.add_argument(
        "--deals", type=int, default=10, help="rounds of the games of rounds"
    )
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="bench-sheet-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", "bench-sheet")
    import django

    django.setup()
    from django.core.cache import caches
    from django.core.management import call_command
    from django.utils import translation

    from bench.harness.seeding import make_games
    from games.access import Access
    from games.models import Game
    from games.sheet import TableBuilder, draw_sheet

    call_command("migrate", verbosity=0)
    (made,) = make_games(1, args.players, args.rounds)
    game = Game.objects.get(watch_token=made["watch_token"])
    translation.activate("fr")
    state = game.state()

    rows = []
    for role, token in [("watch", game.watch_token), ("host", made["host_token"])]:
        access = Access(role=role, game=game, token=token)

        def draw(access=access):
            return draw_sheet(access, state)

        def data_only(access=access):
            return TableBuilder(state, access).table()

        html = draw()
        rows.append(
            (
                role,
                median_ms(data_only, args.renders),
                median_ms(draw, args.renders),
                *left_to_collector(draw, args.renders),
                len(html.encode()),
            )
        )

    def replay():
        caches["local"].clear()
        return game.state()

    replay = median_ms(replay, args.renders)
    fresh = Game.objects.get(pk=game.pk)
    kept = kept_bytes(
        fresh,
        [
            Access(role="watch", game=fresh, token=fresh.watch_token),
            Access(role="host", game=fresh, token=made["host_token"]),
        ],
    )

    print(
        f"## The sheet, {args.players} players, {args.rounds} rounds played "
        f"(median of {args.renders}, CPU)\n"
    )
    print(
        "| role | data (ms) | data + template (ms) | left to the collector "
        "(objects) | their collection (ms) | HTML (bytes) |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for role, data, whole, left, collection, size in rows:
        print(
            f"| {role} | {data:.2f} | {whole:.2f} | {left:.0f} | {collection:.3f} "
            f"| {size:,} |"
        )
    print(f"\nState replay (not part of the render): {replay:.2f} ms")
    print(f"Kept state (held between requests): {kept / 1024:.1f} KB")
    for label, size in round_games_kept(args.deals):
        print(f"Kept state of a game of rounds, {label}: {size / 1024:.1f} KB")
    print()
    worst = max(row[2] for row in rows)
    verdict = "PASS" if worst <= TARGET_MS else "MISS"
    print(f"{verdict}: the sheet drawn in {worst:.2f} ms (target ≤ {TARGET_MS} ms)")


if __name__ == "__main__":
    main()
