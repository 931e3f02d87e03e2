"""Bands: a group of friends who play together, and the history of their games.

A finished game leaves its result in the band's own history rows (BandGame and
BandScore), so the history and the stats stay true after the game itself is purged.
A person is the same across games by name, accent- and case-insensitively; the host
can merge two spellings (BandAlias), which also merges later games typed the old way.

A game tells its band what happened by calling the band's verbs (`record_result`,
`forget_result`, …) in its own transaction, with plain data: this app imports
nothing from `games`.
"""

import datetime
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from bands import faces, stats
from bands.faces import Face
from bands.stats import BandStats, DetailColumn, Evening, GameRow, ResultKind
from scorekeeper.lib import csvfile, tokens
from scorekeeper.lib.names import (
    MAX_NAME_LENGTH,
    accentless_key,
    clean_band_name,
    name_key,
)
from scorekeeper.lib.purge import Expiring, purge_expired
from scorekeeper.lib.writes import write_transaction

MAX_BAND_NAME_LENGTH = 80


def retention() -> datetime.timedelta:
    return datetime.timedelta(days=settings.BAND_RETENTION_DAYS)


@dataclass(frozen=True)
class FinalScore:
    """One player's result, as a finished game tells its band."""

    name: str
    seat: int
    score: int
    rank: int  # 1 for the winners; equal scores share a rank
    # Yams made in the game; None when the game does not tell (a kind of game
    # without Yams).
    yams: int | None = None
    # What players of the game's kind care about besides the score, by the
    # detail keys its `ResultKind.columns` name; None when it counts nothing.
    details: Mapping[str, int] | None = None


class BandQuerySet(models.QuerySet["Band"]):
    def expired(self, now: datetime.datetime | None = None) -> "BandQuerySet":
        """Bands whose last game is older than the retention period and which hold
        no game any more (a game still alive keeps its band, so the purge of a band
        never takes a live game with it)."""
        now = now or timezone.now()
        # Through the games' reverse relation: an exclude across it is a
        # subquery, not a join, so the purge can lock the rows it selects.
        return self.filter(last_game_at__lt=now - retention()).exclude(
            games__isnull=False
        )

    def purge_expired(self, now: datetime.datetime | None = None) -> int:
        """Deletes expired bands with their history, in batches; returns the count.

        A band still holding a game is kept: the games purge runs first
        (`games.tasks.purge_expired`), so a band goes with its last game."""
        return purge_expired(cast(Expiring, self), now)

    def by_token(self, token: str) -> "Band | None":
        if not tokens.is_well_formed(token):
            return None
        return self.filter(token=token).first()


# A name of its own: the type checker's Django plugin reads the manager made here.
BandManagerBase = models.Manager.from_queryset(BandQuerySet)


