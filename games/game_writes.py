"""A game's write verbs: record, undo, rename, pass and take back the pencil.

Each verb is one transaction that locks the game's row first (`select_for_update()`
on PostgreSQL; on SQLite every write transaction is IMMEDIATE, which serialises the
writers already) and makes every check once, under that lock, in this order:

1. the idempotency key: a retried request gets the answer of the first one;
2. the writer: the host while the pencil is out, or a pencil taken back, may not;
3. the version the form saw: a page out of date may not;
4. the move itself (game over, turn, box, what the dice allow): the rules
   engine's `GameState.check_move`.

Then it writes, moves the version on and announces it (games/fanout.py), all in the
same transaction. The sheets a write reads under its lock, and the ones it makes,
are kept per process by version (`STATES`, below): the next write of the
game replays nothing under its lock (SQLite has one write lock for the whole
database: what runs under it makes every other game's writer wait), and the
answer of this one shows the sheets it made without reading them back.
"""

import copy
import dataclasses

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from games import signals
from games.errors import (
    AlreadyUndone,
    PencilOut,
    PencilTakenBack,
    ScoreRefused,
    StaleVersion,
)
from games.kinds import yams
from games.latest import Latest
from games.live import fanout
from scorekeeper.lib import tokens
from scorekeeper.lib.names import clean_name, name_key


