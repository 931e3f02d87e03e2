"""Games, their players and the entries the host records, box by box, with the
verbs that write them and the refusals they answer with.

The game's kind (`games.kinds.yams`) knows what a box is worth; these models store
what the host entered, in order, and replay it through the engine to get every
total.

The write verbs (record, undo, rename, pass and take back the pencil) are methods
of `Game`. Each verb is one transaction that locks the game's row first
(`select_for_update()` on PostgreSQL; on SQLite every write transaction is
IMMEDIATE, which serialises the writers already, and the writers of the process
queue for it in Python: scorekeeper/lib/writes.py) and makes every check once,
under that lock, in this order:

1. the idempotency key: a retried request gets the answer of the first one;
2. the writer: the host while the pencil is out, or a pencil taken back, may not;
3. the version the form saw: a page out of date may not;
4. the move itself (game over, turn, box, what the dice allow): the engine's
   `GameState.check_move`.

What it writes keeps who wrote it (`Writer`: the host, or the pencil with the
label it holds at that moment), for the log.

A score entry (`record`) made from a form of the version its Game was read at
need not read the row a second time to lock it: when the sheets of that version
are kept and the writer may write by the row as read, the checks go by that row,
made before the transaction begins (on SQLite, before the write queue is taken),
and the write's first statement, the UPDATE that moves the version on, is made
only `WHERE version =` the version read. That UPDATE locks the row (a row lock on
PostgreSQL, a second writer waiting on it; on SQLite the IMMEDIATE transaction
holds the lock already), and it finds the row only if nothing was written since
the read: every write moves the version on, and the sheets are kept by version.
Then the row as read is the row as locked and the checks hold under the lock.
If the row has moved on, nothing is written, and the entry is checked again the
usual way, the row locked and read first; so is any entry the row as read would
refuse or find a retry of: a refusal, or a retry's answer, always goes by the
locked row.

Then it writes, moves the version on and announces it (games/live/fanout.py), all
in the same transaction; a write that starts, ends or reopens a game, or renames a
player of a finished one, tells the game's band in that transaction too, by calling
the band's verb with plain data (`band.record_result(...)`): bands knows nothing
of games.
"""

import copy
import datetime
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Any, cast

from django.conf import settings
from django.core.cache import caches
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import F, Q
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from bands.faces import Face
from bands.models import Band
from games.kinds import registry, rounds, yams
from games.kinds.base import GameKind, UnknownKind

# By name: inside `Game`, `rounds` is its rounds' related manager.
from games.kinds.rounds import EntryData as RoundEntryData
from games.kinds.rounds import RoundRules
from games.kinds.state import State
from games.kinds.yams import EntryData, GameState
from games.live import fanout
from scorekeeper.lib import purge, tokens
from scorekeeper.lib.names import (
    MAX_NAME_LENGTH,
    clean_name,
    clean_names,
    name_key,
    name_taken,
)
from scorekeeper.lib.translation import translated
from scorekeeper.lib.writes import write_transaction

# --- the refusals of a write ----------------------------------------------------


class Refusal(StrEnum):
    """Why a write is refused: one member per meaning, so that a view compares
    members (or catches a subclass of `ScoreRefused`), never spelled strings.
    The engines' codes (`yams.MoveRefused`, `rounds.RoundRefused`) are among
    them."""

    REFUSED = "refused"  # anything not told apart below
    INVALID = "invalid"  # the entry itself: what the rules allow there
    PLAYER = "player"  # no such player in the game
    BOX = "box"  # no such box in the game
    FINISHED = "finished"
    TURN = "turn"  # another player's turn
    TAKEN = "taken"  # the box is filled, or out of its column's order
    NOTHING_TO_UNDO = "nothing_to_undo"
    STALE = "stale"
    PENCIL_OUT = "pencil_out"
    PENCIL_GONE = "pencil_gone"
    HOST_ONLY = "host_only"
    UNDONE = "undone"
    ENDS_BY_RULES = "ends_by_rules"
    NO_ROUND = "no_round"
    STARTED = "started"  # what only changes before anything is entered


class ScoreRefused(Exception):
    """A write the game refuses; `message` is for the person holding the phone,
    `code` says why (a `Refusal`)."""

    # The position (from 1) of the refused move, set by `GameManager.replay`.
    index: int

    def __init__(self, message: str, code: Refusal | str = Refusal.REFUSED) -> None:
        super().__init__(message)
        self.message = str(message)
        self.code = Refusal(code)

    @classmethod
    def of_move(cls, refusal: yams.MoveRefused) -> "ScoreRefused":
        """The rules engine's refusal of a move (`rules.MoveRefused`), in the
        request's language, with its code: an `InvalidEntry` for the entry
        itself."""
        refused = InvalidEntry if refusal.code == Refusal.INVALID else ScoreRefused
        return refused(translated(refusal.message), refusal.code)

    @classmethod
    def of_round(
        cls, refusal: rounds.InvalidRound | rounds.RoundRefused
    ) -> "ScoreRefused":
        """A round the kind's rules refuse: an `InvalidEntry` for the entry
        itself (said in the dialog), else the game's refusal ("finished")."""
        if isinstance(refusal, rounds.RoundRefused):
            return ScoreRefused(translated(refusal.message), refusal.code)
        return InvalidEntry(translated(refusal.message))


class InvalidEntry(ScoreRefused):
    """The entry itself is refused (what the dice or the kind's rules allow):
    said in the entry's dialog, like a form error, not over the sheet."""

    def __init__(self, message: str, code: Refusal | str = Refusal.INVALID) -> None:
        super().__init__(message, code)


class StaleVersion(ScoreRefused):
    def __init__(self) -> None:
        super().__init__(
            _("La feuille a changé entre-temps : vérifiez-la et recommencez."),
            Refusal.STALE,
        )


class PencilOut(ScoreRefused):
    """The host tried to score while someone else holds the pencil."""

    def __init__(self, label: str = "") -> None:
        if label:
            message = _(
                "Le crayon est chez %(name)s : reprenez-le pour noter vous-même."
            ) % {"name": label}
        else:
            message = _("Le crayon est passé : reprenez-le pour noter vous-même.")
        super().__init__(message, Refusal.PENCIL_OUT)


class PencilTakenBack(ScoreRefused):
    """A write through a pencil link that was taken back (or passed again) while
    the request was on its way."""

    def __init__(self) -> None:
        super().__init__(_("Le crayon a été repris."), Refusal.PENCIL_GONE)


