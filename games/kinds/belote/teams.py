"""What belote and coinche share: two teams of two partners sitting opposite,
points kept per team, a deal's card points, the rounding to the ten, the dealer
and the end at a target.

A team is named by its number, 1 or 2, never by a player: an entry cannot name a
player of the other team, or one who is not at the table. Team 1 is the players
at seats 0 and 2, team 2 those at seats 1 and 3 (RULES.md: partners sit
opposite). A round gives each player their team's points, so the totals, the
ranking (partners tie) and the winners (both partners) come out of `RoundsGame`
as they are for every kind.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, Self

from ..messages import Message, RuleError, gettext_noop
from ..options import is_int, read_options
from ..rounds import (
    InvalidRound,
    RoundRules,
    RoundsGame,
)
from ..state import PlayerLike

Team = Literal[1, 2]
TEAMS: tuple[Team, ...] = (1, 2)
PLAYERS = 4
# The 152 points of the 32 cards and the 10 *de der*.
CARD_POINTS = 162
# What a team that took all eight tricks counts instead of its card points.
CAPOT = 250
BELOTE = 20


# The names the host may give the teams at creation, kept with the options:
# none by default, each team then named by its two players.
NAMES = "team_names"
MAX_TEAM_NAME = 40


def read_team_names(value: object) -> tuple[str, str]:
    """Two names (each "" for the players' names), or RuleError."""
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(name, str) and len(name) <= MAX_TEAM_NAME for name in value)
    ):
        return (value[0].strip(), value[1].strip())
    raise RuleError(
        Message(
            gettext_noop(
                "Les noms des équipes : deux noms de %(max)s caractères au plus."
            ),
            {"max": MAX_TEAM_NAME},
        )
    )


class TeamRules(RoundRules):
    """The rules of a game in two teams: the kind's options, plus the names the
    host gave the teams (`team_names`, stored with the options only when one is
    given, so that a game without them keeps the options of every other)."""

    team_names: tuple[str, str]

    def __post_init__(self) -> None:
        read_options(self.option_specs, self._spec_options(), self.label)
        read_team_names(self.team_names)

    @classmethod
    def build(cls, options: object | None = None) -> Self:
        names: tuple[str, str] = ("", "")
        if isinstance(options, Mapping) and NAMES in options:
            names = read_team_names(options[NAMES])
            options = {key: value for key, value in options.items() if key != NAMES}
        read = read_options(cls.option_specs, options, cls.label)
        # Subclasses are dataclasses with a `team_names` field.
        return cls(**read, team_names=names)  # type: ignore[call-arg]

    def _spec_options(self) -> dict[str, Any]:
        return {spec.key: getattr(self, spec.key) for spec in self.option_specs}

    @property
    def options(self) -> dict[str, object]:
        options: dict[str, object] = self._spec_options()
        if any(self.team_names):
            options[NAMES] = list(self.team_names)
        return options


def team_name(rules: RoundRules, players: Sequence[PlayerLike], team: Team) -> str:
    """A team as the sheet names it: the name the host gave it, or its two
    players' ("Léa & Max")."""
    given = getattr(rules, "team_names", ("", ""))[team - 1]
    if given:
        return given
    first, second = teams(players)[team - 1]
    return f"{first.name} & {second.name}"


def teams[P: PlayerLike](players: Sequence[P]) -> tuple[tuple[P, P], tuple[P, P]]:
    """The two teams in sheet order, each as its two partners: ((seat 0, seat
    2), (seat 1, seat 3))."""
    return (players[0], players[2]), (players[1], players[3])


def team_of_seat(index: int) -> Team:
    """The team of the player at this index of the seating order."""
    return 1 if index % 2 == 0 else 2


def other(team: Team) -> Team:
    return 2 if team == 1 else 1


def shares(game: RoundsGame, scores: Mapping[Team, int]) -> dict[int, int]:
    """Each player's points for a round (by pk): their team's, both partners
    alike."""
    return {
        player.pk: scores[team_of_seat(index)]
        for index, player in enumerate(game.players)
    }


def team_totals(game: RoundsGame) -> dict[Team, int]:
    """Each team's total: the total of either partner, who always share it."""
    totals = game.totals
    first, second = teams(game.players)
    return {1: totals[first[0].pk], 2: totals[second[0].pk]}


def target_reached(game: RoundsGame, target: int) -> bool:
    """Whether the game ends: a team's total has reached the target and the two
    totals differ (equal totals at or past it: one more deal, RULES.md)."""
    totals = team_totals(game)
    return max(totals.values()) >= target and totals[1] != totals[2]


def dealer(game: RoundsGame) -> PlayerLike:
    """Who deals next. RULES.md is silent: the deal goes round the table in seat
    order from the first name, a passed deal passing it on too, as at tarot
    (a French table redeals a passed deal from the next dealer)."""
    return game.players[len(game.rounds) % PLAYERS]


