"""The import of a finished game's JSON export as a new game of a band.

The file is checked field by field, then its entries are replayed through the
rules engine: only a file whose points, totals and winners are the ones
recomputed becomes a game. The export side of the format lives in
`keepsakes.export`.

Who wrote each entry and the names corrected joined the format after its first
files were out: a file without them is read as the host's, with no rename.

A file of version 3 holds a game of any kind: its `kind`, named by its key, must
be one the registry knows (an unknown one is refused by its name, never read as
another), and its `writes` are read as that kind stores them (`written`). Files
of version 1 (Yams, its `entries`) and 2 (the kinds scored by rounds, their
`rounds`) are still read.

Whatever its kind, the whole file is checked and the game played again in
memory first, each write checked by the kind's rules against the game so far
(the cost grows with the number of writes, once each); only then is the game
written, in one short transaction of bulk inserts that replays nothing. A big
file never holds the database's write lock while it is read, and a bad one,
refused before that transaction, changes nothing.
"""

import datetime
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, NoReturn

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from bands.models import Band
from games.kinds import registry, rounds
from games.kinds.base import GameKind, UnknownKind
from games.kinds.messages import RuleError
from games.models import (
    Game,
    NameChange,
    Round,
    ScoreRefused,
    SeatChange,
    Writer,
    check_writer,
)
from keepsakes.export import FAMILIES, FORMAT, FORMAT_VERSION, entry_by_pk
from keepsakes.schema import shape_problem
from scorekeeper.lib.names import clean_name
from scorekeeper.lib.translation import translated
from scorekeeper.lib.writes import write_transaction

# The formats before version 3: Yams by its boxes, then the kinds scored by rounds.
BOXES_VERSION = 1
ROUNDS_VERSION = 2
# The export of the largest game an import takes (1,000 rounds of a counter at
# 10, names of 24 letters, every player scoring at every round) is about 1 MB:
# room for it, and below the 2 MB a request may carry (deploy/nginx).
MAX_IMPORT_BYTES = 1536 * 1024
# A finished game holds at most 10 players × 4 columns × 20 boxes, plus the
# further Yams of multi_yams; anything far beyond is not an export of ours.
MAX_IMPORT_ENTRIES = 2000
# Far more rounds than an evening holds.
MAX_IMPORT_ROUNDS = 1000


