"""Bands: a group of friends who play together, and the history of their games.

A finished game leaves its result in the band's own history rows (BandGame and
BandScore), so the history and the stats stay true after the game itself is purged.
A person is the same across games by name, accent- and case-insensitively; the host
can merge two spellings (BandAlias), which also merges later games typed the old way.
"""

import datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from bands import stats
from bands.stats import GameRow
from games.models import Game
from scorekeeper.lib import tokens
from scorekeeper.lib.names import (
    MAX_NAME_LENGTH,
    accentless_key,
    clean_band_name,
    name_key,
)
from scorekeeper.lib.purge import purge_expired
from scorekeeper.lib.spreadsheets import csv_text, local_time

MAX_BAND_NAME_LENGTH = 80


def retention():
    return datetime.timedelta(days=settings.BAND_RETENTION_DAYS)


class BandQuerySet(models.QuerySet):
    def expired(self, now=None):
        """Bands whose last game is older than the retention period and which hold
        no game any more (a game still alive keeps its band, so the purge of a band
        never takes a live game with it)."""
        now = now or timezone.now()
        return self.filter(last_game_at__lt=now - retention()).exclude(
            Exists(Game.objects.filter(band=OuterRef("pk")))
        )

    def purge_expired(self, now=None):
        """Deletes expired bands with their history, in batches; returns the count.

        A band holding a game is kept, so its expired games go first."""
        now = now or timezone.now()
        Game.objects.purge_expired(now)
        return purge_expired(self, now)

    def by_token(self, token):
        if not tokens.is_well_formed(token):
            return None
        return self.filter(token=token).first()


class BandManager(models.Manager.from_queryset(BandQuerySet)):
    def create_for(self, names):
        """A new band for a first game, named after its players."""
        return self.create(
            name=", ".join(names)[:MAX_BAND_NAME_LENGTH], token=tokens.new_token()
        )