class BandManager(BandManagerBase["Band"]):
    def create_for(self, names: Sequence[str]) -> "Band":
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
    # One more each time someone's face may show differently (a colour or mark
    # changed, a newcomer, a merge, a rename): read with every game of the band,
    # it tells a game's kept faces from stale ones without asking the people.
    # A default in the database too: a server still running the code before it
    # creates bands during a deploy.
    faces_version = models.PositiveIntegerField(default=0, db_default=0)

    objects = BandManager()

    def __str__(self) -> str:
        return self.name

    @property
    def expires_at(self) -> datetime.datetime:
        return self.last_game_at + retention()

    def touch(self, now: datetime.datetime | None = None) -> None:
        """A game of the band: its retention period starts again."""
        now = now or timezone.now()
        Band.objects.filter(pk=self.pk).update(last_game_at=now)
        self.last_game_at = now

    # --- what a game tells its band (called by games.models, in its transaction)

    def record_result(
        self,
        game_id: int,
        played_at: datetime.datetime,
        kind: ResultKind,
        label: str,
        scores: Iterable[FinalScore],
        lower_wins: bool = False,
        started_at: datetime.datetime | None = None,
    ) -> None:
        """Keeps a finished game's result in the band's history: `kind` is its
        kind in the words the game hands over (kept with the result: the band
        knows no kind, and shows each in the words of its latest game), `label`
        the variant's French label ("" for a kind without variants; both are
        translatable source strings), `scores` one per player with their
        details, `lower_wins` whether the lowest total won: the band's records
        then keep the lowest score as the best; `started_at` when the game
        began (None: unknown), which tells the games of one evening."""
        ranked = sorted(scores, key=lambda s: (s.rank, s.seat))
        keys = person_keys([s.name for s in ranked])
        with write_transaction():
            # A game reopened by an undo and finished again replaces its result.
            BandGame.objects.filter(band=self, game_id=game_id).delete()
            band_game = BandGame.objects.create(
                band=self,
                game_id=game_id,
                played_at=played_at,
                started_at=started_at,
                kind=kind.key,
                kind_name=kind.name,
                either_way=kind.either_way,
                counts_yams=kind.counts_yams,
                columns=[column.as_json() for column in kind.columns],
                note=kind.note,
                lower_wins=lower_wins,
                label=label,
            )
            BandScore.objects.bulk_create(
                BandScore(
                    band_game=band_game,
                    name=s.name,
                    name_key=key,
                    seat=s.seat,
                    score=s.score,
                    rank=s.rank,
                    won=s.rank == 1,
                    yams=s.yams,
                    details=dict(s.details) if s.details is not None else None,
                )
                for s, key in zip(ranked, keys, strict=True)
            )
            self.touch(played_at)

    def forget_result(self, game_id: int) -> None:
        """An undo reopened a finished game: its result leaves the history."""
        BandGame.objects.filter(band=self, game_id=game_id).delete()

    def date_imported_result(
        self,
        game_id: int,
        played_at: datetime.datetime,
        started_at: datetime.datetime | None = None,
    ) -> None:
        """A finished game imported from a file: its result is dated `played_at`,
        as the file says, and began at `started_at` (None: unknown, rather than
        the moment of the import). The history outlives the purge, so it usually
        remembers the game a file brings back (or an earlier import of the same
        file): the import takes that place in the history instead of counting the
        game, its winner and its scores twice. The same game is the same end time, kind,
        variant, seats, names and scores."""

        def scores(band_game: BandGame) -> list[tuple[int, str, int]]:
            return sorted(band_game.scores.values_list("seat", "name", "score"))

        with write_transaction():
            BandGame.objects.filter(band=self, game_id=game_id).update(
                played_at=played_at, started_at=started_at
            )
            mine = BandGame.objects.get(band=self, game_id=game_id)
            same = scores(mine)
            earlier = BandGame.objects.filter(
                band=self, played_at=mine.played_at, kind=mine.kind, label=mine.label
            ).exclude(pk=mine.pk)
            for other in earlier:
                if scores(other) == same:
                    other.delete()

    def rename_in_result(self, game_id: int, old_name: str, new_name: str) -> None:
        """A name corrected after the end is corrected in the history too."""
        with write_transaction():
            scores = list(
                BandScore.objects.filter(
                    band_game__band=self, band_game__game_id=game_id
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

    def rename(self, new_name: str) -> str:
        # Cleaned like a player's name, whatever the length of the input.
        name = clean_band_name(new_name, MAX_BAND_NAME_LENGTH)
        Band.objects.filter(pk=self.pk).update(name=name)
        self.name = name
        return name

    def merge(self, source_key: str, target_key: str) -> dict[str, str]:
        """One person typed two ways: `source_key` becomes `target_key` in the
        history and stats, now and for later games typed the old way."""
        with write_transaction():
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
            # One person, one face: the target's, or the source's if only it
            # had one.
            if self.people.filter(key=target).exists():
                self.people.filter(key=source).delete()
            else:
                self.people.filter(key=source).update(key=target)
            self._faces_changed()
        return new_aliases

    # --- faces: each person's colour and mark ---------------------------------

    def person_keys_of(self, names: Sequence[str]) -> list[str]:
        """Who each name of one game is in the band, after the host's merges."""
        aliases = self.alias_map()
        return [stats.resolve(key, aliases) for key in person_keys(names)]

    def meet(self, names: Sequence[str]) -> None:
        """A game of the band starts with `names`: a newcomer gets the first
        colour nobody of the band wears yet; everyone else keeps theirs."""
        with write_transaction():
            # Serialises two games started at once (a row lock on PostgreSQL).
            Band.objects.select_for_update().filter(pk=self.pk).first()
            known = set(self.people.values_list("key", flat=True))
            used = list(self.people.values_list("colour", flat=True))
            newcomers = 0
            for name, key in zip(names, self.person_keys_of(names), strict=True):
                if key in known:
                    continue
                colour = faces.next_colour(used)
                Person.objects.create(band=self, name=name, key=key, colour=colour)
                known.add(key)
                used.append(colour)
                newcomers += 1
            if newcomers:
                self._faces_changed()

    def faces(self, names: Sequence[str]) -> dict[str, Face]:
        """Each name's face, for the names the band knows. The sheet is drawn on
        every write: one plain query when every name is someone's own, as they
        are but after a merge; a name the host merged into someone else's is
        followed through the band's aliases in two more."""
        keys = person_keys(names)
        fields = ("key", "colour", "mark")
        found = {
            key: (colour, mark)
            for key, colour, mark in self.people.filter(key__in=keys).values_list(
                *fields
            )
        }
        missing = [key for key in keys if key not in found]
        if missing:
            merged = dict(
                self.aliases.filter(source_key__in=missing).values_list(
                    "source_key", "target_key"
                )
            )
            if merged:
                targets = self.people.filter(key__in=set(merged.values()))
                into = {
                    key: (colour, mark)
                    for key, colour, mark in targets.values_list(*fields)
                }
                for source, target in merged.items():
                    if target in into:
                        found[source] = into[target]
        return {
            name: Face(name=name, colour=found[key][0], mark=found[key][1])
            for name, key in zip(names, keys, strict=True)
            if key in found
        }

    def person_renamed(self, old_name: str, new_name: str) -> None:
        """A player renamed in a game: the person keeps their face under the
        new name, unless that name is already someone of the band."""
        old_key, new_key = self.person_keys_of([old_name, new_name])
        if old_key == new_key or self.people.filter(key=new_key).exists():
            return
        if self.people.filter(key=old_key).update(name=new_name, key=new_key):
            self._faces_changed()

    def change_face(self, person_id: object, colour: object, mark: object) -> "Person":
        """The host gives a person another colour or mark. ValidationError (and
        nothing changed) for an unknown person, colour or a bad mark."""
        try:
            person = self.people.get(pk=int(str(person_id)))
        except (ValueError, Person.DoesNotExist):
            raise ValidationError(_("Choisissez un joueur de la bande.")) from None
        person.colour = faces.clean_colour(colour)
        person.mark = faces.clean_mark(mark)
        person.full_clean()
        with write_transaction():
            person.save(update_fields=["colour", "mark"])
            self._faces_changed()
        return person

    def _faces_changed(self) -> None:
        """Someone's face may show differently from now on: in the transaction
        that changed it, after the change, so that a game read with the new
        `faces_version` never finds the faces from before."""
        Band.objects.filter(pk=self.pk).update(
            faces_version=models.F("faces_version") + 1
        )
        self.refresh_from_db(fields=["faces_version"])

    # --- reading -------------------------------------------------------------

    def alias_map(self) -> dict[str, str]:
        return dict(self.aliases.values_list("source_key", "target_key"))

    def history_rows(self) -> list[GameRow]:
        """The band's games as plain rows for `bands.stats`: two queries."""
        games = {
            g.pk: g for g in BandGame.objects.filter(band=self).order_by("played_at")
        }
        scores: dict[int, list[stats.ScoreRow]] = {pk: [] for pk in games}
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
                    yams=score.yams,
                    details=score.details,
                )
            )
        return [
            stats.GameRow(
                game_id=g.game_id,
                played_at=g.played_at,
                started_at=g.started_at,
                kind=g.result_kind,
                label=g.label,
                scores=tuple(scores[pk]),
                lower_wins=g.lower_wins,
            )
            for pk, g in games.items()
        ]

    def stats(self, pair: tuple[str, str] | None = None) -> BandStats:
        """History, statistics per person and records, with the head-to-head of
        `pair` (two person keys) when they make one: three queries, whatever the
        size."""
        return stats.compute(self.history_rows(), self.alias_map(), pair)

    def tonight(
        self, band_stats: BandStats | None = None, now: datetime.datetime | None = None
    ) -> Evening | None:
        """The band's evening still going (its games and ranking), from its stats
        when the caller has them; None when no game of the band ended in the last
        hours of `stats.EVENING_GAP`."""
        band_stats = band_stats or self.stats()
        names = {person.key: person.name for person in band_stats.people}
        return stats.tonight(band_stats.history, now or timezone.now(), names)

    def evening_filename(self, evening: Evening) -> str:
        """soiree-sarah-hugo-2025-03-14.png (the day the evening began)."""
        day = timezone.localtime(evening.began).date().isoformat()
        name = slugify(self.name)[:40].strip("-")
        return "-".join(part for part in ("soiree", name, day) if part) + ".png"

    def history_csv(self, rows: Sequence[GameRow] | None = None) -> str:
        """One line per player per finished game of the band, oldest game first."""
        rows = rows if rows is not None else self.history_rows()
        header = [
            _("date"),
            _("partie"),
            _("jeu"),
            _("variante"),
            _("place"),
            _("joueur"),
            _("score"),
            _("gagnant"),
        ]

        def lines() -> Iterator[list[object]]:
            for number, game in enumerate(rows, start=1):
                # A kind without variants: the way it was won, where that is
                # the game's choice.
                label = _(game.label) if game.label else ""
                if not label and game.lower_wins and game.kind.either_way:
                    label = _("le plus bas total gagne")
                kind = _(game.kind.name) if game.kind.name else game.kind.key
                for score in sorted(game.scores, key=lambda s: (s.rank, s.seat)):
                    yield [
                        csvfile.local_time(game.played_at),
                        number,
                        kind,
                        label,
                        score.rank,
                        score.name,
                        score.score,
                        _("oui") if score.won else "",
                    ]

        return csvfile.csv_text(header, lines())

    def csv_filename(self) -> str:
        """yams-bande-sarah-hugo-2025-03-14.csv (the day of the export)."""
        day = timezone.localdate().isoformat()
        name = slugify(self.name)[:40].strip("-")
        return "-".join(part for part in ("yams-bande", name, day) if part) + ".csv"


