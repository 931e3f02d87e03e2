"""Belote in two teams of two, "partie en 501": what a deal gives each team,
*dedans* and *litige* as RULES.md counts them.

Where RULES.md is silent, as a French table expects it:
- under the house rule "82 card points, belote aside", the litige is at 81 card
  points (81–81, belote aside), below is dedans;
- the points a litige puts in reserve are rounded, with the rounding option, as
  the rest of the card points are;
- a deal after a litige whose two scores come out equal (rounding, or "82 card
  points") has no winner: the reserve keeps waiting, as after a passed deal;
- a capot's card points are not asked: left out, None, or the 162 or 0 they
  would be; anything else is refused;
- the deal rotates in seat order (see teams.dealer).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Literal, cast

from ..messages import Message, gettext_noop
from ..options import OptionSpec
from ..rounds import (
    Preview,
    RoundsGame,
    ScoredRound,
    entry_fields,
)
from ..state import PlayerLike
from .teams import (
    BELOTE_REFUSED,
    CAPOT,
    CAPOT_REFUSED,
    CARD_POINTS,
    PLAYERS,
    TEAMS,
    Team,
    TeamRules,
    belote_points,
    dealer,
    highlight_figures,
    named_teams,
    no_teams,
    other,
    passed_flag,
    read_card_points,
    read_optional_team,
    read_team,
    round_to_ten,
    shares,
    target_reached,
    team_line,
)

KEY = "belote"
TARGET = 501
# Half the card points: under the house rule "82 card points, belote aside",
# the attack makes its deal above this and is in litige on it.
HALF = CARD_POINTS // 2

Outcome = Literal["made", "dedans", "litige"]

OPTION_SPECS = (
    OptionSpec(
        "target",
        gettext_noop("Total à atteindre"),
        gettext_noop(
            "La partie s'arrête à la fin de la donne où une équipe l'atteint "
            "(501, ou 1000 pour une partie longue)."
        ),
        "int",
        TARGET,
        min=100,
        max=10000,
    ),
    OptionSpec(
        "needs",
        gettext_noop("Prise faite"),
        gettext_noop("Ce qu'il faut à l'équipe qui prend pour ne pas être dedans."),
        "choice",
        "more",
        choices=(
            (
                "more",
                gettext_noop("Plus de points que la défense, belote comptée"),
            ),
            ("82", gettext_noop("82 points de cartes, belote à part")),
        ),
    ),
    OptionSpec(
        "litige",
        gettext_noop("Litige"),
        gettext_noop(
            "À égalité, les points de l'équipe qui prend attendent la donne "
            "suivante ; décoché, une égalité est dedans (règle de compétition)."
        ),
        "bool",
        True,
    ),
    OptionSpec(
        "rounding",
        gettext_noop("Arrondi à la dizaine"),
        gettext_noop(
            "Les points de cartes de chaque équipe sont arrondis à la dizaine la "
            "plus proche (5 vers le haut) ; 250 et la belote restent tels quels."
        ),
        "bool",
        False,
    ),
)

DEAL_FIELDS = ("team", "points", "capot", "belote")
TEAM_REFUSED = gettext_noop("L'équipe qui prend : 1 ou 2, pas « %(value)s ».")


@dataclass(frozen=True)
class BeloteDeal:
    """A deal as the rules read it, every step kept for the dialog, the sheet
    and the log. Teams are 1 and 2; every mapping is by team.

    `card_points`: what each team's tricks made (162 in all; 250 and 0 for a
    capot), before any rounding. `points`: card points plus belote, what the
    made/dedans check compares. `scores`: what each team scores for the deal,
    the reserve it won included. `reserve`: the litige points still waiting
    after this deal (a passed deal keeps them waiting)."""

    passed: bool
    scores: Mapping[Team, int] = field(default_factory=no_teams)
    reserve: int = 0
    taker: Team | None = None
    card_points: Mapping[Team, int] = field(default_factory=no_teams)
    belote: Team | None = None
    capot: Team | None = None
    points: Mapping[Team, int] = field(default_factory=no_teams)
    outcome: Outcome | None = None
    rounded: bool = False
    reserve_won: int = 0  # the previous litiges' points won in this deal
    reserve_to: Team | None = None  # by the team that scored more in it

    @property
    def made(self) -> bool:
        return self.outcome == "made"

    @property
    def dedans(self) -> bool:
        return self.outcome == "dedans"

    @property
    def litige(self) -> bool:
        return self.outcome == "litige"


@dataclass(frozen=True)
class BeloteRules(TeamRules):
    key: ClassVar[str] = KEY
    label: ClassVar[str] = gettext_noop("Belote")
    min_players: ClassVar[int] = PLAYERS
    max_players: ClassVar[int] = PLAYERS
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    target: int = TARGET
    needs: str = "more"
    litige: bool = True
    rounding: bool = False
    team_names: tuple[str, str] = ("", "")

    def dealer(self, game: RoundsGame) -> PlayerLike | None:
        return dealer(game)

    def reached_end(self, game: RoundsGame) -> bool:
        return target_reached(game, self.target)

    def highlights(self, game: RoundsGame) -> dict[int, dict[str, int]]:
        """Each team's deals taken and made and its capots, for both partners."""
        taken, made, capots = no_teams(), no_teams(), no_teams()
        for round_ in game.rounds:
            deal: BeloteDeal = round_.detail
            if deal.passed or deal.taker is None:
                continue
            taken[deal.taker] += 1
            made[deal.taker] += int(deal.made)
            if deal.capot is not None:
                capots[deal.capot] += 1
        return highlight_figures(game, taken, made, capots)

    def score(self, game: RoundsGame, entry: object) -> ScoredRound:
        pending = _pending_reserve(game)
        if isinstance(entry, Mapping) and entry.get("passed") is True:
            entry_fields(entry, required=("passed",))
            return _passed(game, pending)
        data = entry_fields(
            entry, required=("team",), optional=("passed", *DEAL_FIELDS)
        )
        passed_flag(data)
        deal = self.read_deal(data, pending)
        return ScoredRound(
            entry={
                "team": deal.taker,
                # A capot's card points are not asked: none stored.
                "points": None
                if deal.capot is not None
                else deal.card_points[cast(Team, deal.taker)],
                "capot": deal.capot,
                "belote": deal.belote,
            },
            points=shares(game, deal.scores),
            calculation=_calculation(self, game, deal, pending),
            detail=deal,
        )

    def read_deal(self, data: Mapping[str, object], pending: int) -> BeloteDeal:
        """The deal an entry makes with `pending` litige points waiting."""
        taker = read_team(data["team"], "team", TEAM_REFUSED)
        capot = read_optional_team(data.get("capot"), "capot", CAPOT_REFUSED)
        belote = read_optional_team(data.get("belote"), "belote", BELOTE_REFUSED)
        card = read_card_points(data, taker, capot)
        held = belote_points(belote)
        points = {team: card[team] + held[team] for team in TEAMS}
        defence = other(taker)
        outcome = self.outcome(card[taker], points[taker], points[defence])

        def rounded(card_points: int) -> int:
            # 250 stays as it is (RULES.md), whatever the option.
            if self.rounding and card_points != CAPOT:
                return round_to_ten(card_points)
            return card_points

        scores: dict[Team, int] = dict(held)
        reserve = pending
        if outcome == "made":
            for team in TEAMS:
                scores[team] += rounded(card[team])
        elif outcome == "dedans":
            # The defence takes every card point, 250 if it took every trick;
            # each belote stays with the team that held it.
            scores[defence] += self.all_cards(capot == defence)
        else:
            scores[defence] += rounded(card[defence])
            # (choice) the reserve is rounded as the rest of the sheet's card
            # points are: the points it holds are the attack's card points.
            reserve += rounded(card[taker])

        reserve_won = 0
        reserve_to: Team | None = None
        if outcome != "litige" and pending and scores[1] != scores[2]:
            # The team that scores more in the deal wins the waiting points. Equal
            # scores (possible with rounding, or "82 card points"): nobody wins
            # the deal, the points keep waiting, as after a passed deal (choice).
            winner: Team = 1 if scores[1] > scores[2] else 2
            reserve_won, reserve, reserve_to = pending, 0, winner
            scores[winner] += reserve_won
        return BeloteDeal(
            passed=False,
            scores=scores,
            reserve=reserve,
            taker=taker,
            card_points=card,
            belote=belote,
            capot=capot,
            points=points,
            outcome=outcome,
            rounded=self.rounding,
            reserve_won=reserve_won,
            reserve_to=reserve_to,
        )

    def all_cards(self, capot: bool) -> int:
        """What a team scores for all the card points: 250 for a capot, else
        162 (160 rounded)."""
        if capot:
            return CAPOT
        return round_to_ten(CARD_POINTS) if self.rounding else CARD_POINTS

    def outcome(self, taker_cards: int, taker_points: int, defence: int) -> Outcome:
        """Made, dedans or litige: the attack's points against the defence's,
        belote counted on both sides; or, house rule, its card points against
        half of them, belote aside (82 makes it, 81 is the tie)."""
        margin = taker_cards - HALF if self.needs == "82" else taker_points - defence
        if margin > 0:
            return "made"
        if margin == 0 and self.litige:
            return "litige"
        return "dedans"


