"""A whole game as the rules see it: every player at the table with their
scorecard (a `Seat`), whose turn it is, and whether a move may be made now.

The web layer hands in its players and entries (any objects with the attributes
named below: the engine reads them, never stores or changes them) and gets the
scorecards replayed, the player whose turn it is, and each refusal as a
`MoveRefused` with a code saying which check refused.
"""

from __future__ import annotations

import copy
import dataclasses
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Literal, Protocol, Self, TypedDict

from ..messages import InvalidEntry, Message, RuleError, gettext_noop
from ..state import KeptPlayer, PlayerLike, Prospect, Standing, rank_players
from .entry_rules import EntryData
from .race import race_rounds, turn_totals
from .scorecard import Scorecard

if TYPE_CHECKING:
    from .boxes import Box
    from .entries import EntrySpec, Scored
    from .outlook import Outlook
    from .totals import ScorecardTotals
    from .variants import Variant


class EntryLike(Protocol):
    """One entry the host wrote, as the engine reads it (the web layer's Entry)."""

    # None on an entry not saved yet (`with_entry` takes it before the insert).
    @property
    def pk(self) -> int | None: ...
    @property
    def player_id(self) -> int: ...
    @property
    def column(self) -> str: ...
    @property
    def box(self) -> str: ...
    @property
    def data(self) -> EntryData: ...
    # The points it scored, as written when it was saved.
    @property
    def points(self) -> int: ...
    @property
    def seq(self) -> int: ...


@dataclass(frozen=True, slots=True)
class KeptEntry:
    """An entry as a kept state holds it: what the engine reads, plain values.

    A process keeps the state of every game in play between requests (the web
    layer's cache); the web layer's rows, each with its model state and dates,
    weigh several times as much and give the garbage collector more to walk."""

    pk: int | None
    player_id: int
    column: str
    box: str
    data: EntryData
    points: int
    seq: int

    @classmethod
    def of(cls, entry: EntryLike) -> KeptEntry:
        if isinstance(entry, KeptEntry):
            return entry
        # The column's and box's names interned, and the words of its data (its
        # keys, "count", "cross"…): the database gives each row strings of its
        # own, and a game in play keeps every entry.
        data = {
            sys.intern(key): sys.intern(value) if isinstance(value, str) else value
            for key, value in entry.data.items()
        }
        return cls(
            entry.pk,
            entry.player_id,
            sys.intern(entry.column),
            sys.intern(entry.box),
            data,
            entry.points,
            entry.seq,
        )


class GameLike(Protocol):
    """What the seats are of (the web layer's Game): its `variant` holds the
    rules."""

    @property
    def variant(self) -> Variant: ...


MoveCode = Literal["player", "box", "finished", "turn", "taken", "invalid"]


class Summary(TypedDict):
    """An entry, its player and its box, as `GameState.summary` gives them."""

    entry: EntryLike
    player: PlayerLike | None
    box: Box


class MoveRefused(RuleError):
    """A move the game will not take now. `code`: "player" (no such player),
    "box" (no such box), "finished", "turn", "taken" (filled, or out of a
    column's order) or "invalid" (what the dice allow there)."""

    def __init__(self, message: Message, code: MoveCode) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Seat:
    """A player at the table: their scorecard and the entries it was replayed
    from."""

    player: PlayerLike
    scorecard: Scorecard
    entries: list[EntryLike]  # in order

    @property
    def turns(self) -> int:
        return len(self.entries)

    @cached_property
    def totals(self) -> ScorecardTotals:
        """The scorecard's totals, worked out once: a page asks for them again
        and again (ranking, headers, standings) and the scorecard never changes."""
        return self.scorecard.totals()

    @property
    def total(self) -> int:
        return self.totals.total

    @cached_property
    def outlook(self) -> Outlook:
        """What is still possible for this player, worked out once like the
        totals."""
        return self.scorecard.outlook(self.totals)

    @cached_property
    def turn_totals(self) -> tuple[int, ...]:
        """The total after each turn (the score race), worked out once: a write
        makes a new Seat for its player only, the others keep theirs."""
        return turn_totals(self.scorecard)

    def kept(self) -> Seat:
        """This seat with its player a `KeptPlayer` and each entry a `KeptEntry`:
        itself when already so, else a copy with what it has worked out (its
        totals, its outlook)."""
        if isinstance(self.player, KeptPlayer) and all(
            isinstance(entry, KeptEntry) for entry in self.entries
        ):
            return self
        copied = copy.copy(self)
        copied.player = KeptPlayer.of(self.player)
        copied.entries = [KeptEntry.of(entry) for entry in self.entries]
        return copied