class GameWrites:
    """The write verbs of `games.models.Game`."""

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
    ):
        """Records one box for one player and returns the Entry.

        A repeated request (same `request_key`) returns the entry it already made,
        so a double tap or a retry after a dropped connection never counts twice;
        if that entry has been undone since, `AlreadyUndone` (nothing recorded).
        `by` ("host" or "pencil") is who writes; `seen_version` the version the
        form was shown at (None: not checked).
        """
        with transaction.atomic():
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
            now = made.created_at = timezone.now()
            try:
                # The unique (game, seq) and one-entry-per-box constraints catch
                # what the checks cannot see; no savepoint needed: the refusal
                # rolls the whole write back.
                made.save(force_insert=True)
            except IntegrityError as exc:
                raise StaleVersion() from exc
            finished = {"finished_at": now} if after.finished else {}
            self._bump(after, now, **finished)
            if after.finished:
                signals.game_finished.send(sender=type(self), game=self, state=after)
        return made

    def next_entry(self, state, player_id, column, box, entry, request_key=""):
        """(unsaved Entry, GameState after it) for a move `state` accepts, or
        ScoreRefused saying why not."""
        try:
            sheet, scored, after = state.check_move(player_id, column, box, entry)
        except yams.MoveRefused as refusal:
            raise ScoreRefused.of_move(refusal) from refusal
        slot = sum(1 for e in sheet.entries if e.column == column and e.box == box)
        made = self.entries.model(
            game=self,
            player=sheet.player,
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

    def undo(self, *, seen_version=None, request_key="", by=None):
        """Marks the last active entry undone (kept in the log); returns it, or
        None if there was none.

        A repeated request (same `request_key`) returns the entry it already undid
        instead of undoing one more.
        """
        with transaction.atomic():
            state, done = self._lock_and_check(
                "undo_key", request_key, by, seen_version
            )
            last = state.last_entry()
            if done is not None or last is None:
                return done
            now = timezone.now()
            self.entries.filter(pk=last.pk, undone_at__isnull=True).update(
                undone_at=now, undo_key=request_key
            )
            was_finished = self.finished_at is not None
            self._bump(state.without(last), now, finished_at=None)
            if was_finished:
                signals.result_reopened.send(sender=type(self), game=self)
        # A copy: `last` belongs to the sheets kept for the version before.
        undone = copy.copy(last)
        undone.undone_at, undone.undo_key = now, request_key
        return undone

    def rename(self, player_id, new_name):
        """Gives a player a new name; returns it (cleaned). ValidationError if
        another player of the game has it."""
        name = clean_name(new_name)
        taken = ValidationError(
            _("Deux joueurs s'appellent « %(name)s ».") % {"name": name}
        )
        with transaction.atomic():
            self._lock()
            players = {p.pk: p for p in self.players.all()}
            player = players.pop(int(player_id), None)
            if player is None:
                raise ScoreRefused(
                    _("Ce joueur ne joue pas dans cette partie."), "player"
                )
            if any(name_key(p.name) == name_key(name) for p in players.values()):
                raise taken
            try:
                with transaction.atomic():
                    self.players.filter(pk=player.pk).update(name=name)
            except IntegrityError as exc:  # the database's own case rules
                raise taken from exc
            self._bump(None, timezone.now())
            if self.finished_at is not None:
                signals.player_renamed.send(
                    sender=type(self), game=self, old_name=player.name, new_name=name
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

    def take_back_pencil(self):
        """Revokes the pencil link at once; returns False if it was not out."""
        with transaction.atomic():
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

    # --- under the lock ------------------------------------------------------------

    def _lock(self):
        """Locks the game's row and takes what it holds now: every check and
        write of the verb goes by the row, not by what this instance was loaded
        with. Django leaves FOR UPDATE out on SQLite, whose IMMEDIATE
        transactions serialise every writer already."""
        locked = type(self).objects.select_for_update().get(pk=self.pk)
        for name in LOCKED_FIELDS:
            setattr(self, name, getattr(locked, name))

    def _lock_and_check(self, key_field, key, by, seen_version):
        """(sheets, the entry whose `key_field` holds `key` or None) of the locked
        game, once the writer and the version are checked; a retried request
        (`key` found) is answered before the checks, as its first try was."""
        link_digest = self.pencil_digest  # the pencil link this request came by
        self._lock()
        state = kept_state(self)
        if state is None:
            state, done = self.read_state(key_field, key)
            # Read under the lock: true for this version.
            keep_state(self, state)
        else:
            done = self.entries.filter(**{key_field: key}).first() if key else None
        # A refusal, or a retry's answer, shows these sheets (no read again).
        self._keep(state)
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
        # Compared as text: a garbled version (never a number the server wrote)
        # is simply stale, not an error.
        if seen_version is not None and str(seen_version).strip() != str(self.version):
            raise StaleVersion()
        return state, None

    def _bump(self, state, now, **changes):
        """Moves the version on, with `changes` to the game, in the same UPDATE,
        and announces it; `state`: the sheets after the write (None: unchanged)."""
        changes["last_activity_at"] = now
        type(self).objects.filter(pk=self.pk).update(
            version=F("version") + 1, **changes
        )
        for name, value in changes.items():
            setattr(self, name, value)
        self.version += 1
        fanout.announce(self.pk, self.version)
        if state is not None:
            self._keep(state)
            version = self.version
            transaction.on_commit(lambda: keep_state(self, state, version))

    def _keep(self, state):
        """Keeps the sheets of this version for this instance: the page the
        write answers with shows them without reading them back."""
        state = copy.copy(state)
        state.game = self
        self.__dict__["written_state"] = (self.version, state)


# What a write takes from the locked row (the rest never changes).
LOCKED_FIELDS = (
    "version",
    "last_activity_at",
    "finished_at",
    "pencil_prefix",
    "pencil_digest",
    "pencil_label",
    "pencil_generation",
)


# (game id, watch token) -> the GameState of its newest version. A write looks its
# game up here under its lock, and keeps the state it made. Every change to a
# game's players or entries moves its version on, in the same transaction. A state
# read after the game's row may already hold a later write than the row's version
# says; but then the locked row is past that version and never finds it: whenever
# a lock finds a version here, the state is that version's. The watch token is in
# the slot because a test database may give a new game the primary key of an old
# one, never its token.
STATES = Latest(limit=300)


def kept_state(game):
    """The state of `game` at its version, as `game` (not the instance that made
    it), or None. `game` must hold the version the database has (the row a write
    locked): an older one gets the sheets of that version."""
    found = STATES.get((game.pk, game.watch_token), (game.version,))
    return None if found is None else dataclasses.replace(found, game=game)


def keep_state(game, state, version=None):
    """Keeps `state` as the sheets of `game` at `version` (by default its own)."""
    version = game.version if version is None else version
    STATES.put((game.pk, game.watch_token), (version,), state)
