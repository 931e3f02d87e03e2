"""A whole game as the rules see it: every player's sheet, whose turn it is, and
whether a move may be made now.

The web layer hands in its players and entries (any objects with the attributes
named below: the engine reads them, never stores or changes them) and gets the
sheets replayed, the player whose turn it is, and each refusal as a
`MoveRefused` with a code saying which check refused.
"""

from dataclasses import dataclass
from functools import cached_property

from .messages import InvalidEntry, Message, RuleError, gettext_noop
from .sheet import Sheet


class MoveRefused(RuleError):
    """A move the game will not take now. `code`: "player" (no such player),
    "box" (no such box), "finished", "turn", "taken" (filled, or out of a
    column's order) or "invalid" (what the dice allow there)."""

    def __init__(self, message: Message, code: str):
        super().__init__(message)
        self.code = code


@dataclass
class PlayerSheet:
    player: object  # .pk, .seat, .name
    sheet: Sheet
    entries: list  # .player_id, .column, .box, .data, .seq, .pk; in order

    @property
    def turns(self):
        return len(self.entries)

    @cached_property
    def totals(self):
        """The sheet's SheetTotals, worked out once: a page asks for them again
        and again (ranking, headers, standings) and the sheet never changes."""
        return self.sheet.totals()

    @property
    def total(self):
        return self.totals.total


@dataclass
class GameState:
    game: object  # what the sheets are of: its `variant` holds the rules
    sheets: list  # [PlayerSheet] in seating order
    current: PlayerSheet | None
    finished: bool
    # The number of the game's last entry, undone ones included: the next entry
    # comes after it.
    last_seq: int = 0

    @classmethod
    def build(cls, game, players, entries, last_seq=None):
        """The state of `players` (in seating order) once `entries` (the active
        ones, in order) are on their sheets."""
        variant = game.variant
        by_player = {p.pk: [] for p in players}
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
    def of_sheets(cls, game, sheets, last_seq):
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

    def with_entry(self, entry, sheet_after):
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

    def without(self, entry):
        """The state once `entry` (the last active one) is taken back."""
        kept = [e for sheet in self.sheets for e in sheet.entries if e.pk != entry.pk]
        players = [sheet.player for sheet in self.sheets]
        return GameState.build(self.game, players, kept, self.last_seq)

    def check_move(self, player_id, column, box, entry):
        """(PlayerSheet, Scored, sheet after) for a move the game accepts now, or
        MoveRefused saying why not: the box must be open (`open_box`), then the
        sheet says what the dice allow there."""
        sheet, _spec, _box = self.open_box(player_id, column, box)
        try:
            after = sheet.sheet.apply(column, box, entry)
        except InvalidEntry as exc:
            raise MoveRefused(exc.message, "invalid") from exc
        return sheet, after.turns[-1].scored, after

    def box_of(self, player_id, column, box):
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

    def open_box(self, player_id, column, box):
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

    def last_entry(self):
        """The active entry an undo would remove, or None."""
        last = None
        for sheet in self.sheets:
            for entry in sheet.entries:
                if last is None or entry.seq > last.seq:
                    last = entry
        return last

    def summary(self, entry):
        """An entry, its player and its box, as the toast and the undo dialog say
        it."""
        box = self.game.variant.box(entry.box)
        return {"entry": entry, "player": self.player_of(entry), "box": box}

    def player_of(self, entry):
        sheet = self.sheet_of(entry.player_id)
        return sheet.player if sheet else None

    def sheet_of(self, player_id):
        try:
            player_id = int(player_id)
        except (TypeError, ValueError):
            return None
        return next((s for s in self.sheets if s.player.pk == player_id), None)

    def ranking(self):
        """[(rank, PlayerSheet)] best first; equal totals share a rank."""
        ordered = sorted(self.sheets, key=lambda s: (-s.total, s.player.seat))
        ranked, previous, rank = [], None, 0
        for index, sheet in enumerate(ordered, start=1):
            if sheet.total != previous:
                rank, previous = index, sheet.total
            ranked.append((rank, sheet))
        return ranked

    def winners(self):
        return [s for rank, s in self.ranking() if rank == 1]
