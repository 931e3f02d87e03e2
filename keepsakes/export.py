"""A game in files, of any kind: the log (one row per write), the CSV and the
JSON export and their file names.

The log page, the CSV, the JSON and the PDF read one row shape (`LogRow`) from
one writer (`game_log`): what a write was in words comes from its kind's
plug-in, who wrote it from `writer_words`, so they always agree. What a kind
stores for each write (`GameKind.written`: a box of one player, or a round of
everyone) says how its rows are read and its files laid out (`FAMILIES`). The
JSON names players by their seat, not by their primary key (a file outlives
its database), and is read back by `keepsakes.imports`, which checks the
totals with `totals_of` from here.
"""

import dataclasses
import datetime
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from games.kinds import rounds
from games.kinds.base import Column, GameKind, RoundKind
from games.kinds.state import PlayerLike
from games.models import Entry, Game, NameChange, SeatChange, State, Writer, Written
from scorekeeper.lib.csvfile import csv_text, local_time
from scorekeeper.lib.numbers import written
from scorekeeper.lib.translation import translated

FORMAT = "scorekeeper-game"
# Version 3: every kind, its writes under `writes`. Version 1 (Yams, `entries`)
# and 2 (the kinds scored by rounds, `rounds`) are still read by the import.
FORMAT_VERSION = 3


# --- who wrote it --------------------------------------------------------------


def writer_words(by: str, label: str = "") -> str:
    """Who wrote, for a log line or a CSV cell: "Hôte", "Crayon (Léa)", or
    "Crayon" for a pencil passed without a name."""
    if by == Writer.PENCIL:
        if label:
            return _("Crayon (%(label)s)") % {"label": label}
        return _("Crayon")
    return _("Hôte")


def undone_words(by: str, label: str = "") -> str:
    """Who took an entry back, as the log marks it: "annulée par l'hôte"…"""
    if by == Writer.PENCIL:
        if label:
            return _("annulée par le crayon (%(label)s)") % {"label": label}
        return _("annulée par le crayon")
    return _("annulée par l'hôte")


# --- the log: one row per write ----------------------------------------------


@dataclass(frozen=True)
class RoundCell:
    """One column's part of a round in the log (a player's, or a team's): its
    points, and the total after it (None for a round taken back)."""

    name: str
    points: int
    text: str
    total: int | None

    @property
    def total_text(self) -> str:
        return "" if self.total is None else written(self.total)


@dataclass(frozen=True)
class LogRow:
    """One write of a game, as the log page, the CSV, the JSON and the PDF read
    it: a box (one player's, `player`, `box`, `points`) or a round (every
    player's part, `cells`, which the JSON keeps; and each column's, `columns`,
    which the log, the CSV and the PDF show: a team's where the kind has
    teams), what it was in words (the kind's), when and who wrote it, and
    whether and by whom it was taken back."""

    seq: int
    round: int  # a box: its player's turn; a round: its number
    text: str
    entry: dict[str, object]  # as stored, players named by pk
    created_at: datetime.datetime
    undone_at: datetime.datetime | None
    by: str = Writer.HOST
    by_label: str = ""
    undone_by: str = ""  # "" while it stands
    undone_by_label: str = ""
    details: str = ""
    word: str = ""  # "Manche", "Donne"
    # A box's:
    player: str = ""
    seat: int = 0
    column: str = ""
    column_label: str = ""
    box: str = ""
    box_label: str = ""
    points: int = 0
    crossed: bool = False
    # A round's:
    cells: tuple[RoundCell, ...] = ()
    columns: tuple[RoundCell, ...] = ()

    line = "write"

    @property
    def writer(self) -> str:
        return writer_words(self.by, self.by_label)

    @property
    def undone_by_words(self) -> str:
        """Who took it back ("annulée par l'hôte"), or "" while it stands."""
        if not self.undone:
            return ""
        return undone_words(self.undone_by, self.undone_by_label)

    @property
    def undone(self) -> bool:
        return self.undone_at is not None


def _turn_of(earlier: Sequence[Written], row: Written) -> int:
    """The round of a write: one more than the writes before it still standing
    when it was made."""
    return 1 + sum(
        1
        for before in earlier
        if before.undone_at is None or before.undone_at > row.created_at
    )