def round_to_ten(points: int) -> int:
    """To the nearest ten, 5 going up: 97 → 100, 65 → 70, 81 → 80, 162 → 160."""
    return (points + 5) // 10 * 10


def named_teams(game: RoundsGame) -> dict[Team, str]:
    """Each team as the sheet names it, for the engine's sentences: the name the
    host gave it, or its two players' ("Léa & Max")."""
    return {team: team_name(game.rules, game.players, team) for team in TEAMS}


def team_line(game: RoundsGame, team: Team, points: int) -> Message:
    """ "Léa & Zoé : 97.", or "Les Bleus (Léa et Zoé) : 97." for a team the host
    named: a team's score for the deal, by the name the sheet gives it."""
    given = getattr(game.rules, "team_names", ("", ""))[team - 1]
    if given:
        first, second = teams(game.players)[team - 1]
        return Message(
            gettext_noop("%(name)s (%(first)s et %(second)s) : %(points)s."),
            {
                "name": given,
                "first": first.name,
                "second": second.name,
                "points": points,
            },
        )
    return Message(
        gettext_noop("%(name)s : %(points)s."),
        {"name": team_name(game.rules, game.players, team), "points": points},
    )


def no_teams() -> dict[Team, int]:
    """0 for each team: where a deal's figures start."""
    return {1: 0, 2: 0}


# --- reading an entry ------------------------------------------------------------

# The refusals both games say alike (the taking team's says what it took).
CAPOT_REFUSED = gettext_noop(
    "Le capot : l'équipe 1, l'équipe 2 ou aucune, pas « %(value)s »."
)
BELOTE_REFUSED = gettext_noop(
    "La belote-rebelote : l'équipe 1, l'équipe 2 ou aucune, pas « %(value)s »."
)


def read_team(value: object, field_name: str, template: str) -> Team:
    """1 or 2 (an int, not "1" nor true), or InvalidRound with `template`."""
    if is_int(value) and value in TEAMS:
        return 1 if value == 1 else 2
    raise InvalidRound(Message(template, {"value": str(value)}), field_name)


def read_optional_team(value: object, field_name: str, template: str) -> Team | None:
    """None (no team), 1 or 2, or InvalidRound with `template`."""
    if value is None:
        return None
    return read_team(value, field_name, template)


def read_card_points(
    data: Mapping[str, object], team: Team, capot: Team | None
) -> dict[Team, int]:
    """Each team's card points from the entry's "points" (those of `team`, from 0
    to 162; the other team has the rest), or 250 and 0 for a capot, when the card
    points are not asked: left out or None, or the 162 or 0 they would be."""
    value = data.get("points")
    if capot is not None:
        implied = CARD_POINTS if capot == team else 0
        if value is not None and not (is_int(value) and value == implied):
            raise InvalidRound(
                Message(
                    gettext_noop(
                        "Capot de l'équipe %(capot)s : les points de cartes ne se "
                        "comptent pas (laissez-les vides), pas %(value)s."
                    ),
                    {"capot": capot, "value": str(value)},
                ),
                "points",
            )
        return {capot: CAPOT, other(capot): 0}
    if "points" not in data:
        raise InvalidRound(
            Message(
                gettext_noop("Il manque « %(field)s » dans la manche."),
                {"field": "points"},
            ),
            "points",
        )
    if not is_int(value) or not 0 <= value <= CARD_POINTS:
        raise InvalidRound(
            Message(
                gettext_noop(
                    "Les points de cartes de l'équipe %(team)s : un nombre entier "
                    "de 0 à 162."
                ),
                {"team": team},
            ),
            "points",
        )
    return {team: value, other(team): CARD_POINTS - value}


def belote_points(belote: Team | None) -> dict[Team, int]:
    """20 to the team that held and announced the King and Queen of trumps."""
    return {team: BELOTE if team == belote else 0 for team in TEAMS}


def passed_flag(data: Mapping[str, object]) -> None:
    """A deal that is played may say "passed": false, nothing else."""
    if "passed" in data and data["passed"] is not False:
        raise InvalidRound(
            Message(gettext_noop("« passed » : vrai ou faux.")), "passed"
        )


def highlight_figures(
    game: RoundsGame,
    taken: Mapping[Team, int],
    made: Mapping[Team, int],
    capots: Mapping[Team, int],
) -> dict[int, dict[str, int]]:
    """Each player's figures for the band (by pk): their team's deals taken and
    made, and its capots."""
    return {
        player.pk: {
            "taken": taken[team_of_seat(index)],
            "made": made[team_of_seat(index)],
            "capots": capots[team_of_seat(index)],
        }
        for index, player in enumerate(game.players)
    }
