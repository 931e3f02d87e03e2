"""What a game of rounds (Skyjo, tarot, the free counter) leaves in files: each
round in words, the round-by-round log, the CSV and the JSON export.

The log page, the CSV and the JSON take a round's words from `round_words` and
who wrote it from `writer_words`, so they always agree. The JSON names players by
their seat, not by their primary key (a file outlives its database):
`entry_by_seat` and `entry_by_pk` turn a stored entry into the file's and back,
and `keepsakes.imports` reads it again through the model's verbs.
"""

import datetime
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.kinds import rounds
from games.kinds.tarot.rules import CONTRACT_LABELS, POIGNEE_LABELS, SIDE_LABELS
from games.models import Game, Kind, Player, Round
from keepsakes.export import (
    FORMAT,
    iso_time,
    renames_json,
    undone_words,
    writer_words,
    written_json,
)
from scorekeeper.lib.csvfile import csv_text, local_time
from scorekeeper.lib.numbers import written
from scorekeeper.lib.translation import translated

# Version 2 is the format with a `kind`: a game of rounds. A Yams game is still
# written as version 1, which every import so far reads.
ROUNDS_FORMAT_VERSION = 2

# Where an entry of each kind names players: as the key of a per-player dict
# ("keys") or as a value ("value").
PLAYER_FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    Kind.SKYJO: (("cards", "keys"), ("finisher", "value")),
    Kind.TAROT: (("taker", "value"), ("partner", "value")),
    Kind.TALLY: (("points", "keys"),),
}


def round_word(game: Game) -> str:
    """ "Donne" for a tarot deal, "Manche" for any other round."""
    return _("Donne") if game.kind == Kind.TAROT else _("Manche")


def points_words(game: Game, points: int) -> str:
    """A round's points as the sheet writes them: signed, but at Skyjo, where
    every round adds cards, plain."""
    return written(points) if game.kind == Kind.SKYJO else rounds.signed(points)


# --- a round in words -----------------------------------------------------------


def _name(state: rounds.RoundsGame, pk: int | None) -> str:
    return state.player(pk).name if pk is not None else ""


def round_words(game: Game, state: rounds.RoundsGame, round_: rounds.Round) -> str:
    """What was entered, in a line: "Garde · Ana · faite", "Donne passée",
    "Zoé a fini · doublé", "Léa +5, Tom −3"."""
    detail = round_.detail
    if game.kind == Kind.TAROT:
        if detail.passed:
            return _("Donne passée")
        taker = _name(state, detail.taker)
        if detail.partner is not None:
            taker = _("%(taker)s avec %(partner)s") % {
                "taker": taker,
                "partner": _name(state, detail.partner),
            }
        verdict = _("faite") if detail.won else _("chutée")
        return f"{translated(CONTRACT_LABELS[detail.contract])} · {taker} · {verdict}"
    if game.kind == Kind.SKYJO:
        finisher = _name(state, detail.finisher)
        if detail.doubled:
            return _("%(name)s a fini · doublé") % {"name": finisher}
        return _("%(name)s a fini") % {"name": finisher}
    given = ", ".join(
        f"{_name(state, pk)} {rounds.signed(points)}"
        for pk, points in detail.given.items()
    )
    return _("Points : %(given)s") % {"given": given}