class HostOnly(ScoreRefused):
    """A write only the host makes (correcting a name, the seating) asked by
    someone else."""

    def __init__(self, message: str | None = None) -> None:
        super().__init__(
            message or _("Seul l'hôte de la partie peut corriger un prénom."),
            Refusal.HOST_ONLY,
        )


class SeatingRefused(ScoreRefused):
    """A new seating the game refuses: not its players, or too late."""


class AlreadyUndone(ScoreRefused):
    """A retried request whose entry was recorded, then undone, in between."""

    def __init__(self) -> None:
        super().__init__(
            _(
                "Cette saisie a déjà été enregistrée puis annulée : "
                "elle n'est pas notée une seconde fois."
            ),
            Refusal.UNDONE,
        )


# --- games ------------------------------------------------------------------------


class Writer(models.TextChoices):
    """Who made a write: the host, or whoever holds the pencil."""

    HOST = "host", gettext_lazy("Hôte")
    PENCIL = "pencil", gettext_lazy("Crayon")


# The pencil's label, on the game and copied onto what the pencil wrote.
PENCIL_LABEL_LENGTH = 40
# The turn timer's lengths, in seconds: 10 s to 30 min.
TIMER_SHORTEST = 10
TIMER_LONGEST = 30 * 60


def kind_choices() -> list[tuple[str, str]]:
    """Every kind the registry knows, named in the page's language."""
    return [(key, str(gettext_lazy(label))) for key, label in registry.choices()]


def host_ended_kinds() -> list[str]:
    """The kinds whose host may end a game where the table stops."""
    return [kind.key for kind in registry.KINDS.values() if kind.host_ends]


def preset_known() -> Q:
    """Each kind with the presets it has: "" for a kind without presets."""
    condition = Q()
    for kind in registry.KINDS.values():
        condition |= Q(kind=kind.key, preset__in=kind.presets)
    return condition


class GameQuerySet(models.QuerySet["Game"]):
    def by_token(self, role: str, token: str) -> "Game | None":
        """The game a link of that `role` ("host", "pencil" or "watch") opens, or None.

        The watch token is stored as is (the host page shows it again and
        again); host and pencil tokens only hashed: the indexed prefix finds the
        candidates, the digest picks the game."""
        if not tokens.is_well_formed(token):
            return None
        if role == "watch":
            # The watch token is unique: one row or none, without the ORDER BY
            # and LIMIT `.first()` would compile on every page.
            for game in self.filter(watch_token=token):
                return game
            return None
        prefix = token[: tokens.PREFIX_LENGTH]
        # No ORDER BY: the digest picks the one game among the prefix's, in
        # whatever order they come.
        for game in self.filter(**{f"{role}_prefix": prefix}):
            if tokens.matches(token, getattr(game, f"{role}_digest")):
                return game
        return None

    def with_band(self) -> "GameQuerySet":
        """As every request of a game link reads it: the band is on every page."""
        return self.select_related("band")

    def expired(self, now: datetime.datetime | None = None) -> "GameQuerySet":
        now = now or timezone.now()
        cutoff = now - datetime.timedelta(days=settings.GAME_RETENTION_DAYS)
        return self.filter(last_activity_at__lt=cutoff)

    def purge_expired(self, now: datetime.datetime | None = None) -> int:
        """Deletes expired games with everything they hold; returns the count."""
        return purge.purge_expired(cast(purge.Expiring, self), now)


# A name of its own: the type checker's Django plugin reads the manager made here.
GameManagerBase = models.Manager.from_queryset(GameQuerySet)


class GameManager(GameManagerBase["Game"]):
    def create_game(
        self,
        names: list[str],
        preset: str = "classic",
        options: Mapping[str, object] | None = None,
        band: Band | None = None,
        seating_drawn: bool = False,
        kind: str = registry.DEFAULT,
        timer_seconds: int | None = None,
    ) -> "tuple[Game, str]":
        """Creates a game and its players; returns (game, host_token).

        `kind` is the game played; `preset` its variant (ignored by a kind
        without presets), `options` the variant's or the kind's.
        `seating_drawn`: the order of `names` was drawn at random (the log says
        so). `timer_seconds`: the turn timer's length (None: off).

        The host token is shown once, in the redirect to the host page: only its
        hash is kept.
        """
        rules = Game.rules_of(kind, preset, options)
        cleaned = Game.clean_names(names, rules, registry.get(kind))
        if timer_seconds is not None:
            Game.check_timer(timer_seconds)
        host_token = tokens.new_token()
        host = tokens.hashed(host_token)
        with write_transaction():
            game = self.model(
                band=band,
                kind=kind,
                preset=preset if preset in registry.get(kind).presets else "",
                options=rules.options,
                host_prefix=host.prefix,
                host_digest=host.digest,
                watch_token=tokens.new_token(),
                seating_drawn=seating_drawn,
                timer_seconds=timer_seconds,
                timer_started_at=timezone.now() if timer_seconds else None,
            )
            # A first game starts a band named after its players; a game of a
            # band starts the band's retention period again.
            if band is None:
                game.band = Band.objects.create_for(cleaned)
            else:
                band.touch()
            game.band.meet(cleaned)
            game.save(force_insert=True, using=self.db)
            Player.objects.bulk_create(
                Player(game=game, seat=seat, name=name)
                for seat, name in enumerate(cleaned)
            )
        return game, host_token

    def replay(
        self,
        names: list[str],
        preset: str,
        options: Mapping[str, object] | None,
        moves: Iterable[tuple[int, str, str, EntryData]],
    ) -> "PlayedGame":
        """A game played in memory: `moves` are (seat, column, box, entry) in
        order, each checked by the engine once against the sheets so far, so the
        cost grows with the number of moves. Returns a `PlayedGame` to `create`;
        a refused move raises ScoreRefused with `index`, its position from 1.
        Nothing is read or written."""
        variant = yams.build_variant(preset, options or {})
        cleaned = Game.clean_names(names, variant, registry.get(registry.DEFAULT))
        draft = Game(preset=variant.key, options=variant.options)
        # Stand-ins until the rows exist: a seat is its player's id meanwhile.
        seats = [
            Player(id=seat, seat=seat, name=name) for seat, name in enumerate(cleaned)
        ]
        state = GameState.build(draft, seats, [])
        made = []
        for index, (seat, column, box, entry) in enumerate(moves, start=1):
            try:
                move, state = draft.next_entry(state, seat, column, box, entry)
            except ScoreRefused as exc:
                exc.index = index
                raise
            made.append(move)
        return PlayedGame(cleaned, variant, made, state)