def _written_fields(row: Written) -> dict[str, object]:
    return {
        "seq": row.seq,
        "created_at": row.created_at,
        "undone_at": row.undone_at,
        "by": row.by,
        "by_label": row.by_label,
        "undone_by": row.undone_by,
        "undone_by_label": row.undone_by_label,
    }


class Boxes:
    """The part of a kind scored box by box (its writes are `Entry` rows)."""

    # The log shows a line per box, not a column per player.
    columns_per_player = False

    def log(
        self, game: Game, state: State, players: Sequence[PlayerLike]
    ) -> list[LogRow]:
        """An entry's round is the player's turn it was written in."""
        # A kind entered by boxes says an entry in words (`entry_text`, `crossed`).
        kind: Any = game.game_kind
        variant = game.variant
        entries = list(game.entries.order_by("seq"))
        by_id = {p.pk: p for p in players}
        labels = {box.key: translated(box.label) for box in variant.boxes}
        multi_column = len(variant.columns) > 1
        earlier: dict[int, list[Entry]] = {p.pk: [] for p in players}
        rows = []
        for entry in entries:
            turn = _turn_of(earlier[entry.player_id], entry)
            earlier[entry.player_id].append(entry)
            player = by_id[entry.player_id]
            rows.append(
                LogRow(
                    round=turn,
                    text=kind.entry_text(entry.box, entry.data),
                    entry=entry.data,
                    player=player.name,
                    seat=player.seat,
                    column=entry.column,
                    column_label=(
                        translated(variant.column_label(entry.column))
                        if multi_column and entry.column in variant.columns
                        else ""
                    ),
                    box=entry.box,
                    box_label=labels.get(entry.box, entry.box),
                    points=entry.points,
                    crossed=kind.crossed(entry.data),
                    **_written_fields(entry),  # type: ignore[arg-type]
                )
            )
        return rows

    def heads(self, game: Game, state: State) -> list[Column]:
        """The log's columns after the round's: none, a box is one player's."""
        return []

    def csv_head(self, game: Game, state: State) -> tuple[list[str], list[str]]:
        what = [_("joueur"), _("colonne"), _("case"), _("saisie"), _("points")]
        return what, []

    def csv_cells(self, game: Game, row: LogRow) -> tuple[list[object], list[object]]:
        column = row.column_label or translated(game.variant.column_label(row.column))
        return [row.player, column, row.box_label, row.text, row.points], []

    def json_write(
        self, game: Game, row: LogRow, players: Sequence[PlayerLike]
    ) -> dict[str, object]:
        return {
            "seat": row.seat,
            "player": row.player,
            "column": row.column,
            "box": row.box,
            "entry": row.entry,
            "points": row.points,
        }

    def totals(self, state: State) -> list[dict[str, object]]:
        """Each player's totals, column by column, in seating order (export
        and import compare these, so both must build them the same way)."""
        ranks = {s.player.pk: s.rank for s in state.ranking()}
        saved_rolls = state.game.variant.saved_rolls  # type: ignore[attr-defined]
        result = []
        for seat in state.seats:  # type: ignore[attr-defined]
            totals = seat.scorecard.totals()
            item = {
                "seat": seat.player.seat,
                "player": seat.player.name,
                "columns": {
                    column: {
                        "upper": t.upper,
                        "bonus": t.bonus,
                        "lower": t.lower,
                        "yams_bonus": t.yams_bonus,
                        "total": t.total,
                    }
                    for column, t in totals.columns.items()
                },
                "yams_bonus": totals.yams_bonus,
                "total": totals.total,
                "rank": ranks[seat.player.pk],
            }
            if saved_rolls:
                item["bank"] = seat.scorecard.bank
            result.append(item)
        return result