class Band(models.Model):
    name = models.CharField(max_length=MAX_BAND_NAME_LENGTH)
    # A band link is read-only (history and stats), shown on every page of its games.
    token = models.CharField(max_length=tokens.TOKEN_LENGTH, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    last_game_at = models.DateTimeField(default=timezone.now, db_index=True)

    objects = BandManager()

    def __str__(self):
        return self.name

    @property
    def expires_at(self):
        return self.last_game_at + retention()

    def touch(self, now=None):
        now = now or timezone.now()
        Band.objects.filter(pk=self.pk).update(last_game_at=now)
        self.last_game_at = now

    # --- what a game tells its band (bands/receivers.py) ---------------------

    def record_result(self, game, state):
        """Keeps a finished game's result in the band's history."""
        played_at = game.finished_at or timezone.now()
        ranking = state.ranking()
        names = [sheet.player.name for _rank, sheet in ranking]
        keys = person_keys(names)
        with transaction.atomic():
            # A game reopened by an undo and finished again replaces its result.
            BandGame.objects.filter(band=self, game_id=game.pk).delete()
            band_game = BandGame.objects.create(
                band=self,
                game_id=game.pk,
                played_at=played_at,
                preset=game.preset,
                label=str(game.variant.label),
            )
            BandScore.objects.bulk_create(
                BandScore(
                    band_game=band_game,
                    name=sheet.player.name,
                    name_key=key,
                    seat=sheet.player.seat,
                    score=sheet.total,
                    rank=rank,
                    won=rank == 1,
                )
                for (rank, sheet), key in zip(ranking, keys, strict=True)
            )
            self.touch(played_at)

    def forget_result(self, game):
        """An undo reopened a finished game: its result leaves the history."""
        BandGame.objects.filter(band=self, game_id=game.pk).delete()

    def date_imported_result(self, game):
        """A finished game imported from a file: its result is dated as the file
        says. The history outlives the purge, so it usually remembers the game a
        file brings back (or an earlier import of the same file): the import takes
        that place in the history instead of counting the game, its winner and its
        scores twice. The same game is the same end time, variant, seats, names
        and scores."""

        def scores(band_game):
            return sorted(band_game.scores.values_list("seat", "name", "score"))

        with transaction.atomic():
            BandGame.objects.filter(band=self, game_id=game.pk).update(
                played_at=game.finished_at
            )
            mine = BandGame.objects.get(band=self, game_id=game.pk)
            same = scores(mine)
            earlier = BandGame.objects.filter(
                band=self, played_at=mine.played_at, preset=mine.preset
            ).exclude(pk=mine.pk)
            for other in earlier:
                if scores(other) == same:
                    other.delete()

    def rename_in_result(self, game, old_name, new_name):
        """A name corrected after the end is corrected in the history too."""
        with transaction.atomic():
            scores = list(
                BandScore.objects.filter(
                    band_game__band=self, band_game__game_id=game.pk
                ).order_by("seat")
            )
            if not scores:
                return
            renamed = [new_name if s.name == old_name else s.name for s in scores]
            for score, name, key in zip(
                scores, renamed, person_keys(renamed), strict=True
            ):
                if (score.name, score.name_key) != (name, key):
                    score.name, score.name_key = name, key
                    score.save(update_fields=["name", "name_key"])

    # --- host actions --------------------------------------------------------

    def rename(self, new_name):
        # Cleaned like a player's name, whatever the length of the input.
        name = clean_band_name(new_name, MAX_BAND_NAME_LENGTH)
        Band.objects.filter(pk=self.pk).update(name=name)
        self.name = name
        return name

    def merge(self, source_key, target_key):
        """One person typed two ways: `source_key` becomes `target_key` in the
        history and stats, now and for later games typed the old way."""
        with transaction.atomic():
            # Serialises merges of one band (a row lock on PostgreSQL).
            Band.objects.select_for_update().filter(pk=self.pk).first()
            aliases = self.alias_map()
            games = self.history_rows()
            known = {
                stats.resolve(s.key, aliases) for game in games for s in game.scores
            }
            source = stats.resolve(source_key, aliases)
            target = stats.resolve(target_key, aliases)
            if source not in known or target not in known:
                raise ValidationError(_("Choisissez deux joueurs de la bande."))
            if source == target:
                raise ValidationError(_("Choisissez deux joueurs différents."))
            if stats.played_together(games, aliases, source, target):
                raise ValidationError(
                    _(
                        "Ces deux joueurs ont joué ensemble dans une même partie : "
                        "ce sont deux personnes."
                    )
                )
            new_aliases, source, target = stats.merge_aliases(aliases, source, target)
            BandAlias.objects.filter(band=self, target_key=source).update(
                target_key=target
            )
            BandAlias.objects.update_or_create(
                band=self, source_key=source, defaults={"target_key": target}
            )
        return new_aliases

    # --- reading -------------------------------------------------------------

    def alias_map(self):
        return dict(self.aliases.values_list("source_key", "target_key"))

    def history_rows(self):
        """The band's games as plain rows for `bands.stats`: two queries."""
        games = {
            g.pk: g for g in BandGame.objects.filter(band=self).order_by("played_at")
        }
        scores = {pk: [] for pk in games}
        for score in BandScore.objects.filter(band_game__band=self).order_by(
            "band_game_id", "seat"
        ):
            scores[score.band_game_id].append(
                stats.ScoreRow(
                    name=score.name,
                    key=score.name_key,
                    seat=score.seat,
                    score=score.score,
                    rank=score.rank,
                    won=score.won,
                )
            )
        return [
            stats.GameRow(
                game_id=g.game_id,
                played_at=g.played_at,
                preset=g.preset,
                label=g.label,
                scores=tuple(scores[pk]),
            )
            for pk, g in games.items()
        ]

    def stats(self):
        """History and statistics per person: three queries, whatever the size."""
        return stats.compute(self.history_rows(), self.alias_map())

    # --- its history as CSV ------------------------------------------------------

    def history_csv(self, rows: list[GameRow] | None = None) -> str:
        """One line per player per finished game of the band, oldest game first."""
        rows = rows if rows is not None else self.history_rows()
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
                        local_time(game.played_at),
                        number,
                        label,
                        score.rank,
                        score.name,
                        score.score,
                        _("oui") if score.won else "",
                    ]

        return csv_text(header, lines())

    def csv_filename(self) -> str:
        """yams-bande-sarah-hugo-2025-03-14.csv (the day of the export)."""
        day = timezone.localdate().isoformat()
        name = slugify(self.name)[:40].strip("-")
        return "-".join(part for part in ("yams-bande", name, day) if part) + ".csv"


def person_keys(names):
    return stats.band_keys(names, accentless_key, name_key)


class BandGame(models.Model):
    """A finished game as the band remembers it."""

    band = models.ForeignKey(Band, on_delete=models.CASCADE, related_name="results")
    # A plain integer, not a foreign key: the result outlives the purged game.
    game_id = models.BigIntegerField()
    played_at = models.DateTimeField()
    preset = models.CharField(max_length=20)
    # The variant's French label (a translatable source string).
    label = models.CharField(max_length=80)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["band", "game_id"], name="band_game_once"),
        ]
        indexes = [models.Index(fields=["band", "played_at"])]

    def __str__(self):
        return f"Band {self.band_id} game {self.game_id}"


class BandScore(models.Model):
    band_game = models.ForeignKey(
        BandGame, on_delete=models.CASCADE, related_name="scores"
    )
    name = models.CharField(max_length=MAX_NAME_LENGTH)
    # Who this is across the band's games: accent- and case-insensitive. A text
    # field: compatibility decomposition can make a key much longer than the name.
    name_key = models.TextField()
    seat = models.PositiveSmallIntegerField()
    score = models.IntegerField()
    rank = models.PositiveSmallIntegerField()
    won = models.BooleanField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["band_game", "seat"], name="band_score_unique_seat"
            ),
        ]

    def __str__(self):
        return f"{self.name} {self.score}"


class BandAlias(models.Model):
    """The host merged two spellings: `source_key` is the same person as
    `target_key` (kept flat: a target is never itself a source)."""

    band = models.ForeignKey(Band, on_delete=models.CASCADE, related_name="aliases")
    source_key = models.TextField()
    target_key = models.TextField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["band", "source_key"], name="band_alias_unique_source"
            ),
        ]

    def __str__(self):
        return f"{self.source_key} → {self.target_key}"