def _pending_reserve(game: RoundsGame) -> int:
    """The litige points waiting for the next deal's winner."""
    if not game.rounds:
        return 0
    last: BeloteDeal = game.rounds[-1].detail
    return last.reserve


def _passed(game: RoundsGame, pending: int) -> ScoredRound:
    lines = [
        Message(gettext_noop("Tout le monde passe : 0 pour chaque équipe.")),
    ]
    if pending:
        lines.append(
            Message(
                gettext_noop(
                    "Les %(reserve)s points du litige restent en réserve pour la "
                    "donne suivante."
                ),
                {"reserve": pending},
            )
        )
    deal = BeloteDeal(passed=True, reserve=pending)
    return ScoredRound(
        entry={"passed": True},
        points=shares(game, deal.scores),
        calculation=tuple(lines),
        detail=deal,
    )


def _calculation(
    rules: BeloteRules, game: RoundsGame, deal: BeloteDeal, pending: int
) -> tuple[Message, ...]:
    """The card points, the belote, the check and what it gives, the reserve,
    and each team's score for the deal. A team is named as the sheet names it
    (a name the host typed is any words, singular or plural: the sentences put
    it where no verb agrees with it)."""
    assert deal.taker is not None and deal.outcome is not None
    taker, defence = deal.taker, other(deal.taker)
    names = named_teams(game)
    lines: list[Message] = []
    if deal.capot is not None:
        lines.append(
            Message(
                gettext_noop(
                    "Prise par %(taker)s ; capot pour %(capot)s : 250 points, 0 "
                    "pour %(other)s."
                ),
                {
                    "taker": names[taker],
                    "capot": names[deal.capot],
                    "other": names[other(deal.capot)],
                },
            )
        )
    else:
        lines.append(
            Message(
                gettext_noop(
                    "Prise par %(taker)s : %(cards)s points de cartes ; %(rest)s "
                    "pour %(defence)s."
                ),
                {
                    "taker": names[taker],
                    "defence": names[defence],
                    "cards": deal.card_points[taker],
                    "rest": deal.card_points[defence],
                },
            )
        )
    if deal.belote is not None:
        lines.append(
            Message(
                gettext_noop("Belote-rebelote pour %(team)s : +20."),
                {"team": names[deal.belote]},
            )
        )
    params = {
        "taker": names[taker],
        "defence": names[defence],
        "attack": deal.points[taker],
        "against": deal.points[defence],
        "cards": deal.card_points[taker],
    }
    if rules.needs == "82":
        check = {
            "made": gettext_noop(
                "%(cards)s points de cartes, belote à part : 82 ou plus, "
                "la prise est faite."
            ),
            "dedans": gettext_noop(
                "%(cards)s points de cartes, belote à part : moins de 82, "
                "dedans pour %(taker)s."
            ),
            "litige": gettext_noop(
                "%(cards)s points de cartes, belote à part : 81 partout, litige."
            ),
        }[deal.outcome]
    else:
        check = {
            "made": gettext_noop(
                "%(taker)s : %(attack)s points contre %(against)s, la prise est faite."
            ),
            "dedans": gettext_noop(
                "%(taker)s : %(attack)s points contre %(against)s, dedans."
            ),
            "litige": gettext_noop(
                "%(taker)s : %(attack)s points contre %(against)s, litige."
            ),
        }[deal.outcome]
    lines.append(Message(check, params))
    if deal.dedans:
        lines.append(
            Message(
                gettext_noop(
                    "Dedans : 0 pour %(taker)s, %(all)s pour %(defence)s ; la "
                    "belote reste à qui l'a eue."
                ),
                {
                    "taker": names[taker],
                    "defence": names[defence],
                    "all": rules.all_cards(deal.capot == defence),
                },
            )
        )
    if deal.litige:
        lines.append(
            Message(
                gettext_noop(
                    "Litige : les points de cartes faits par %(taker)s sont mis "
                    "en réserve pour l'équipe qui gagnera la donne suivante ; "
                    "réserve : %(reserve)s."
                ),
                {"taker": names[taker], "reserve": deal.reserve},
            )
        )
    if deal.rounded:
        lines.append(
            Message(
                gettext_noop(
                    "Points de cartes arrondis à la dizaine (250 et la belote "
                    "restent tels quels)."
                )
            )
        )
    if deal.reserve_won:
        assert deal.reserve_to is not None
        lines.append(
            Message(
                gettext_noop(
                    "Donne gagnée par %(team)s : +%(reserve)s de la réserve du litige."
                ),
                {"reserve": deal.reserve_won, "team": names[deal.reserve_to]},
            )
        )
    elif pending and not deal.litige:
        lines.append(
            Message(
                gettext_noop(
                    "Donne à égalité : les %(reserve)s points du litige restent en "
                    "réserve."
                ),
                {"reserve": pending},
            )
        )
    lines.extend(team_line(game, team, deal.scores[team]) for team in TEAMS)
    return tuple(lines)


def build_rules(options: object | None = None) -> BeloteRules:
    """Belote's rules for an options dict (missing options default), or
    RuleError."""
    return BeloteRules.build(options)


def preview(game: RoundsGame, entry: object) -> Preview:
    """What the dialog shows before validating a deal: the card points, the
    check (made, *dedans*, *litige*) and each team's score (`preview.detail`, a
    BeloteDeal), and the totals after."""
    return game.preview(entry)
