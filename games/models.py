"""Games, their players and the entries the host records, box by box.

The rules engine (`games.kinds.yams`) knows what a box is worth; these models store what
the host entered, in order, and replay it through the engine to get every total.
The write verbs (record, undo, rename, the pencil) are in `games.game_writes`.
"""

import datetime
import itertools
from dataclasses import dataclass
from functools import cached_property

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import signals
from games.errors import (
    AlreadyUndone,
    PencilOut,
    PencilTakenBack,
    ScoreRefused,
    StaleVersion,
)
from games.game_writes import GameWrites, keep_state, kept_state
from games.kinds import yams
from games.kinds.yams import GameState
from games.messages import tr
from scorekeeper.lib import purge, tokens
from scorekeeper.lib.names import MAX_NAME_LENGTH, clean_name, name_key

# The refusals are raised by the write verbs; callers catch them from here too.
__all__ = [
    "AlreadyUndone",
    "Entry",
    "Game",
    "GameState",
    "PencilOut",
    "PencilTakenBack",
    "Player",
    "Preset",
    "ScoreRefused",
    "StaleVersion",
]


class Preset(models.TextChoices):
    CLASSIC = "classic", gettext_lazy("Classique")
    YAHTZEE = "yahtzee", gettext_lazy("Yahtzee")
    ALL_DICE = "all_dice", gettext_lazy("Tous les dés")
    MULTI_YAMS = "multi_yams", gettext_lazy("Multi-Yams")
    SIX_DICE = "six_dice", gettext_lazy("Yam's à 6 dés")
    SIX_DICE_75 = "six_dice_75", gettext_lazy("6 dés (bonus 75)")


class GameQuerySet(models.QuerySet):
    def by_token(self, kind, token):
        """The game a `kind` of link ("host", "pencil" or "watch") opens, or None.

        The watch token is stored as is (the host page shows it again and
        again); host and pencil tokens only hashed: the indexed prefix finds the
        candidates, the digest picks the game."""
        if not tokens.is_well_formed(token):
            return None
        if kind == "watch":
            return self.filter(watch_token=token).first()
        prefix = token[: tokens.PREFIX_LENGTH]
        for game in self.filter(**{f"{kind}_prefix": prefix}).order_by("pk"):
            if tokens.matches(token, getattr(game, f"{kind}_digest")):
                return game
        return None

    def with_band(self):
        """As every request of a game link reads it: the band is on every page."""
        return self.select_related("band")

    def expired(self, now=None):
        now = now or timezone.now()
        cutoff = now - datetime.timedelta(days=settings.GAME_RETENTION_DAYS)
        return self.filter(last_activity_at__lt=cutoff)

    def purge_expired(self, now=None):
        """Deletes expired games with everything they hold; returns the count."""
        return purge.purge_expired(self, now)


class GameManager(models.Manager.from_queryset(GameQuerySet)):
    def create_game(
        self, names, preset="classic", options=None, band=None, seating_drawn=False
    ):
        """Creates a game and its players; returns (game, host_token).

        `seating_drawn`: the order of `names` was drawn at random (the log says so).

        The host token is shown once, in the redirect to the host page: only its
        hash is kept.
        """
        variant = yams.build_variant(preset, options or {})
        cleaned = Game.clean_names(names, variant)
        host_token = tokens.new_token()
        host = tokens.hashed(host_token)
        with transaction.atomic():
            game = self.model(
                band=band,
                preset=variant.key,
                options=variant.options,
                host_prefix=host.prefix,
                host_digest=host.digest,
                watch_token=tokens.new_token(),
                seating_drawn=seating_drawn,
            )
            signals.game_starting.send(sender=Game, game=game, names=cleaned)
            game.save(force_insert=True, using=self.db)
            Player.objects.bulk_create(
                Player(game=game, seat=seat, name=name)
                for seat, name in enumerate(cleaned)
            )
        return game, host_token

    def replay(self, names, preset, options, moves):
        """A game played in memory: `moves` are (seat, column, box, entry) in
        order, each checked by the engine once against the sheets so far, so the
        cost grows with the number of moves. Returns a `PlayedGame` to `create`;
        a refused move raises ScoreRefused with `index`, its position from 1.
        Nothing is read or written."""
        variant = yams.build_variant(preset, options or {})
        cleaned = Game.clean_names(names, variant)
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

    names: list
    variant: object  # yams.Variant
    entries: list  # unsaved Entry, player_id holding the seat
    state: object  # GameState, with stand-in players

    def create(self, band=None, times=(), seating_drawn=False):
        """Saves the game, its players and entries in one short transaction (a
        few bulk inserts: SQLite's write lock is held for those only); `times`
        (one moment or None per entry) says when each was played. Returns
        (game, host_token)."""
        now = timezone.now()
        finished = self.state.finished
        with transaction.atomic():
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
                signals.game_finished.send(sender=Game, game=game, state=self.state)
        return game, host_token


