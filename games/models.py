"""Games, their players and the entries the host records, box by box.

The rules engine (`games.rules`) knows what a box is worth; these models store what
the host entered, in order, and replay it through the engine to get every total.
"""

import contextlib
import datetime
import functools
import itertools
from dataclasses import dataclass
from functools import cached_property

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, models, transaction
from django.db.models import Q
from django.db.models.base import ModelState
from django.db.models.functions import Lower
from django.db.models.signals import post_init, post_save, pre_init, pre_save
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import live, retention, rules, signals, tokens
from games.messages import tr
from games.names import MAX_NAME_LENGTH, clean_name, name_key


class ScoreRefused(Exception):
    """A write the game refuses; `message` is for the person holding the phone."""

    def __init__(self, message, code="refused"):
        super().__init__(message)
        self.message = str(message)
        self.code = code


class StaleVersion(ScoreRefused):
    def __init__(self):
        super().__init__(
            _("La feuille a changé entre-temps : vérifiez-la et recommencez."), "stale"
        )


class PencilOut(ScoreRefused):
    """The host tried to score while someone else holds the pencil."""

    def __init__(self, label=""):
        if label:
            message = _(
                "Le crayon est chez %(name)s : reprenez-le pour noter vous-même."
            ) % {"name": label}
        else:
            message = _("Le crayon est passé : reprenez-le pour noter vous-même.")
        super().__init__(message, "pencil_out")


class PencilTakenBack(ScoreRefused):
    """A write through a pencil link that was taken back (or passed again) while
    the request was on its way."""

    def __init__(self):
        super().__init__(_("Le crayon a été repris."), "pencil_gone")


class AlreadyUndone(ScoreRefused):
    """A retried request whose entry was recorded, then undone, in between."""

    def __init__(self):
        super().__init__(
            _(
                "Cette saisie a déjà été enregistrée puis annulée : "
                "elle n'est pas notée une seconde fois."
            ),
            "undone",
        )


def is_stale(seen_version, version):
    """Whether a form that saw `seen_version` is out of date. Compared as text: a
    garbled value (never a number the server wrote) is simply stale, not an error."""
    if seen_version is None:
        return False
    return str(seen_version).strip() != str(version)


class Preset(models.TextChoices):
    CLASSIC = "classic", gettext_lazy("Classique")
    YAHTZEE = "yahtzee", gettext_lazy("Yahtzee")
    ALL_DICE = "all_dice", gettext_lazy("Tous les dés")
    MULTI_YAMS = "multi_yams", gettext_lazy("Multi-Yams")
    SIX_DICE = "six_dice", gettext_lazy("Yam's à 6 dés")
    SIX_DICE_75 = "six_dice_75", gettext_lazy("6 dés (bonus 75)")


class TokenLookups:
    """The game a capability token opens, or None. Host and pencil tokens are stored
    hashed: the indexed prefix finds the candidates, the digest picks the game.
    `_candidates(column, value)` gives the games whose `column` holds `value`."""

    def by_host_token(self, token):
        return self._by_token("host", token)

    def by_pencil_token(self, token):
        return self._by_token("pencil", token)

    def by_watch_token(self, token):
        if not tokens.is_well_formed(token):
            return None
        return next(iter(self._candidates("watch_token", token)), None)

    def _by_token(self, kind, token):
        if not tokens.is_well_formed(token):
            return None
        prefix = token[: tokens.PREFIX_LENGTH]
        for game in self._candidates(f"{kind}_prefix", prefix):
            if tokens.matches(token, getattr(game, f"{kind}_digest")):
                return game
        return None


class GameQuerySet(TokenLookups, models.QuerySet):
    def expired(self, now=None):
        now = now or timezone.now()
        cutoff = now - datetime.timedelta(days=settings.GAME_RETENTION_DAYS)
        return self.filter(last_activity_at__lt=cutoff)

    def purge_expired(self, now=None):
        """Deletes expired games with everything they hold; returns the count."""
        return retention.purge_expired(self, now)

    def _candidates(self, column, value):
        return self.filter(**{column: value}).order_by("pk")


