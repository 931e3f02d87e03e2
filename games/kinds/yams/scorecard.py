"""One player's scorecard across the columns of a game, as an immutable fold of entries.

The game stores the host's entries in order; `Scorecard.replay` folds them back into
a scorecard, checking each one exactly as it was checked when it was written.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from ..messages import Message, RuleError, gettext_noop
from . import entries
from .boxes import REPEATED_YAMS
from .entries import Scored, VariantLike
from .entry_rules import EntryData, refusal
from .outlook import Outlook, outlook
from .totals import ScorecardTotals

if TYPE_CHECKING:
    from .boxes import Box
    from .entries import EntrySpec
    from .totals import Totals

ROLLS_PER_TURN = 3
# The boxes made for all the dice alike: a Yams, or a Maxi Yatzy with six dice.
ALL_ALIKE_BOXES = ("yams", "maxi_yatzy")


@dataclass(frozen=True, slots=True)
class Turn:
    """One entry written on the scorecard: what its sheet, totals and race read
    of it. Not the entry itself nor the calculation shown before validating
    (`Scorecard.write` gives that): a process keeps the scorecards of every game
    in play, each turn of them."""

    column: str
    box: str
    kind: str
    points: int
    extra_yams: bool
    # Rolls this turn used, when the saved-rolls option is on.
    rolls: int | None


@dataclass(frozen=True)
class Scorecard:
    """One player's boxes across the columns of a game. Build it with
    `variant.new_scorecard()` or `Scorecard.replay`; `apply` returns a new
    scorecard and leaves this one as it was."""

    # A Variant: typed by what the scorecard reads of it, since variants.py imports
    # this module.
    variant: VariantLike
    turns: tuple[Turn, ...] = ()

    @classmethod
    def replay(
        cls, variant: VariantLike, records: Iterable[tuple[str, str, EntryData]]
    ) -> Scorecard:
        """The scorecard after writing each (column, box, entry) in turn."""
        scorecard = cls(variant)
        for column, box, entry in records:
            scorecard = scorecard.apply(column, box, entry)
        return scorecard

    # --- writing -------------------------------------------------------------

    def check(self, column: str, box_key: str, entry: EntryData) -> Scored:
        """What `entry` would score in that box of that column, or InvalidEntry."""
        return self._turn(column, box_key, entry)[1]

    def apply(self, column: str, box_key: str, entry: EntryData) -> Scorecard:
        return self.write(column, box_key, entry)[0]

    def write(
        self, column: str, box_key: str, entry: EntryData
    ) -> tuple[Scorecard, Scored]:
        """(the scorecard with `entry` written, what it scored), or InvalidEntry."""
        turn, scored = self._turn(column, box_key, entry)
        return Scorecard(self.variant, (*self.turns, turn)), scored

    def entry_spec(self, column: str, box_key: str) -> EntrySpec:
        """What the dialog asks for that box now (a further Yams of multi_yams is
        worth 100 and can no longer be crossed out)."""
        box = self.variant._entry_box(box_key)
        written = len(self._cells.get((self._column(column), box.key), ()))
        return entries.entry_spec(self.variant, box, written)

    def _turn(self, column: str, box_key: str, entry: EntryData) -> tuple[Turn, Scored]:
        box = self.variant._entry_box(box_key)
        if column not in self.variant.columns:
            raise refusal(
                box,
                gettext_noop(
                    "%(box)s : la colonne « %(column)s » n'existe pas dans "
                    "cette partie."
                ),
                column=str(column),
            )
        cell = self._cells.get((column, box.key), ())
        if cell:
            self._check_refill(box, cell)
        else:
            self._check_order(column, box)
        reading = entries.read(self.variant, box, entry, len(cell))
        if reading.extra_yams and self.value(column, "yams") != 50:
            raise refusal(
                box,
                gettext_noop(
                    "%(box)s : pas de prime Yams tant que la case Yams "
                    "de cette colonne ne contient pas 50."
                ),
            )
        rolls = self._rolls(column, box, reading.rolls)
        # The column's name interned: the database gives each entry a string of
        # its own, and a process keeps the scorecards of every game in play.
        turn = Turn(
            column=sys.intern(column),
            box=box.key,
            kind=reading.kind,
            points=reading.scored.points,
            extra_yams=reading.extra_yams,
            rolls=rolls,
        )
        return turn, reading.scored

    def _check_refill(self, box: Box, cell: Sequence[Turn]) -> None:
        if not self._takes_more(box, cell):
            if box.repeatable and len(cell) >= REPEATED_YAMS:
                raise refusal(box, gettext_noop("%(box)s a déjà ses quatre Yams."))
            if box.feminine:
                raise refusal(box, gettext_noop("%(box)s est déjà remplie."))
            raise refusal(box, gettext_noop("%(box)s est déjà rempli."))
        if self.complete:
            # (choice) 004 ends the game once every box is filled: no more Yams.
            raise refusal(
                box,
                gettext_noop("%(box)s : la feuille est complète, la partie est finie."),
            )

    def _check_order(self, column: str, box: Box) -> None:
        if column not in ("down", "up"):
            return
        expected = self._next_in_order(column)
        if expected.key == box.key:
            return
        if column == "down":
            template = gettext_noop(
                "%(box)s : la colonne %(column)s se remplit de haut en bas ; "
                "il faut d'abord remplir %(next)s."
            )
        else:
            template = gettext_noop(
                "%(box)s : la colonne %(column)s se remplit de bas en haut ; "
                "il faut d'abord remplir %(next)s."
            )
        raise refusal(
            box,
            template,
            column=Message(self.variant.column_label(column)),
            next=Message(expected.label),
        )

    def _next_in_order(self, column: str) -> Box:
        boxes = self.variant.boxes if column == "down" else reversed(self.variant.boxes)
        return next(box for box in boxes if not self.filled(column, box.key))

    def _rolls(self, column: str, box: Box, rolls: int | None) -> int | None:
        if not self.variant.saved_rolls:
            return None
        if rolls is None:
            # (choice) no count given: the dry column is one roll by definition,
            # elsewhere the turn used its three rolls and the bank is unchanged.
            return 1 if column == "dry" else ROLLS_PER_TURN
        if column == "dry" and rolls != 1:
            raise refusal(
                box,
                gettext_noop(
                    "%(box)s : la colonne Sèche ne prend que ce qui est fait "
                    "au premier lancer (1 lancer)."
                ),
            )
        highest = ROLLS_PER_TURN + self.bank
        if rolls > highest:
            raise refusal(
                box,
                gettext_noop(
                    "%(box)s : le nombre de lancers doit être entre 1 et %(max)s."
                ),
                max=highest,
            )
        return rolls

    # --- reading ---------------------------------------------------------------

    @cached_property
    def _cells(self) -> dict[tuple[str, str], tuple[Turn, ...]]:
        cells: dict[tuple[str, str], list[Turn]] = {}
        for turn in self.turns:
            cells.setdefault((turn.column, turn.box), []).append(turn)
        return {key: tuple(cell) for key, cell in cells.items()}

    def _takes_more(self, box: Box, cell: Sequence[Turn]) -> bool:
        # (choice) 004 is silent on crossing: a Yams box crossed (or typed 0) at its
        # first entry is closed; otherwise it takes Yams until it holds four.
        return box.repeatable and len(cell) < REPEATED_YAMS and cell[0].points > 0

    def _column(self, column: str) -> str:
        if column not in self.variant.columns:
            raise RuleError(
                Message(
                    gettext_noop(
                        "La colonne « %(column)s » n'existe pas dans cette partie."
                    ),
                    {"column": str(column)},
                )
            )
        return column

    def filled(self, column: str, box_key: str) -> bool:
        """True once the box holds an entry (one Yams is enough for multi_yams)."""
        self._column(column)
        self.variant.box(box_key)
        return (column, box_key) in self._cells

    def value(self, column: str, box_key: str) -> int | list[int] | None:
        """The box's points: None while empty, a list for the multi_yams Yams box."""
        box = self.variant.box(box_key)
        cell = self._cells.get((self._column(column), box.key))
        if cell is None:
            return None
        if box.repeatable:
            return [turn.points for turn in cell]
        return cell[0].points

    def takes_yams_bonus(self, column: str) -> bool:
        """True when a further Yams written in that column earns the +100: the
        Yahtzee rule, once its Yams box holds 50 (none while it is empty or 0)."""
        return (
            self.variant.yams_rule == "bonus"
            and "yams" in self.variant.box_keys
            and self.value(column, "yams") == 50
        )

    def is_further_yams(self, column: str, box_key: str, entry: EntryData) -> bool:
        """Five dice of one face counted in an upper box, when that earns the +100:
        the app adds the prime itself (the host need not know to ask for it)."""
        return self._all_alike(box_key, entry) and self.takes_yams_bonus(column)

    def _all_alike(self, box_key: str, entry: object) -> bool:
        """`entry` counts all the dice of one face in an upper box."""
        return (
            self.variant.box(box_key).section == "upper"
            and isinstance(entry, dict)
            and entry.get("kind") == "count"
            and entry.get("value") == self.variant.dice
        )

    def free_all_alike_box(
        self, column: str, box_key: str, entry: EntryData
    ) -> str | None:
        """The key of the still empty box made for all the dice alike (Yams, Maxi
        Yatzy) when `entry` counts all the dice of one face in an upper box, so
        the dialog can point at it; else None."""
        if not self._all_alike(box_key, entry):
            return None
        for key in ALL_ALIKE_BOXES:
            if key in self.variant.box_keys and not self.filled(column, key):
                return key
        return None

    def yams_box_taking_more(
        self, column: str, box_key: str, entry: EntryData
    ) -> Box | None:
        """The Yams box, when `entry` counts all the dice of one face in an upper
        box while that box still takes a further Yams (Multi-Yams: 100 more), so
        the dialog can point at it; else None."""
        if not self._all_alike(box_key, entry) or "yams" not in self.variant.box_keys:
            return None
        box = self.variant.box("yams")
        cell = self._cells.get((self._column(column), "yams"))
        return box if cell and self._takes_more(box, cell) else None

    def free_boxes(self, column: str) -> tuple[str, ...]:
        """Keys of the boxes that may be written now in that column, in box order."""
        self._column(column)
        if self.complete:
            return ()
        empty = [box for box in self.variant.boxes if not self.filled(column, box.key)]
        if column == "down":
            empty = empty[:1]
        elif column == "up":
            empty = empty[-1:]
        free = {box.key for box in empty}
        for box in self.variant.boxes:
            cell = self._cells.get((column, box.key))
            if cell and self._takes_more(box, cell):
                # (choice) the column order is about filling a box the first time;
                # a further Yams may join the Yams box whenever it is rolled.
                free.add(box.key)
        return tuple(box.key for box in self.variant.boxes if box.key in free)

    @property
    def complete(self) -> bool:
        """Every box of every column holds an entry: the player has finished."""
        needed = len(self.variant.boxes) * len(self.variant.columns)
        return len(self._cells) == needed

    @cached_property
    def yams_made(self) -> int:
        """The Yams this scorecard was given: each one scored in the box made for
        all the dice alike (multi_yams: every Yams of the box), and each further
        Yams written elsewhere (yahtzee). All alike dice counted in an upper box
        without a prime are points of that box, not a Yams made."""
        return sum(
            1
            for turn in self.turns
            if turn.extra_yams or (turn.box in ALL_ALIKE_BOXES and turn.points > 0)
        )

    @cached_property
    def bank(self) -> int:
        """Saved rolls left ("lancers gardés"); always 0 without the option."""
        if not self.variant.saved_rolls:
            return 0
        # With the option on, `_rolls` gives every turn its count.
        return sum(ROLLS_PER_TURN - turn.rolls for turn in self.turns)  # type: ignore[operator, misc]

    def totals(self) -> ScorecardTotals:
        columns: dict[str, Totals] = {}
        for column in self.variant.columns:
            points: dict[str, int | list[int]] = {}
            for box in self.variant.boxes:
                value = self.value(column, box.key)
                if value is not None:
                    points[box.key] = value
            extra = sum(1 for t in self.turns if t.column == column and t.extra_yams)
            columns[column] = self.variant.totals(points, extra_yams=extra)
        return ScorecardTotals(
            columns=columns,
            yams_bonus=sum(totals.yams_bonus for totals in columns.values()),
            total=sum(totals.total for totals in columns.values()),
        )

    def outlook(self, totals: ScorecardTotals | None = None) -> Outlook:
        """What is still possible: the highest total the open boxes can bring,
        each column's upper bonus, see outlook.py. `totals`: this scorecard's
        totals, when the caller has them already."""
        cells = {
            key: [turn.points for turn in cell] for key, cell in self._cells.items()
        }
        return outlook(self.variant, cells, totals or self.totals())
