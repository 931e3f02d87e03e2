"""What every kind's game state gives the rest of the app: one interface, pure
Python, no Django.

Yams (scored by boxes, `yams.GameState`) and the kinds scored by rounds
(`rounds.RoundsGame`) both implement `State`: the views, the sheet's race, the
keepsakes and the band's history read a game through it and never ask which kind
it is. What only one kind has (Yams's boxes and columns, tarot's dealer) stays on
that kind's own class, reached through the kind's plug-in (games/kinds/registry.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from .messages import Message


class PlayerLike(Protocol):
    """A player as the engines read it (the web layer's Player)."""

    @property
    def pk(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def name(self) -> str: ...


@dataclass(frozen=True, slots=True)
class KeptPlayer:
    """A player as a kept state holds it: the three values the engines read.

    A process keeps the state of every game in play between requests; the web
    layer's row, with its model state (and a copy of it per kept state), weighs
    several times as much."""

    pk: int
    seat: int
    name: str

    @classmethod
    def of(cls, player: PlayerLike) -> KeptPlayer:
        if isinstance(player, KeptPlayer):
            return player
        return cls(player.pk, player.seat, player.name)


@dataclass(frozen=True)
class Standing:
    """A player's place: equal totals share a rank and the next rank skips."""

    rank: int
    player: PlayerLike
    total: int


def rank_players(
    players: Sequence[PlayerLike], totals: Mapping[int, int], lower_wins: bool
) -> list[Standing]:
    """Best first (the highest total, or the lowest where the lowest wins);
    seating order among equals, who share a rank: 1, 1, 3."""
    sign = 1 if lower_wins else -1
    ordered = sorted(
        enumerate(players), key=lambda seated: (sign * totals[seated[1].pk], seated[0])
    )
    standings: list[Standing] = []
    for index, (_seat, player) in enumerate(ordered, start=1):
        total = totals[player.pk]
        tied = standings and standings[-1].total == total
        rank = standings[-1].rank if tied else index
        standings.append(Standing(rank, player, total))
    return standings


def leading_since(lines: Sequence[Sequence[int]], leader: int) -> int:
    """The round since which player `leader` (an index into `lines`, each
    player's totals round by round) has been ahead of everyone else at every
    point, up to the latest; 0 when they are not ahead alone at the latest
    point. Ahead is higher: where the lowest wins, the caller negates."""
    since = 0
    for point in range(len(lines[leader]) - 1, 0, -1):
        theirs = lines[leader][point]
        if any(
            other[point] >= theirs
            for index, other in enumerate(lines)
            if index != leader
        ):
            break
        since = point
    return since


@dataclass(frozen=True)
class Prospect:
    """What is still possible for one player, as the sheet says it: `lines` in
    French (`Message`s the web layer translates), and `can_win`: whether the
    player can still end first (None when the kind cannot tell, a game the host
    ends whenever the table stops)."""

    lines: tuple[Message, ...] = ()
    can_win: bool | None = None


class State(Protocol):
    """A game as its kind's engine makes it from what the host entered."""

    @property
    def players(self) -> Sequence[PlayerLike]:
        """Every player, in seating order."""
        ...

    @property
    def totals(self) -> Mapping[int, int]:
        """Each player's total now, by pk."""
        ...

    @property
    def running_totals(self) -> Sequence[Mapping[int, int]]:
        """Every player's total after each round (a Yams round: every player
        having had one more turn, the round under way the latest), by pk."""
        ...

    @property
    def lower_wins(self) -> bool:
        """The lowest total wins (Skyjo, a counter set so)."""
        ...

    @property
    def finished(self) -> bool: ...

    @property
    def started(self) -> bool:
        """Something was entered."""
        ...

    @property
    def next_player(self) -> PlayerLike | None:
        """Whose turn it is, or who deals next; None for a kind without turns
        and once the game is over."""
        ...

    def ranking(self) -> list[Standing]: ...

    def winners(self) -> list[PlayerLike]: ...

    def prospects(self) -> Mapping[int, Prospect]:
        """What is still possible for each player, by pk ("still possible")."""
        ...