class GameManager(models.Manager.from_queryset(GameQuerySet)):
    def create_game(
        self, names, preset="classic", options=None, band=None, seating_drawn=False
    ):
        """Creates a game and its players; returns (game, host_token).

        `seating_drawn`: the order of `names` was drawn at random (the log says so).

        The host token is shown once, in the redirect to the host page: only its
        hash is kept.
        """
        variant = rules.build_variant(preset, options or {})
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
        variant = rules.build_variant(preset, options or {})
        cleaned = Game.clean_names(names, variant)
        draft = Game(preset=variant.key, options=variant.options)
        # Stand-ins until the rows exist: a seat is its player's id meanwhile.
        seats = [
            Player(id=seat, seat=seat, name=name) for seat, name in enumerate(cleaned)
        ]
        reading = Reading(GameState.build(draft, seats, []), None, 0, "", "", None)
        made = []
        for index, (seat, column, box, entry) in enumerate(moves, start=1):
            try:
                move, reading.state = draft._plan(reading, seat, column, box, entry, "")
            except ScoreRefused as exc:
                exc.index = index
                raise
            made.append(move)
            reading.last_seq = index
        return PlayedGame(cleaned, variant, made, reading.state)


@dataclass
class PlayedGame:
    """A game replayed in memory by `Game.objects.replay`, not saved yet."""

    names: list
    variant: object  # rules.Variant
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