class Rounds:
    """The part of a kind scored round by round (its writes are `Round` rows)."""

    # A round is everyone's: the log gives each player a column.
    columns_per_player = True

    def log(
        self, game: Game, state: State, players: Sequence[PlayerLike]
    ) -> list[LogRow]:
        """A round standing is read from the state (its totals are the running
        ones); a round taken back is read again on its own, as the rules scored
        it."""
        # The plug-in chose this path: a kind scored by rounds.
        state = cast(rounds.RoundsGame, state)
        kind = game.game_kind
        assert isinstance(kind, RoundKind)
        played = list(game.rounds.order_by("seq"))
        standing = iter(zip(state.rounds, state.running_totals, strict=True))
        start = state.rules.start(state.players)
        word = str(kind.words.round)
        columns = kind.keepsake_columns(state)
        rows = []
        for index, row in enumerate(played):
            scored: rounds.ScoredRound | None
            if row.undone_at is None:
                scored, totals = next(standing)
            else:
                try:
                    scored = state.rules.score(start, row.entry)
                except rounds.InvalidRound:
                    # Not a round these rules take (a forged row): as stored.
                    scored = None
                totals = None
            cells = tuple(
                RoundCell(
                    name=player.name,
                    points=row.points_of(player.pk),
                    text=kind.points_text(row.points_of(player.pk)),
                    total=None if totals is None else totals[player.pk],
                )
                for player in state.players
            )
            by_pk = {
                player.pk: cell
                for player, cell in zip(state.players, cells, strict=True)
            }
            rows.append(
                LogRow(
                    round=_turn_of(played[:index], row),
                    word=word,
                    text=kind.round_text(state, scored) if scored else "?",
                    details=kind.round_details(state, scored) if scored else "",
                    entry=row.entry,
                    cells=cells,
                    columns=tuple(
                        dataclasses.replace(by_pk[column.player.pk], name=column.name)
                        for column in columns
                    ),
                    **_written_fields(row),  # type: ignore[arg-type]
                )
            )
        return rows

    def heads(self, game: Game, state: State) -> list[Column]:
        """The log's columns after the round's, as the kind has them: a player
        each, or a team each."""
        kind = game.game_kind
        assert isinstance(kind, RoundKind)
        return kind.keepsake_columns(cast(rounds.RoundsGame, state))

    def csv_head(self, game: Game, state: State) -> tuple[list[str], list[str]]:
        after = []
        for name in (column.name for column in self.heads(game, state)):
            after += [
                _("%(name)s (points)") % {"name": name},
                _("%(name)s (total)") % {"name": name},
            ]
        return [_("saisie"), _("détail")], after

    def csv_cells(self, game: Game, row: LogRow) -> tuple[list[object], list[object]]:
        after: list[object] = []
        for cell in row.columns:
            after += [cell.points, "" if cell.total is None else cell.total]
        return [row.text, row.details], after

    def json_write(
        self, game: Game, row: LogRow, players: Sequence[PlayerLike]
    ) -> dict[str, object]:
        return {
            "entry": entry_by_seat(game.game_kind, row.entry, players),
            "points": [cell.points for cell in row.cells],
        }

    def totals(self, state: State) -> list[dict[str, object]]:
        """Each player's total and rank, in seating order (export and import
        compare these, so both build them the same way)."""
        ranks = {standing.player.pk: standing.rank for standing in state.ranking()}
        return [
            {
                "seat": seat,
                "player": player.name,
                "total": state.totals[player.pk],
                "rank": ranks[player.pk],
            }
            for seat, player in enumerate(state.players)
        ]


# What a kind stores for each write (`GameKind.written`) says how its files are
# laid out: a box of one player, or a round of everyone.
FAMILIES: dict[str, Boxes | Rounds] = {"entries": Boxes(), "rounds": Rounds()}


def family_of(game: Game) -> Boxes | Rounds:
    return FAMILIES[game.game_kind.written]


def game_log(game: Game, state: State | None = None) -> list[LogRow]:
    """Every write of the game in order, those taken back included: one query
    besides the state."""
    state = state if state is not None else game.state()
    return family_of(game).log(game, state, list(state.players))


@dataclass(frozen=True)
class RenameRow:
    """A name corrected during the game, as a line of the log."""

    seat: int
    old_name: str
    new_name: str
    created_at: datetime.datetime
    by: str
    by_label: str
    # The round of the entry before it, to stay under that round's heading
    # (None: before any entry).
    round: int | None = None

    line = "rename"

    @property
    def writer(self) -> str:
        return writer_words(self.by, self.by_label)


def game_renames(
    game: Game, players: Sequence[PlayerLike] | None = None
) -> list[RenameRow]:
    """The names corrected during the game, in order: one query."""
    if players is None:
        players = list(game.players.all())
    seats = {p.pk: p.seat for p in players}
    return [
        RenameRow(
            seat=seats[change.player_id],
            old_name=change.old_name,
            new_name=change.new_name,
            created_at=change.created_at,
            by=change.by,
            by_label=change.by_label,
        )
        for change in NameChange.objects.filter(game=game)
    ]


