"""Coinche (*belote contrée*) in two teams of two: the contract, made or *chute*,
coinché ×2 or surcoinché ×4, counted as RULES.md counts it ("points made" by
default, "announced points" as a house option).

Where RULES.md is silent, as a French table expects it:
- coinched or surcoinched, the side that wins the deal scores (250 + contract)
  × multiplier when it took every trick, as a fall at ×1 gives 250 + contract;
- with the rounding option the 162 of a coinched deal is rounded too: (160 +
  contract) × multiplier;
- with "card points only toward the contract", the bidding team must still beat
  the defence, belote counted on both sides;
- a générale is made when the bidding team made the capot and the host says the
  bidder took every trick alone ("bidder_alone"), which the app cannot see;
- the trump is asked (RULES.md lists it in a deal) though it changes nothing in
  the count; a capot's card points are not asked;
- the deal rotates in seat order (see belote.teams.dealer).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar, cast

from ..belote.teams import (
    BELOTE,
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
from ..messages import Message, gettext_noop
from ..options import OptionSpec
from ..rounds import (
    InvalidRound,
    Preview,
    RoundsGame,
    ScoredRound,
    entry_fields,
)
from ..state import PlayerLike

KEY = "coinche"
TARGET = 2000

# The contracts by key (RULES.md's table) and what each is worth.
NUMBERED = tuple(str(value) for value in range(80, 170, 10))
HIGH = ("170", "180")  # house option, reachable with belote
CONTRACT_VALUES: dict[str, int] = {
    **{key: int(key) for key in (*NUMBERED, *HIGH)},
    "capot": 250,
    "generale": 500,
}
CONTRACT_LABELS = {
    "capot": gettext_noop("Capot"),
    "generale": gettext_noop("Générale"),
}

# The trump only shows on the sheet: it changes nothing in the count.
SUITS = ("pique", "coeur", "carreau", "trefle")
NO_TRUMP = "sans_atout"
ALL_TRUMPS = "tout_atout"
TRUMP_LABELS = {
    "pique": gettext_noop("♠ pique"),
    "coeur": gettext_noop("♥ cœur"),
    "carreau": gettext_noop("♦ carreau"),
    "trefle": gettext_noop("♣ trèfle"),
    NO_TRUMP: gettext_noop("sans atout"),
    ALL_TRUMPS: gettext_noop("tout atout"),
}

DOUBLINGS = ("coinche", "surcoinche")
MULTIPLIERS: dict[str | None, int] = {None: 1, "coinche": 2, "surcoinche": 4}

OPTION_SPECS = (
    OptionSpec(
        "target",
        gettext_noop("Total à atteindre"),
        gettext_noop(
            "La partie s'arrête à la fin de la donne où une équipe l'atteint "
            "(2000, ou 1000 pour une partie courte)."
        ),
        "int",
        TARGET,
        min=100,
        max=10000,
    ),
    OptionSpec(
        "scoring",
        gettext_noop("Décompte"),
        gettext_noop(
            "Points faits : l'équipe qui gagne marque le contrat et ses points ; "
            "points annoncés : elle ne marque que le contrat."
        ),
        "choice",
        "made",
        choices=(
            ("made", gettext_noop("Points faits")),
            ("announced", gettext_noop("Points annoncés")),
        ),
    ),
    OptionSpec(
        "belote_counts",
        gettext_noop("Belote comptée dans le contrat"),
        gettext_noop(
            "La belote de l'équipe qui a pris compte pour remplir son contrat ; "
            "décoché, seuls ses points de cartes comptent."
        ),
        "bool",
        True,
    ),
    OptionSpec(
        "high_contracts",
        gettext_noop("Contrats 170 et 180"),
        gettext_noop("Des contrats au-delà de 160, à remplir avec la belote."),
        "bool",
        False,
    ),
    OptionSpec(
        "generale",
        gettext_noop("Générale"),
        gettext_noop("Un contrat de 500 : tous les plis, faits par le seul preneur."),
        "bool",
        False,
    ),
    OptionSpec(
        "no_trump",
        gettext_noop("Sans atout et tout atout"),
        gettext_noop(
            "Ces atouts s'annoncent aussi ; les points se notent ramenés sur 162, "
            "et il n'y a pas de belote à sans atout."
        ),
        "bool",
        False,
    ),
    OptionSpec(
        "rounding",
        gettext_noop("Arrondi à la dizaine"),
        gettext_noop(
            "Les points de cartes sont arrondis à la dizaine la plus proche (5 vers "
            "le haut) : une chute à ×1 donne 160 + le contrat."
        ),
        "bool",
        False,
    ),
)

DEAL_FIELDS = (
    "team",
    "contract",
    "trump",
    "coinche",
    "points",
    "capot",
    "belote",
    "bidder_alone",
)
TEAM_REFUSED = gettext_noop(
    "L'équipe qui a remporté les enchères : 1 ou 2, pas « %(value)s »."
)


@dataclass(frozen=True)
class CoincheDeal:
    """A deal as the rules read it, every step kept for the dialog, the sheet
    and the log. Teams are 1 and 2; every mapping is by team.

    `card_points`: what each team's tricks made (162 in all; 250 and 0 for a
    capot), before any rounding. `points`: card points plus belote. `counted`:
    the bidding team's points toward its contract (its belote in or not, as the
    option says). `made`: the contract made, or else the *chute*. `scores`: what
    each team scores for the deal."""

    passed: bool
    scores: Mapping[Team, int] = field(default_factory=no_teams)
    bidder: Team | None = None
    contract: str | None = None
    value: int = 0  # what the contract is worth: 80 … 180, 250, 500
    trump: str | None = None
    coinche: str | None = None  # None, "coinche" or "surcoinche"
    multiplier: int = 1
    card_points: Mapping[Team, int] = field(default_factory=no_teams)
    belote: Team | None = None
    capot: Team | None = None
    bidder_alone: bool = False
    points: Mapping[Team, int] = field(default_factory=no_teams)
    counted: int = 0
    made: bool = False
    scoring: str = "made"  # "made" (points faits) or "announced"
    rounded: bool = False

    @property
    def winner(self) -> Team | None:
        """The side that wins the deal: the bidding team if made, else the
        defence."""
        if self.bidder is None:
            return None
        return self.bidder if self.made else other(self.bidder)


@dataclass(frozen=True)
class CoincheRules(TeamRules):
    key: ClassVar[str] = KEY
    label: ClassVar[str] = gettext_noop("Coinche")
    min_players: ClassVar[int] = PLAYERS
    max_players: ClassVar[int] = PLAYERS
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    target: int = TARGET
    scoring: str = "made"
    belote_counts: bool = True
    high_contracts: bool = False
    generale: bool = False
    no_trump: bool = False
    rounding: bool = False
    team_names: tuple[str, str] = ("", "")

    @property
    def contracts(self) -> tuple[str, ...]:
        """The contracts a team may bid, in order, as the options allow."""
        return (
            *NUMBERED,
            *(HIGH if self.high_contracts else ()),
            "capot",
            *(("generale",) if self.generale else ()),
        )

    @property
    def trumps(self) -> tuple[str, ...]:
        return (*SUITS, *((NO_TRUMP, ALL_TRUMPS) if self.no_trump else ()))

    def dealer(self, game: RoundsGame) -> PlayerLike | None:
        return dealer(game)

    def reached_end(self, game: RoundsGame) -> bool:
        return target_reached(game, self.target)

    def highlights(self, game: RoundsGame) -> dict[int, dict[str, int]]:
        """Each team's contracts bid and made and its capots, for both
        partners."""
        taken, made, capots = no_teams(), no_teams(), no_teams()
        for round_ in game.rounds:
            deal: CoincheDeal = round_.detail
            if deal.passed or deal.bidder is None:
                continue
            taken[deal.bidder] += 1
            made[deal.bidder] += int(deal.made)
            if deal.capot is not None:
                capots[deal.capot] += 1
        return highlight_figures(game, taken, made, capots)

    def score(self, game: RoundsGame, entry: object) -> ScoredRound:
        if isinstance(entry, Mapping) and entry.get("passed") is True:
            entry_fields(entry, required=("passed",))
            return _passed(game)
        data = entry_fields(
            entry,
            required=("team", "contract", "trump"),
            optional=("passed", *DEAL_FIELDS),
        )
        passed_flag(data)
        deal = self.read_deal(data)
        return ScoredRound(
            entry={
                "team": deal.bidder,
                "contract": deal.contract,
                "trump": deal.trump,
                "coinche": deal.coinche,
                # A capot's card points are not asked: none stored.
                "points": None
                if deal.capot is not None
                else deal.card_points[cast(Team, deal.bidder)],
                "capot": deal.capot,
                "belote": deal.belote,
                "bidder_alone": deal.bidder_alone,
            },
            points=shares(game, deal.scores),
            calculation=_calculation(game, deal),
            detail=deal,
        )

    def read_deal(self, data: Mapping[str, object]) -> CoincheDeal:
        """The deal an entry makes, or InvalidRound."""
        bidder = read_team(data["team"], "team", TEAM_REFUSED)
        contract = self._contract(data["contract"])
        trump = self._trump(data["trump"])
        doubling = data.get("coinche")
        if doubling is not None and doubling not in DOUBLINGS:
            raise InvalidRound(
                Message(
                    gettext_noop(
                        "Coinché ou surcoinché : « coinche », « surcoinche » ou "
                        "rien, pas « %(value)s »."
                    ),
                    {"value": str(doubling)},
                ),
                "coinche",
            )
        capot = read_optional_team(data.get("capot"), "capot", CAPOT_REFUSED)
        belote = read_optional_team(data.get("belote"), "belote", BELOTE_REFUSED)
        if belote is not None and trump == NO_TRUMP:
            raise InvalidRound(
                Message(gettext_noop("Pas de belote-rebelote à sans atout.")),
                "belote",
            )
        alone = data.get("bidder_alone", False)
        if not isinstance(alone, bool):
            raise InvalidRound(
                Message(gettext_noop("Tous les plis par le preneur : vrai ou faux.")),
                "bidder_alone",
            )
        if alone and (contract != "generale" or capot != bidder):
            raise InvalidRound(
                Message(
                    gettext_noop(
                        "Tous les plis par le preneur : seulement pour une générale "
                        "et un capot de son équipe."
                    )
                ),
                "bidder_alone",
            )
        card = read_card_points(data, bidder, capot)
        held = belote_points(belote)
        points = {team: card[team] + held[team] for team in TEAMS}
        defence = other(bidder)
        value = CONTRACT_VALUES[contract]
        counted = card[bidder] + (held[bidder] if self.belote_counts else 0)
        if contract == "capot":
            made = capot == bidder
        elif contract == "generale":
            made = capot == bidder and alone
        else:
            # At least the contract, and more than the defence, belote counted on
            # both sides (so 81 against 81 falls even at 80).
            made = counted >= value and points[bidder] > points[defence]
        coinche = doubling if isinstance(doubling, str) else None
        multiplier = MULTIPLIERS[coinche]
        return CoincheDeal(
            passed=False,
            scores=self._scores(bidder, value, multiplier, made, card, held, capot),
            bidder=bidder,
            contract=contract,
            value=value,
            trump=trump,
            coinche=coinche,
            multiplier=multiplier,
            card_points=card,
            belote=belote,
            capot=capot,
            bidder_alone=alone,
            points=points,
            counted=counted,
            made=made,
            scoring=self.scoring,
            rounded=self.rounding,
        )

    def _scores(
        self,
        bidder: Team,
        value: int,
        multiplier: int,
        made: bool,
        card: Mapping[Team, int],
        held: Mapping[Team, int],
        capot: Team | None,
    ) -> dict[Team, int]:
        """What each team scores: belote-rebelote, 20 to the team that held it
        in every case (never multiplied, never lost), plus the contract's
        count."""
        scores: dict[Team, int] = dict(held)
        winner = bidder if made else other(bidder)
        if self.scoring == "announced":
            scores[winner] += value * multiplier
        elif multiplier == 1 and made:
            scores[bidder] += value + self._cards(card[bidder])
            scores[other(bidder)] += self._cards(card[other(bidder)])
        else:
            # A fall at ×1, or any coinched deal: the side that wins it takes
            # all the card points and the contract, multiplied.
            scores[winner] += (self.all_cards(capot == winner) + value) * multiplier
        return scores

    def _cards(self, points: int) -> int:
        # 250 stays as it is (RULES.md), whatever the option.
        if self.rounding and points != CAPOT:
            return round_to_ten(points)
        return points

    def all_cards(self, capot: bool) -> int:
        """All the card points of a deal for the side that wins it: 162 (160
        rounded), or 250 when that side took every trick. RULES.md gives 250
        for a defence that took every trick at ×1; it is silent for a coinched
        deal, which counts the same (choice: the capot's 250 stands for the 162
        everywhere else)."""
        if capot:
            return CAPOT
        return self._cards(CARD_POINTS)

    def _contract(self, value: object) -> str:
        if isinstance(value, str) and value in self.contracts:
            return value
        raise InvalidRound(
            Message(
                gettext_noop("Contrat inconnu : « %(value)s » (choix : %(choices)s)."),
                {"value": str(value), "choices": ", ".join(self.contracts)},
            ),
            "contract",
        )

    def _trump(self, value: object) -> str:
        if isinstance(value, str) and value in self.trumps:
            return value
        raise InvalidRound(
            Message(
                gettext_noop("Atout inconnu : « %(value)s » (choix : %(choices)s)."),
                {"value": str(value), "choices": ", ".join(self.trumps)},
            ),
            "trump",
        )


def contract_label(contract: str) -> Message | str:
    """ "110" as it is, "Capot" or "Générale" to translate."""
    if contract in CONTRACT_LABELS:
        return Message(CONTRACT_LABELS[contract])
    return contract


def _passed(game: RoundsGame) -> ScoredRound:
    deal = CoincheDeal(passed=True)
    return ScoredRound(
        entry={"passed": True},
        points=shares(game, deal.scores),
        calculation=(
            Message(gettext_noop("Tout le monde passe : 0 pour chaque équipe.")),
        ),
        detail=deal,
    )


def _calculation(game: RoundsGame, deal: CoincheDeal) -> tuple[Message, ...]:
    """The contract, the card points, the belote, made or fallen and why, the
    count, and each team's score for the deal. A team is named as the sheet
    names it (a name the host typed is any words, singular or plural: the
    sentences put it where no verb agrees with it)."""
    assert deal.bidder is not None and deal.contract is not None
    assert deal.trump is not None
    bidder, defence = deal.bidder, other(deal.bidder)
    names = named_teams(game)
    lines = [
        Message(
            {
                1: gettext_noop("Contrat pris par %(team)s : %(contract)s, %(trump)s."),
                2: gettext_noop(
                    "Contrat pris par %(team)s : %(contract)s, %(trump)s, coinché (×2)."
                ),
                4: gettext_noop(
                    "Contrat pris par %(team)s : %(contract)s, %(trump)s, "
                    "surcoinché (×4)."
                ),
            }[deal.multiplier],
            {
                "team": names[bidder],
                "contract": contract_label(deal.contract),
                "trump": Message(TRUMP_LABELS[deal.trump]),
            },
        )
    ]
    if deal.capot is not None:
        lines.append(
            Message(
                gettext_noop("Capot pour %(capot)s : 250 points, 0 pour %(other)s."),
                {"capot": names[deal.capot], "other": names[other(deal.capot)]},
            )
        )
    else:
        lines.append(
            Message(
                gettext_noop(
                    "Points de cartes : %(cards)s pour %(team)s, %(rest)s pour "
                    "%(defence)s."
                ),
                {
                    "team": names[bidder],
                    "defence": names[defence],
                    "cards": deal.card_points[bidder],
                    "rest": deal.card_points[defence],
                },
            )
        )
    if deal.belote is not None:
        lines.append(
            Message(
                gettext_noop("Belote-rebelote pour %(team)s : +20, jamais multipliée."),
                {"team": names[deal.belote]},
            )
        )
    lines.append(_check(deal, names))
    lines.extend(_count(deal, names))
    lines.extend(team_line(game, team, deal.scores[team]) for team in TEAMS)
    return tuple(lines)


def _check(deal: CoincheDeal, names: Mapping[Team, str]) -> Message:
    """Made or fallen, and why."""
    assert deal.bidder is not None
    params = {
        "team": names[deal.bidder],
        "counted": deal.counted,
        "value": deal.value,
        "attack": deal.points[deal.bidder],
        "defence": deal.points[other(deal.bidder)],
    }
    if deal.contract == "capot":
        template = (
            gettext_noop("Tous les plis pour %(team)s : contrat fait.")
            if deal.made
            else gettext_noop("Pas tous les plis pour %(team)s : chute.")
        )
    elif deal.contract == "generale":
        template = (
            gettext_noop("Le preneur fait tous les plis : générale faite.")
            if deal.made
            else gettext_noop("Le preneur ne fait pas tous les plis seul : chute.")
        )
    elif deal.made:
        template = gettext_noop(
            "%(counted)s points pour un contrat de %(value)s, et %(attack)s contre "
            "%(defence)s à la défense : contrat fait."
        )
    elif deal.counted < deal.value:
        template = gettext_noop(
            "%(counted)s points pour un contrat de %(value)s : chute."
        )
    else:
        template = gettext_noop(
            "%(counted)s points pour un contrat de %(value)s, mais %(attack)s "
            "contre %(defence)s à la défense : chute."
        )
    return Message(template, params)


def _count(deal: CoincheDeal, names: Mapping[Team, str]) -> list[Message]:
    """The contract's count, as the scoring says it, for the side that wins the
    deal: contract + its points (belote in) when made at ×1; otherwise the belote
    stays apart, shown on its own line."""
    assert deal.winner is not None
    winner = deal.winner
    won = deal.scores[winner]
    if deal.scoring == "announced" or deal.multiplier > 1 or not deal.made:
        # Belote is never multiplied nor part of the count there: apart.
        won -= BELOTE if deal.belote == winner else 0
    params = {
        "team": names[winner],
        "other": names[other(winner)],
        "value": deal.value,
        "multiplier": deal.multiplier,
        "points": won,
        "cards": won - deal.value,
        "all": won // deal.multiplier - deal.value,
    }
    if deal.scoring == "announced":
        template = gettext_noop(
            "Points annoncés : %(value)s × %(multiplier)s = %(points)s pour "
            "%(team)s, 0 pour %(other)s."
        )
    elif deal.made and deal.multiplier == 1:
        template = gettext_noop(
            "Contrat fait : %(value)s + %(cards)s = %(points)s pour %(team)s ; la "
            "défense marque ses points."
        )
    elif deal.multiplier == 1:
        template = gettext_noop(
            "Chute : %(all)s + %(value)s = %(points)s pour %(team)s, 0 pour %(other)s."
        )
    else:
        template = gettext_noop(
            "(%(all)s + %(value)s) × %(multiplier)s = %(points)s pour %(team)s, 0 "
            "pour %(other)s."
        )
    lines = [Message(template, params)]
    if deal.rounded and deal.scoring == "made":
        lines.append(
            Message(
                gettext_noop(
                    "Points de cartes arrondis à la dizaine (250 et la belote "
                    "restent tels quels)."
                )
            )
        )
    return lines


def build_rules(options: object | None = None) -> CoincheRules:
    """Coinche's rules for an options dict (missing options default), or
    RuleError."""
    return CoincheRules.build(options)


def preview(game: RoundsGame, entry: object) -> Preview:
    """What the dialog shows before validating a deal: the contract, made or
    *chute* and why, the count and each team's score (`preview.detail`, a
    CoincheDeal), and the totals after."""
    return game.preview(entry)