class Game(models.Model):
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
        return rules.build_variant(self.preset, self.options)

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
            rules.build_variant(self.preset, self.options)
        except rules.RuleError as exc:
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
        """Every sheet replayed through the engine: two queries, whatever the size."""
        players = _rows(Player, _sql("players"), [self.pk], self)
        entries = _rows(Entry, _sql("entries"), [self.pk], self)
        return GameState.build(self, players, entries)

    def read(self, *, request_key="", undo_key=""):
        """What a write reads before it takes the lock: the sheets, the version and
        the last sequence number they are at, and the entry this request's
        idempotency key (`request_key` of a record, `undo_key` of an undo) already
        made or undid. Two queries, whatever the size of the game.

        The version is read with the players, before the entries: if the locked
        game still has it, nothing was written since the first of these queries
        (every write bumps it), so all of it still holds under the lock.
        """
        extra = []
        players = _rows(Player, _sql("players_read"), [self.pk], self, extra)
        key_field, key = (
            ("request_key", request_key) if request_key else ("undo_key", undo_key)
        )
        if key:
            # The entry of a retried request, undone or not, in the same query.
            sql, params = _sql(f"entries_or_{key_field}"), [self.pk, key]
        else:
            sql, params = _sql("entries"), [self.pk]
        entries = _rows(Entry, sql, params, self)
        done = next((e for e in entries if key and getattr(e, key_field) == key), None)
        active = [e for e in entries if e.undone_at is None]
        version, last_seq = extra[0] if extra else (None, 0)
        return Reading(
            state=GameState.build(self, players, active),
            version=version,
            last_seq=last_seq or 0,
            request_key=request_key,
            undo_key=undo_key,
            done=done,
        )

    # --- writing -----------------------------------------------------------
    #
    # SQLite has one write lock for the whole database: whatever runs between
    # BEGIN IMMEDIATE and COMMIT makes every other game's writer wait. So a write
    # reads and replays before the lock (`read`, `_plan`) and, under the lock,
    # only checks that the version did not move before it inserts and bumps;
    # if it did move, it reads again there, as a write without a reading does.

    def record(self, player_id, column, box, entry, **options):
        """Records one box for one player and returns the Entry.

        A repeated request (same `request_key`) returns the entry it already made,
        so a double tap or a retry after a dropped connection never counts twice;
        if that entry has been undone since, `AlreadyUndone` (nothing recorded).
        `by` ("host" or "pencil") is who writes: one writer at a time (see
        `_check_writer`). `reading`: what `read(request_key=…)` found just before.
        The options are `record_move`'s: request_key, seen_version, by, reading.
        """
        return self.record_move(player_id, column, box, entry, **options)[0]

    def record_move(
        self,
        player_id,
        column,
        box,
        entry,
        *,
        request_key="",
        seen_version=None,
        by=None,
        reading=None,
    ):
        """`record`, returning (Entry, GameState once it is on the sheet): the
        caller shows the sheets after the entry without reading them back."""
        move = (player_id, column, box, entry, request_key)
        if reading is not None and reading.request_key != request_key:
            reading = None
        planned = None
        if reading is not None and reading.done is None:
            # A refusal is decided under the lock, after the checks that go first.
            with contextlib.suppress(ScoreRefused):
                planned = self._plan(reading, *move)
        with transaction.atomic():
            game = self._locked()
            if reading is None or reading.version != game.version:
                reading, planned = self.read(request_key=request_key), None
            if reading.done is not None:
                if reading.done.undone:
                    raise AlreadyUndone()
                return reading.done, reading.state
            self._check_writer(game, by)
            if is_stale(seen_version, game.version):
                raise StaleVersion()
            made, after = planned or self._plan(reading, *move)
            now = timezone.now()
            made.created_at = now
            try:
                # The unique (game, seq) and one-entry-per-box constraints catch
                # what the version check cannot see; no savepoint needed: the
                # refusal rolls the whole write back.
                _insert(made)
            except IntegrityError as exc:
                raise StaleVersion() from exc
            game._bump(now, **({"finished_at": now} if after.finished else {}))
            self._follow(game)
            if after.finished:
                self.finished_at = now
                signals.game_finished.send(sender=Game, game=self, state=after)
            return made, after

    def _plan(self, reading, player_id, column, box, entry, request_key):
        """(unsaved Entry, GameState after it) for a move checked on `reading`."""
        state = reading.state
        sheet, scored, after = state.check_move(player_id, column, box, entry)
        slot = sum(1 for e in sheet.entries if e.column == column and e.box == box)
        made = Entry(
            game=self,
            player=sheet.player,
            column=column,
            box=box,
            slot=slot,
            data=entry,
            points=scored.points,
            # Undone entries keep their number: the next one comes after them all.
            seq=reading.last_seq + 1,
            request_key=request_key,
        )
        return made, state.with_entry(made, after)

    def entry_for_request(self, request_key):
        """The entry a request with this idempotency key already made, or None."""
        if not request_key:
            return None
        return self.entries.filter(request_key=request_key).first()

    def preview(self, player_id, column, box, entry):
        """What recording that entry would do (see `GameState.check_move`), unsaved."""
        return Preview.build(self.state(), player_id, column, box, entry)

    def undo_last(self, *, seen_version=None, request_key="", by=None, reading=None):
        """Marks the last active entry undone (kept in the log); returns it or None.

        A repeated request (same `request_key`) returns the entry it already undid
        instead of undoing one more. `reading`: what `read(undo_key=…)` found.
        """
        return self.undo_move(
            seen_version=seen_version, request_key=request_key, by=by, reading=reading
        )[0]

    def undo_move(self, *, seen_version=None, request_key="", by=None, reading=None):
        """`undo_last`, returning (Entry or None, GameState after the undo)."""
        if reading is not None and reading.undo_key != request_key:
            reading = None
        with transaction.atomic():
            game = self._locked()
            if reading is None or reading.version != game.version:
                reading = self.read(undo_key=request_key)
            if reading.done is not None:
                return reading.done, reading.state
            self._check_writer(game, by)
            if is_stale(seen_version, game.version):
                raise StaleVersion()
            last = reading.state.last_entry()
            if last is None:
                return None, reading.state
            now = timezone.now()
            Entry.objects.filter(pk=last.pk, undone_at__isnull=True).update(
                undone_at=now, undo_key=request_key
            )
            was_finished = game.finished_at is not None
            game._bump(now, finished_at=None)
            self._follow(game)
            self.finished_at = None
            if was_finished:
                signals.result_reopened.send(sender=Game, game=self)
            last.undone_at = now
            last.undo_key = request_key
        # Replayed after the commit: these sheets are only shown.
        sheets = reading.state.sheets
        kept = [e for sheet in sheets for e in sheet.entries if e.pk != last.pk]
        players = [sheet.player for sheet in sheets]
        return last, GameState.build(self, players, sorted(kept, key=lambda e: e.seq))

    def rename(self, player_id, new_name):
        name = clean_name(new_name)
        with transaction.atomic():
            game = self._locked()
            player = game.players.filter(pk=player_id).first()
            if player is None:
                raise ScoreRefused(
                    _("Ce joueur ne joue pas dans cette partie."), "player"
                )
            others = game.players.exclude(pk=player.pk)
            if any(name_key(p.name) == name_key(name) for p in others):
                raise ValidationError(
                    _("Deux joueurs s'appellent « %(name)s ».") % {"name": name}
                )
            try:
                with transaction.atomic():
                    Player.objects.filter(pk=player.pk).update(name=name)
            except IntegrityError as exc:  # the database's own case rules
                raise ValidationError(
                    _("Deux joueurs s'appellent « %(name)s ».") % {"name": name}
                ) from exc
            game._bump(timezone.now())
            self._follow(game)
            if game.finished_at is not None:
                signals.player_renamed.send(
                    sender=Game, game=self, old_name=player.name, new_name=name
                )
        return name

    def pass_pencil(self, host_token, label=""):
        """Hands out a new pencil link, revoking any previous one; returns it.

        `label` (who holds it) is a first name like any other: ValidationError for
        one `clean_name` refuses.
        """
        label = str(label or "").strip()
        if label:
            label = clean_name(label)
        with transaction.atomic():
            game = self._locked()
            generation = game.pencil_generation + 1
            token = self.pencil_token(host_token, generation)
            pencil = tokens.hashed(token)
            Game.objects.filter(pk=game.pk).update(
                pencil_prefix=pencil.prefix,
                pencil_digest=pencil.digest,
                pencil_label=label,
                pencil_generation=generation,
            )
            game._bump(timezone.now())
        self.refresh_from_db()
        return token

    def take_back_pencil(self):
        """Revokes the pencil link at once; returns False if it was not out."""
        with transaction.atomic():
            game = self._locked()
            if not game.pencil_out:
                self.refresh_from_db()
                return False
            Game.objects.filter(pk=game.pk).update(
                pencil_prefix="", pencil_digest="", pencil_label=""
            )
            game._bump(timezone.now())
        self.refresh_from_db()
        return True

    def current_pencil_token(self, host_token):
        """The pencil link as the host page shows it again, or None if not out."""
        if not self.pencil_out:
            return None
        token = self.pencil_token(host_token, self.pencil_generation)
        return token if tokens.matches(token, self.pencil_digest) else None

    @staticmethod
    def pencil_token(host_token, generation):
        return tokens.derive(host_token, f"pencil:{generation}")

    def _check_writer(self, locked, by):
        """One writer at a time, checked under the lock: the host does not score
        while the pencil is out, and a pencil link counts only while it is the
        current one (`self` was found by that link, `locked` is the row now)."""
        if by == "host" and locked.pencil_out:
            raise PencilOut(locked.pencil_label)
        if by == "pencil" and (
            not locked.pencil_out or locked.pencil_digest != self.pencil_digest
        ):
            raise PencilTakenBack()

    def _locked(self):
        # On PostgreSQL the row lock serialises writers of one game; SQLite's
        # IMMEDIATE transactions already serialise every writer (and Django's
        # select_for_update() leaves FOR UPDATE out there too).
        sql = _sql("game")
        if connection.features.has_select_for_update:
            sql += " FOR UPDATE"
        found = _rows(Game, sql, [self.pk])
        if not found:
            raise Game.DoesNotExist("Game matching query does not exist.")
        return found[0]

    def _bump(self, now, **changes):
        """Moves the version on (with `changes` to the game, in the same UPDATE)."""
        # Written as SQL for the reason given above `_statements`; the values are
        # prepared by their fields, as the ORM's UPDATE would.
        q = connection.ops.quote_name
        sets, params = [f"{q('version')} = {q('version')} + 1"], []
        for name, value in {"last_activity_at": now, **changes}.items():
            field = Game._meta.get_field(name)
            sets.append(f"{q(field.column)} = %s")
            params.append(field.get_db_prep_save(value, connection))
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {q(Game._meta.db_table)} SET {', '.join(sets)} "
                f"WHERE {q('id')} = %s AND {q('version')} = %s",
                [*params, self.pk, self.version],
            )
            updated = cursor.rowcount
        if updated != 1:
            raise StaleVersion()
        self.version += 1
        self.last_activity_at = now
        live.announce(self.pk, self.version)

    def _follow(self, locked):
        """Takes the version the locked copy of this game just wrote."""
        self.version = locked.version
        self.last_activity_at = locked.last_activity_at


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