def round_details(game: Game, state: rounds.RoundsGame, round_: rounds.Round) -> str:
    """The rest of what was entered, for whoever checks: the bouts, points and
    extras of a deal, the cards of a Skyjo round; "" when the line says it all."""
    detail = round_.detail
    if game.kind == Kind.TAROT and not detail.passed:
        made = str(detail.made).replace(".", ",")
        parts = [
            ngettext(
                "%(bouts)s bout, %(made)s points (il en fallait %(needed)s)",
                "%(bouts)s bouts, %(made)s points (il en fallait %(needed)s)",
                detail.bouts,
            )
            % {"bouts": detail.bouts, "made": made, "needed": detail.needed}
        ]
        if detail.petit_au_bout:
            side = "taker" if detail.petit_au_bout > 0 else "defence"
            parts.append(
                _("petit au bout pour %(side)s")
                % {"side": translated(SIDE_LABELS[side])}
            )
        for poignee in detail.poignees:
            parts.append(
                _("%(poignee)s montrée par %(side)s")
                % {
                    "poignee": translated(POIGNEE_LABELS[poignee.size]),
                    "side": translated(SIDE_LABELS[poignee.side]),
                }
            )
        if detail.chelem:
            parts.append(
                _("chelem %(points)s") % {"points": rounds.signed(detail.chelem)}
            )
        return " · ".join(parts)
    if game.kind == Kind.SKYJO:
        cards = ", ".join(
            f"{_name(state, pk)} {written(value)}" for pk, value in detail.cards.items()
        )
        return _("Cartes : %(cards)s") % {"cards": cards}
    return ""


# --- the log --------------------------------------------------------------------


@dataclass(frozen=True)
class RoundCell:
    """One player's part of a round in the log: its points, and the total after
    it (None for a round taken back)."""

    name: str
    points: int
    text: str
    total: int | None

    @property
    def total_text(self) -> str:
        return "" if self.total is None else written(self.total)


@dataclass(frozen=True)
class RoundLogRow:
    seq: int
    number: int
    word: str
    text: str
    details: str
    cells: list[RoundCell]
    entry: dict[str, object]
    created_at: datetime.datetime
    undone_at: datetime.datetime | None
    by: str
    by_label: str
    undone_by: str
    undone_by_label: str

    kind = "round"

    @property
    def undone(self) -> bool:
        return self.undone_at is not None

    @property
    def writer(self) -> str:
        return writer_words(self.by, self.by_label)

    @property
    def undone_by_words(self) -> str:
        if not self.undone:
            return ""
        return undone_words(self.undone_by, self.undone_by_label)

    @property
    def round(self) -> int:
        # The log's renames stay under the heading of the round before them.
        return self.number


def round_log(
    game: Game,
    state: rounds.RoundsGame | None = None,
    played: Sequence[Round] | None = None,
) -> list[RoundLogRow]:
    """Every round of the game in order, rounds taken back included: one query
    besides the state.

    A round standing is read from the state (its totals are the running ones); a
    round taken back is read again on its own, as the rules scored it. A round's
    number is one more than the rounds standing when it was entered."""
    state = state if state is not None else game.state()
    if played is None:
        played = list(game.rounds.order_by("seq"))
    standing = iter(zip(state.rounds, state.running_totals, strict=True))
    start = state.rules.start(state.players)
    word = round_word(game)
    rows = []
    for row in played:
        number = 1 + sum(
            1
            for earlier in played
            if earlier.seq < row.seq
            and (earlier.undone_at is None or earlier.undone_at > row.created_at)
        )
        if row.undone_at is None:
            scored, totals = next(standing)
        else:
            try:
                scored = state.rules.score(start, row.entry)
            except rounds.InvalidRound:
                # Not a round these rules take (a forged row): shown as stored.
                scored = None
            totals = None
        cells = [
            RoundCell(
                name=player.name,
                points=row.points_of(player.pk),
                text=points_words(game, row.points_of(player.pk)),
                total=None if totals is None else totals[player.pk],
            )
            for player in state.players
        ]
        rows.append(
            RoundLogRow(
                seq=row.seq,
                number=number,
                word=word,
                text=round_words(game, state, scored) if scored else "?",
                details=round_details(game, state, scored) if scored else "",
                cells=cells,
                entry=row.entry,
                created_at=row.created_at,
                undone_at=row.undone_at,
                by=row.by,
                by_label=row.by_label,
                undone_by=row.undone_by,
                undone_by_label=row.undone_by_label,
            )
        )
    return rows


# --- CSV: one row per round -------------------------------------------------------