@dataclass
class GameState:
    game: GameLike
    seats: list[Seat]  # in seating order
    current: Seat | None
    finished: bool
    # The number of the game's last entry, undone ones included: the next entry
    # comes after it.
    last_seq: int = 0

    @classmethod
    def build(
        cls,
        game: GameLike,
        players: Sequence[PlayerLike],
        entries: Sequence[EntryLike],
        last_seq: int | None = None,
    ) -> Self:
        """The state of `players` (in seating order) once `entries` (the active
        ones, in order) are on their seats."""
        variant = game.variant
        by_player: dict[int, list[EntryLike]] = {p.pk: [] for p in players}
        for entry in entries:
            by_player[entry.player_id].append(entry)
        seats = [
            Seat(
                player=p,
                scorecard=Scorecard.replay(
                    variant, [(e.column, e.box, e.data) for e in by_player[p.pk]]
                ),
                entries=by_player[p.pk],
            )
            for p in players
        ]
        if last_seq is None:
            last_seq = max((e.seq for e in entries), default=0)
        return cls.of_seats(game, seats, last_seq)

    @classmethod
    def of_seats(cls, game: GameLike, seats: list[Seat], last_seq: int) -> Self:
        playing = [s for s in seats if not s.scorecard.complete]
        # Whoever has played fewest turns plays next; seating order breaks ties.
        current = (
            min(playing, key=lambda s: (s.turns, s.player.seat)) if playing else None
        )
        return cls(
            game=game,
            seats=seats,
            current=current,
            finished=not playing,
            last_seq=last_seq,
        )

    def with_entry(self, entry: EntryLike, scorecard_after: Scorecard) -> GameState:
        """The state once `entry` (just recorded, the last of the game) is on the
        seat; `scorecard_after`: its player's Scorecard with it (see check_move). The
        other players' seats are the same objects: nothing to replay."""
        seats = [
            Seat(s.player, scorecard_after, [*s.entries, entry])
            if s.player.pk == entry.player_id
            else s
            for s in self.seats
        ]
        return GameState.of_seats(self.game, seats, max(self.last_seq, entry.seq or 0))

    def kept(self) -> GameState:
        """This state as a process keeps it between requests: each player a
        `KeptPlayer`, each entry a `KeptEntry` (`Seat.kept`)."""
        seats = [seat.kept() for seat in self.seats]
        pairs = zip(self.seats, seats, strict=True)
        current = next((kept for seat, kept in pairs if seat is self.current), None)
        return dataclasses.replace(self, seats=seats, current=current)

    def without(self, entry: EntryLike) -> GameState:
        """The state once `entry` (the last active one) is taken back."""
        kept = [e for seat in self.seats for e in seat.entries if e.pk != entry.pk]
        players = [seat.player for seat in self.seats]
        return GameState.build(self.game, players, kept, self.last_seq)

    def check_move(
        self, player_id: int | str, column: str, box: str, entry: EntryData
    ) -> tuple[Seat, Scored, Scorecard]:
        """(Seat, Scored, seat after) for a move the game accepts now, or
        MoveRefused saying why not: the box must be open (`open_box`), then the
        seat says what the dice allow there."""
        seat, _spec, _box = self.open_box(player_id, column, box)
        try:
            after, scored = seat.scorecard.write(column, box, entry)
        except InvalidEntry as exc:
            raise MoveRefused(exc.message, "invalid") from exc
        return seat, scored, after

    def box_of(
        self, player_id: int | str, column: str, box: str
    ) -> tuple[Seat, EntrySpec, Box]:
        """(Seat, EntrySpec, Box) of a box of the game, written or not, or
        MoveRefused if the game has no such player ("player") or box ("box")."""
        seat = self.seat_of(player_id)
        if seat is None:
            raise MoveRefused(
                Message(gettext_noop("Ce joueur ne joue pas dans cette partie.")),
                "player",
            )
        variant = self.game.variant
        if column not in variant.columns or box not in variant.box_keys:
            raise MoveRefused(
                Message(gettext_noop("Cette case n'existe pas dans cette partie.")),
                "box",
            )
        return seat, seat.scorecard.entry_spec(column, box), variant.box(box)

    def open_box(
        self, player_id: int | str, column: str, box: str
    ) -> tuple[Seat, EntrySpec, Box]:
        """`box_of` for a box that may be written now, or MoveRefused."""
        if self.finished:
            raise MoveRefused(
                Message(gettext_noop("La partie est terminée.")), "finished"
            )
        seat, spec, box_obj = self.box_of(player_id, column, box)
        if self.current is not None and seat.player.pk != self.current.player.pk:
            raise MoveRefused(
                Message(
                    gettext_noop("C'est au tour de %(name)s."),
                    {"name": self.current.player.name},
                ),
                "turn",
            )
        if box not in seat.scorecard.free_boxes(column):
            if seat.scorecard.filled(column, box):
                message = gettext_noop("Cette case est déjà remplie.")
            else:
                message = gettext_noop(
                    "Cette colonne se remplit dans l'ordre : pas encore cette case."
                )
            raise MoveRefused(Message(message), "taken")
        return seat, spec, box_obj

    def last_entry(self) -> EntryLike | None:
        """The active entry an undo would remove, or None."""
        last = None
        for seat in self.seats:
            for entry in seat.entries:
                if last is None or entry.seq > last.seq:
                    last = entry
        return last

    def summary(self, entry: EntryLike) -> Summary:
        """An entry, its player and its box, as the toast and the undo dialog say
        it."""
        box = self.game.variant.box(entry.box)
        return {"entry": entry, "player": self.player_of(entry), "box": box}

    def player_of(self, entry: EntryLike) -> PlayerLike | None:
        seat = self.seat_of(entry.player_id)
        return seat.player if seat else None

    def seat_of(self, player_id: int | str) -> Seat | None:
        try:
            player_id = int(player_id)
        except (TypeError, ValueError):
            return None
        return next((s for s in self.seats if s.player.pk == player_id), None)

    # --- the `State` interface every kind gives (games/kinds/state.py) ------

    @property
    def players(self) -> list[PlayerLike]:
        return [seat.player for seat in self.seats]

    @property
    def totals(self) -> dict[int, int]:
        return {seat.player.pk: seat.total for seat in self.seats}

    @property
    def running_totals(self) -> list[dict[int, int]]:
        """Every player's total after each round, the round under way the latest
        (the race's points but its start at 0)."""
        lines = self.race()
        pks = [seat.player.pk for seat in self.seats]
        points = len(lines[0]) if lines else 0
        return [
            {pk: line[index] for pk, line in zip(pks, lines, strict=True)}
            for index in range(1, points)
        ]

    @property
    def lower_wins(self) -> bool:
        return False

    @property
    def started(self) -> bool:
        return any(seat.entries for seat in self.seats)

    @property
    def next_player(self) -> PlayerLike | None:
        return self.current.player if self.current else None

    def ranking(self) -> list[Standing]:
        """Best first; equal totals share a rank (1, 1, 3), seating order
        among them."""
        return rank_players(self.players, self.totals, lower_wins=False)

    def winners(self) -> list[PlayerLike]:
        return [standing.player for standing in self.ranking() if standing.rank == 1]

    def prospects(self) -> dict[int, Prospect]:
        """The best total each player can still reach, and whether it passes
        the leader's."""
        leading = self.leading_total
        return {
            seat.player.pk: Prospect(
                lines=(
                    Message(
                        gettext_noop("Jusqu'à %(best)s points"),
                        {"best": seat.outlook.best},
                    ),
                ),
                can_win=seat.total == leading or seat.outlook.can_pass(leading),
            )
            for seat in self.seats
        }

    @property
    def leading_total(self) -> int:
        """The best total at the table now: what a player must pass to lead."""
        return max((seat.total for seat in self.seats), default=0)

    def leaders(self) -> list[Seat]:
        """Every player holding the best total now, in seating order."""
        best = self.leading_total
        return [seat for seat in self.seats if seat.total == best]

    def race(self) -> list[tuple[int, ...]]:
        """Each seat's total at the start and after each round, the round under
        way as the latest point (see race.py)."""
        return race_rounds([seat.turn_totals for seat in self.seats])