# --- reading rows without building queries ------------------------------------------
#
# Every page reads a game's players and entries, and every write reads them once
# more: building those two queries through the ORM, and the instances from their
# rows, cost ten times what the queries themselves do when many hosts write at
# once. So these are written once, as SQL, and their rows are
# converted by the very converters the ORM would apply (the backend's and the
# fields'), into instances like those the ORM makes.


@functools.cache
def _statements(vendor):
    """The SQL of the game's reads, by name (`vendor` keys the quoting)."""
    # Read from the relation: games never imports bands.
    Band = Game._meta.get_field("band").related_model
    q = connection.ops.quote_name
    game, player, entry = (q(m._meta.db_table) for m in (Game, Player, Entry))

    def columns(model):
        table = q(model._meta.db_table)
        return ", ".join(f"{table}.{q(f.column)}" for f in model._meta.concrete_fields)

    players = f"SELECT {columns(Player)} FROM {player} WHERE {player}.game_id = %s"
    entries = (
        f"SELECT {columns(Entry)} FROM {entry} WHERE {entry}.game_id = %s AND "
        f"({entry}.undone_at IS NULL{{or_key}}) ORDER BY {entry}.seq"
    )
    band = q(Band._meta.db_table)
    return {
        "game": f"SELECT {columns(Game)} FROM {game} WHERE {game}.id = %s",
        # `column` is filled in by `GamesWithBand._games`.
        "games_with_band": (
            f"SELECT {columns(Game)}, {columns(Band)} FROM {game} "
            f"INNER JOIN {band} ON {band}.id = {game}.band_id "
            f"WHERE {game}.{{column}} = %s ORDER BY {game}.id"
        ),
        "players": f"{players} ORDER BY {player}.seat",
        # The version and the last sequence number (undone entries included) in
        # the same statement as the players: see `Game.read`.
        "players_read": (
            f"SELECT {columns(Player)}, {game}.version, "
            f"(SELECT MAX(seq) FROM {entry} WHERE {entry}.game_id = {game}.id) "
            f"FROM {player} INNER JOIN {game} ON {game}.id = {player}.game_id "
            f"WHERE {player}.game_id = %s ORDER BY {player}.seat"
        ),
        "entries": entries.format(or_key=""),
        "entries_or_request_key": entries.format(
            or_key=f" OR {entry}.request_key = %s"
        ),
        "entries_or_undo_key": entries.format(or_key=f" OR {entry}.undo_key = %s"),
    }


