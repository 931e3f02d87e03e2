"""Totals of a column, and of a whole scorecard."""

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Totals:
    """One column: `total` = upper + bonus + lower + yams_bonus.

    `upper_target` is the bonus threshold and `upper_missing` how far the upper
    section still is from it ("il manque 18"), 0 once reached.
    """

    upper: int
    bonus: int
    lower: int
    total: int
    upper_target: int
    upper_missing: int
    yams_bonus: int = 0


@dataclass(frozen=True)
class ScorecardTotals:
    """A player's scorecard: a Totals per column kind, and the grand total.

    Each column's total already holds the Yams bonus earned in that column;
    `yams_bonus` repeats their sum for display, it is not added a second time.
    """

    columns: Mapping[str, Totals]
    yams_bonus: int
    total: int

    def __getitem__(self, column: str) -> Totals:
        return self.columns[column]
