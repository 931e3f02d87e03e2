"""A game's sheets as the rules engine replays them, and the moves checked on them.

Nothing here reads or writes the database: `Game.state()` hands the players and
entries in, and a write keeps the state it made in `STATES` for the next write of
the game (see games/game_writes.py).
"""

import dataclasses
from dataclasses import dataclass
from functools import cached_property

from django.utils.translation import gettext as _

from games import rules
from games.errors import ScoreRefused
from games.latest import Latest
from games.messages import tr


@dataclass
class PlayerSheet:
    player: object  # games.models.Player
    sheet: object  # rules.Sheet
    entries: list

    @property
    def turns(self):
        return len(self.entries)

    @cached_property
    def totals(self):
        """The sheet's rules.SheetTotals, worked out once: the page asks for them
        again and again (ranking, headers, standings) and the sheet never changes."""
        return self.sheet.totals()

    @property
    def total(self):
        return self.totals.total


@dataclass
class GameState:
    game: object  # games.models.Game
    sheets: list  # [PlayerSheet] in seating order
    current: PlayerSheet | None
    finished: bool
    # The number of the game's last entry, undone ones included: the next entry
    # comes after it.
    last_seq: int = 0

    @classmethod
    def build(cls, game, players, entries, last_seq=None):
        """The state of `players` once `entries` (the active ones, in order) are
        on their sheets."""
        variant = game.variant
        by_player = {p.pk: [] for p in players}
        for entry in entries:
            by_player[entry.player_id].append(entry)
        sheets = [
            PlayerSheet(
                player=p,
                sheet=rules.Sheet.replay(
                    variant, [(e.column, e.box, e.data) for e in by_player[p.pk]]
                ),
                entries=by_player[p.pk],
            )
            for p in players
        ]
        if last_seq is None:
            last_seq = max((e.seq for e in entries), default=0)
        return cls._of(game, sheets, last_seq)

    @classmethod
    def _of(cls, game, sheets, last_seq):
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
        sheet; `sheet_after`: its player's rules.Sheet with it (see check_move).
        The other players' sheets are the same objects: nothing to replay."""
        sheets = [
            PlayerSheet(s.player, sheet_after, [*s.entries, entry])
            if s.player.pk == entry.player_id
            else s
            for s in self.sheets
        ]
        return GameState._of(self.game, sheets, max(self.last_seq, entry.seq or 0))

    def without(self, entry):
        """The state once `entry` (the last active one) is taken back."""
        kept = [e for sheet in self.sheets for e in sheet.entries if e.pk != entry.pk]
        players = [sheet.player for sheet in self.sheets]
        return GameState.build(self.game, players, kept, self.last_seq)

    def check_move(self, player_id, column, box, entry):
        """(PlayerSheet, Scored, sheet after) for a move the game accepts now, or
        ScoreRefused saying why not: the box must be open (`open_box`), then the
        engine says what the dice allow there."""
        sheet, _spec, _box = self.open_box(player_id, column, box)
        try:
            scored = sheet.sheet.check(column, box, entry)
            after = sheet.sheet.apply(column, box, entry)
        except rules.InvalidEntry as exc:
            raise ScoreRefused(tr(exc.message), "invalid") from exc
        return sheet, scored, after

    def box_of(self, player_id, column, box):
        """(PlayerSheet, EntrySpec, Box) of a box of the game, written or not, or
        ScoreRefused if the game has no such player (code "player") or box ("box")."""
        sheet = self.sheet_of(player_id)
        if sheet is None:
            raise ScoreRefused(_("Ce joueur ne joue pas dans cette partie."), "player")
        variant = self.game.variant
        if column not in variant.columns or box not in variant.box_keys:
            raise ScoreRefused(_("Cette case n'existe pas dans cette partie."), "box")
        return sheet, sheet.sheet.entry_spec(column, box), variant.box(box)

    def open_box(self, player_id, column, box):
        """`box_of` for the dialog of a box that can be written now, or
        ScoreRefused."""
        if self.finished:
            raise ScoreRefused(_("La partie est terminée."), "finished")
        sheet, spec, box_obj = self.box_of(player_id, column, box)
        if self.current is not None and sheet.player.pk != self.current.player.pk:
            raise ScoreRefused(
                _("C'est au tour de %(name)s.") % {"name": self.current.player.name},
                "turn",
            )
        if box not in sheet.sheet.free_boxes(column):
            if sheet.sheet.filled(column, box):
                message = _("Cette case est déjà remplie.")
            else:
                message = _(
                    "Cette colonne se remplit dans l'ordre : pas encore cette case."
                )
            raise ScoreRefused(message, "taken")
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


@dataclass
class Preview:
    """A move checked but not recorded: its calculation and the totals after it."""

    sheet: PlayerSheet
    column: str
    box: object  # rules.Box
    scored: object  # rules.Scored
    before: object  # rules.SheetTotals
    after: object  # rules.SheetTotals

    @classmethod
    def build(cls, state, player_id, column, box, entry):
        sheet, scored, after = state.check_move(player_id, column, box, entry)
        return cls(
            sheet=sheet,
            column=column,
            box=state.game.variant.box(box),
            scored=scored,
            before=sheet.sheet.totals(),
            after=after.totals(),
        )

    @classmethod
    def for_each(cls, state, player_id, column, box, entries):
        """[(value, Preview)] for the moves `entries` ([(value, entry)]) that the
        rules allow: what the dialog shows for each button when the network is
        down and cannot be asked."""
        previews = []
        for value, entry in entries:
            try:
                preview = cls.build(state, player_id, column, box, entry)
            except ScoreRefused:
                continue
            previews.append((value, preview))
        return previews

    @property
    def calculation(self):
        return tr(self.scored.calculation)

    @property
    def column_after(self):
        return self.after[self.column]


# (game id, watch token) -> the GameState of its newest version. A write looks its
# game up here under its lock, and keeps the state it made. Every change to a
# game's players or entries moves its version on, in the same transaction. A state
# read after the game's row may already hold a later write than the row's version
# says; but then the locked row is past that version and never finds it: whenever
# a lock finds a version here, the state is that version's. The watch token is in
# the slot because a test database may give a new game the primary key of an old
# one, never its token.
STATES = Latest(limit=300)


def kept_state(game):
    """The state of `game` at its version, as `game` (not the instance that made
    it), or None. `game` must hold the version the database has (the row a write
    locked): an older one gets the sheets of that version."""
    found = STATES.get((game.pk, game.watch_token), (game.version,))
    return None if found is None else dataclasses.replace(found, game=game)


def keep_state(game, state, version=None):
    """Keeps `state` as the sheets of `game` at `version` (by default its own)."""
    version = game.version if version is None else version
    STATES.put((game.pk, game.watch_token), (version,), state)
