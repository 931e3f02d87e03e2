"""A game in words and in files: the round-by-round log, the CSV and JSON exports,
the import of a JSON export as a new game, and a band's history as CSV.

`describe_entry` turns a stored entry dict into the few French words a host would
say ("3 × 4", "face 5", "barré"); the log page, the CSV and the PDF all use it, so
the three always agree.
"""

import csv
import datetime
import io
import json
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import rules, signals
from games.messages import tr
from games.models import Game, ScoreRefused

FORMAT = "scorekeeper-game"
FORMAT_VERSION = 1
MAX_IMPORT_BYTES = 256 * 1024
# A finished game holds at most 10 players × 4 columns × 20 boxes, plus the
# further Yams of multi_yams; anything far beyond is not an export of ours.
MAX_IMPORT_ENTRIES = 2000

UPPER_FACES = {
    "ones": 1,
    "twos": 2,
    "threes": 3,
    "fours": 4,
    "fives": 5,
    "sixes": 6,
}
# Spreadsheets run a cell starting with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


# --- an entry in words --------------------------------------------------------


def _and_join(values):
    values = [str(v) for v in values]
    if len(values) < 2:
        return "".join(values)
    return _("%(first)s et %(last)s") % {
        "first": ", ".join(values[:-1]),
        "last": values[-1],
    }


def describe_entry(box_key, data):
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
    data: dict

    @property
    def undone(self):
        return self.undone_at is not None

    @property
    def crossed(self):
        return isinstance(self.data, dict) and self.data.get("kind") == "cross"


def game_log(game, players=None, entries=None):
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
    labels = {box.key: tr(box.label) for box in variant.boxes}
    multi_column = len(variant.columns) > 1
    earlier = {p.pk: [] for p in players}
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
                    tr(variant.column_label(entry.column))
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
            )
        )
    return rows


# --- file names ---------------------------------------------------------------


def export_filename(game, players, ext, prefix="yams"):
    """yams-2025-03-14-sarah-hugo.csv: the date the game started, then names."""
    day = timezone.localtime(game.created_at).date().isoformat()
    names = slugify("-".join(p.name for p in players))[:40].strip("-")
    stem = "-".join(part for part in (prefix, day, names) if part)
    return f"{stem}.{ext}"


def band_filename(band):
    """yams-bande-sarah-hugo-2025-03-14.csv (the day of the export)."""
    day = timezone.localdate().isoformat()
    name = slugify(band.name)[:40].strip("-")
    return "-".join(part for part in ("yams-bande", name, day) if part) + ".csv"


def _local(dt):
    return timezone.localtime(dt).strftime("%Y-%m-%d %H:%M:%S") if dt else ""