def _sql(name):
    return _statements(connection.vendor)[name]


def _rows(model, sql, params, game=None, extra=None):
    """Instances of `model` (a child of `game`, if given) from `sql`, which selects
    its concrete columns in order; any further columns go to `extra`, a tuple a row."""
    build = _builder(model)
    count = len(model._meta.concrete_fields)
    made = []
    for row in _fetch(sql, params):
        instance = build(row[:count])
        if game is not None:
            # As the related manager does: `instance.game` is this game, no query.
            instance._state.fields_cache["game"] = game
        made.append(instance)
        if extra is not None:
            extra.append(tuple(row[count:]))
    return made


def _fetch(sql, params):
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _builder(model):
    """A function making the instance of `model` whose concrete columns hold
    `values` (in order), as the ORM makes it from a row."""
    fields = model._meta.concrete_fields
    converters = []
    for index, field in enumerate(fields):
        column = field.get_col(model._meta.db_table)
        found = connection.ops.get_db_converters(column)
        found += column.get_db_converters(connection)
        if found:
            converters.append((index, found, column))
    names = [field.attname for field in fields]
    alias = connection.alias
    # `Model.from_db` runs __init__, which only sends pre_init and post_init on
    # top of setting the attributes: with no receiver, the attributes are set here.
    plain = not (pre_init.has_listeners(model) or post_init.has_listeners(model))

    def build(values):
        values = list(values)
        for index, found, column in converters:
            value = values[index]
            for convert in found:
                value = convert(value, column, connection)
            values[index] = value
        if not plain:
            return model.from_db(alias, None, values)
        instance = model.__new__(model)
        instance.__dict__.update(zip(names, values, strict=True))
        instance._state = ModelState()
        instance._state.adding = False
        instance._state.db = alias
        return instance

    return build


