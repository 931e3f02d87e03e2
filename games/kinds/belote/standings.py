"""A game in two teams told team by team: the result page, its preview image and
its race rank two teams, not four players of which two share each total. Pure
Python, no Django: a `State` (games/kinds/state.py) whose players are the
teams."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from ..rounds import RoundsGame
from ..state import PlayerLike, Prospect, Standing, rank_players
from .teams import TEAMS, team_name, teams


@dataclass(frozen=True)
class TeamPlayer:
    """A team where the State interface expects a player: its number as pk, the
    seat of its first player, its name."""

    pk: int
    seat: int
    name: str


@dataclass(frozen=True)
class TeamsState:
    """`game` (a RoundsGame in two teams) with its teams as the players."""

    game: RoundsGame

    @cached_property
    def players(self) -> Sequence[TeamPlayer]:
        return [
            TeamPlayer(
                number,
                number - 1,
                team_name(self.game.rules, self.game.players, number),
            )
            for number in TEAMS
        ]

    @cached_property
    def _firsts(self) -> dict[int, int]:
        """Each team's first player's pk, by team number."""
        return {
            number: pair[0].pk
            for number, pair in zip(TEAMS, teams(self.game.players), strict=True)
        }

    def _by_team(self, totals: Mapping[int, int]) -> dict[int, int]:
        return {number: totals[pk] for number, pk in self._firsts.items()}

    @property
    def totals(self) -> Mapping[int, int]:
        return self._by_team(self.game.totals)

    @property
    def running_totals(self) -> Sequence[Mapping[int, int]]:
        return [self._by_team(totals) for totals in self.game.running_totals]

    @property
    def lower_wins(self) -> bool:
        return False

    @property
    def finished(self) -> bool:
        return self.game.finished

    @property
    def started(self) -> bool:
        return self.game.started

    @property
    def next_player(self) -> None:
        return None

    def ranking(self) -> list[Standing]:
        return rank_players(self.players, self.totals, lower_wins=False)

    def winners(self) -> list[PlayerLike]:
        return [standing.player for standing in self.ranking() if standing.rank == 1]

    def prospects(self) -> Mapping[int, Prospect]:
        return {player.pk: Prospect() for player in self.players}
