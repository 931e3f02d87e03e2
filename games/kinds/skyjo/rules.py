"""Skyjo's rules: a round is every player's card total and who ended it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, cast

from ..messages import Message, gettext_noop
from ..options import OptionSpec
from ..rounds import (
    Preview,
    RoundRules,
    RoundsGame,
    ScoredRound,
    entry_fields,
    lines_of,
    per_player,
    player_of,
    standing_line,
    whole_points,
)
from ..state import Prospect

KEY = "skyjo"
# What twelve cards of the deck can add up to: the five −2 and seven of the −1
# make −17, the ten 12 and two of the 11 make 142. A removed column is simply not
# counted: fewer cards of the same deck stay within the same bounds.
LOWEST_CARDS = -17
HIGHEST_CARDS = 142

OPTION_SPECS = (
    OptionSpec(
        "limit",
        gettext_noop("Fin de partie"),
        gettext_noop("La partie s'arrête à la fin de la manche où un total l'atteint."),
        "int",
        100,
        min=1,
        max=1000,
    ),
    OptionSpec(
        "double_on_tie",
        gettext_noop("Égalité doublée"),
        gettext_noop(
            "Celui qui finit la manche à égalité avec le plus petit total est "
            "doublé aussi ; décoché, seul un total plus petit le fait doubler."
        ),
        "bool",
        True,
    ),
)


def finisher_doubled(finisher: int, lowest_other: int, double_on_tie: bool) -> bool:
    """Whether the finisher's card total is doubled: it is positive and not
    strictly the lowest (a tie counts as not strictly lowest, unless the house
    keeps ties undoubled). 0 or less is never doubled: doubling would help."""
    if finisher <= 0:
        return False
    return lowest_other <= finisher if double_on_tie else lowest_other < finisher


@dataclass(frozen=True)
class SkyjoRound:
    """A round as Skyjo reads it: the card totals (by pk, seating order), the
    finisher's pk and whether their score was doubled."""

    cards: Mapping[int, int]
    finisher: int
    doubled: bool


@dataclass(frozen=True)
class SkyjoRules(RoundRules):
    key: ClassVar[str] = KEY
    label: ClassVar[str] = gettext_noop("Skyjo")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    limit: int = 100
    double_on_tie: bool = True

    @property
    def lower_wins(self) -> bool:
        return True

    def score(self, game: RoundsGame, entry: object) -> ScoredRound:
        data = entry_fields(entry, required=("cards", "finisher"))
        cards = per_player(
            game,
            data["cards"],
            "cards",
            lambda player, value: whole_points(
                player, value, "cards", LOWEST_CARDS, HIGHEST_CARDS
            ),
            missing=gettext_noop("Il manque le total des cartes de %(name)s."),
        )
        finisher = player_of(game, data["finisher"], "finisher")
        own = cards[finisher.pk]
        lowest_other = min(v for pk, v in cards.items() if pk != finisher.pk)
        doubled = finisher_doubled(own, lowest_other, self.double_on_tie)
        points = dict(cards)
        if doubled:
            points[finisher.pk] = 2 * own
        return ScoredRound(
            entry={
                "cards": {str(pk): value for pk, value in cards.items()},
                "finisher": finisher.pk,
            },
            points=points,
            calculation=(_why(finisher.name, own, lowest_other, doubled),),
            detail=SkyjoRound(cards, finisher.pk, doubled),
        )

    def reached_end(self, game: RoundsGame) -> bool:
        return any(total >= self.limit for total in game.totals.values())

    def prospects(self, game: RoundsGame) -> dict[int, Prospect]:
        """Where each player stands against the leader (the lowest total) and
        how far they are from the limit that ends the game ("Encore 38 avant
        100", or "100 atteint").

        `can_win`, whether the player can still end with the lowest total
        (alone or tied): while the game goes on, everyone can. A round's card
        total may be as low as −17 and a total has no floor, while the others
        may score 0 a round and so stay below the limit: however far behind,
        a player can come back before anyone ends the game. Skyjo is decided at
        its last round only; once over, the winners alone."""
        totals = game.totals
        over = game.finished
        winners = {player.pk for player in game.winners()}
        prospects = {}
        for player in game.players:
            total = totals[player.pk]
            if total >= self.limit:
                limit = Message(
                    gettext_noop("%(limit)s atteint"), {"limit": self.limit}
                )
            else:
                limit = Message(
                    gettext_noop("Encore %(left)s avant %(limit)s"),
                    {"left": self.limit - total, "limit": self.limit},
                )
            prospects[player.pk] = Prospect(
                lines=lines_of(standing_line(game, player.pk), limit),
                can_win=player.pk in winners if over else True,
            )
        return prospects

    def highlights(self, game: RoundsGame) -> dict[int, dict[str, int]]:
        """Rounds doubled as the finisher, the best (lowest) round, rounds played."""
        figures = {}
        details = [round_.detail for round_ in game.rounds]
        assert all(isinstance(detail, SkyjoRound) for detail in details)
        for player in game.players:
            scores = [round_.points[player.pk] for round_ in game.rounds]
            doubled = sum(
                1
                for detail in cast(list[SkyjoRound], details)
                if detail.doubled and detail.finisher == player.pk
            )
            figures[player.pk] = {"doubled": doubled, "rounds": len(scores)}
            if scores:
                figures[player.pk]["best_round"] = min(scores)
        return figures


def _why(name: str, own: int, lowest_other: int, doubled: bool) -> Message:
    """The calculation line: what the finisher scores, and why."""
    params = {"name": name, "cards": own, "points": 2 * own, "lowest": lowest_other}
    if own <= 0:
        template = gettext_noop(
            "%(name)s a fini la manche avec %(cards)s : 0 ou moins n'est jamais doublé."
        )
    elif lowest_other > own:
        template = gettext_noop(
            "%(name)s a fini la manche avec le plus petit total, %(cards)s : "
            "pas de doublement."
        )
    elif lowest_other == own and doubled:
        template = gettext_noop(
            "%(name)s a fini la manche avec %(cards)s, à égalité avec le plus "
            "petit total : doublé, %(cards)s × 2 = %(points)s."
        )
    elif lowest_other == own:
        template = gettext_noop(
            "%(name)s a fini la manche avec %(cards)s, à égalité avec le plus "
            "petit total : pas de doublement (règle de la maison)."
        )
    else:
        template = gettext_noop(
            "%(name)s a fini la manche avec %(cards)s, plus que %(lowest)s : "
            "doublé, %(cards)s × 2 = %(points)s."
        )
    return Message(template, params)


def build_rules(options: object | None = None) -> SkyjoRules:
    """Skyjo's rules for an options dict (missing options default), or
    RuleError."""
    return SkyjoRules.build(options)


def preview(game: RoundsGame, entry: object) -> Preview:
    """What the dialog shows before validating a round: the finisher's score with
    the doubling when it applies (`preview.detail.doubled`) and the new
    totals."""
    return game.preview(entry)