@dataclass
class PlayedGame:
    """A game replayed in memory by `Game.objects.replay`, not saved yet."""

    names: list[str]
    variant: yams.Variant
    entries: "list[Entry]"  # unsaved, player_id holding the seat
    state: GameState  # with stand-in players

    def create(
        self,
        band: Band | None = None,
        times: Iterable[datetime.datetime | None] = (),
        seating_drawn: bool = False,
    ) -> "tuple[Game, str]":
        """Saves the game, its players and entries in one short transaction (a
        few bulk inserts: SQLite's write lock is held for those only); `times`
        (one moment or None per entry) says when each was played. Returns
        (game, host_token)."""
        now = timezone.now()
        finished = self.state.finished
        with write_transaction():
            game, host_token = Game.objects.create_game(
                self.names,
                self.variant.key,
                self.variant.options,
                band,
                seating_drawn=seating_drawn,
            )
            players = {p.seat: p for p in game.players.all()}
            for entry, moment in itertools.zip_longest(self.entries, times):
                seat = entry.player_id
                entry.game, entry.player = game, players[seat]
                entry.created_at = moment or now
            Entry.objects.bulk_create(self.entries)
            game.version += len(self.entries)
            game.last_activity_at = now
            game.finished_at = now if finished else None
            game.save(update_fields=["version", "last_activity_at", "finished_at"])
            if finished:
                game.tell_band_finished(self.state)
        return game, host_token


