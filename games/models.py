"""Games, their players and the entries the host records, box by box.

The rules engine (`games.rules`) knows what a box is worth; these models store what
the host entered, in order, and replay it through the engine to get every total.
"""

import contextlib
import datetime
from dataclasses import dataclass
from functools import cached_property

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import F, OuterRef, Q, Subquery
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import rules, tokens
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


class GameQuerySet(models.QuerySet):
    def expired(self, now=None):
        now = now or timezone.now()
        cutoff = now - datetime.timedelta(days=settings.GAME_RETENTION_DAYS)
        return self.filter(last_activity_at__lt=cutoff)

    def purge_expired(self, now=None):
        """Deletes expired games with everything they hold; returns the count."""
        from games.retention import purge_games

        return purge_games(now)

    def by_host_token(self, token):
        return self._by_token("host", token)

    def by_pencil_token(self, token):
        return self._by_token("pencil", token)

    def by_watch_token(self, token):
        if not tokens.is_well_formed(token):
            return None
        return self.filter(watch_token=token).first()

    def _by_token(self, kind, token):
        if not tokens.is_well_formed(token):
            return None
        prefix = token[: tokens.PREFIX_LENGTH]
        for game in self.filter(**{f"{kind}_prefix": prefix}):
            if tokens.matches(token, getattr(game, f"{kind}_digest")):
                return game
        return None


class GameManager(models.Manager.from_queryset(GameQuerySet)):
    def create_game(self, names, preset="classic", options=None, band=None):
        """Creates a game and its players; returns (game, host_token).

        The host token is shown once, in the redirect to the host page: only its
        hash is kept.
        """
        from bands.models import Band

        variant = rules.build_variant(preset, options or {})
        cleaned = Game.clean_names(names, variant)
        host_token = tokens.new_token()
        host = tokens.hashed(host_token)
        with transaction.atomic():
            if band is None:
                band = Band.objects.create_for(cleaned)
            game = self.create(
                band=band,
                preset=variant.key,
                options=variant.options,
                host_prefix=host.prefix,
                host_digest=host.digest,
                watch_token=tokens.new_token(),
            )
            Player.objects.bulk_create(
                Player(game=game, seat=seat, name=name)
                for seat, name in enumerate(cleaned)
            )
            band.touch()
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
        players = list(self.players.all())
        entries = list(self.entries.filter(undone_at__isnull=True).order_by("seq"))
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
        last_seq = Entry.objects.filter(game=OuterRef("game")).order_by("-seq")
        players = list(
            self.players.annotate(
                game_version=F("game__version"),
                last_seq=Subquery(last_seq.values("seq")[:1]),
            )
        )
        key_field, key = (
            ("request_key", request_key) if request_key else ("undo_key", undo_key)
        )
        wanted = Q(undone_at__isnull=True)
        if key:
            # The entry of a retried request, undone or not, in the same query.
            wanted |= Q(**{key_field: key})
        entries = list(self.entries.filter(wanted).order_by("seq"))
        done = next((e for e in entries if key and getattr(e, key_field) == key), None)
        active = [e for e in entries if e.undone_at is None]
        return Reading(
            state=GameState.build(self, players, active),
            version=players[0].game_version if players else None,
            last_seq=(players[0].last_seq or 0) if players else 0,
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

    def record(
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
        """Records one box for one player and returns the Entry.

        A repeated request (same `request_key`) returns the entry it already made,
        so a double tap or a retry after a dropped connection never counts twice;
        if that entry has been undone since, `AlreadyUndone` (nothing recorded).
        `by` ("host" or "pencil") is who writes: one writer at a time (see
        `_check_writer`). `reading`: what `read(request_key=…)` found just before.
        """
        return self.record_move(
            player_id,
            column,
            box,
            entry,
            request_key=request_key,
            seen_version=seen_version,
            by=by,
            reading=reading,
        )[0]

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
                made.save(force_insert=True)
            except IntegrityError as exc:
                raise StaleVersion() from exc
            game._bump(now, **({"finished_at": now} if after.finished else {}))
            self._follow(game)
            if after.finished:
                self.finished_at = now
                self.band.record_result(self, after)
            return made, after

    def _plan(self, reading, player_id, column, box, entry, request_key):
        """(unsaved Entry, GameState after it) for a move checked on `reading`."""
        state = reading.state
        sheet, scored, _after = state.check_move(player_id, column, box, entry)
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
        return made, state.with_entry(made)

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
                self.band.forget_result(self)
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
                self.band.rename_in_result(self, player.name, name)
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
        # IMMEDIATE transactions already serialise every writer.
        return Game.objects.select_for_update().get(pk=self.pk)

    def _bump(self, now, **changes):
        """Moves the version on (with `changes` to the game, in the same UPDATE)."""
        updated = Game.objects.filter(pk=self.pk, version=self.version).update(
            version=F("version") + 1, last_activity_at=now, **changes
        )
        if updated != 1:
            raise StaleVersion()
        self.version += 1
        self.last_activity_at = now

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
        playing = [s for s in sheets if not s.sheet.complete]
        # Whoever has played fewest turns plays next; seating order breaks ties.
        current = (
            min(playing, key=lambda s: (s.turns, s.player.seat)) if playing else None
        )
        return cls(game=game, sheets=sheets, current=current, finished=not playing)

    def with_entry(self, entry):
        """The state once `entry` (just recorded) is on the sheet."""
        players = [sheet.player for sheet in self.sheets]
        entries = sorted(
            [e for sheet in self.sheets for e in sheet.entries] + [entry],
            key=lambda e: e.seq,
        )
        return GameState.build(self.game, players, entries)

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

    @property
    def calculation(self):
        return tr(self.scored.calculation)

    @property
    def column_after(self):
        return self.after[self.column]
