"""What each dialog of the game page shows. A view picks one of these; its
`block` is the block of templates/games/game.jinja that draws it (in the page's
<dialog>, or alone for htmx)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, cast

from games.kinds import rounds, yams
from games.kinds.base import GameKind, RoundKind, RoundWords
from games.kinds.state import PlayerLike, Standing, State
from games.sheet import Prospects
from scorekeeper.lib.translation import translated

if TYPE_CHECKING:
    from games.forms import ConfirmForm, RenameForm, RoundForm
    from games.kinds.yams.forms import EntryForm


@dataclass
class EntryDialog:
    """Filling a box: the choices of the rules, the calculation before Valider."""

    block: ClassVar[str] = "entry_dialog"

    seat: yams.Seat  # the box's player
    form: EntryForm
    column: str
    column_label: str
    multi: bool  # several columns: the title names the column
    record_url: str
    preview_url: str
    preview: BoxPreview | None = None  # the calculation of the values chosen so far
    show_errors: bool = True
    # [(value, BoxPreview)]: each button's calculation, for static/js/outbox.js.
    offline_previews: list[tuple[str, BoxPreview]] = field(default_factory=list)

    @property
    def box(self) -> yams.Box:
        return self.form.box


@dataclass
class UndoDialog:
    """Taking back the last entry: what it was, yes or no."""

    block: ClassVar[str] = "undo_dialog"

    entry: yams.EntryLike
    player: PlayerLike | None
    box: yams.Box
    form: ConfirmForm


@dataclass
class RenameDialog:
    """Correcting a player's name (the host only)."""

    block: ClassVar[str] = "rename_dialog"

    seat: PlayerTotal
    form: RenameForm
    # What is still possible for the player: the host taps a name to rename it,
    # so the dialog says what the watchers' popover says.
    prospects: Prospects

    @classmethod
    def of(
        cls, kind: GameKind, state: State, seat: PlayerTotal, form: RenameForm
    ) -> RenameDialog:
        lines = kind.prospects_of(state, seat.player.pk)
        return cls(seat, form, Prospects(list(lines)))

    @staticmethod
    def seat_of(state: State, player_id: int) -> PlayerTotal | None:
        """The player's place in the game (None: not one of its players)."""
        for player in state.players:
            if player.pk == player_id:
                return PlayerTotal(player, state.totals[player.pk])
        return None


@dataclass
class PlayerTotal:
    """A player with their total, as the rename dialog reads it."""

    player: PlayerLike
    total: int


@dataclass
class BoxPreview:
    """A move checked but not recorded: its calculation and the totals after it,
    as the entry dialog shows them before Valider."""

    seat: yams.Seat
    column: str
    box: yams.Box
    scored: yams.Scored
    before: yams.ScorecardTotals
    after: yams.ScorecardTotals

    @classmethod
    def of_move(
        cls,
        state: yams.GameState,
        player_id: int,
        column: str,
        box: str,
        entry: yams.EntryData,
    ) -> BoxPreview:
        """The BoxPreview of a move `state` (a yams.GameState) accepts now, or the
        engine's `yams.MoveRefused` saying why not."""
        seat, scored, after = state.check_move(player_id, column, box, entry)
        return cls(
            seat=seat,
            column=column,
            box=state.game.variant.box(box),
            scored=scored,
            before=seat.totals,
            after=after.totals(),
        )

    @classmethod
    def for_each(
        cls,
        state: yams.GameState,
        player_id: int,
        column: str,
        box: str,
        entries: Iterable[tuple[str, yams.EntryData]],
    ) -> list[tuple[str, BoxPreview]]:
        """[(value, BoxPreview)] for the moves `entries` ([(value, entry)]) that the
        rules allow: what the dialog shows for each button when the network is
        down and cannot be asked. A refused one is left out, its reason unsaid."""
        previews = []
        for value, entry in entries:
            try:
                preview = cls.of_move(state, player_id, column, box, entry)
            except yams.MoveRefused:
                continue
            previews.append((value, preview))
        return previews

    @property
    def calculation(self) -> str:
        return translated(self.scored.calculation)

    @property
    def column_after(self) -> yams.Totals:
        return self.after[self.column]


