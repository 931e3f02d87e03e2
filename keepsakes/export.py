"""A game in files: an entry in words, the round-by-round log, the CSV and JSON
exports and their file names.

The log page, the CSV and the JSON export all take an entry's words from
`describe_entry`, and who wrote it from `writer_words` (through `game_log`), so
they always agree; the log page and the JSON also show the names corrected
(`game_renames`). The JSON export is
read back by `keepsakes.imports`, which checks the totals with `totals_of` from
here.
"""

import dataclasses
import datetime
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.kinds.yams import GameState
from games.models import Entry, Game, NameChange, Player, Writer
from scorekeeper.lib.csvfile import csv_text, local_time
from scorekeeper.lib.translation import translated

FORMAT = "scorekeeper-game"
FORMAT_VERSION = 1


# --- an entry in words -------------------------------------------------------


UPPER_FACES = {
    "ones": 1,
    "twos": 2,
    "threes": 3,
    "fours": 4,
    "fives": 5,
    "sixes": 6,
}


def _and_join(values):
    values = [str(v) for v in values]
    if len(values) < 2:
        return "".join(values)
    return _("%(first)s et %(last)s") % {
        "first": ", ".join(values[:-1]),
        "last": values[-1],
    }


def describe_entry(box_key: str, data: object) -> str:
    """What was entered, in French words: "3 × 4", "face 5", "faces 6 et 2",
    "total 23", "réussi", "barré", "17 points tapés" (+ prime Yams, lancers)."""
    if not isinstance(data, dict):
        return "?"
    kind = data.get("kind")
    value = data.get("value")
    if kind == "count":
        face = UPPER_FACES.get(box_key)
        text = f"{value} × {face}" if face else str(value)
    elif kind == "face":
        text = _("face %(face)s") % {"face": value}
    elif kind == "faces":
        text = _("faces %(faces)s") % {"faces": _and_join(data.get("values") or [])}
    elif kind == "total":
        text = _("total %(total)s") % {"total": value}
    elif kind == "made":
        text = _("réussi")
    elif kind == "cross":
        text = _("barré")
    elif kind == "points":
        text = _("%(points)s points tapés") % {"points": value}
    else:
        text = "?"
    if data.get("extra_yams") is True:
        text += _(" + prime Yams")
    rolls = data.get("rolls")
    if isinstance(rolls, int) and not isinstance(rolls, bool):
        text += ngettext(" (%(n)s lancer)", " (%(n)s lancers)", rolls) % {"n": rolls}
    return text


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


# --- the round-by-round log ---------------------------------------------------


@dataclass(frozen=True)
class LogRow:
    seq: int
    round: int
    player: str
    seat: int
    column: str
    column_label: str
    box: str
    box_label: str
    text: str
    points: int
    created_at: datetime.datetime
    undone_at: datetime.datetime | None
    data: dict[str, object]  # the entry as the host made it
    by: str = Writer.HOST
    by_label: str = ""
    undone_by: str = ""  # "" while it stands
    undone_by_label: str = ""

    kind = "entry"

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

    @property
    def crossed(self) -> bool:
        return isinstance(self.data, dict) and self.data.get("kind") == "cross"


def game_log(
    game: Game,
    players: list[Player] | None = None,
    entries: list[Entry] | None = None,
) -> list[LogRow]:
    """Every entry of the game in order, undone ones included: two queries.

    An entry's round is the player's turn it was written in: one more than the
    player's earlier entries that were still standing at that moment.
    """
    variant = game.variant
    if players is None:
        players = list(game.players.all())
    if entries is None:
        entries = list(game.entries.order_by("seq"))
    by_id = {p.pk: p for p in players}
    labels = {box.key: translated(box.label) for box in variant.boxes}
    multi_column = len(variant.columns) > 1
    earlier: dict[int, list[Entry]] = {p.pk: [] for p in players}
    rows = []
    for entry in entries:
        standing = sum(
            1
            for e in earlier[entry.player_id]
            if e.undone_at is None or e.undone_at > entry.created_at
        )
        earlier[entry.player_id].append(entry)
        player = by_id[entry.player_id]
        rows.append(
            LogRow(
                seq=entry.seq,
                round=standing + 1,
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
                text=describe_entry(entry.box, entry.data),
                points=entry.points,
                created_at=entry.created_at,
                undone_at=entry.undone_at,
                data=entry.data,
                by=entry.by,
                by_label=entry.by_label,
                undone_by=entry.undone_by,
                undone_by_label=entry.undone_by_label,
            )
        )
    return rows


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

    kind = "rename"

    @property
    def writer(self) -> str:
        return writer_words(self.by, self.by_label)