@dataclass(frozen=True)
class ReseatRow:
    """The players seated anew before the first entry, as a line of the log:
    their names in the new order. Only the host reseats."""

    names: tuple[str, ...]
    created_at: datetime.datetime
    round: int | None = None

    line = "reseat"

    @property
    def order(self) -> str:
        """ "1. Léa, 2. Max, 3. Tom, 4. Zoé", as the notice said it."""
        return ", ".join(f"{seat}. {name}" for seat, name in enumerate(self.names, 1))

    @property
    def writer(self) -> str:
        return writer_words(Writer.HOST)


def game_reseats(game: Game) -> list[ReseatRow]:
    """The seatings changed before the first entry, in order: one query, none
    for a kind whose seating is never changed on its page."""
    if not game.game_kind.reseated_on_page:
        return []
    return [
        ReseatRow(tuple(change.names), change.created_at)
        for change in SeatChange.objects.filter(game=game)
    ]


def game_changes(
    game: Game, players: Sequence[PlayerLike] | None = None
) -> list[RenameRow | ReseatRow]:
    """The names corrected and the seatings changed, in the order they were
    made: what the log says between the entries."""
    changes: list[RenameRow | ReseatRow] = [
        *game_renames(game, players=players),
        *game_reseats(game),
    ]
    return sorted(changes, key=lambda change: change.created_at)


type Change = RenameRow | ReseatRow


def log_lines(rows: list[LogRow], renames: Sequence[Change]) -> list[LogRow | Change]:
    """The log page's lines: the entries, each rename or reseat among them
    where it happened (after the entries made before it, or at the same
    moment)."""
    lines: list[LogRow | Change] = []
    pending = list(renames)
    current = None
    for row in rows:
        while pending and pending[0].created_at < row.created_at:
            lines.append(dataclasses.replace(pending.pop(0), round=current))
        lines.append(row)
        current = row.round
    lines.extend(dataclasses.replace(r, round=current) for r in pending)
    return lines


# --- file names ---------------------------------------------------------------


def export_filename(
    game: Game, players: Sequence[PlayerLike], ext: str, prefix: str
) -> str:
    """yams-2025-03-14-sarah-hugo.csv: the date the game started, then names."""
    day = timezone.localtime(game.created_at).date().isoformat()
    names = slugify("-".join(p.name for p in players))[:40].strip("-")
    stem = "-".join(part for part in (prefix, day, names) if part)
    return f"{stem}.{ext}"


# --- JSON ---------------------------------------------------------------------


def iso_time(moment: datetime.datetime | None) -> str | None:
    """A moment as the JSON files write it (ISO 8601), None left as null."""
    return moment.isoformat() if moment else None


def written_json(row: LogRow) -> dict[str, object]:
    """When a write (a box, a round) was made and by whom, and whether and by
    whom it was taken back."""
    return {
        "created_at": iso_time(row.created_at),
        "undone": row.undone,
        "undone_at": iso_time(row.undone_at),
        "by": row.by,
        "by_label": row.by_label,
        "undone_by": row.undone_by or None,
        "undone_by_label": row.undone_by_label,
    }


def renames_json(renames: Sequence[RenameRow]) -> list[dict[str, object]]:
    """The names corrected during the game, as the file writes them."""
    return [
        {
            "seat": rename.seat,
            "old_name": rename.old_name,
            "new_name": rename.new_name,
            "created_at": iso_time(rename.created_at),
            "by": rename.by,
            "by_label": rename.by_label,
        }
        for rename in renames
    ]


# --- players named by seat ----------------------------------------------------------


def _players_mapped(
    kind: GameKind, entry: Mapping[str, object], to: Callable[[object], object]
) -> dict[str, object]:
    """`entry` with every player it names passed through `to` (None when `to`
    does not know the player: the rules refuse it then)."""
    mapped = dict(entry)
    for key, how in kind.player_fields:
        if key not in mapped:
            continue
        value = mapped[key]
        if how == "keys" and isinstance(value, Mapping):
            mapped[key] = {str(to(k)): v for k, v in value.items()}
        elif how == "value" and value is not None:
            mapped[key] = to(value)
    return mapped


