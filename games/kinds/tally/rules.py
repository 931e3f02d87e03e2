"""The free counter: each round, the points of the players who scored."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from ..messages import Message, RuleError, gettext_noop
from ..options import OptionSpec
from ..rounds import (
    InvalidRound,
    Preview,
    RoundRules,
    RoundsGame,
    ScoredRound,
    entry_fields,
    lines_of,
    per_player,
    rounds_left_line,
    signed,
    standing_line,
    whole_points,
)
from ..state import Prospect

KEY = "tally"
# Far beyond any real game, short of numbers that would only be typing slips.
MAX_ROUND_POINTS = 1_000_000
# The "check" option: what every round must respect.
NO_CHECK = "none"
ONE_SCORER = "one_scorer"  # Uno: only the round's winner scores, never negative
ONE_ZERO = "one_zero"  # Five Crowns: the player who went out scores 0

OPTION_SPECS = (
    OptionSpec(
        "winner",
        gettext_noop("Gagnant"),
        gettext_noop("Le plus haut total gagne, ou le plus bas."),
        "choice",
        "highest",
        choices=(
            ("highest", gettext_noop("Le plus haut total")),
            ("lowest", gettext_noop("Le plus bas total")),
        ),
    ),
    OptionSpec(
        "target",
        gettext_noop("Total à atteindre"),
        gettext_noop("La partie s'arrête à la fin de la manche où un total l'atteint."),
        "int",
        None,
        min=1,
        max=MAX_ROUND_POINTS,
        optional=True,
    ),
    OptionSpec(
        "rounds",
        gettext_noop("Nombre de manches"),
        gettext_noop("La partie s'arrête après ce nombre de manches."),
        "int",
        None,
        min=1,
        max=1000,
        optional=True,
    ),
    # The presets' per-round checks (presets.py). Added after the first three:
    # at their defaults they change nothing and are left out of `options`.
    OptionSpec(
        "check",
        gettext_noop("Contrôle de chaque manche"),
        gettext_noop("Ce qu'une manche doit respecter pour être acceptée."),
        "choice",
        NO_CHECK,
        choices=(
            (NO_CHECK, gettext_noop("Aucun")),
            (
                ONE_SCORER,
                gettext_noop("Un seul joueur marque : le gagnant de la manche"),
            ),
            (ONE_ZERO, gettext_noop("Au moins un joueur marque 0 : celui qui sort")),
        ),
    ),
    OptionSpec(
        "round_sum",
        gettext_noop("Somme de chaque manche"),
        gettext_noop(
            "Les points d'une manche doivent faire ce total (250 au Papayoo) ; "
            "sans nombre, pas de contrôle."
        ),
        "int",
        None,
        min=-MAX_ROUND_POINTS,
        max=MAX_ROUND_POINTS,
        optional=True,
    ),
)
# The options whose default keeps the counter as it was before presets: left
# out of `options` at that default, so a game's stored options stay the same.
LATER_OPTIONS = {"check": NO_CHECK, "round_sum": None}


@dataclass(frozen=True)
class TallyRound:
    """A round as the counter reads it: the points given (by pk, seating order);
    a player left out scores 0."""

    given: Mapping[int, int]


@dataclass(frozen=True)
class TallyRules(RoundRules):
    key: ClassVar[str] = KEY
    label: ClassVar[str] = gettext_noop("Compteur libre")
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 10
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    winner: str = "highest"
    target: int | None = None
    rounds: int | None = None
    check: str = NO_CHECK
    round_sum: int | None = None
    # The preset the game was made from ("" for the plain counter) and its
    # name: not options (the options say how it scores), the game played.
    preset: str = field(default="", compare=False)
    preset_label: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.preset_label:
            # Its name is the game's: "Papayoo", not "Compteur libre".
            object.__setattr__(self, "label", self.preset_label)
        if self.target is not None and self.rounds is not None:
            # "a target total or a number of rounds": one end, not a race of two.
            raise RuleError(
                Message(
                    gettext_noop(
                        "Un total à atteindre ou un nombre de manches, pas les deux."
                    )
                )
            )

    @property
    def options(self) -> dict[str, object]:
        """The normalized options; the presets' checks only when set, so a
        plain counter's options read as they always did."""
        return {
            key: value
            for key, value in super().options.items()
            if key not in LATER_OPTIONS or value != LATER_OPTIONS[key]
        }

    @property
    def lower_wins(self) -> bool:
        return self.winner == "lowest"

    def highlights(self, game: RoundsGame) -> dict[int, dict[str, int]]:
        """Which way the game was won: averages only compare games alike."""
        return {p.pk: {"lower_wins": int(self.lower_wins)} for p in game.players}

    @property
    def fixed_rounds(self) -> int | None:
        return self.rounds

    def prospects(self, game: RoundsGame) -> dict[int, Prospect]:
        """Each player's gap to the leader, with how far they are from the
        target ("Encore 40 avant 200", or "200 atteint") or how many rounds are
        left.

        `can_win`, whether the player can still end first (alone or tied): a
        round gives a player from −1,000,000 to +1,000,000, so with rounds
        left any gap up to twice that a round closes. With a target, everyone
        can while the game goes on (a total can move that far in the round that
        ends it); without a target or a number of rounds, the host ends the
        game when the table stops: not said (None). Once over, the winners."""
        totals = game.totals
        winners = {player.pk for player in game.winners()}
        best = (min if self.lower_wins else max)(totals.values())
        left = rounds_left_line(game, gettext_noop("Manches restantes : %(left)s"))
        prospects = {}
        for player in game.players:
            total = totals[player.pk]
            can_win: bool | None
            if game.finished:
                can_win = player.pk in winners
            elif self.rounds is not None:
                to_play = self.rounds - len(game.rounds)
                can_win = abs(total - best) <= 2 * MAX_ROUND_POINTS * to_play
            elif self.target is not None:
                can_win = True
            else:
                can_win = None
            prospects[player.pk] = Prospect(
                lines=lines_of(
                    standing_line(game, player.pk), self.target_line(total) or left
                ),
                can_win=can_win,
            )
        return prospects

    def target_line(self, total: int) -> Message | None:
        if self.target is None:
            return None
        if total >= self.target:
            return Message(gettext_noop("%(limit)s atteint"), {"limit": self.target})
        return Message(
            gettext_noop("Encore %(left)s avant %(limit)s"),
            {"left": self.target - total, "limit": self.target},
        )

    def reached_end(self, game: RoundsGame) -> bool:
        if self.rounds is not None:
            return len(game.rounds) >= self.rounds
        if self.target is not None:
            return any(total >= self.target for total in game.totals.values())
        return False

    def score(self, game: RoundsGame, entry: object) -> ScoredRound:
        data = entry_fields(entry, required=("points",))
        given = per_player(
            game,
            data["points"],
            "points",
            lambda player, value: whole_points(
                player, value, "points", -MAX_ROUND_POINTS, MAX_ROUND_POINTS
            ),
            missing=None,
        )
        if not given:
            # An empty round is a slip of the finger, not a round of zeros: a
            # table that means zeros types them.
            raise InvalidRound(
                Message(gettext_noop("Aucun point dans cette manche.")), "points"
            )
        points = {player.pk: given.get(player.pk, 0) for player in game.players}
        self._check_round(points)
        calculation = tuple(
            Message(
                gettext_noop("%(name)s : %(points)s.")
                if player.pk in given
                else gettext_noop("%(name)s : rien noté, 0."),
                {"name": player.name, "points": signed(points[player.pk])},
            )
            for player in game.players
        )
        return ScoredRound(
            entry={"points": {str(pk): value for pk, value in given.items()}},
            points=points,
            calculation=calculation,
            detail=TallyRound(given),
        )

    def _check_round(self, points: Mapping[int, int]) -> None:
        """The preset's per-round check, or InvalidRound: the round as typed
        does not add up."""
        if self.check == ONE_SCORER:
            if any(value < 0 for value in points.values()):
                raise _refused(
                    gettext_noop(
                        "Le gagnant de la manche marque les cartes des autres : "
                        "pas de points négatifs."
                    )
                )
            if sum(1 for value in points.values() if value) > 1:
                raise _refused(
                    gettext_noop(
                        "Un seul joueur marque dans une manche : celui qui l'a gagnée."
                    )
                )
        if self.check == ONE_ZERO and all(points.values()):
            raise _refused(
                gettext_noop(
                    "Au moins un joueur marque 0 dans une manche : celui qui est sorti."
                )
            )
        if self.round_sum is not None and sum(points.values()) != self.round_sum:
            raise _refused(
                gettext_noop(
                    "Les points de la manche font %(sum)s ; ils doivent faire "
                    "%(expected)s."
                ),
                sum=sum(points.values()),
                expected=self.round_sum,
            )


def _refused(template: str, **params: object) -> InvalidRound:
    return InvalidRound(Message(template, params), "points")


def build_rules(options: object | None = None) -> TallyRules:
    """The free counter's rules for an options dict (missing options default),
    or RuleError."""
    return TallyRules.build(options)


def preview(game: RoundsGame, entry: object) -> Preview:
    """What the dialog shows before validating a round: each player's points (0
    for one left out) and the new totals."""
    return game.preview(entry)
