"""What is still possible for one player: the highest total the boxes left can
bring, each column's upper bonus (won, within reach and what it needs, or out of
reach), and whether the player can still get past the leader.

Every open box counts at the most the variant lets it score: what the best throw
makes there (`natural_max`), or with typed points the most a typed score may be
(`typed_max`): a house rule may type more than the dice make. Each turn is a throw
of its own, so every open box can be at its most on the same sheet; the bonuses
are counted at their best with those boxes:

- the upper bonus of a column, once its upper boxes at their most reach the
  threshold;
- Yahtzee's +100: every box that can still be written after the column's Yams
  box holds 50 can take a further Yams (played as a joker, it is worth the box's
  most too); an ordered column writes the boxes before its Yams box first;
- Multi-Yams: the Yams box takes its further Yams only while the sheet is not
  complete, so a Yams box still empty adds them only if another box is left to
  fill after it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from .boxes import REPEATED_YAMS
from .entries import YAMS_BONUS, natural_max, typed_max

if TYPE_CHECKING:
    from .entries import VariantLike
    from .totals import ScorecardTotals

# What the Yams box must hold for Yahtzee's +100 (001).
YAMS_POINTS = 50


@dataclass(frozen=True)
class BonusOutlook:
    """One column's upper bonus: won already, or what it still needs.

    `needed` is how many upper points are still missing (0 once won), `boxes`
    the open upper boxes of the column (box keys, in box order) and `most` what
    they can give at best.
    """

    column: str
    target: int
    points: int
    needed: int
    boxes: tuple[str, ...]
    most: int

    @property
    def won(self) -> bool:
        return self.needed == 0

    @property
    def reachable(self) -> bool:
        """Won, or the open upper boxes can still make up what is missing."""
        return self.most >= self.needed

    @property
    def needs_everything(self) -> bool:
        """Within reach only with every open upper box at its most."""
        return not self.won and self.most == self.needed


@dataclass(frozen=True)
class Outlook:
    """A player's sheet as it could still end: `best` is the highest total still
    reachable (the current `total` once the sheet is complete), `bonuses` one
    BonusOutlook per column, in column order."""

    total: int
    best: int
    bonuses: tuple[BonusOutlook, ...]
    complete: bool

    @property
    def room(self) -> int:
        """Points still to play for."""
        return self.best - self.total

    def can_pass(self, leader_total: int) -> bool:
        """The sheet can still end above `leader_total` (the leader's total now)."""
        return self.best > leader_total


@cache
def _box_maxima(variant: VariantLike) -> tuple[tuple[str, bool, tuple[int, ...]], ...]:
    """(key, in the upper section, the most of each of its slots) for every box:
    one slot, four for the Multi-Yams box. Worked out once per variant: the
    outlook is asked for on every write."""
    typed = variant.typed_points
    maxima = []
    for box in variant.boxes:
        slots = range(REPEATED_YAMS if box.repeatable else 1)
        most = tuple(
            typed_max(box, nth) if typed else natural_max(box, nth) for nth in slots
        )
        maxima.append((box.key, box.section == "upper", most))
    return tuple(maxima)


def outlook(
    variant: VariantLike,
    cells: Mapping[tuple[str, str], Sequence[int]],
    totals: ScorecardTotals,
) -> Outlook:
    """The Outlook of a sheet from its written boxes: `cells` maps each written
    (column, box key) to the points of its entries (several for the Multi-Yams
    box); `totals` are the sheet's totals now. See `Scorecard.outlook`."""
    maxima = _box_maxima(variant)
    open_cells = len(maxima) * len(variant.columns) - len(cells)
    best = 0
    bonuses = []
    for column in variant.columns:
        now = totals[column]
        upper_room = lower_room = 0
        open_upper = []
        for key, upper, most in maxima:
            cell = cells.get((column, key))
            if cell is None:
                # A further Yams needs a box still open after this one.
                room = sum(most) if open_cells > 1 else most[0]
                if upper:
                    open_upper.append(key)
            elif len(most) > len(cell) and cell[0] > 0 and open_cells:
                room = sum(most[len(cell) :])
            else:
                continue
            if upper:
                upper_room += room
            else:
                lower_room += room
        reached = now.upper + upper_room >= now.upper_target
        bonus = variant.bonus_points if reached else 0
        best += now.total - now.bonus + bonus + upper_room + lower_room
        if variant.yams_rule == "bonus":
            best += _yams_bonus_room(variant, column, cells)
        bonuses.append(
            BonusOutlook(
                column=column,
                target=now.upper_target,
                points=now.upper,
                needed=now.upper_missing,
                boxes=tuple(open_upper),
                most=upper_room,
            )
        )
    return Outlook(
        total=totals.total, best=best, bonuses=tuple(bonuses), complete=not open_cells
    )


def _yams_bonus_room(
    variant: VariantLike, column: str, cells: Mapping[tuple[str, str], Sequence[int]]
) -> int:
    """Yahtzee's +100s still to earn in `column`, beyond the Yams box counted at
    its most."""
    if "yams" not in variant.box_keys:
        return 0
    keys = variant.box_keys
    yams = cells.get((column, "yams"))
    if yams is not None:
        if yams[0] != YAMS_POINTS:
            return 0
        # Whatever is still open comes after the Yams box, in any column order.
        return YAMS_BONUS * sum(
            1 for key in keys if key != "yams" and (column, key) not in cells
        )
    # The Yams box is open: written with 50, what follows it may take the +100s.
    if column == "down":
        after = keys[keys.index("yams") + 1 :]
    elif column == "up":
        after = keys[: keys.index("yams")]
    else:
        after = tuple(key for key in keys if key != "yams")
    later = sum(1 for key in after if (column, key) not in cells)
    # Typed points may write more than 50 in the Yams box, and then earn no +100.
    counted = next(
        most[0] for key, _upper, most in _box_maxima(variant) if key == "yams"
    )
    return max(0, YAMS_POINTS - counted + YAMS_BONUS * later)