def entry_by_seat(
    kind: GameKind, entry: Mapping[str, object], players: Sequence[PlayerLike]
) -> dict[str, object]:
    """A stored entry with its players named by seat, as the JSON file has it
    (a file outlives its database)."""
    seats = {str(p.pk): p.seat for p in players}
    return _players_mapped(kind, entry, lambda pk: seats.get(str(pk)))


def entry_by_pk(
    kind: GameKind, entry: Mapping[str, object], pks: Sequence[int]
) -> dict[str, object]:
    """A file's entry with its players named by `pks[seat]` again, for the rules
    to read; a seat that does not exist is named so the rules refuse it."""

    def pk_of(seat: object) -> object:
        if isinstance(seat, str) and seat.isascii() and seat.isdigit():
            seat = int(seat)
        if (
            isinstance(seat, int)
            and not isinstance(seat, bool)
            and 0 <= seat < len(pks)
        ):
            return pks[seat]
        return f"siège {seat}"

    return _players_mapped(kind, entry, pk_of)


# --- CSV: one row per write -------------------------------------------------------


def game_csv(game: Game, state: State | None = None) -> str:
    """One line per write: its number and round, what the kind says of it, when
    and who wrote or took it back, then what the kind adds (a round: each
    column's points and total after it, a player's or a team's)."""
    state = state if state is not None else game.state()
    family = family_of(game)
    rows = family.log(game, state, list(state.players))
    what, after = family.csv_head(game, state)
    header = [
        _("n°"),
        str(game.game_kind.words.round_lower),
        *what,
        _("heure"),
        _("annulée"),
        _("par"),
        _("annulée par"),
        *after,
    ]

    def line(row: LogRow) -> list[object]:
        cells, more = family.csv_cells(game, row)
        return [
            row.seq,
            row.round,
            *cells,
            local_time(row.created_at),
            local_time(row.undone_at),
            row.writer,
            writer_words(row.undone_by, row.undone_by_label) if row.undone else "",
            *more,
        ]

    return csv_text(header, (line(row) for row in rows))


# --- JSON: every kind in one format -------------------------------------------------


def totals_of(game: Game, state: State) -> list[dict[str, object]]:
    """Each player's totals as the file writes them (the import compares)."""
    return family_of(game).totals(state)


def reseats_json(reseats: Sequence[ReseatRow]) -> list[dict[str, object]]:
    """The seatings changed before the first write, as the file writes them:
    the names in the new order, the first seat's first."""
    return [
        {"names": list(reseat.names), "created_at": iso_time(reseat.created_at)}
        for reseat in reseats
    ]


def game_json(game: Game, state: State | None = None) -> dict[str, object]:
    """The whole game as a JSON-ready dict (format version 3, every kind): what
    was played, the players, every write in order with who wrote it and who
    took it back, the names corrected, the seatings changed, the totals and the
    winners.

    Version 1 (Yams) and version 2 (the kinds scored by rounds) are still read
    by the import."""
    state = state if state is not None else game.state()
    players = list(state.players)
    family = family_of(game)
    kind = game.game_kind
    rows = family.log(game, state, players)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported_at": iso_time(timezone.now()),
        "kind": kind.key,
        "kind_label": translated(kind.label),
        "preset": game.preset,
        "preset_label": translated(game.label),
        "options": game.rules.options,
        "created_at": iso_time(game.created_at),
        "finished_at": iso_time(game.finished_at),
        "finished": state.finished,
        "ended_by_host": game.ended_by_host,
        "players": [{"seat": p.seat, "name": p.name} for p in players],
        # How the seats were set: "drawn" at random on the create page, or "chosen".
        "seating": "drawn" if game.seating_drawn else "chosen",
        "writes": [
            {
                "seq": row.seq,
                "round": row.round,
                **family.json_write(game, row, players),
                "text": row.text,
                **written_json(row),
            }
            for row in rows
        ],
        "renames": renames_json(game_renames(game, players=players)),
        "reseats": reseats_json(game_reseats(game)),
        "totals": family.totals(state),
        "winners": [p.name for p in state.winners()] if state.finished else [],
    }


def game_json_text(game: Game, state: State | None = None) -> str:
    data = game_json(game, state)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
