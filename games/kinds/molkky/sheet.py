"""Mölkky's sheet: a row per turn of the table (each player still in throws
once per turn), each player's total, misses in a row and whether out, and who
throws next. A row per throw would run to a hundred rows; a turn fits a line."""

import dataclasses
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.sheet import RoundsTable, RoundsTableBuilder
from scorekeeper.lib import numbers

from .rules import (
    BACK_TO_ZERO,
    NO_ELIMINATION,
    MolkkyGame,
    MolkkyRules,
    MolkkyThrow,
    eliminated,
    misses_in_a_row,
    warned,
)


@dataclass(slots=True)
class TurnCell:
    """A player's throw in a turn: its points ("✕" a miss), the total after it,
    a mark (★ won, ↓ fell back, ⊘ eliminated) and what a screen reader says."""

    text: str = ""
    total: str = ""
    mark: str = ""
    label: str = ""
    tone: str = ""  # miss, fell, won, out; "" a plain throw or none yet


@dataclass(slots=True)
class TurnRow:
    number: int
    cells: list[TurnCell]


@dataclass(slots=True)
class PlayerStatus:
    """Where a player stands besides the total: misses in a row, warned (a
    third would eliminate, or send back to 0), out, the points still needed."""

    misses: int
    warned: bool
    out: bool
    left: int
    label: str  # the misses and the warning in words, for a screen reader


@dataclass
class MolkkyTable(RoundsTable):
    turns: list[TurnRow] = field(default_factory=list)
    status: dict[int, PlayerStatus] = field(default_factory=dict)
    thrower: str = ""
    turn: int = 1
    target: int = 50


class MolkkySheetBuilder(RoundsTableBuilder):
    """The shared sheet of rounds, its rows folded into turns of the table."""

    def table(self) -> MolkkyTable:
        base = super().table()
        state = self.state
        rules = state.rules
        assert isinstance(rules, MolkkyRules)
        out = eliminated(state)
        misses = misses_in_a_row(state)
        warn = warned(state)
        totals = state.totals
        status = {}
        for player in state.players:
            count = misses[player.pk]
            status[player.pk] = PlayerStatus(
                misses=count,
                warned=player.pk in warn,
                out=player.pk in out,
                left=rules.target - totals[player.pk],
                label=self.status_words(
                    rules, count, player.pk in warn, player.pk in out
                ),
            )
        values = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
        thrower = state.next_player if not state.finished else None
        return MolkkyTable(
            **values,
            turns=self.turns(),
            status=status,
            thrower=thrower.name if thrower is not None else "",
            turn=state.turn if isinstance(state, MolkkyGame) else 1,
            target=rules.target,
        )

    def status_words(
        self, rules: MolkkyRules, count: int, warned_now: bool, out: bool
    ) -> str:
        if out:
            return _("hors jeu, ne lance plus")
        if not count:
            return ""
        words = ngettext(
            "%(count)s raté de suite", "%(count)s ratés de suite", count
        ) % {"count": count}
        if warned_now and rules.three_misses == BACK_TO_ZERO:
            return _("%(misses)s : un troisième remet le total à 0") % {"misses": words}
        if warned_now and rules.three_misses != NO_ELIMINATION:
            return _("%(misses)s : un troisième l'élimine") % {"misses": words}
        return words

    def turns(self) -> list[TurnRow]:
        """A row per turn of the table, the newest last."""
        state = self.state
        throws: dict[int, dict[int, MolkkyThrow]] = {}
        for round_ in state.rounds:
            throw: MolkkyThrow = round_.detail
            throws.setdefault(throw.turn, {})[throw.thrower] = throw
        gone: set[int] = set()  # out before the turn drawn
        rows = []
        for number in sorted(throws):
            cells = []
            for player in state.players:
                thrown = throws[number].get(player.pk)
                cells.append(self.cell(number, player.name, thrown, player.pk in gone))
            for throw in throws[number].values():
                if throw.eliminated:
                    gone.add(throw.thrower)
            rows.append(TurnRow(number, cells))
        return rows

    def cell(
        self, turn: int, name: str, throw: MolkkyThrow | None, gone: bool
    ) -> TurnCell:
        where = {"name": name, "turn": turn}
        if throw is None:
            if gone:
                return TurnCell(
                    tone="out",
                    label=_("%(name)s, tour %(turn)s : hors jeu") % where,
                )
            return TurnCell(
                label=_("%(name)s, tour %(turn)s : pas encore lancé") % where
            )
        total = numbers.written(throw.after)
        if throw.missed:
            text, tone = "✕", "miss"
            what = _("raté (%(count)s de suite)") % {"count": throw.misses}
        else:
            text, tone, what = str(throw.points), "", str(throw.points)
        mark = ""
        if throw.won:
            mark, tone = "★", "won"
            what += ", " + _("victoire")
        elif throw.eliminated:
            mark, tone = "⊘", "out"
            what = _("raté, trois de suite : hors jeu")
        elif throw.back_to_zero:
            mark, tone = "↓", "fell"
            what = _("raté, trois de suite : retombe à 0")
        elif throw.fell_back:
            mark, tone = "↓", "fell"
            what += ", " + _("%(sum)s, retombe") % {"sum": throw.before + throw.points}
        label = _("%(name)s, tour %(turn)s : %(what)s, total %(total)s") % {
            **where,
            "what": what,
            "total": total,
        }
        return TurnCell(text, total, mark, label, tone)
