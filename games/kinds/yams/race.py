"""The score race: every player's running total, turn by turn and round by round.

A round is every player having had one more turn; the round under way (some
players have played in it, others not yet) is the latest point, those still to
play keeping their total. Bonuses count from the turn that earns them, as on the
sheet: the upper bonus once the section reaches its threshold, the Yahtzee +100
with the further Yams that earns it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..state import leading_since
from .entries import YAMS_BONUS

# Where the race's leader is found: one rule for every kind (state.py).
__all__ = ["leading_since", "race_rounds", "turn_totals"]

if TYPE_CHECKING:
    from .scorecard import Scorecard


def turn_totals(scorecard: Scorecard) -> tuple[int, ...]:
    """The scorecard's grand total after each of its turns, in order.

    One pass over the turns, each updating its column only: the sheet is drawn on
    every write, and a column's totals worked out afresh after each turn would
    cost the square of the turns. The same sums as `Variant.totals`
    (tests/kinds/yams/test_race.py holds them to it)."""
    variant = scorecard.variant
    sections = {box.key: box.section for box in variant.boxes}
    repeatable = {box.key for box in variant.boxes if box.repeatable}
    threshold = variant.bonus_threshold  # type: ignore[attr-defined]
    bonus_points = variant.bonus_points
    yams_bonus_rule = variant.yams_rule == "bonus"
    upper = dict.fromkeys(variant.columns, 0)
    lower = dict.fromkeys(variant.columns, 0)
    further = dict.fromkeys(variant.columns, 0)
    yams: dict[str, int] = {}
    column_totals = dict.fromkeys(variant.columns, 0)
    total = 0
    running = []
    for turn in scorecard.turns:
        column = turn.column
        points = turn.points
        if sections[turn.box] == "upper":
            upper[column] += points
        else:
            lower[column] += points
        if turn.box == "yams" and turn.box not in repeatable:
            yams[column] = points
        if turn.extra_yams:
            further[column] += 1
        upper_points = upper[column]
        now = upper_points + lower[column]
        if upper_points >= threshold:
            now += bonus_points
        # The +100 counts only while the Yams box holds 50 (Variant.totals).
        if yams_bonus_rule and yams.get(column) == 50:
            now += YAMS_BONUS * further[column]
        total += now - column_totals[column]
        column_totals[column] = now
        running.append(total)
    return tuple(running)


def race_rounds(players: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """Each player's total at the start (0) and after each round, from their
    totals after each turn (`turn_totals`, players in seating order): one point
    per round started, every player's list the same length."""
    rounds = max((len(turns) for turns in players), default=0)
    lines = []
    for turns in players:
        last = turns[-1] if turns else 0
        lines.append((0, *turns, *(last,) * (rounds - len(turns))))
    return lines
