"""Micro-benchmark of the rules engine: every box for every possible throw.

Run: .venv/bin/python bench/rules_engine.py
Prints the best of a few runs for each line; the engine is pure Python, so these
figures are what one web worker spends scoring.
"""

import sys
import time
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games.kinds.yams import PRESETS, Scorecard, build_variant  # noqa: E402

REPEAT = 3


def best_of(function):
    timings = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        function()
        timings.append(time.perf_counter() - start)
    return min(timings)


def every_box(variant, throws):
    def run():
        for dice in throws:
            for box in variant.box_keys:
                variant.points(box, dice)

    return run


def all_points(variant, throws):
    def run():
        for dice in throws:
            variant.all_points(dice)

    return run


def host_entries(variant, throws):
    """Entries read off a sample of throws (count, total, made or cross), to score."""
    entries = []
    for dice in throws[:: max(1, len(throws) // 2000)]:
        for box, points in variant.all_points(dice).items():
            kind = variant.entry_spec(box).kind
            if points == 0:
                entries.append((box, {"kind": "cross"}))
            elif kind == "count":
                face = variant.box_keys.index(box) + 1
                entries.append((box, {"kind": "count", "value": points // face}))
            elif kind == "total":
                entries.append((box, {"kind": "total", "value": points}))
            elif kind == "made":
                entries.append((box, {"kind": "made"}))

    def run():
        for box, entry in entries:
            variant.score(box, entry)

    return run, len(entries)


def replay_full_sheet(variant):
    records = [
        (column, box, {"kind": "cross"})
        for column in variant.columns
        for box in (variant.box_keys[::-1] if column == "up" else variant.box_keys)
    ]

    def run():
        Scorecard.replay(variant, records)

    return run, len(records)


def main():
    five = list(product(range(1, 7), repeat=5))
    six = list(product(range(1, 7), repeat=6))
    four_columns = {"columns": ["free", "down", "up", "dry"]}
    rows = []
    cases = [(key, five) for key in ("classic", "yahtzee", "all_dice", "multi_yams")]
    cases += [(key, six) for key in ("six_dice", "six_dice_75")]
    for key, throws in cases:
        variant = PRESETS[key]
        scores = len(throws) * len(variant.boxes)
        rows.append(
            (f"{key}: points(box, dice)", len(throws), scores,
             best_of(every_box(variant, throws)))
        )  # fmt: skip
        rows.append(
            (f"{key}: all_points(dice)", len(throws), scores,
             best_of(all_points(variant, throws)))
        )  # fmt: skip
    for key, throws in (("classic", five), ("six_dice", six)):
        run, count = host_entries(PRESETS[key], throws)
        rows.append((f"{key}: score(box, entry)", None, count, best_of(run)))
    for key, options in (("classic", {}), ("yahtzee", four_columns),
                         ("six_dice", four_columns)):  # fmt: skip
        run, count = replay_full_sheet(build_variant(key, options))
        rows.append(
            (f"{key}: Scorecard.replay, {count} entries", None, count, best_of(run))
        )

    print(f"{'case':<36} {'throws':>7} {'scores':>8} {'best (s)':>9} {'µs/score':>9}")
    print("-" * 73)
    for label, throws, scores, seconds in rows:
        shown = f"{throws:>7}" if throws else " " * 7
        per_score = seconds / scores * 1e6
        print(f"{label:<36} {shown} {scores:>8} {seconds:>9.4f} {per_score:>9.2f}")
    print(f"\nPython {sys.version.split()[0]}, best of {REPEAT} runs.")


if __name__ == "__main__":
    main()
