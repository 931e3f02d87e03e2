"""A whole game as the rules see it: every player's sheet, whose turn it is, and
whether a move may be made now.

The web layer hands in its players and entries (any objects with the attributes
named below: the engine reads them, never stores or changes them) and gets the
sheets replayed, the player whose turn it is, and each refusal as a
`MoveRefused` with a code saying which check refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Literal, Protocol, Self, TypedDict

from .entry_rules import EntryData
from .messages import InvalidEntry, Message, RuleError, gettext_noop
from .sheet import Sheet

if TYPE_CHECKING:
    from .boxes import Box
    from .entries import EntrySpec, Scored
    from .totals import SheetTotals
    from .variants import Variant


class PlayerLike(Protocol):
    """A player as the engine reads it (the web layer's Player)."""

    @property
    def pk(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def name(self) -> str: ...


class EntryLike(Protocol):
    """One entry the host wrote, as the engine reads it (the web layer's Entry)."""

    # None on an entry not saved yet (`with_entry` takes it before the insert).
    @property
    def pk(self) -> int | None: ...
    @property
    def player_id(self) -> int: ...
    @property
    def column(self) -> str: ...
    @property
    def box(self) -> str: ...
    @property
    def data(self) -> EntryData: ...
    @property
    def seq(self) -> int: ...


class GameLike(Protocol):
    """What the sheets are of (the web layer's Game): its `variant` holds the
    rules."""

    @property
    def variant(self) -> Variant: ...


MoveCode = Literal["player", "box", "finished", "turn", "taken", "invalid"]


class Summary(TypedDict):
    """An entry, its player and its box, as `GameState.summary` gives them."""

    entry: EntryLike
    player: PlayerLike | None
    box: Box


class MoveRefused(RuleError):
    """A move the game will not take now. `code`: "player" (no such player),
    "box" (no such box), "finished", "turn", "taken" (filled, or out of a
    column's order) or "invalid" (what the dice allow there)."""

    def __init__(self, message: Message, code: MoveCode) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class PlayerSheet:
    player: PlayerLike
    sheet: Sheet
    entries: list[EntryLike]  # in order

    @property
    def turns(self) -> int:
        return len(self.entries)

    @cached_property
    def totals(self) -> SheetTotals:
        """The sheet's SheetTotals, worked out once: a page asks for them again
        and again (ranking, headers, standings) and the sheet never changes."""
        return self.sheet.totals()

    @property
    def total(self) -> int:
        return self.totals.total


@dataclass
class GameState:
    game: GameLike
    sheets: list[PlayerSheet]  # in seating order
    current: PlayerSheet | None
    finished: bool
    # The number of the game's last entry, undone ones included: the next entry
    # comes after it.
    last_seq: int = 0

    @classmethod
    def build(
        cls,
        game: GameLike,
        players: Sequence[PlayerLike],
        entries: Sequence[EntryLike],
        last_seq: int | None = None,
    ) -> Self:
        """The state of `players` (in seating order) once `entries` (the active
        ones, in order) are on their sheets."""
        variant = game.variant
        by_player: dict[int, list[EntryLike]] = {p.pk: [] for p in players}
        for entry in entries:
            by_player[entry.player_id].append(entry)
        sheets = [
            PlayerSheet(
                player=p,
                sheet=Sheet.replay(
                    variant, [(e.column, e.box, e.data) for e in by_player[p.pk]]
                ),
                entries=by_player[p.pk],
            )
            for p in players
        ]
        if last_seq is None:
            last_seq = max((e.seq for e in entries), default=0)
        return cls.of_sheets(game, sheets, last_seq)

    @classmethod
    def of_sheets(
        cls, game: GameLike, sheets: list[PlayerSheet], last_seq: int
    ) -> Self:
        playing = [s for s in sheets if not s.sheet.complete]
        # Whoever has played fewest turns plays next; seating order breaks ties.
        current = (
            min(playing, key=lambda s: (s.turns, s.player.seat)) if playing else None
        )
        return cls(
            game=game,
            sheets=sheets,
            current=current,
            finished=not playing,
            last_seq=last_seq,
        )

    def with_entry(self, entry: EntryLike, sheet_after: Sheet) -> GameState:
        """The state once `entry` (just recorded, the last of the game) is on the
        sheet; `sheet_after`: its player's Sheet with it (see check_move). The
        other players' sheets are the same objects: nothing to replay."""
        sheets = [
            PlayerSheet(s.player, sheet_after, [*s.entries, entry])
            if s.player.pk == entry.player_id
            else s
            for s in self.sheets
        ]
        return GameState.of_sheets(
            self.game, sheets, max(self.last_seq, entry.seq or 0)
        )

    def without(self, entry: EntryLike) -> GameState:
        """The state once `entry` (the last active one) is taken back."""
        kept = [e for sheet in self.sheets for e in sheet.entries if e.pk != entry.pk]
        players = [sheet.player for sheet in self.sheets]
        return GameState.build(self.game, players, kept, self.last_seq)

    def check_move(
        self, player_id: int | str, column: str, box: str, entry: EntryData
    ) -> tuple[PlayerSheet, Scored, Sheet]:
        """(PlayerSheet, Scored, sheet after) for a move the game accepts now, or
        MoveRefused saying why not: the box must be open (`open_box`), then the
        sheet says what the dice allow there."""
        sheet, _spec, _box = self.open_box(player_id, column, box)
        try:
            after = sheet.sheet.apply(column, box, entry)
        except InvalidEntry as exc:
            raise MoveRefused(exc.message, "invalid") from exc
        return sheet, after.turns[-1].scored, after

    def box_of(
        self, player_id: int | str, column: str, box: str
    ) -> tuple[PlayerSheet, EntrySpec, Box]:
        """(PlayerSheet, EntrySpec, Box) of a box of the game, written or not, or
        MoveRefused if the game has no such player ("player") or box ("box")."""
        sheet = self.sheet_of(player_id)
        if sheet is None:
            raise MoveRefused(
                Message(gettext_noop("Ce joueur ne joue pas dans cette partie.")),
                "player",
            )
        variant = self.game.variant
        if column not in variant.columns or box not in variant.box_keys:
            raise MoveRefused(
                Message(gettext_noop("Cette case n'existe pas dans cette partie.")),
                "box",
            )
        return sheet, sheet.sheet.entry_spec(column, box), variant.box(box)

    def open_box(
        self, player_id: int | str, column: str, box: str
    ) -> tuple[PlayerSheet, EntrySpec, Box]:
        """`box_of` for a box that may be written now, or MoveRefused."""
        if self.finished:
            raise MoveRefused(
                Message(gettext_noop("La partie est terminée.")), "finished"
            )
        sheet, spec, box_obj = self.box_of(player_id, column, box)
        if self.current is not None and sheet.player.pk != self.current.player.pk:
            raise MoveRefused(
                Message(
                    gettext_noop("C'est au tour de %(name)s."),
                    {"name": self.current.player.name},
                ),
                "turn",
            )
        if box not in sheet.sheet.free_boxes(column):
            if sheet.sheet.filled(column, box):
                message = gettext_noop("Cette case est déjà remplie.")
            else:
                message = gettext_noop(
                    "Cette colonne se remplit dans l'ordre : pas encore cette case."
                )
            raise MoveRefused(Message(message), "taken")
        return sheet, spec, box_obj

    def last_entry(self) -> EntryLike | None:
        """The active entry an undo would remove, or None."""
        last = None
        for sheet in self.sheets:
            for entry in sheet.entries:
                if last is None or entry.seq > last.seq:
                    last = entry
        return last

    def summary(self, entry: EntryLike) -> Summary:
        """An entry, its player and its box, as the toast and the undo dialog say
        it."""
        box = self.game.variant.box(entry.box)
        return {"entry": entry, "player": self.player_of(entry), "box": box}

    def player_of(self, entry: EntryLike) -> PlayerLike | None:
        sheet = self.sheet_of(entry.player_id)
        return sheet.player if sheet else None

    def sheet_of(self, player_id: int | str) -> PlayerSheet | None:
        try:
            player_id = int(player_id)
        except (TypeError, ValueError):
            return None
        return next((s for s in self.sheets if s.player.pk == player_id), None)

    def ranking(self) -> list[tuple[int, PlayerSheet]]:
        """[(rank, PlayerSheet)] best first; equal totals share a rank."""
        ordered = sorted(self.sheets, key=lambda s: (-s.total, s.player.seat))
        ranked, previous, rank = [], None, 0
        for index, sheet in enumerate(ordered, start=1):
            if sheet.total != previous:
                rank, previous = index, sheet.total
            ranked.append((rank, sheet))
        return ranked

    def winners(self) -> list[PlayerSheet]:
        return [s for rank, s in self.ranking() if rank == 1]