def person_keys(names: Sequence[str]) -> list[str]:
    return stats.band_keys(names, accentless_key, name_key)


class BandGame(models.Model):
    """A finished game as the band remembers it."""

    band = models.ForeignKey(Band, on_delete=models.CASCADE, related_name="results")
    # A plain integer, not a foreign key: the result outlives the purged game.
    game_id = models.BigIntegerField()
    played_at = models.DateTimeField()  # when it ended
    # When it began, as its game told it; null for results kept before the band
    # asked, and for imported games: the evening then goes by `played_at`.
    started_at = models.DateTimeField(null=True, blank=True)
    # The kind of game, as its game told it (`ResultKind`): its key, the records
    # group by (scores of two kinds do not compare), and the words to show it,
    # kept with each result since the band knows no kind by itself.
    kind = models.CharField(max_length=20)
    kind_name = models.CharField(max_length=80)
    either_way = models.BooleanField(default=False)
    counts_yams = models.BooleanField(default=False)
    columns = models.JSONField(default=list)  # `DetailColumn.as_json` each
    note = models.TextField(blank=True)
    # The lowest total won (by the kind's rules or the game's choice): its best
    # score is the lowest, and it compares only with games won the same way.
    lower_wins = models.BooleanField(default=False)
    # The variant's French label (a translatable source string); empty for a
    # kind without variants.
    label = models.CharField(max_length=80, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["band", "game_id"], name="band_game_once"),
        ]
        indexes = [models.Index(fields=["band", "played_at"])]

    def __str__(self) -> str:
        return f"Band {self.band_id} game {self.game_id}"

    @property
    def result_kind(self) -> ResultKind:
        return ResultKind(
            key=self.kind,
            name=self.kind_name,
            either_way=self.either_way,
            counts_yams=self.counts_yams,
            columns=tuple(DetailColumn.from_json(c) for c in self.columns),
            note=self.note,
        )


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
    # Yams made in that game. Null for results recorded before the band counted
    # them: 0 would claim the player made none.
    yams = models.PositiveSmallIntegerField(null=True, blank=True)
    # What the player did that their kind of game cares about, as the game's
    # engine counted it ({"taken": 3, "made": 2}), by the keys of the game's
    # `columns`; null when it counts nothing, and for results recorded before
    # it was kept.
    details = models.JSONField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["band_game", "seat"], name="band_score_unique_seat"
            ),
        ]

    def __str__(self) -> str:
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

    def __str__(self) -> str:
        return f"{self.source_key} → {self.target_key}"


class Person(models.Model):
    """Someone of the band, with the face they keep from one game to the next.
    `key` is who they are across the band's games (as `BandScore.name_key`,
    after the host's merges); `name` the spelling they were last seen with."""

    band = models.ForeignKey(Band, on_delete=models.CASCADE, related_name="people")
    name = models.CharField(max_length=MAX_NAME_LENGTH)
    key = models.TextField()
    colour = models.PositiveSmallIntegerField()  # an index into faces.PALETTE
    mark = models.CharField(max_length=faces.MAX_MARK_LENGTH, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["band", "key"], name="band_person_unique_key"
            ),
            models.CheckConstraint(
                condition=models.Q(colour__lt=len(faces.PALETTE)),
                name="band_person_colour_in_palette",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.colour is not None:
            faces.clean_colour(self.colour)
        self.mark = faces.clean_mark(self.mark)

    @property
    def face(self) -> Face:
        return Face(name=self.name, colour=self.colour, mark=self.mark)