def _insert(instance):
    """`instance.save(force_insert=True)`, for a model no signal receiver watches,
    with the SQL written once (see above `_statements`)."""
    model = type(instance)
    if not connection.features.can_return_columns_from_insert or any(
        signal.has_listeners(model) for signal in (pre_save, post_save)
    ):
        instance.save(force_insert=True)
        return
    q = connection.ops.quote_name
    meta = model._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    values = [
        field.get_db_prep_save(field.pre_save(instance, True), connection)
        for field in fields
    ]
    sql = (
        f"INSERT INTO {q(meta.db_table)} ({', '.join(q(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING {q(meta.pk.column)}"
    )
    (pk,) = _fetch(sql, values)[0]
    instance.pk = pk
    instance._state.adding = False
    instance._state.db = connection.alias


class GamesWithBand(TokenLookups):
    """`Game.objects.select_related("band")` as every request of a game link uses
    it (`get_game_or_404`): the same token lookups, read with fixed SQL."""

    def _candidates(self, column, value):
        Band = Game._meta.get_field("band").related_model
        sql = _sql("games_with_band").format(column=connection.ops.quote_name(column))
        build_game, build_band = _builder(Game), _builder(Band)
        count = len(Game._meta.concrete_fields)
        games = []
        for row in _fetch(sql, [value]):
            game = build_game(row[:count])
            game._state.fields_cache["band"] = build_band(row[count:])
            games.append(game)
        return games


@dataclass
class Reading:
    """A game as a write request read it before the lock (see `Game.read`)."""

    state: object  # GameState
    version: int | None
    last_seq: int
    request_key: str
    undo_key: str
    done: Entry | None


@dataclass
class PlayerSheet:
    player: Player
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
    game: Game
    sheets: list  # [PlayerSheet] in seating order
    current: PlayerSheet | None
    finished: bool

    @classmethod
    def build(cls, game, players, entries):
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
        return cls._of(game, sheets)

    @classmethod
    def _of(cls, game, sheets):
        playing = [s for s in sheets if not s.sheet.complete]
        # Whoever has played fewest turns plays next; seating order breaks ties.
        current = (
            min(playing, key=lambda s: (s.turns, s.player.seat)) if playing else None
        )
        return cls(game=game, sheets=sheets, current=current, finished=not playing)

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
        return GameState._of(self.game, sheets)

    def check_move(self, player_id, column, box, entry):
        """(PlayerSheet, Scored, sheet after) for a move the game accepts now, or
        ScoreRefused saying why not."""
        if self.finished:
            raise ScoreRefused(_("La partie est terminée."), "finished")
        sheet = self.sheet_of(player_id)
        if sheet is None:
            raise ScoreRefused(_("Ce joueur ne joue pas dans cette partie."), "player")
        if self.current is not None and sheet.player.pk != self.current.player.pk:
            raise ScoreRefused(
                _("C'est au tour de %(name)s.") % {"name": self.current.player.name},
                "turn",
            )
        try:
            scored = sheet.sheet.check(column, box, entry)
            after = sheet.sheet.apply(column, box, entry)
        except rules.InvalidEntry as exc:
            raise ScoreRefused(tr(exc.message), "invalid") from exc
        return sheet, scored, after

    def open_box(self, player_id, column, box):
        """(PlayerSheet, EntrySpec, Box) for the dialog of a box that can be written
        now, or ScoreRefused."""
        if self.finished:
            raise ScoreRefused(_("La partie est terminée."), "finished")
        sheet = self.sheet_of(player_id)
        if sheet is None:
            raise ScoreRefused(_("Ce joueur ne joue pas dans cette partie."), "player")
        variant = self.game.variant
        if column not in variant.columns or box not in variant.box_keys:
            raise ScoreRefused(_("Cette case n'existe pas dans cette partie."), "box")
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
        return sheet, sheet.sheet.entry_spec(column, box), variant.box(box)

    def last_entry(self):
        """The active entry an undo would remove, or None."""
        last = None
        for sheet in self.sheets:
            for entry in sheet.entries:
                if last is None or entry.seq > last.seq:
                    last = entry
        return last

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