class Game(models.Model):
    band = models.ForeignKey(
        "bands.Band", on_delete=models.CASCADE, related_name="games"
    )
    kind = models.CharField(
        max_length=10, choices=kind_choices, default=registry.DEFAULT
    )
    # The kind's variant (Yams's); empty for a kind without presets, whose
    # options say it all.
    preset = models.CharField(max_length=20, blank=True)
    options = models.JSONField(default=dict)
    host_prefix = models.CharField(max_length=tokens.PREFIX_LENGTH, db_index=True)
    host_digest = models.CharField(max_length=64)
    # The watch link is read-only and must be shown to the host again and again,
    # so it is kept as is; host and pencil tokens are only ever stored hashed.
    watch_token = models.CharField(max_length=tokens.TOKEN_LENGTH, unique=True)
    pencil_prefix = models.CharField(
        max_length=tokens.PREFIX_LENGTH, blank=True, db_index=True
    )
    pencil_digest = models.CharField(max_length=64, blank=True)
    pencil_label = models.CharField(max_length=PENCIL_LABEL_LENGTH, blank=True)
    pencil_generation = models.PositiveIntegerField(default=0)
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(default=timezone.now)
    last_activity_at = models.DateTimeField(default=timezone.now, db_index=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The seating order was drawn at random on the create page, and kept as drawn.
    seating_drawn = models.BooleanField(default=False)
    # A game of rounds the host ended (a Yams game ends with its last box, a
    # Skyjo game at its limit: those are not).
    ended_by_host = models.BooleanField(default=False)
    # The turn timer (None: off): its length in seconds; when the running
    # countdown started (each move starts it again, so does a resume); the
    # seconds it had left when paused (None: running).
    timer_seconds = models.PositiveIntegerField(null=True, blank=True)
    timer_started_at = models.DateTimeField(null=True, blank=True)
    timer_paused_left = models.FloatField(null=True, blank=True)

    objects = GameManager()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(version__gte=1), name="game_version_positive"
            ),
            models.CheckConstraint(condition=preset_known(), name="game_preset_known"),
            models.CheckConstraint(
                condition=Q(ended_by_host=False)
                | Q(kind__in=host_ended_kinds(), finished_at__isnull=False),
                name="game_ended_by_host_is_finished",
            ),
            models.CheckConstraint(
                condition=Q(timer_seconds__isnull=True)
                | Q(
                    timer_seconds__gte=TIMER_SHORTEST,
                    timer_seconds__lte=TIMER_LONGEST,
                ),
                name="game_timer_length_allowed",
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.preset or self.kind})"

    @property
    def game_kind(self) -> GameKind:
        """The kind's plug-in (games/kinds/registry.py): everything that differs
        from one kind to another is asked of it."""
        return registry.get(self.kind)

    @cached_property
    def variant(self) -> yams.Variant:
        """The Yams variant (a game of Yams only)."""
        return yams.build_variant(self.preset, self.options)

    @cached_property
    def rules(self) -> "yams.Variant | RoundRules":
        """The game's rules with its options (a Yams variant, a kind's
        `RoundRules`)."""
        return Game.rules_of(self.kind, self.preset, self.options)

    @property
    def label(self) -> str:
        """What is played, as a French source string (`translated` shows it):
        the Yams variant's name, or the kind's."""
        return str(self.rules.label)

    @staticmethod
    def rules_of(
        kind: str, preset: str, options: Mapping[str, object] | None
    ) -> "yams.Variant | RoundRules":
        """The rules of a kind with its options, or ValidationError for an
        unknown kind or option."""
        try:
            return registry.get(kind).build_rules(preset, options)
        except UnknownKind as exc:
            raise ValidationError({"kind": _("Jeu inconnu.")}) from exc
        except yams.RuleError as exc:
            raise ValidationError({"options": translated(exc.message)}) from exc

    @property
    def expires_at(self) -> datetime.datetime:
        return self.last_activity_at + datetime.timedelta(
            days=settings.GAME_RETENTION_DAYS
        )

    @property
    def pencil_out(self) -> bool:
        return bool(self.pencil_digest)

    def clean(self) -> None:
        try:
            kind = registry.get(self.kind)
        except UnknownKind as exc:
            raise ValidationError({"kind": _("Jeu inconnu.")}) from exc
        if self.preset not in kind.presets:
            raise ValidationError({"preset": _("Variante inconnue.")})
        if self.ended_by_host and not (kind.host_ends and self.finished_at):
            raise ValidationError(
                {"ended_by_host": _("Seule une partie par manches est terminée.")}
            )
        Game.rules_of(self.kind, self.preset, self.options)
        if self.timer_seconds is not None:
            Game.check_timer(self.timer_seconds)

    @staticmethod
    def check_timer(seconds: int) -> None:
        """ValidationError unless `seconds` is a length the timer takes."""
        if not TIMER_SHORTEST <= seconds <= TIMER_LONGEST:
            raise ValidationError(
                {"timer_seconds": _("Le minuteur dure de 10 secondes à 30 minutes.")},
                code="timer_length",
            )

    @staticmethod
    def clean_names(names: list[str], rules: object, kind: GameKind) -> list[str]:
        """Validated, trimmed names in seating order, or ValidationError."""
        cleaned, refused = clean_names(names)
        if refused:
            raise ValidationError(list(refused.values()))
        Game.check_player_count(cleaned, rules, kind)
        return cleaned

    @staticmethod
    def check_player_count(
        names: list[str], rules: object | None, kind: GameKind | None
    ) -> None:
        """ValidationError unless the game has players, as many as `rules` (when
        known) is played with."""
        if not names:
            raise ValidationError(_("Il faut au moins un joueur."))
        if rules is None or kind is None:
            return
        refusal = kind.player_count_error(len(names), rules)
        if refusal is not None:
            raise ValidationError(translated(refusal))

    # --- reading -----------------------------------------------------------

    def state(self) -> State:
        """The score as the engine makes it: every Yams sheet replayed, or the
        rounds of another kind played again.

        Kept in the local cache with the version it was read at (`keep_state`):
        the pages, polls and streams of a game in play replay nothing once a write
        or a first read has kept its version; else two queries, whatever the size
        of the game."""
        state = self.kept_state()
        if state is None:
            # Read after the game's row: whenever a write's lock finds the row
            # still at this version, nothing was written since, and these
            # sheets hold.
            state = self.read_state()[0]
            self.keep_state(state)
        return self.attached(state)

    def attached(self, state: State) -> State:
        """`state` as this instance's (a Yams state knows its game)."""
        return self.game_kind.attached(state, self)

    def state_key(self) -> str:
        # The watch token, not the primary key: a test database (or a restored
        # one) may give a new game the primary key of an old one, never its token.
        return f"game-state:{self.watch_token}"

    def kept_state(self) -> State | None:
        """The sheets of this instance's version as this process keeps them, or
        None (the caller replays): kept for this version, or moved on from an
        older version kept here by what was written since, when the kind can
        (`GameKind.advanced`, one query: another server process wrote). Only
        the newest version of a game is kept: an older one is never asked for
        again."""
        kept = caches["local"].get(self.state_key())
        if kept is None or kept[0] > self.version:
            return None
        version, state = kept
        if version == self.version:
            return self.attached(state)
        advanced = self.game_kind.advanced(self, self.attached(state), version)
        if advanced is not None:
            self.keep_state(advanced)
        return advanced

    def keep_state(self, state: State, version: int | None = None) -> None:
        """Keeps `state` as the sheets of this game at `version` (by default the
        instance's), unless a newer version is kept already."""
        version = self.version if version is None else version
        kept = caches["local"].get(self.state_key())
        if kept is None or kept[0] <= version:
            caches["local"].set(self.state_key(), (version, self.game_kind.kept(state)))

    def faces(self, state: State) -> dict[str, Face]:
        """Each player's colour and mark (`Band.faces`), asked of the band once
        and kept in the local cache for as long as the players' names and the
        band's `faces_version` (read with the game) stay the same: a write that
        changes neither asks nothing. A face changed on the band's page also
        redraws the band's games, so that their watchers see it at once."""
        key = f"game-faces:{self.watch_token}"
        names = tuple(player.name for player in state.players)
        drawn_with = (self.band.faces_version, names)
        kept = caches["local"].get(key)
        if kept is not None and kept[0] == drawn_with:
            return kept[1]
        faces = self.band.faces(names)
        caches["local"].set(key, (drawn_with, faces))
        return faces

    def keep_as_written(self) -> None:
        """Keeps this instance, once its write is committed, as the row that write
        left: the watchers' sheet of the new version is drawn in this process
        from it (`take_written`), without reading the row back. Only the newest
        write of a game is kept."""
        caches["local"].set(Game.written_key(self.watch_token), self)

    @staticmethod
    def take_written(watch_token: str, version: int) -> "Game | None":
        """The game of `watch_token` as a write of this process left it, if at
        `version` or later; else None (written by another process, or taken
        already): the caller reads the row.

        Taken out of the local cache: it serves the first rendering of its
        version, the one its watchers wait for. A rendering in a second language
        reads the row, one query, so that no game followed in the process holds
        a copy of its row (kilobytes) from one write to the next."""
        key = Game.written_key(watch_token)
        game = caches["local"].get(key)
        if game is None:
            return None
        caches["local"].delete(key)
        return game if game.version >= version else None

    @staticmethod
    def written_key(watch_token: str) -> str:
        return f"game-written:{watch_token}"

    def read_state(
        self, key_field: str = "", key: str = ""
    ) -> "tuple[State, Entry | Round | None]":
        """(the state, the entry or round whose `key_field` holds `key` or None),
        read from the database: players and entries (or rounds), undone ones
        included (they hold the last sequence number and a retried request's
        answer)."""
        players = list(self.players.all())
        written = list(getattr(self, self.game_kind.written).all())
        done = next((w for w in written if key and getattr(w, key_field) == key), None)
        active = [w for w in written if w.undone_at is None]
        last_seq = max((w.seq for w in written), default=0)
        return self.game_kind.replay(self, players, active, last_seq), done

    # --- writing ------------------------------------------------------------

    def record(
        self,
        player_id: int,
        column: str,
        box: str,
        entry: EntryData,
        *,
        request_key: str = "",
        seen_version: str | int | None = None,
        by: str | None = None,
    ) -> "Entry":
        """Records one box for one player and returns the Entry.

        A repeated request (same `request_key`) returns the entry it already made,
        so a double tap or a retry after a dropped connection never counts twice;
        if that entry has been undone since, `AlreadyUndone` (nothing recorded).
        `by` ("host" or "pencil") is who writes, kept on the entry (None: not
        checked, kept as the host's); `seen_version` the version the form was
        shown at (None: not checked).
        """
        # Checked by the row as read before the write queue is taken: only the
        # UPDATE, the INSERT and the commit then hold it, and the UPDATE writes
        # nothing if the row has moved on since.
        as_read = self._entry_as_read(
            by, seen_version, player_id, column, box, entry, request_key
        )
        with write_transaction():
            if as_read is not None:
                made, after = as_read
                if self._save_written(made, after, by, as_read=True):
                    return made
            state, done = self._lock_and_check(
                "request_key", request_key, by, seen_version
            )
            if done is not None:
                if done.undone:
                    raise AlreadyUndone()
                return done
            made, after = self.next_entry(
                state, player_id, column, box, entry, request_key
            )
            self._save_written(made, after, by)
        return made

    def record_round(
        self,
        entry: RoundEntryData,
        *,
        request_key: str = "",
        seen_version: str | int | None = None,
        by: str | None = None,
    ) -> "Round":
        """Records the next round of a game of rounds (a Skyjo round, a tarot
        deal, a counter's round) and returns the Round, checked as `record`
        checks a box: a retry answered with the round it made, then the writer,
        the version, the game not over, the entry itself (`ScoreRefused`,
        "invalid" for what the kind's rules refuse in it)."""
        with write_transaction():
            state, done = self._lock_and_check(
                "request_key", request_key, by, seen_version
            )
            if done is not None:
                if done.undone:
                    raise AlreadyUndone()
                return done
            try:
                after = state.play(entry)
            except (rounds.InvalidRound, rounds.RoundRefused) as refusal:
                raise ScoreRefused.of_round(refusal) from refusal
            scored = after.rounds[-1]
            last_seq = self.rounds.aggregate(last=models.Max("seq"))["last"] or 0
            made = Round(
                game=self,
                seq=last_seq + 1,
                entry=scored.entry,
                points={str(pk): points for pk, points in scored.points.items()},
                request_key=request_key,
            )
            self._save_written(made, after, by)
        return made

    def end(
        self, *, seen_version: str | int | None = None, by: str | None = None
    ) -> bool:
        """Ends a game of rounds where the table stops (a counter without an end,
        tarot without a number of deals); returns False if it was over already.
        ScoreRefused for a Yams game (its last box ends it) or one without a
        round yet."""
        with write_transaction():
            state, _done = self._lock_and_check("", "", by, seen_version)
            if not self.game_kind.host_ends:
                raise ScoreRefused(
                    _("Cette partie se termine d'elle-même, selon ses règles."),
                    Refusal.ENDS_BY_RULES,
                )
            if state.finished:
                return False
            if not state.started:
                raise ScoreRefused(
                    _("Aucune manche n'est notée : il n'y a rien à terminer."),
                    Refusal.NO_ROUND,
                )
            now = timezone.now()
            closed = self.game_kind.closed(state, closed=True)
            self._bump(closed, now, finished_at=now, ended_by_host=True)
            self.tell_band_finished(closed)
        return True

    def reopen(
        self, *, seen_version: str | int | None = None, by: str | None = None
    ) -> bool:
        """Takes back `end`: the game goes on from its last round, its result
        leaves the band's history. False if the host had not ended it."""
        with write_transaction():
            state, _done = self._lock_and_check("", "", by, seen_version)
            if not self.ended_by_host:
                return False
            self._bump(
                self.game_kind.closed(state, closed=False),
                timezone.now(),
                finished_at=None,
                ended_by_host=False,
            )
            self.band.forget_result(self.pk)
        return True

    # --- the turn timer -------------------------------------------------------------

    def set_timer(
        self,
        seconds: int | None,
        *,
        seen_version: str | int | None = None,
        by: str | None = None,
    ) -> None:
        """Sets the timer's length (None: off) and starts a countdown of it now;
        ValidationError for a length it does not take, nothing changed."""
        if seconds is not None:
            Game.check_timer(seconds)
        with write_transaction():
            self._lock_and_check("", "", by, None)
            now = timezone.now()
            self._bump(
                None,
                now,
                timer_seconds=seconds,
                timer_started_at=now if seconds is not None else None,
                timer_paused_left=None,
            )

    def pause_timer(self, *, by: str | None = None) -> bool:
        """Stops the countdown where it is; False if it was not running."""
        with write_transaction():
            self._lock_and_check("", "", by, None)
            now = timezone.now()
            left = self.timer_left(now)
            if left is None or self.timer_paused_left is not None:
                return False
            self._bump(None, now, timer_paused_left=left)
        return True

    def resume_timer(self, *, by: str | None = None) -> bool:
        """Runs a paused countdown on from where it stopped; False if it was not
        paused."""
        with write_transaction():
            self._lock_and_check("", "", by, None)
            left = self.timer_paused_left
            if self.timer_seconds is None or left is None:
                return False
            now = timezone.now()
            spent = datetime.timedelta(seconds=self.timer_seconds - left)
            self._bump(None, now, timer_started_at=now - spent, timer_paused_left=None)
        return True

    def timer_left(self, now: datetime.datetime) -> float | None:
        """The seconds the countdown has left at `now` (0 once run out), or
        None when the timer is off or the game is over."""
        if self.timer_seconds is None or self.finished_at is not None:
            return None
        if self.timer_paused_left is not None:
            return self.timer_paused_left
        if self.timer_started_at is None:
            return float(self.timer_seconds)
        spent = (now - self.timer_started_at).total_seconds()
        return max(0.0, self.timer_seconds - spent)

    @property
    def timer_left_now(self) -> float | None:
        return self.timer_left(timezone.now())

    @property
    def timer_ends_at(self) -> datetime.datetime | None:
        """When the running countdown reaches zero (None: off, paused, over)."""
        if (
            self.timer_seconds is None
            or self.timer_started_at is None
            or self.timer_paused_left is not None
            or self.finished_at is not None
        ):
            return None
        return self.timer_started_at + datetime.timedelta(seconds=self.timer_seconds)

    def next_entry(
        self,
        state: GameState,
        player_id: int,
        column: str,
        box: str,
        entry: EntryData,
        request_key: str = "",
    ) -> "tuple[Entry, GameState]":
        """(unsaved Entry, GameState after it) for a move `state` accepts, or
        ScoreRefused saying why not."""
        try:
            seat, scored, after = state.check_move(player_id, column, box, entry)
        except yams.MoveRefused as refusal:
            raise ScoreRefused.of_move(refusal) from refusal
        slot = sum(1 for e in seat.entries if e.column == column and e.box == box)
        made = self.entries.model(
            game=self,
            player_id=seat.player.pk,
            column=column,
            box=box,
            slot=slot,
            data=entry,
            points=scored.points,
            # Undone entries keep their number: the next one comes after them all.
            seq=state.last_seq + 1,
            request_key=request_key,
        )
        return made, state.with_entry(made, after)

    def undo(
        self,
        *,
        seen_version: str | int | None = None,
        request_key: str = "",
        by: str | None = None,
    ) -> "Entry | None":
        """Marks the last active entry undone (kept in the log); returns it, or
        None if there was none.

        A repeated request (same `request_key`) returns the entry it already undid
        instead of undoing one more. `by` is checked as `record` checks it, and
        kept on the entry as who took it back.
        """
        with write_transaction():
            state, done = self._lock_and_check(
                "undo_key", request_key, by, seen_version
            )
            kind = self.game_kind
            last = kind.last_written(self, state)
            if done is not None or last is None:
                return done
            now = timezone.now()
            undone_by, undone_by_label = self._writer(by)
            written = getattr(self, kind.written)
            written.filter(pk=last.pk, undone_at__isnull=True).update(
                undone_at=now,
                undo_key=request_key,
                undone_by=undone_by,
                undone_by_label=undone_by_label,
            )
            # The row as undone: what the kept state holds of it is not a row.
            undone = written.get(pk=last.pk)
            was_finished = self.finished_at is not None
            after = kind.without_last(state, last)
            self._bump(
                after,
                now,
                finished_at=None,
                ended_by_host=False,
                **self._timer_restarted(now),
            )
            if was_finished:
                self.band.forget_result(self.pk)
        return undone

    def rename(
        self, player_id: int | str, new_name: str, *, by: str | None = Writer.HOST
    ) -> str:
        """Gives a player a new name; returns it (cleaned), the change kept for
        the log (`NameChange`). ValidationError if another player of the game
        has it; `HostOnly` unless `by` is the host: the pencil only scores."""
        name = clean_name(new_name)
        with write_transaction():
            if by != Writer.HOST:
                raise HostOnly()
            self._lock()
            players = {p.pk: p for p in self.players.all()}
            player = players.pop(int(player_id), None)
            if player is None:
                raise Player.DoesNotExist(f"no player {player_id} in game {self.pk}")
            if any(name_key(p.name) == name_key(name) for p in players.values()):
                raise name_taken(name)
            try:
                with write_transaction():
                    self.players.filter(pk=player.pk).update(name=name)
            except IntegrityError as exc:  # the database's own case rules
                raise name_taken(name) from exc
            now = timezone.now()
            if name != player.name:
                changed_by, changed_by_label = self._writer(by)
                NameChange.objects.create(
                    game=self,
                    player=player,
                    old_name=player.name,
                    new_name=name,
                    created_at=now,
                    by=changed_by,
                    by_label=changed_by_label,
                )
            self._bump(None, now)
            self.band.person_renamed(player.name, name)
            if self.finished_at is not None:
                self.band.rename_in_result(self.pk, player.name, name)
        return name

    def reseat(
        self, order: Sequence[int | str], *, by: str | None = Writer.HOST
    ) -> list["Player"]:
        """Seats the players in `order` (their ids, the first seat's first) and
        returns them so seated, while nothing is entered and the kind's seating
        matters (`reseated_on_page`: partners at belote). `SeatingRefused` for an
        order that is not this game's players each once, or once the game has
        started; `HostOnly` unless `by` is the host. Team names the host typed
        stay with their team; those made of the players' names follow them."""
        with write_transaction():
            if by != Writer.HOST:
                raise HostOnly(_("Seul l'hôte de la partie change les places."))
            self._lock()
            players = {p.pk: p for p in self.players.all()}
            try:
                ids = [int(pk) for pk in order]
            except (TypeError, ValueError):
                ids = []
            if sorted(ids) != sorted(players):
                raise SeatingRefused(
                    _("Ces places ne sont pas celles des joueurs de la partie.")
                )
            if not self.game_kind.reseated_on_page:
                raise SeatingRefused(_("Les places de cette partie ne changent pas."))
            state = self.kept_state() or self.read_state()[0]
            if state.started:
                raise SeatingRefused(
                    _("La partie a commencé : les places ne changent plus."),
                    Refusal.STARTED,
                )
            seated = [players[pk] for pk in ids]
            if [p.pk for p in seated] != list(players):
                # Two steps: the seats are unique in a game at every moment.
                offset = len(seated)
                for seat, player in enumerate(seated):
                    player.seat = seat + offset
                    player.save(update_fields=["seat"])
                for seat, player in enumerate(seated):
                    player.seat = seat
                    player.save(update_fields=["seat"])
                now = timezone.now()
                # Kept for the log, as a rename is: the partners changed.
                SeatChange.objects.create(
                    game=self, names=[p.name for p in seated], created_at=now
                )
                # The order on the page is no longer the one drawn at random.
                self._bump(None, now, seating_drawn=False)
        return seated

    def redraw(self) -> None:
        """What the sheet shows changed outside the game (a player's colour or
        mark, kept by the band): a new version, so every page and stream draws
        the sheet again."""
        with write_transaction():
            self._lock()
            self._bump(None, timezone.now())

    def pass_pencil(self, host_token: str, label: str = "") -> str:
        """Hands out a new pencil link, revoking any previous one; returns it.

        `label` (who holds it) is a first name like any other: ValidationError for
        one `clean_name` refuses.
        """
        label = str(label or "").strip()
        if label:
            label = clean_name(label)
        with write_transaction():
            self._lock()
            generation = self.pencil_generation + 1
            token = self.pencil_token(host_token, generation)
            pencil = tokens.hashed(token)
            self._bump(
                None,
                timezone.now(),
                pencil_prefix=pencil.prefix,
                pencil_digest=pencil.digest,
                pencil_label=label,
                pencil_generation=generation,
            )
        return token

    def take_back_pencil(self) -> bool:
        """Revokes the pencil link at once; returns False if it was not out."""
        with write_transaction():
            self._lock()
            if not self.pencil_out:
                return False
            self._bump(
                None,
                timezone.now(),
                pencil_prefix="",
                pencil_digest="",
                pencil_label="",
            )
        return True

    def tell_band_finished(self, state: State) -> None:
        """Hands the result of this game, just finished, to its band's history:
        in the finishing write's transaction, so both commit or neither."""
        kind = self.game_kind
        self.band.record_result(
            game_id=self.pk,
            played_at=self.finished_at or timezone.now(),
            started_at=self.created_at,
            kind=kind.band_kind,
            label=kind.band_label(self.rules),
            scores=kind.final_scores(state),
            lower_wins=state.lower_wins,
        )

    # --- under the lock ------------------------------------------------------------

    def _save_written(
        self, made: "Written", after: State, by: str | None, *, as_read: bool = False
    ) -> bool:
        """Saves what a write made (an Entry, a Round) with its writer, then
        moves the game to the state after it: a new version, and the end with
        its result for the band when the write ends the game. `as_read`: the
        checks went by the row as this instance read it, not locked: nothing is
        written (False) if the row has moved on since."""
        made.by, made.by_label = self._writer(by)
        now = made.created_at = timezone.now()
        changes: dict[str, Any] = self._timer_restarted(now)
        if after.finished:
            changes["finished_at"] = now
        # The game's row first: its UPDATE is the lock of a write made as read.
        if not self._update_row(now, changes, as_read=as_read):
            return False
        try:
            # The unique constraints (game, seq), one entry per box, catch what
            # the checks cannot see; no savepoint needed: the refusal rolls the
            # whole write back.
            made.save(force_insert=True)
        except IntegrityError as exc:
            raise StaleVersion() from exc
        self._moved_on(after, changes)
        if after.finished:
            self.tell_band_finished(after)
        return True

    def _timer_restarted(self, now: datetime.datetime) -> dict[str, object]:
        """The timer's fields once a move is written: a new turn (or round)
        starts a new countdown, running, whether or not it was paused."""
        if self.timer_seconds is None:
            return {}
        return {"timer_started_at": now, "timer_paused_left": None}

    def _writer(self, by: str | None) -> tuple[str, str]:
        """(who, label) as a write keeps them: the pencil's label as the locked
        row has it now, since the next pass may give the pencil to someone else."""
        if by == Writer.PENCIL:
            return Writer.PENCIL, self.pencil_label
        return Writer.HOST, ""

    def _lock(self) -> None:
        """Locks the game's row and takes what it holds now: every check and
        write of the verb goes by the row, not by what this instance was loaded
        with. Django leaves FOR UPDATE out on SQLite, whose IMMEDIATE
        transactions serialise every writer already."""
        # Only the fields a write goes by, as a row of values: no second Game
        # built for what the instance holds already.
        locked = (
            type(self)
            .objects.select_for_update()
            .filter(pk=self.pk)
            .values_list(*LOCKED_FIELDS)
            .get()
        )
        for name, value in zip(LOCKED_FIELDS, locked, strict=True):
            setattr(self, name, value)

    def _lock_and_check(
        self,
        key_field: str,
        key: str,
        by: str | None,
        seen_version: str | int | None,
    ) -> tuple[Any, Any]:  # the kind's state, and the row a retry made or None
        """(sheets, the entry whose `key_field` holds `key` or None) of the locked
        game, once the writer and the version are checked; a retried request
        (`key` found) is answered before the checks, as its first try was."""
        link_digest = self.pencil_digest  # the pencil link this request came by
        self._lock()
        state = self.kept_state()
        if state is None:
            state, done = self.read_state(key_field, key)
            # Read under the lock: true for this version. A refusal, or a
            # retry's answer, shows these sheets without reading them again.
            self.keep_state(state)
        elif key and not self._is_current(seen_version):
            # Only a request made at an older version can be a retry of a write
            # done: every write moves the version on. One query fewer otherwise.
            written = getattr(self, self.game_kind.written)
            done = written.filter(**{key_field: key}).first()
        else:
            done = None
        if done is not None:
            return state, done
        # One writer at a time: the host does not score while the pencil is out,
        # and a pencil link counts only while it is the current one.
        if by == "host" and self.pencil_out:
            raise PencilOut(self.pencil_label)
        if by == "pencil" and (
            not self.pencil_out or self.pencil_digest != link_digest
        ):
            raise PencilTakenBack()
        if seen_version is not None and not self._is_current(seen_version):
            raise StaleVersion()
        return state, None

    def _entry_as_read(
        self,
        by: str | None,
        seen_version: str | int | None,
        player_id: int,
        column: str,
        box: str,
        entry: EntryData,
        request_key: str,
    ) -> "tuple[Entry, GameState] | None":
        """`next_entry` made by the row as read (`_state_as_read`), or None: the
        write locks and reads the row, and so does a refusal, which always goes
        by the locked row."""
        state = self._state_as_read(by, seen_version)
        if state is None:
            return None
        try:
            return self.next_entry(state, player_id, column, box, entry, request_key)
        except ScoreRefused:
            return None

    def _state_as_read(self, by: str | None, seen_version: str | int | None) -> Any:
        """The kept sheets of the version this instance was read at, when a write
        may go by the row as read rather than lock it first: the form saw that
        version (so the request is no retry of a write done, every write moving
        the version on), the writer may write by that row, and this process
        has the sheets of that version (`kept_state`). Else None: the write
        locks and reads the row."""
        if not self._is_current(seen_version):
            return None
        # The pencil link this request came by is the row's, as read.
        if (by == "host" and self.pencil_out) or (
            by == "pencil" and not self.pencil_out
        ):
            return None
        return self.kept_state()

    def _is_current(self, seen_version: str | int | None) -> bool:
        """Whether a form shown at `seen_version` saw the locked row's version.
        Compared as text: a garbled version (never a number the server wrote) is
        simply not current, not an error."""
        return seen_version is not None and str(seen_version).strip() == str(
            self.version
        )

    def _bump(
        self, state: State | None, now: datetime.datetime, **changes: Any
    ) -> None:
        """Moves the version on, with `changes` to the game, in the same UPDATE,
        and announces it; `state`: the sheets after the write (None: unchanged)."""
        self._update_row(now, changes)
        self._moved_on(state, changes)

    def _update_row(
        self, now: datetime.datetime, changes: dict[str, Any], *, as_read: bool = False
    ) -> bool:
        """The UPDATE of a write: the version moved on, with `changes` (to which
        it adds the last activity). `as_read`: only if the row still holds the
        version this instance read, which then stands for the row as the lock
        would have found it; False if it has moved on (nothing written)."""
        changes["last_activity_at"] = now
        games = type(self).objects
        if as_read:
            # The row at the version read, or none: the next version is known,
            # with no expression to resolve.
            rows = games.filter(pk=self.pk, version=self.version)
            return rows.update(version=self.version + 1, **changes) == 1
        return games.filter(pk=self.pk).update(version=F("version") + 1, **changes) == 1

    def _moved_on(self, state: State | None, changes: dict[str, Any]) -> None:
        """This instance as the UPDATE of `_update_row` left the row, announced;
        `state`: the sheets after the write (None: unchanged)."""
        for name, value in changes.items():
            setattr(self, name, value)
        self.version += 1
        # A copy: this instance goes on answering the write's request.
        written = copy.copy(self)
        if not fanout.announce(written, state):
            # The news did not bring the watchers' sheet: this process draws it
            # once committed, from the row as the write left it.
            transaction.on_commit(written.keep_as_written)
        if state is not None:
            # Once committed: the answer of this write, and every page of the new
            # version, show these sheets without replaying them.
            version = self.version
            transaction.on_commit(lambda: self.keep_state(state, version))

    # --- the pencil link -----------------------------------------------------

    def current_pencil_token(self, host_token: str) -> str | None:
        """The pencil link as the host page shows it again, or None if not out."""
        if not self.pencil_out:
            return None
        token = self.pencil_token(host_token, self.pencil_generation)
        return token if tokens.matches(token, self.pencil_digest) else None

    @staticmethod
    def pencil_token(host_token: str, generation: int) -> str:
        return tokens.derive(host_token, f"pencil:{generation}")