# --- games of rounds ----------------------------------------------------------


@dataclass
class RoundPreview:
    """A round checked but not recorded, as the round dialog shows it: the
    kind's calculation, then each player's points and total before and after."""

    lines: list[str]
    # (player's name, points this round signed, total before, total after),
    # written as the sheet writes them
    rows: list[tuple[str, str, str, str]]
    ends_game: bool
    # At tarot a deal sums to 0 over the table: said under the rows.
    zero_sum: bool

    @classmethod
    def of(
        cls, kind: GameKind, state: rounds.RoundsGame, entry: rounds.EntryData
    ) -> RoundPreview:
        """The preview of the round `entry` makes next, or the engine's
        InvalidRound / RoundRefused saying why not."""
        preview = state.preview(entry)
        return cls(
            lines=[translated(line) for line in preview.calculation],
            rows=cast(RoundKind, kind).preview_rows(state, preview),
            ends_game=preview.ends_game,
            zero_sum=kind.zero_sum,
        )


@dataclass
class RoundDialog:
    """Entering the next round: the kind's form, the calculation before
    Valider."""

    block: ClassVar[str] = "round_dialog"

    game_kind: GameKind  # its `dialog_template` draws the kind's fields
    form: RoundForm
    number: int  # the round to come
    dealer: PlayerLike | None
    record_url: str
    preview_url: str
    preview: RoundPreview | None = None
    # False while the host is still typing (the live preview): a part not
    # filled in yet is no mistake, a value the rules refuse is.
    show_missing: bool = True

    @property
    def words(self) -> RoundWords:
        return self.game_kind.words

    @property
    def errors(self) -> list[str]:
        """The form's messages the dialog shows."""
        return [
            message
            for errors in self.form.errors.as_data().values()
            for error in errors
            if self.show_missing or error.code != "required"
            for message in error.messages
        ]


@dataclass
class RoundUndoDialog:
    """Taking back the last round: what it gave each player, yes or no."""

    block: ClassVar[str] = "round_undo_dialog"

    number: int
    # (player's name, points signed)
    points: list[tuple[str, str]]
    form: ConfirmForm
    # The round in a line, said instead of every player's points ("" for those).
    summary: str = ""


@dataclass
class EndDialog:
    """The host ends a game of rounds: the ranking it would leave, yes or no."""

    block: ClassVar[str] = "end_dialog"

    standings: list[Standing]
    form: ConfirmForm
    reopen: bool = False  # taking back the end instead


@dataclass
class SeatRow:
    """A seat on the host's seating card, with the orders its ↑ ↓ buttons post
    (the players' ids joined by commas; "" where the player cannot move so)."""

    number: int
    player: PlayerLike
    note: str
    up: str
    down: str


@dataclass
class SeatingCard:
    """Changing the seating on the host's page (a card beside the dialogs, not
    one of them): offered while nothing is entered, where the kind's seating
    matters (`GameKind.reseated_on_page`)."""

    rows: list[SeatRow]
    help: str

    @classmethod
    def of(cls, kind: GameKind, state: State) -> SeatingCard | None:
        if not kind.reseated_on_page or state.started or state.finished:
            return None
        ids = [player.pk for player in state.players]
        notes = kind.seat_notes(len(ids))

        def swapped(a: int, b: int) -> str:
            if not (0 <= a < len(ids) and 0 <= b < len(ids)):
                return ""
            order = list(ids)
            order[a], order[b] = order[b], order[a]
            return ",".join(str(pk) for pk in order)

        rows = [
            SeatRow(
                index + 1,
                player,
                notes[index],
                swapped(index, index - 1),
                swapped(index, index + 1),
            )
            for index, player in enumerate(state.players)
        ]
        return cls(rows, kind.players_help())