def game_renames(game: Game, players: list[Player] | None = None) -> list[RenameRow]:
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


def log_lines(rows: list[LogRow], renames: list[RenameRow]) -> list[LogRow | RenameRow]:
    """The log page's lines: the entries, each rename among them where it
    happened (after the entries made before it, or at the same moment)."""
    lines: list[LogRow | RenameRow] = []
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
    game: Game, players: Sequence[Player], ext: str, prefix: str = "yams"
) -> str:
    """yams-2025-03-14-sarah-hugo.csv: the date the game started, then names."""
    day = timezone.localtime(game.created_at).date().isoformat()
    names = slugify("-".join(p.name for p in players))[:40].strip("-")
    stem = "-".join(part for part in (prefix, day, names) if part)
    return f"{stem}.{ext}"


# --- CSV: one row per entry ---------------------------------------------------


def game_csv(game: Game, log_rows: list[LogRow] | None = None) -> str:
    rows = log_rows if log_rows is not None else game_log(game)
    header = [
        _("n°"),
        _("manche"),
        _("joueur"),
        _("colonne"),
        _("case"),
        _("saisie"),
        _("points"),
        _("heure"),
        _("annulée"),
        _("par"),
        _("annulée par"),
    ]
    return csv_text(
        header,
        (
            [
                row.seq,
                row.round,
                row.player,
                row.column_label or translated(game.variant.column_label(row.column)),
                row.box_label,
                row.text,
                row.points,
                local_time(row.created_at),
                local_time(row.undone_at),
                row.writer,
                writer_words(row.undone_by, row.undone_by_label) if row.undone else "",
            ]
            for row in rows
        ),
    )


# --- JSON ---------------------------------------------------------------------


def iso_time(moment: datetime.datetime | None) -> str | None:
    """A moment as the JSON files write it (ISO 8601), None left as null."""
    return moment.isoformat() if moment else None


class LoggedWrite(Protocol):
    """A row of a log, a box's (LogRow) or a round's (round_log.RoundLogRow)."""

    created_at: datetime.datetime
    undone: bool
    undone_at: datetime.datetime | None
    by: str
    by_label: str
    undone_by: str
    undone_by_label: str


def written_json(row: LoggedWrite) -> dict[str, object]:
    """When a logged write (a box, a round) was made and by whom, and whether
    and by whom it was taken back: the same keys in both file formats."""
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
    """The names corrected during the game, as both file formats write them."""
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


def totals_of(state: GameState) -> list[dict[str, object]]:
    """Each player's totals as plain JSON, in seating order (export and import
    compare these, so both must build them the same way)."""
    ranks = {s.player.pk: s.rank for s in state.ranking()}
    saved_rolls = state.game.variant.saved_rolls
    result = []
    for seat in state.seats:
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


def game_json(
    game: Game,
    state: GameState | None = None,
    log_rows: list[LogRow] | None = None,
    renames: list[RenameRow] | None = None,
) -> dict[str, object]:
    """The whole game as a JSON-ready dict (see FORMAT_VERSION).

    Who wrote each entry (`by`, with the pencil's `by_label`), who undid it
    (`undone_by`, `undone_by_label`) and the names corrected (`renames`) came
    after version 1 was out: they are added to it, not a new version, and the
    import reads a file without them as the host's."""
    state = state or game.state()
    players = [s.player for s in state.seats]
    if log_rows is None:
        log_rows = game_log(game, players=players)
    if renames is None:
        renames = game_renames(game, players=players)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported_at": iso_time(timezone.now()),
        "preset": game.preset,
        "preset_label": translated(game.variant.label),
        "options": game.variant.options,
        "created_at": iso_time(game.created_at),
        "finished_at": iso_time(game.finished_at),
        "finished": state.finished,
        "players": [{"seat": p.seat, "name": p.name} for p in players],
        # How the seats were set: "drawn" at random on the create page, or "chosen".
        "seating": "drawn" if game.seating_drawn else "chosen",
        "entries": [
            {
                "seq": row.seq,
                "round": row.round,
                "seat": row.seat,
                "player": row.player,
                "column": row.column,
                "box": row.box,
                "entry": row.data,
                "text": row.text,
                "points": row.points,
                **written_json(row),
            }
            for row in log_rows
        ],
        "renames": renames_json(renames),
        "totals": totals_of(state),
        "winners": [p.name for p in state.winners()] if state.finished else [],
    }


def game_json_text(
    game: Game,
    state: GameState | None = None,
    log_rows: list[LogRow] | None = None,
    renames: list[RenameRow] | None = None,
) -> str:
    data = game_json(game, state, log_rows, renames)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