# What a write takes from the locked row (the rest never changes).
LOCKED_FIELDS = (
    "timer_seconds",
    "timer_started_at",
    "timer_paused_left",
    "version",
    "last_activity_at",
    "finished_at",
    "pencil_prefix",
    "pencil_digest",
    "pencil_label",
    "pencil_generation",
    "ended_by_host",
)


class Player(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=MAX_NAME_LENGTH)

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="player_unique_seat"),
            models.UniqueConstraint(Lower("name"), "game", name="player_unique_name"),
            models.CheckConstraint(condition=~Q(name=""), name="player_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        self.name = clean_name(self.name)


class Written(models.Model):
    """What a write leaves on the sheet, a box (Entry) or a round (Round): its
    number in the game, the idempotency keys of the request that wrote it and of
    the undo that took it back, and who did each."""

    seq = models.PositiveIntegerField()
    request_key = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    undone_at = models.DateTimeField(null=True, blank=True)
    # The idempotency key of the undo that took this back: a retried undo finds
    # it here instead of taking back one more.
    undo_key = models.CharField(max_length=64, blank=True, default="")
    # Who wrote it, and who took it back: the pencil with its label of that
    # moment (a copy: the next pass relabels the game's pencil). Rows older than
    # these fields were all the host's.
    by = models.CharField(max_length=6, choices=Writer.choices, default=Writer.HOST)
    by_label = models.CharField(max_length=PENCIL_LABEL_LENGTH, blank=True, default="")
    undone_by = models.CharField(
        max_length=6, choices=Writer.choices, blank=True, default=""
    )
    undone_by_label = models.CharField(
        max_length=PENCIL_LABEL_LENGTH, blank=True, default=""
    )

    class Meta:
        abstract = True
        ordering = ["seq"]
        # Each subclass has its `game`; %(class)s names the constraints after it
        # (entry_unique_seq, round_unique_seq).
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seq"], name="%(class)s_unique_seq"
            ),
            models.UniqueConstraint(
                fields=["game", "request_key"],
                condition=~Q(request_key=""),
                name="%(class)s_unique_request",
            ),
            models.UniqueConstraint(
                fields=["game", "undo_key"],
                condition=~Q(undo_key=""),
                name="%(class)s_unique_undo",
            ),
            models.CheckConstraint(
                condition=Q(by__in=Writer.values), name="%(class)s_by_known"
            ),
            models.CheckConstraint(
                condition=Q(by=Writer.PENCIL) | Q(by_label=""),
                name="%(class)s_label_of_pencil",
            ),
            # Who undid it is known exactly when it is undone.
            models.CheckConstraint(
                condition=Q(undone_at__isnull=True, undone_by="")
                | Q(undone_at__isnull=False, undone_by__in=Writer.values),
                name="%(class)s_undone_by_known",
            ),
            models.CheckConstraint(
                condition=Q(undone_by=Writer.PENCIL) | Q(undone_by_label=""),
                name="%(class)s_undone_label_of_pencil",
            ),
        ]

    def clean(self) -> None:
        errors = check_writer(self.by, self.by_label, "by")
        if self.undone_at is None:
            if self.undone_by or self.undone_by_label:
                errors["undone_by"] = _("Une saisie en place n'a pas été annulée.")
        else:
            errors |= check_writer(self.undone_by, self.undone_by_label, "undone_by")
        if errors:
            raise ValidationError(errors)

    @property
    def undone(self) -> bool:
        return self.undone_at is not None