def rounds_csv(game: Game, state: rounds.RoundsGame, rows: list[RoundLogRow]) -> str:
    """One line per round: its number, what was entered, who wrote it, then each
    player's points and total after it."""
    header: list[object] = [
        _("n°"),
        round_word(game).lower(),
        _("saisie"),
        _("détail"),
        _("heure"),
        _("annulée"),
        _("par"),
        _("annulée par"),
    ]
    for player in state.players:
        header += [
            _("%(name)s (points)") % {"name": player.name},
            _("%(name)s (total)") % {"name": player.name},
        ]

    def line(row: RoundLogRow) -> list[object]:
        cells: list[object] = [
            row.seq,
            row.number,
            row.text,
            row.details,
            local_time(row.created_at),
            local_time(row.undone_at),
            row.writer,
            row.undone_by_words,
        ]
        for cell in row.cells:
            cells += [cell.points, "" if cell.total is None else cell.total]
        return cells

    return csv_text(header, (line(row) for row in rows))


# --- JSON -------------------------------------------------------------------------


def _players_mapped(
    kind: str, entry: Mapping[str, object], to: Callable[[object], object]
) -> dict[str, object]:
    """`entry` with every player it names passed through `to` (None when `to`
    does not know the player: the rules refuse it then)."""
    mapped = dict(entry)
    for key, how in PLAYER_FIELDS.get(kind, ()):
        if key not in mapped:
            continue
        value = mapped[key]
        if how == "keys" and isinstance(value, Mapping):
            mapped[key] = {str(to(k)): v for k, v in value.items()}
        elif how == "value" and value is not None:
            mapped[key] = to(value)
    return mapped


def entry_by_seat(
    kind: str, entry: Mapping[str, object], players: Sequence[Player]
) -> dict[str, object]:
    """A stored entry with its players named by seat, as the JSON file has it."""
    seats = {str(p.pk): p.seat for p in players}
    return _players_mapped(kind, entry, lambda pk: seats.get(str(pk)))


def entry_by_pk(
    kind: str, entry: Mapping[str, object], pks: Sequence[int]
) -> dict[str, object]:
    """A file's entry with its players named by `pks[seat]` again, for the rules
    to read; a seat that does not exist is named so the rules refuse it."""

    def pk_of(seat: object) -> object:
        if isinstance(seat, str) and seat.isascii() and seat.isdigit():
            seat = int(seat)
        if rounds.is_int(seat) and 0 <= seat < len(pks):
            return pks[seat]
        return f"siège {seat}"

    return _players_mapped(kind, entry, pk_of)


def rounds_totals(state: rounds.RoundsGame) -> list[dict[str, object]]:
    """Each player's total and rank, in seating order (export and import compare
    these, so both build them the same way)."""
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


def rounds_json(
    game: Game,
    state: rounds.RoundsGame,
    rows: list[RoundLogRow],
    renames: Sequence[object],
) -> dict[str, object]:
    """The whole game of rounds as a JSON-ready dict (format version 2)."""
    players = list(state.players)
    return {
        "format": FORMAT,
        "version": ROUNDS_FORMAT_VERSION,
        "exported_at": iso_time(timezone.now()),
        "kind": game.kind,
        "kind_label": translated(game.label),
        "options": game.options,
        "created_at": iso_time(game.created_at),
        "finished_at": iso_time(game.finished_at),
        "finished": state.finished,
        "ended_by_host": game.ended_by_host,
        "players": [{"seat": p.seat, "name": p.name} for p in players],
        "seating": "drawn" if game.seating_drawn else "chosen",
        "rounds": [
            {
                "seq": row.seq,
                "number": row.number,
                "entry": entry_by_seat(game.kind, row.entry, players),
                "text": row.text,
                "points": [cell.points for cell in row.cells],
                **written_json(row),
            }
            for row in rows
        ],
        "renames": renames_json(renames),
        "totals": rounds_totals(state),
        "winners": [p.name for p in state.winners()] if state.finished else [],
    }


def rounds_json_text(
    game: Game,
    state: rounds.RoundsGame,
    rows: list[RoundLogRow],
    renames: Sequence[object],
) -> str:
    data = rounds_json(game, state, rows, renames)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