class ImportRefused(Exception):
    """A file that cannot be imported; `message` says why, for the host."""

    def __init__(self, message: str) -> None:
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
    "renames",
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
# Version 3: every kind in one shape.
WRITES_TOP_KEYS = {
    "format",
    "version",
    "exported_at",
    "kind",
    "kind_label",
    "preset",
    "preset_label",
    "options",
    "created_at",
    "finished_at",
    "finished",
    "ended_by_host",
    "players",
    "seating",
    "writes",
    "renames",
    "reseats",
    "totals",
    "winners",
}
REQUIRED_WRITES_TOP_KEYS = {
    "format",
    "version",
    "kind",
    "preset",
    "options",
    "finished",
    "ended_by_host",
    "players",
    "writes",
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
    "by",
    "by_label",
    "undone_by",
    "undone_by_label",
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


ROUNDS_TOP_KEYS = {
    "format",
    "version",
    "exported_at",
    "kind",
    "kind_label",
    "options",
    "created_at",
    "finished_at",
    "finished",
    "ended_by_host",
    "players",
    "seating",
    "rounds",
    "renames",
    "totals",
    "winners",
}
REQUIRED_ROUNDS_TOP_KEYS = {
    "format",
    "version",
    "kind",
    "options",
    "finished",
    "ended_by_host",
    "players",
    "rounds",
    "totals",
    "winners",
}
ROUND_KEYS = {
    "seq",
    "number",  # version 2
    "round",  # version 3
    "entry",
    "text",
    "points",
    "created_at",
    "undone",
    "undone_at",
    "by",
    "by_label",
    "undone_by",
    "undone_by_label",
}
REQUIRED_ROUND_KEYS = {"seq", "entry", "points", "undone"}

RENAME_KEYS = {"seat", "old_name", "new_name", "created_at", "by", "by_label"}
REQUIRED_RENAME_KEYS = {"seat", "old_name", "new_name"}
RESEAT_KEYS = {"names", "created_at"}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(name)


def _rounds_kind(key: object) -> bool:
    """A version 2 file holds a kind scored by rounds, and only such a kind (one
    this app does not know is refused by its name afterwards)."""
    if key is None:
        return False
    try:
        return registry.get(key).written == "rounds"
    except UnknownKind:
        return True


def _kind_of(payload: dict) -> GameKind:
    """The kind a file names: a version 1 file is a game of the first kind the
    app kept (Yams); any other names its kind, which must be known."""
    if payload["version"] == BOXES_VERSION:
        return registry.get(registry.DEFAULT)
    key = payload["kind"]
    try:
        return registry.get(key)
    except UnknownKind:
        raise ImportRefused(
            _("Le fichier a été modifié : jeu inconnu (%(kind)s).") % {"kind": key}
        ) from None


def _parse(raw: bytes) -> dict[str, Any]:
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
    version = payload.get("version")
    if version == FORMAT_VERSION:
        required, known = REQUIRED_WRITES_TOP_KEYS, WRITES_TOP_KEYS
    elif version == ROUNDS_VERSION and _rounds_kind(payload.get("kind")):
        required, known = REQUIRED_ROUNDS_TOP_KEYS, ROUNDS_TOP_KEYS
    elif version == BOXES_VERSION:
        required, known = REQUIRED_TOP_KEYS, TOP_KEYS
    else:
        raise ImportRefused(
            _("Cette version d'export n'est pas prise en charge (attendue : %(v)s).")
            % {"v": FORMAT_VERSION}
        )
    missing = required - payload.keys()
    unknown = payload.keys() - known
    if missing or unknown:
        raise ImportRefused(
            _("Le fichier a été modifié : champs %(fields)s inattendus ou manquants.")
            % {"fields": ", ".join(sorted(missing | unknown))}
        )
    # The shape of every field (docs/export.schema.json), before any rule reads it.
    if problem := shape_problem(payload):
        raise ImportRefused(problem)
    return payload


def _parse_time(value: object, what: str) -> datetime.datetime | None:
    moment = _moment(value, timezone.now() + datetime.timedelta(minutes=5))
    if moment is False:
        raise ImportRefused(_bad_time(what))
    return moment


def _bad_time(what: str) -> str:
    return _("Le fichier a été modifié : date invalide (%(what)s).") % {"what": what}


def _moment(
    value: object, latest: datetime.datetime
) -> datetime.datetime | None | Literal[False]:
    """The moment `value` says (None for none), or False for one that is not a
    moment with its time zone, from 2000 to `latest`."""
    if value is None:
        return None
    try:
        moment = (
            datetime.datetime.fromisoformat(value) if isinstance(value, str) else None
        )
    except ValueError:
        return False
    if (
        moment is None
        or timezone.is_naive(moment)
        or moment > latest
        or moment.year < 2000
    ):
        return False
    return moment


def _check_players(payload: dict[str, Any], variant: Any, kind: GameKind) -> list[str]:
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
        cleaned = Game.clean_names(names, variant, kind)
    except ValidationError as exc:
        raise ImportRefused(" ".join(exc.messages)) from exc
    if cleaned != names:
        raise ImportRefused(_("Le fichier a été modifié : liste des joueurs invalide."))
    return names


def _is_clean_name(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        return clean_name(value) == value
    except ValidationError:
        return False


def _writer(
    item: Mapping[str, Any], key: str, bad: BaseException | type[BaseException]
) -> tuple[str, str]:
    """(writer, label) of an item's `key` and `key_label`: the host when the file
    has neither."""
    by = item.get(key)
    label = item.get(f"{key}_label", "")
    if by is None and not label:
        return Writer.HOST, ""
    if not isinstance(by, str) or not isinstance(label, str):
        raise bad
    if check_writer(by, label, key) or (label and not _is_clean_name(label)):
        raise bad
    return by, label


def _check_entries(payload: dict[str, Any], names: list[str]) -> list[Any]:
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
        writer = _writer(item, "by", bad)
        if item["undone"]:
            _writer(item, "undone_by", bad)
            continue
        if item.get("undone_by") is not None or item.get("undone_by_label"):
            raise bad
        created_at = _parse_time(
            item.get("created_at"), _("saisie n° %(n)s") % {"n": index}
        )
        checked.append((index, item, created_at, writer))
    return checked


def _check_renames(payload: dict[str, Any], names: list[str]) -> list[Any]:
    """[(seat, old name, new name, moment, writer, label)] of the names corrected,
    each following the one before it for the same seat, the last one the name
    the player has; [] for a file without them."""
    items = payload.get("renames", [])
    if not isinstance(items, list) or len(items) > MAX_IMPORT_ENTRIES:
        raise ImportRefused(_("Le fichier a été modifié : liste des prénoms invalide."))
    checked: list[Any] = []
    current: dict[int, str] = {}
    for index, item in enumerate(items, start=1):
        bad = ImportRefused(
            _("Le fichier a été modifié : le prénom corrigé n° %(n)s est invalide.")
            % {"n": index}
        )
        if not isinstance(item, dict):
            raise bad
        if (REQUIRED_RENAME_KEYS - item.keys()) or (item.keys() - RENAME_KEYS):
            raise bad
        seat, old, new = item["seat"], item["old_name"], item["new_name"]
        if not _is_int(seat) or not 0 <= seat < len(names):
            raise bad
        if not _is_clean_name(old) or not _is_clean_name(new):
            raise bad
        if current.get(seat, old) != old:
            raise bad
        current[seat] = new
        by, label = _writer(item, "by", bad)
        moment = _parse_time(
            item.get("created_at"), _("prénom corrigé n° %(n)s") % {"n": index}
        )
        checked.append((seat, old, new, moment, by, label))
    if any(names[seat] != name for seat, name in current.items()):
        raise ImportRefused(_("Le fichier a été modifié : liste des prénoms invalide."))
    return checked


def _check_reseats(
    payload: dict[str, Any], names: list[str], renames: list[Any], kind: GameKind
) -> list[Any]:
    """[(names in the new order, moment)] of the seatings changed before the
    first write; [] for a file without them. Only a kind seated on its page
    (partners at belote) has any; each seats every player once, by a name the
    player had."""
    items = payload.get("reseats", [])
    if (
        not isinstance(items, list)
        or len(items) > MAX_IMPORT_ENTRIES
        or (items and not kind.reseated_on_page)
    ):
        raise ImportRefused(
            _("Le fichier a été modifié : liste des placements invalide.")
        )
    known = {*names, *(old for _s, old, *_rest in renames)}
    checked: list[Any] = []
    for index, item in enumerate(items, start=1):
        bad = ImportRefused(
            _("Le fichier a été modifié : le placement n° %(n)s est invalide.")
            % {"n": index}
        )
        if (
            not isinstance(item, dict)
            or "names" not in item
            or item.keys() - RESEAT_KEYS
        ):
            raise bad
        seated = item["names"]
        if (
            not isinstance(seated, list)
            or len(seated) != len(names)
            or not all(_is_clean_name(name) and name in known for name in seated)
            or len(set(seated)) != len(seated)
        ):
            raise bad
        moment = _parse_time(
            item.get("created_at"), _("placement n° %(n)s") % {"n": index}
        )
        checked.append((seated, moment))
    return checked


def import_game(raw: bytes, band: Band | None) -> tuple[Game, str]:
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
    kind = _kind_of(payload)
    if payload["version"] == FORMAT_VERSION:
        # Version 3 keeps the writes of every kind under one key.
        writes = "rounds" if kind.written == "rounds" else "entries"
        payload[writes] = payload.pop("writes")
    if kind.written == "rounds":
        return _import_rounds(payload, band, kind)
    return _import_boxes(payload, band, kind)


def _import_boxes(payload: dict, band: Band | None, kind: GameKind) -> tuple[Game, str]:
    """A game of a kind scored box by box (Yams)."""
    if payload.get("ended_by_host", False) is not False:
        raise ImportRefused(
            _("Le fichier a été modifié : la partie était déjà terminée.")
        )
    try:
        variant = kind.build_rules(payload["preset"], payload["options"])
    except RuleError as exc:
        raise ImportRefused(translated(exc.message)) from exc
    if variant.options != payload["options"]:
        raise ImportRefused(
            _("Le fichier a été modifié : options de la partie invalides.")
        )
    names = _check_players(payload, variant, kind)
    entries = _check_entries(payload, names)
    renames = _check_renames(payload, names)
    reseats = _check_reseats(payload, names, renames, kind)
    created_at = _parse_time(payload.get("created_at"), _("début de la partie"))
    finished_at = _parse_time(payload.get("finished_at"), _("fin de la partie"))

    played = _replayed(names, variant, entries)
    state = played.state
    if not state.finished:
        raise ImportRefused(
            _("Seule une partie terminée peut être importée : il manque des cases.")
        )
    if payload["totals"] != FAMILIES[kind.written].totals(state):
        raise ImportRefused(
            _("Le fichier a été modifié : ses totaux ne sont pas ceux des cases.")
        )
    if payload["winners"] != [p.name for p in state.winners()]:
        raise ImportRefused(
            _("Le fichier a été modifié : le gagnant ne correspond pas.")
        )
    with write_transaction():
        game, host_token = played.create(
            band,
            [moment for _index, _item, moment, _by in entries],
            # Older files say nothing of it: chosen by hand.
            seating_drawn=payload.get("seating") == "drawn",
        )
        _keep_times(game, created_at, finished_at)
        _keep_renames(game, renames)
        _keep_reseats(game, reseats)
        if finished_at is not None:
            # The band dates the result as the file says, and counts it once.
            game.band.date_imported_result(game.pk, finished_at)
    return game, host_token


def _replayed(names: list[str], variant: Any, entries: list[Any]) -> Any:
    moves = [
        (item["seat"], item["column"], item["box"], item["entry"])
        for _index, item, _moment, _by in entries
    ]
    try:
        played = Game.objects.replay(names, variant.key, variant.options, moves)
    except ScoreRefused as exc:
        index = entries[exc.index - 1][0]
        raise ImportRefused(
            _("Saisie n° %(n)s refusée : %(message)s")
            % {"n": index, "message": exc.message}
        ) from exc
    for entry, (index, item, _moment, writer) in zip(
        played.entries, entries, strict=True
    ):
        entry.by, entry.by_label = writer
        if entry.points != item["points"]:
            raise ImportRefused(
                _(
                    "Le fichier a été modifié : la saisie n° %(n)s ne vaut pas "
                    "%(points)s."
                )
                % {"n": index, "points": item["points"]}
            )
    return played


def _keep_times(
    game: Game,
    created_at: datetime.datetime | None,
    finished_at: datetime.datetime | None,
) -> None:
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


def _keep_reseats(game: Game, reseats: list[Any]) -> None:
    """The seatings changed, for the imported game's log."""
    now = timezone.now()
    SeatChange.objects.bulk_create(
        SeatChange(game=game, names=seated, created_at=moment or now)
        for seated, moment in reseats
    )


def _keep_renames(game: Game, renames: list[Any]) -> None:
    """The names corrected, for the imported game's log."""
    if not renames:
        return
    players = {p.seat: p for p in game.players.all()}
    now = timezone.now()
    NameChange.objects.bulk_create(
        NameChange(
            game=game,
            player=players[seat],
            old_name=old,
            new_name=new,
            created_at=moment or now,
            by=by,
            by_label=label,
        )
        for seat, old, new, moment, by, label in renames
    )


# --- a game of rounds --------------------------------------------------------------


def _rules_of(payload: dict[str, Any], kind: GameKind) -> Any:
    preset = payload.get("preset", "")
    if preset not in kind.presets:
        raise ImportRefused(
            _("Le fichier a été modifié : options de la partie invalides.")
        )
    try:
        rules = Game.rules_of(kind.key, preset, payload["options"])
    except ValidationError as exc:
        raise ImportRefused(" ".join(exc.messages)) from exc
    if rules.options != payload["options"]:
        raise ImportRefused(
            _("Le fichier a été modifié : options de la partie invalides.")
        )
    return rules


# Rounds checked or played between two turns given to the other threads.
YIELD_EVERY = 16


def _let_others_run(index: int) -> None:
    """Gives the interpreter to the server's other threads every few rounds. An
    import shares its process with the other tables' requests (one process on
    SQLite): each time one comes back from the database it waits for the
    interpreter lock, which a long loop gives up only every 5 ms; a request
    that reads the database a dozen times would wait a dozen times. Every few
    rounds (about a millisecond) keeps those waits short."""
    if index % YIELD_EVERY == 0:
        time.sleep(0)


class _Malformed(Exception):
    """A write of a file that is not well formed: the caller says which."""


def _check_rounds(payload: dict[str, Any], names: list[str]) -> list[Any]:
    """[(index, item, moment, writer)] of the rounds standing, each well formed;
    rounds taken back are checked for their form and left out. The refusal's
    words are made for the round at fault only: a long file's rounds cost no
    translation each."""
    items = payload["rounds"]
    if not isinstance(items, list) or len(items) > MAX_IMPORT_ROUNDS:
        raise ImportRefused(_("Le fichier a été modifié : liste des manches invalide."))
    checked, previous = [], 0
    latest = timezone.now() + datetime.timedelta(minutes=5)
    for index, item in enumerate(items, start=1):
        _let_others_run(index)
        try:
            seq, writer = _checked_round(item, previous, len(names))
        except _Malformed:
            raise ImportRefused(
                _("Le fichier a été modifié : la manche n° %(n)s est invalide.")
                % {"n": index}
            ) from None
        previous = seq
        if item["undone"]:
            continue
        created_at = _moment(item.get("created_at"), latest)
        if created_at is False:
            raise ImportRefused(_bad_time(_("manche n° %(n)s") % {"n": index}))
        checked.append((index, item, created_at, writer))
    return checked


def _checked_round(
    item: object, previous: int, players: int
) -> tuple[int, tuple[str, str]]:
    """(its number in the file, its writer) of a round whose form is right, or
    _Malformed."""
    if not isinstance(item, dict):
        raise _Malformed
    if (REQUIRED_ROUND_KEYS - item.keys()) or (item.keys() - ROUND_KEYS):
        raise _Malformed
    seq, points = item["seq"], item["points"]
    if not _is_int(seq) or seq <= previous:
        raise _Malformed
    if not isinstance(item["entry"], dict) or not isinstance(item["undone"], bool):
        raise _Malformed
    if (
        not isinstance(points, list)
        or len(points) != players
        or not all(_is_int(value) for value in points)
    ):
        raise _Malformed
    writer = _writer(item, "by", _Malformed)
    if item["undone"]:
        _writer(item, "undone_by", _Malformed)
    elif item.get("undone_by") is not None or item.get("undone_by_label"):
        raise _Malformed
    return seq, writer


@dataclass(frozen=True, slots=True)
class _StandIn:
    """A player as the rules read one (PlayerLike), until the rows exist: its pk
    is its seat. Plain attributes: the rules read them at every round."""

    pk: int
    seat: int
    name: str


def _rounds_replayed(
    kind: GameKind,
    rules: Any,
    names: list[str],
    checked: list[Any],
    ended_by_host: object,
) -> Any:
    """The game the rounds make, played again in memory by stand-in players
    (a seat is its player's pk meanwhile), each round checked by the rules and
    worth the points the file says; ImportRefused at the first that is not."""
    seats = list(range(len(names)))
    try:
        state = rules.start(
            [_StandIn(pk=seat, seat=seat, name=name) for seat, name in enumerate(names)]
        )
    except RuleError as exc:
        raise ImportRefused(translated(exc.message)) from exc
    for index, item, _moment, _writer in checked:
        _let_others_run(index)
        try:
            state = state.play(entry_by_pk(kind, item["entry"], seats))
        except (rounds.InvalidRound, rounds.RoundRefused) as exc:
            raise ImportRefused(
                _("Manche n° %(n)s refusée : %(message)s")
                % {"n": index, "message": translated(exc.message)}
            ) from exc
        scored = state.rounds[-1].points
        if [scored[seat] for seat in seats] != item["points"]:
            raise ImportRefused(
                _(
                    "Le fichier a été modifié : la manche n° %(n)s ne vaut pas "
                    "ce qu'il dit."
                )
                % {"n": index}
            )
    if not isinstance(ended_by_host, bool) or (
        ended_by_host == rules.reached_end(state)
    ):
        # A game ends either by its rules or by the host, never both ways.
        raise ImportRefused(
            _("Seule une partie terminée peut être importée : il manque des manches.")
            if not ended_by_host
            else _("Le fichier a été modifié : la partie était déjà terminée.")
        )
    return state.close() if ended_by_host else state


def _rounds_made(state: Any, checked: list[Any]) -> list[tuple[Round, Any, list[int]]]:
    """[(the round, unsaved, its entry by seat, its points by seat)] of each
    round standing, as the replay made them: the transaction has only to name
    the game and the players by their pks and insert them."""
    now = timezone.now()
    seats = range(len(state.players))
    return [
        (
            Round(seq=seq, created_at=moment or now, by=by, by_label=label),
            round_.entry,
            [round_.points[seat] for seat in seats],
        )
        for seq, (round_, (_index, _item, moment, (by, label))) in enumerate(
            zip(state.rounds, checked, strict=True), start=1
        )
    ]


def _insert_rounds(
    made: list[tuple[Round, Any, list[int]]], game: Game, kind: GameKind, pks: list[int]
) -> None:
    """The rounds of `made` saved, in one INSERT per batch: the entry and points
    as the engine gave them, the replay's seats named by the players' pks now
    they exist."""
    rounds = []
    for round_, entry, points in made:
        round_.game = game
        round_.entry = entry_by_pk(kind, entry, pks)
        round_.points = {str(pks[seat]): value for seat, value in enumerate(points)}
        rounds.append(round_)
    # Django's backend cuts the INSERT to its database's limit on parameters.
    Round.objects.bulk_create(rounds)


def _import_rounds(
    payload: dict[str, Any], band: Band | None, kind: GameKind
) -> tuple[Game, str]:
    """A game of a kind scored round by round."""
    rules = _rules_of(payload, kind)
    names = _check_players(payload, rules, kind)
    checked = _check_rounds(payload, names)
    renames = _check_renames(payload, names)
    reseats = _check_reseats(payload, names, renames, kind)
    created_at = _parse_time(payload.get("created_at"), _("début de la partie"))
    finished_at = _parse_time(payload.get("finished_at"), _("fin de la partie"))
    ended_by_host = payload["ended_by_host"]
    if not checked:
        raise ImportRefused(
            _("Seule une partie terminée peut être importée : il manque des manches.")
        )
    state = _rounds_replayed(kind, rules, names, checked, ended_by_host)
    if payload["totals"] != FAMILIES[kind.written].totals(state):
        raise ImportRefused(
            _("Le fichier a été modifié : ses totaux ne sont pas ceux des manches.")
        )
    if payload["winners"] != [player.name for player in state.winners()]:
        raise ImportRefused(
            _("Le fichier a été modifié : le gagnant ne correspond pas.")
        )
    made = _rounds_made(state, checked)
    with write_transaction():
        game, host_token = Game.objects.create_game(
            names,
            options=rules.options,
            band=band,
            seating_drawn=payload.get("seating") == "drawn",
            kind=kind.key,
            preset=payload.get("preset", ""),
        )
        pks = [player.pk for player in game.players.all()]
        _insert_rounds(made, game, kind, pks)
        # The version a game reaches by its verbs: one per round, one for its end.
        game.version += len(made) + (1 if ended_by_host else 0)
        game.last_activity_at = now = timezone.now()
        game.finished_at = now
        game.ended_by_host = ended_by_host
        game.save(
            update_fields=[
                "version",
                "last_activity_at",
                "finished_at",
                "ended_by_host",
            ]
        )
        game.tell_band_finished(state)
        _keep_times(game, created_at, finished_at)
        _keep_renames(game, renames)
        _keep_reseats(game, reseats)
        if finished_at is not None:
            game.band.date_imported_result(game.pk, finished_at)
    return game, host_token