class Game(GameWrites, models.Model):
    band = models.ForeignKey(
        "bands.Band", on_delete=models.CASCADE, related_name="games"
    )
    preset = models.CharField(max_length=20, choices=Preset.choices)
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
    pencil_label = models.CharField(max_length=40, blank=True)
    pencil_generation = models.PositiveIntegerField(default=0)
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(default=timezone.now)
    last_activity_at = models.DateTimeField(default=timezone.now, db_index=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The seating order was drawn at random on the create page, and kept as drawn.
    seating_drawn = models.BooleanField(default=False)

    objects = GameManager()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(version__gte=1), name="game_version_positive"
            ),
            models.CheckConstraint(
                condition=Q(preset__in=Preset.values), name="game_preset_known"
            ),
        ]

    def __str__(self):
        return f"Game {self.pk} ({self.preset})"

    @cached_property
    def variant(self):
        return yams.build_variant(self.preset, self.options)

    @property
    def expires_at(self):
        return self.last_activity_at + datetime.timedelta(
            days=settings.GAME_RETENTION_DAYS
        )

    @property
    def pencil_out(self):
        return bool(self.pencil_digest)

    def clean(self):
        if self.preset not in Preset.values:
            raise ValidationError({"preset": _("Variante inconnue.")})
        try:
            yams.build_variant(self.preset, self.options)
        except yams.RuleError as exc:
            raise ValidationError({"options": tr(exc.message)}) from exc

    @staticmethod
    def clean_names(names, variant):
        """Validated, trimmed names in seating order, or ValidationError."""
        cleaned, seen, errors = [], set(), []
        for raw in names:
            if raw is None or not str(raw).strip():
                continue
            try:
                name = clean_name(raw)
            except ValidationError as exc:
                errors.extend(exc.messages)
                continue
            if name_key(name) in seen:
                errors.append(
                    _("Deux joueurs s'appellent « %(name)s ».") % {"name": name}
                )
                continue
            seen.add(name_key(name))
            cleaned.append(name)
        if errors:
            raise ValidationError(errors)
        if not cleaned:
            raise ValidationError(_("Il faut au moins un joueur."))
        if len(cleaned) > variant.max_players:
            raise ValidationError(
                _("Cette variante se joue à %(max)d joueurs au plus.")
                % {"max": variant.max_players}
            )
        return cleaned

    # --- reading -----------------------------------------------------------

    def state(self):
        """Every sheet replayed through the engine. Kept per process by version
        (`games.game_writes.STATES`): the pages, polls and streams of a game in play
        replay nothing once a write or a first read has kept its version; else
        two queries, whatever the size of the game."""
        version, written = self.__dict__.get("written_state", (None, None))
        if version == self.version:
            return written
        state = kept_state(self)
        if state is None:
            state = self.read_state()[0]
            # Read after the game's row: whenever a write's lock finds the row
            # still at this version, nothing was written since, and these
            # sheets hold.
            keep_state(self, state)
        return state

    def read_state(self, key_field="", key=""):
        """(GameState, the entry whose `key_field` holds `key` or None), read from
        the database: players and entries, undone ones included (they hold the
        last sequence number and a retried request's answer)."""
        players = list(self.players.all())
        entries = list(self.entries.all())
        done = next((e for e in entries if key and getattr(e, key_field) == key), None)
        active = [e for e in entries if e.undone_at is None]
        last_seq = max((e.seq for e in entries), default=0)
        return GameState.build(self, players, active, last_seq), done

    # --- the pencil link -----------------------------------------------------

    def current_pencil_token(self, host_token):
        """The pencil link as the host page shows it again, or None if not out."""
        if not self.pencil_out:
            return None
        token = self.pencil_token(host_token, self.pencil_generation)
        return token if tokens.matches(token, self.pencil_digest) else None

    @staticmethod
    def pencil_token(host_token, generation):
        return tokens.derive(host_token, f"pencil:{generation}")


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

    def __str__(self):
        return self.name

    def clean(self):
        self.name = clean_name(self.name)


class Entry(models.Model):
    """One box filled by the host: what was entered, and what it was worth."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="entries")
    column = models.CharField(max_length=8)
    box = models.CharField(max_length=20)
    # Only the repeatable Yams box of multi_yams holds more than one entry.
    slot = models.PositiveSmallIntegerField(default=0)
    data = models.JSONField()
    points = models.IntegerField()
    seq = models.PositiveIntegerField()
    request_key = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    undone_at = models.DateTimeField(null=True, blank=True)
    # The idempotency key of the undo that took this entry back: a retried undo
    # finds it here instead of taking back one more.
    undo_key = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="entry_unique_seq"),
            models.UniqueConstraint(
                fields=["player", "column", "box", "slot"],
                condition=Q(undone_at__isnull=True),
                name="entry_one_per_box",
            ),
            models.UniqueConstraint(
                fields=["game", "request_key"],
                condition=~Q(request_key=""),
                name="entry_unique_request",
            ),
            models.UniqueConstraint(
                fields=["game", "undo_key"],
                condition=~Q(undo_key=""),
                name="entry_unique_undo",
            ),
            models.CheckConstraint(
                condition=Q(points__gte=0), name="entry_points_positive"
            ),
        ]

    def __str__(self):
        return f"{self.box} {self.points}"

    @property
    def undone(self):
        return self.undone_at is not None