class Entry(Written):
    """One box filled by the host: what was entered, and what it was worth."""

    # Found through the unique (game, seq) index, which starts with it
    # (Written.Meta): an index of its own would be one more written per entry.
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="entries", db_index=False
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="entries")
    column = models.CharField(max_length=8)
    box = models.CharField(max_length=20)
    # Only the repeatable Yams box of multi_yams holds more than one entry.
    slot = models.PositiveSmallIntegerField(default=0)
    data = models.JSONField()
    points = models.IntegerField()

    class Meta(Written.Meta):
        constraints = [
            *Written.Meta.constraints,
            models.UniqueConstraint(
                fields=["player", "column", "box", "slot"],
                condition=Q(undone_at__isnull=True),
                name="entry_one_per_box",
            ),
            models.CheckConstraint(
                condition=Q(points__gte=0), name="entry_points_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.box} {self.points}"


def check_writer(by: str, label: str, field: str) -> dict[str, str]:
    """{field: message} of what is wrong with a writer and its label: a writer
    Writer knows, a label for the pencil only."""
    if by not in Writer.values:
        return {field: _("Auteur inconnu.")}
    if label and by != Writer.PENCIL:
        return {f"{field}_label": _("Seul le crayon porte un nom.")}
    return {}


class Round(Written):
    """One round of a game scored by rounds (a Skyjo round, a tarot deal, a
    counter's round): the entry in the kind's normal form, as the engine gave it
    back, and the points it gave each player, by the player's pk as text (a JSON
    key)."""

    # Found through the unique (game, seq) index, as an Entry's.
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="rounds", db_index=False
    )
    entry = models.JSONField()
    points = models.JSONField()

    def __str__(self) -> str:
        return f"Round {self.seq} of game {self.game_id}"

    def points_of(self, player_id: int) -> int:
        return self.points.get(str(player_id), 0)


class NameChange(models.Model):
    """A player's name corrected during the game, kept for the log: entries show
    the player's name as it is now, this says what it was before."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="name_changes"
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="name_changes"
    )
    old_name = models.CharField(max_length=MAX_NAME_LENGTH)
    new_name = models.CharField(max_length=MAX_NAME_LENGTH)
    created_at = models.DateTimeField(default=timezone.now)
    by = models.CharField(max_length=6, choices=Writer.choices, default=Writer.HOST)
    by_label = models.CharField(max_length=PENCIL_LABEL_LENGTH, blank=True, default="")

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(old_name="") & ~Q(new_name=""),
                name="name_change_names_not_empty",
            ),
            models.CheckConstraint(
                condition=Q(by__in=Writer.values), name="name_change_by_known"
            ),
            models.CheckConstraint(
                condition=Q(by=Writer.PENCIL) | Q(by_label=""),
                name="name_change_label_of_pencil",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.old_name} → {self.new_name}"

    def clean(self) -> None:
        self.old_name = clean_name(self.old_name)
        self.new_name = clean_name(self.new_name)
        errors = check_writer(self.by, self.by_label, "by")
        if errors:
            raise ValidationError(errors)


class SeatChange(models.Model):
    """The players seated anew before the first entry (`Game.reseat`), kept for
    the log: their names in the new order, the first seat's first. Only the
    host reseats."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="seat_changes"
    )
    names = models.JSONField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return ", ".join(self.names)