def _cell(value):
    """A CSV cell that no spreadsheet will run as a formula (names are free text)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _csv_text(header, rows):
    out = io.StringIO()
    # The BOM makes spreadsheets read the file as UTF-8 (accents, emoji).
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([_cell(value) for value in row])
    return out.getvalue()


# --- CSV: one row per entry ---------------------------------------------------


def game_csv(game, log_rows=None):
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
    ]
    return _csv_text(
        header,
        (
            [
                row.seq,
                row.round,
                row.player,
                row.column_label or tr(game.variant.column_label(row.column)),
                row.box_label,
                row.text,
                row.points,
                _local(row.created_at),
                _local(row.undone_at),
            ]
            for row in rows
        ),
    )


# --- JSON ---------------------------------------------------------------------


def _iso(dt):
    return dt.isoformat() if dt else None


def totals_of(state):
    """Each player's totals as plain JSON, in seating order (export and import
    compare these, so both must build them the same way)."""
    ranks = {sheet.player.pk: rank for rank, sheet in state.ranking()}
    saved_rolls = state.game.variant.saved_rolls
    result = []
    for sheet in state.sheets:
        totals = sheet.sheet.totals()
        item = {
            "seat": sheet.player.seat,
            "player": sheet.player.name,
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
            "rank": ranks[sheet.player.pk],
        }
        if saved_rolls:
            item["bank"] = sheet.sheet.bank
        result.append(item)
    return result


def game_json(game, state=None, log_rows=None):
    """The whole game as a JSON-ready dict (see FORMAT_VERSION)."""
    state = state or game.state()
    players = [s.player for s in state.sheets]
    if log_rows is None:
        log_rows = game_log(game, players=players)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported_at": _iso(timezone.now()),
        "preset": game.preset,
        "preset_label": tr(game.variant.label),
        "options": game.variant.options,
        "created_at": _iso(game.created_at),
        "finished_at": _iso(game.finished_at),
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
                "created_at": _iso(row.created_at),
                "undone": row.undone,
                "undone_at": _iso(row.undone_at),
            }
            for row in log_rows
        ],
        "totals": totals_of(state),
        "winners": [s.player.name for s in state.winners()] if state.finished else [],
    }


def game_json_text(game, state=None, log_rows=None):
    data = game_json(game, state, log_rows)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


# --- import -------------------------------------------------------------------


class ImportRefused(Exception):
    """A file that cannot be imported; `message` says why, for the host."""

    def __init__(self, message):
        super().__init__(message)
        self.message = str(message)


TOP_KEYS = {
    "format",
    "version",
    "exported_at",
    "preset",
    "preset_label",
    "options",
    "created_at",
    "finished_at",
    "finished",
    "players",
    "seating",
    "entries",
    "totals",
    "winners",
}
REQUIRED_TOP_KEYS = {
    "format",
    "version",
    "preset",
    "options",
    "finished",
    "players",
    "entries",
    "totals",
    "winners",
}
ENTRY_KEYS = {
    "seq",
    "round",
    "seat",
    "player",
    "column",
    "box",
    "entry",
    "text",
    "points",
    "created_at",
    "undone",
    "undone_at",
}
REQUIRED_ENTRY_KEYS = {
    "seq",
    "seat",
    "player",
    "column",
    "box",
    "entry",
    "points",
    "undone",
}


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _refuse_constant(name):
    raise ValueError(name)


def _parse(raw):
    if len(raw) > MAX_IMPORT_BYTES:
        raise ImportRefused(
            _("Le fichier est trop gros (%(max)s Ko au plus).")
            % {"max": MAX_IMPORT_BYTES // 1024}
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ImportRefused(
            _("Ce fichier n'est pas un export JSON de Scorekeeper.")
        ) from exc
    try:
        payload = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as exc:
        raise ImportRefused(
            _("Ce fichier n'est pas du JSON valide : il est abîmé ou incomplet.")
        ) from exc
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise ImportRefused(_("Ce fichier n'est pas un export JSON de Scorekeeper."))
    if payload.get("version") != FORMAT_VERSION:
        raise ImportRefused(
            _("Cette version d'export n'est pas prise en charge (attendue : %(v)s).")
            % {"v": FORMAT_VERSION}
        )
    missing = REQUIRED_TOP_KEYS - payload.keys()
    unknown = payload.keys() - TOP_KEYS
    if missing or unknown:
        raise ImportRefused(
            _("Le fichier a été modifié : champs %(fields)s inattendus ou manquants.")
            % {"fields": ", ".join(sorted(missing | unknown))}
        )
    return payload


def _parse_time(value, what):
    if value is None:
        return None
    try:
        moment = (
            datetime.datetime.fromisoformat(value) if isinstance(value, str) else None
        )
    except ValueError:
        moment = None
    if (
        moment is None
        or timezone.is_naive(moment)
        or moment > timezone.now() + datetime.timedelta(minutes=5)
        or moment.year < 2000
    ):
        raise ImportRefused(
            _("Le fichier a été modifié : date invalide (%(what)s).") % {"what": what}
        )
    return moment


def _check_players(payload, variant):
    players = payload["players"]
    if not isinstance(players, list) or not players:
        raise ImportRefused(_("Le fichier ne contient aucun joueur."))
    names = []
    for seat, item in enumerate(players):
        if (
            not isinstance(item, dict)
            or set(item) != {"seat", "name"}
            or not _is_int(item["seat"])
            or item["seat"] != seat
            or not isinstance(item["name"], str)
        ):
            raise ImportRefused(
                _("Le fichier a été modifié : liste des joueurs invalide.")
            )
        names.append(item["name"])
    try:
        cleaned = Game.clean_names(names, variant)
    except ValidationError as exc:
        raise ImportRefused(" ".join(exc.messages)) from exc
    if cleaned != names:
        raise ImportRefused(_("Le fichier a été modifié : liste des joueurs invalide."))
    return names


def _check_entries(payload, names):
    items = payload["entries"]
    if not isinstance(items, list) or len(items) > MAX_IMPORT_ENTRIES:
        raise ImportRefused(_("Le fichier a été modifié : liste des cases invalide."))
    checked, previous = [], 0
    for index, item in enumerate(items, start=1):
        bad = ImportRefused(
            _("Le fichier a été modifié : la saisie n° %(n)s est invalide.")
            % {"n": index}
        )
        if not isinstance(item, dict):
            raise bad
        if (REQUIRED_ENTRY_KEYS - item.keys()) or (item.keys() - ENTRY_KEYS):
            raise bad
        seq, seat = item["seq"], item["seat"]
        if not _is_int(seq) or seq <= previous:
            raise bad
        previous = seq
        if (
            not _is_int(seat)
            or not 0 <= seat < len(names)
            or item["player"] != names[seat]
        ):
            raise bad
        if not isinstance(item["column"], str) or not isinstance(item["box"], str):
            raise bad
        if not isinstance(item["entry"], dict) or not _is_int(item["points"]):
            raise bad
        if not isinstance(item["undone"], bool):
            raise bad
        if item["undone"]:
            continue
        created_at = _parse_time(
            item.get("created_at"), _("saisie n° %(n)s") % {"n": index}
        )
        checked.append((index, item, created_at))
    return checked


def import_game(raw, band):
    """Imports the JSON export `raw` (bytes) of a finished game as a new game of
    `band`; returns (game, host_token) or raises ImportRefused, creating nothing.

    The entries are replayed once, in order and in memory, through the rules
    engine (`Game.objects.replay`), so every rule is checked again; the points
    and totals in the file must be the ones recomputed. Only then is the game
    written, in one short transaction of bulk inserts: a big file must not hold
    the database's write lock while it is checked.
    """
    payload = _parse(raw)
    if payload["finished"] is not True:
        raise ImportRefused(
            _("Seule une partie terminée peut être importée : celle-ci ne l'est pas.")
        )
    try:
        variant = rules.build_variant(payload["preset"], payload["options"])
    except rules.RuleError as exc:
        raise ImportRefused(tr(exc.message)) from exc
    if variant.options != payload["options"]:
        raise ImportRefused(
            _("Le fichier a été modifié : options de la partie invalides.")
        )
    names = _check_players(payload, variant)
    entries = _check_entries(payload, names)
    created_at = _parse_time(payload.get("created_at"), _("début de la partie"))
    finished_at = _parse_time(payload.get("finished_at"), _("fin de la partie"))

    played = _replayed(names, variant, entries)
    state = played.state
    if not state.finished:
        raise ImportRefused(
            _("Seule une partie terminée peut être importée : il manque des cases.")
        )
    if payload["totals"] != totals_of(state):
        raise ImportRefused(
            _("Le fichier a été modifié : ses totaux ne sont pas ceux des cases.")
        )
    if payload["winners"] != [s.player.name for s in state.winners()]:
        raise ImportRefused(
            _("Le fichier a été modifié : le gagnant ne correspond pas.")
        )
    with transaction.atomic():
        game, host_token = played.create(
            band,
            [moment for *_x, moment in entries],
            # Older files say nothing of it: chosen by hand.
            seating_drawn=payload.get("seating") == "drawn",
        )
        _keep_times(game, created_at, finished_at)
        if finished_at is not None:
            # The band dates the result as the file says, and counts it once.
            signals.game_imported.send(sender=Game, game=game)
    return game, host_token


def _replayed(names, variant, entries):
    moves = [
        (item["seat"], item["column"], item["box"], item["entry"])
        for _index, item, _moment in entries
    ]
    try:
        played = Game.objects.replay(names, variant.key, variant.options, moves)
    except ScoreRefused as exc:
        index = entries[exc.index - 1][0]
        raise ImportRefused(
            _("Saisie n° %(n)s refusée : %(message)s")
            % {"n": index, "message": exc.message}
        ) from exc
    for entry, (index, item, _moment) in zip(played.entries, entries, strict=True):
        if entry.points != item["points"]:
            raise ImportRefused(
                _(
                    "Le fichier a été modifié : la saisie n° %(n)s ne vaut pas "
                    "%(points)s."
                )
                % {"n": index, "points": item["points"]}
            )
    return played


def _keep_times(game, created_at, finished_at):
    """The imported game remembers when it was really played (its log; the
    entries' times are set as they are inserted); only its last activity is now,
    for the retention."""
    changes = {}
    if created_at is not None:
        changes["created_at"] = created_at
    if finished_at is not None:
        changes["finished_at"] = finished_at
    if changes:
        Game.objects.filter(pk=game.pk).update(**changes)
        for field, value in changes.items():
            setattr(game, field, value)


# --- a band's history as CSV --------------------------------------------------


def band_history_csv(band, rows=None):
    """One line per player per finished game of the band, oldest game first."""
    rows = rows if rows is not None else band.history_rows()
    header = [
        _("date"),
        _("partie"),
        _("variante"),
        _("place"),
        _("joueur"),
        _("score"),
        _("gagnant"),
    ]

    def lines():
        for number, game in enumerate(rows, start=1):
            label = _(game.label) if game.label else game.preset
            for score in sorted(game.scores, key=lambda s: (s.rank, s.seat)):
                yield [
                    _local(game.played_at),
                    number,
                    label,
                    score.rank,
                    score.name,
                    score.score,
                    _("oui") if score.won else "",
                ]

    return _csv_text(header, lines())
