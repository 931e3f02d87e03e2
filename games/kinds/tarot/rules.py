"""French tarot at 3, 4 or 5 players, scored as the Fédération Française de
Tarot scores it: what a deal is worth and how the table shares it."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from ..messages import Message, gettext_noop
from ..options import OptionSpec, is_int
from ..rounds import (
    InvalidRound,
    Preview,
    RoundRules,
    RoundsGame,
    ScoredRound,
    entry_fields,
    is_finite_number,
    lines_of,
    player_of,
    rounds_left_line,
    signed,
    standing_line,
)
from ..state import PlayerLike, Prospect

KEY = "tarot"

CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")
CONTRACT_LABELS = {
    "prise": gettext_noop("Prise"),
    "garde": gettext_noop("Garde"),
    "garde_sans": gettext_noop("Garde sans le chien"),
    "garde_contre": gettext_noop("Garde contre le chien"),
}
# The "multipliers" option: the FFT's, or the old ones some tables keep.
MULTIPLIERS = {
    "1_2_4_6": dict(zip(CONTRACTS, (1, 2, 4, 6), strict=True)),
    "1_2_3_4": dict(zip(CONTRACTS, (1, 2, 3, 4), strict=True)),
}
POIGNEE_SIZES = ("simple", "double", "triple")
POIGNEE_LABELS = {
    "simple": gettext_noop("Poignée simple"),
    "double": gettext_noop("Poignée double"),
    "triple": gettext_noop("Poignée triple"),
}
# The "poignees" option: what each poignée is worth, never multiplied.
POIGNEE_VALUES = {
    "20_30_40": dict(zip(POIGNEE_SIZES, (20, 30, 40), strict=True)),
    "20_40_60": dict(zip(POIGNEE_SIZES, (20, 40, 60), strict=True)),
}
# Trumps a poignée shows, by number of players: the app asks which poignée, and
# checks only that the poignées shown fit in the deck's trumps.
POIGNEE_TRUMPS = {
    3: dict(zip(POIGNEE_SIZES, (13, 15, 18), strict=True)),
    4: dict(zip(POIGNEE_SIZES, (10, 13, 15), strict=True)),
    5: dict(zip(POIGNEE_SIZES, (8, 10, 13), strict=True)),
}
TRUMPS_IN_DECK = 22  # the 21 trumps and the Excuse, which a poignée may show
# Card points the taker needs, by number of bouts (the 1, the 21, the Excuse).
NEEDED = {0: 56, 1: 51, 2: 41, 3: 36}
CARD_POINTS = 91
BASE = 25
PETIT_AU_BOUT = 10
CHELEM_ANNOUNCED_MADE = 400
CHELEM_MADE = 200
CHELEM_FAILED = -200
# How many times the value V each role receives (the defenders pay V each).
TAKER_SHARE = {3: 2, 4: 3, 5: 2}
TAKER_ALONE_AT_FIVE = 4

Side = Literal["taker", "defence"]
SIDES: tuple[Side, ...] = ("taker", "defence")
SIDE_LABELS = {
    "taker": gettext_noop("le camp du preneur"),
    "defence": gettext_noop("la défense"),
}

OPTION_SPECS = (
    OptionSpec(
        "multipliers",
        gettext_noop("Multiplicateurs"),
        gettext_noop(
            "Ce que vaut chaque contrat : Prise, Garde, Garde sans, Garde contre."
        ),
        "choice",
        "1_2_4_6",
        choices=(
            ("1_2_4_6", gettext_noop("1, 2, 4, 6 (FFT)")),
            ("1_2_3_4", gettext_noop("1, 2, 3, 4 (anciens)")),
        ),
    ),
    OptionSpec(
        "poignees",
        gettext_noop("Poignées"),
        gettext_noop("Ce que vaut une poignée simple, double, triple."),
        "choice",
        "20_30_40",
        choices=(
            ("20_30_40", gettext_noop("20, 30, 40 (FFT)")),
            ("20_40_60", gettext_noop("20, 40, 60")),
        ),
    ),
    OptionSpec(
        "deals",
        gettext_noop("Nombre de donnes"),
        gettext_noop(
            "La partie s'arrête après ce nombre de donnes ; sans nombre, "
            "l'hôte y met fin."
        ),
        "int",
        None,
        min=1,
        max=500,
        optional=True,
    ),
)

DEAL_FIELDS = (
    "taker",
    "contract",
    "bouts",
    "points",
    "partner",
    "petit_au_bout",
    "poignees",
    "chelem",
    "chelem_announced",
)


@dataclass(frozen=True)
class Poignee:
    size: str
    side: Side
    points: int  # signed for the taker's side: won by the side winning the deal


@dataclass(frozen=True)
class TarotDeal:
    """A deal as the rules read it, every step of its value kept for the
    dialog. For a passed deal only `passed` and `shares` (all 0) mean anything.

    Points are signed for the taker's side: `value` is V, positive when the
    taker's side wins the deal."""

    passed: bool
    shares: Mapping[int, int]
    taker: int | None = None
    partner: int | None = None
    contract: str | None = None
    multiplier: int = 0
    bouts: int = 0
    needed: int = 0
    made: int | float = 0
    won: bool = False
    margin: int = 0  # |made − needed|, a half point rounded up
    contract_points: int = 0  # (25 + margin) × multiplier, signed
    petit_au_bout: int = 0
    poignees: tuple[Poignee, ...] = ()
    chelem: int = 0
    value: int = 0

    @property
    def total(self) -> int:
        """What the deal adds up to over the table: always 0."""
        return sum(self.shares.values())


@dataclass(frozen=True)
class TarotRules(RoundRules):
    key: ClassVar[str] = KEY
    label: ClassVar[str] = gettext_noop("Tarot")
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    multipliers: str = "1_2_4_6"
    poignees: str = "20_30_40"
    deals: int | None = None

    def dealer(self, game: RoundsGame) -> PlayerLike | None:
        # In seat order from the first name; a passed deal passes the deal on too.
        return game.players[len(game.rounds) % len(game.players)]

    def reached_end(self, game: RoundsGame) -> bool:
        return self.deals is not None and len(game.rounds) >= self.deals

    @property
    def fixed_rounds(self) -> int | None:
        return self.deals

    def prospects(self, game: RoundsGame) -> dict[int, Prospect]:
        """Each player's gap to the leader, and the deals left when the game has
        a number of them. Whether a player can still win is not said: a deal
        may be worth a few points or a thousand (a chelem, a garde contre), and
        a table without a number of deals plays on until the host ends it."""
        left = rounds_left_line(game, gettext_noop("Donnes restantes : %(left)s"))
        return {
            player.pk: Prospect(lines=lines_of(standing_line(game, player.pk), left))
            for player in game.players
        }

    def highlights(self, game: RoundsGame) -> dict[int, dict[str, int]]:
        """Deals taken and contracts made (the partner at five takes none)."""
        figures = {player.pk: {"taken": 0, "made": 0} for player in game.players}
        for round_ in game.rounds:
            deal = round_.detail
            assert isinstance(deal, TarotDeal)
            if not deal.passed and deal.taker is not None:
                figures[deal.taker]["taken"] += 1
                figures[deal.taker]["made"] += int(deal.won)
        return figures

    def score(self, game: RoundsGame, entry: object) -> ScoredRound:
        if isinstance(entry, Mapping) and entry.get("passed") is True:
            entry_fields(entry, required=("passed",))
            return _passed(game)
        data = entry_fields(
            entry,
            required=("taker", "contract", "bouts", "points")
            + (("partner",) if len(game.players) == 5 else ()),
            optional=("passed", *DEAL_FIELDS),
        )
        if "passed" in data and data["passed"] is not False:
            raise InvalidRound(
                Message(gettext_noop("« passed » : vrai ou faux.")), "passed"
            )
        deal = _read_deal(self, game, data)
        return ScoredRound(
            entry=_normal_entry(deal, data, len(game.players)),
            points=deal.shares,
            calculation=_calculation(game, deal),
            detail=deal,
        )


def _refused(template: str, field_name: str, **params: object) -> InvalidRound:
    return InvalidRound(Message(template, params), field_name)


def _passed(game: RoundsGame) -> ScoredRound:
    shares = {player.pk: 0 for player in game.players}
    return ScoredRound(
        entry={"passed": True},
        points=shares,
        calculation=(
            Message(
                gettext_noop(
                    "Tout le monde passe : 0 pour chacun, la donne passe au suivant."
                )
            ),
        ),
        detail=TarotDeal(passed=True, shares=shares),
    )


def _read_deal(
    rules: TarotRules, game: RoundsGame, data: Mapping[str, object]
) -> TarotDeal:
    taker = player_of(game, data["taker"], "taker")
    partner = _partner(game, data.get("partner"), taker)
    contract = data["contract"]
    if not isinstance(contract, str) or contract not in CONTRACTS:
        raise _refused(
            gettext_noop("Contrat inconnu : « %(value)s » (choix : %(choices)s)."),
            "contract",
            value=str(contract),
            choices=", ".join(CONTRACTS),
        )
    bouts = data["bouts"]
    if not is_int(bouts) or bouts not in NEEDED:
        raise _refused(gettext_noop("Les bouts : un nombre de 0 à 3."), "bouts")
    made = data["points"]
    if (
        not is_finite_number(made)
        or not 0 <= made <= CARD_POINTS
        or (2 * made) != int(2 * made)
    ):
        raise _refused(
            gettext_noop("Les points du preneur : de 0 à 91, au demi-point près."),
            "points",
        )
    made = int(made) if made == int(made) else float(made)
    petit = data.get("petit_au_bout")
    if petit is not None and petit not in SIDES:
        raise _refused(
            gettext_noop(
                "Le petit au bout va au camp du preneur, à la défense ou à personne."
            ),
            "petit_au_bout",
        )
    chelem = data.get("chelem")
    if chelem is not None and chelem not in SIDES:
        raise _refused(
            gettext_noop(
                "Le chelem est fait par le camp du preneur, par la défense ou par "
                "personne."
            ),
            "chelem",
        )
    announced = data.get("chelem_announced", False)
    if not isinstance(announced, bool):
        raise _refused(
            gettext_noop("Chelem annoncé : vrai ou faux."), "chelem_announced"
        )

    multiplier = MULTIPLIERS[rules.multipliers][contract]
    needed = NEEDED[bouts]
    won = made >= needed
    # (choice) a half point in the gap counts as a whole one, for or against.
    margin = math.ceil(abs(made - needed))
    sign = 1 if won else -1
    if (chelem == "taker" and not won) or (chelem == "defence" and won):
        # Every trick to one side leaves the other far from any target.
        raise _refused(
            gettext_noop(
                "Un chelem du preneur gagne le contrat, un chelem de la défense le "
                "fait chuter : vérifiez les points."
            ),
            "chelem",
        )
    contract_points = sign * (BASE + margin) * multiplier
    petit_points = 0
    if petit is not None:
        petit_points = (1 if petit == "taker" else -1) * PETIT_AU_BOUT * multiplier
    poignees = _poignees(rules, game, data.get("poignees", []), sign, partner)
    chelem_points = _chelem_points(chelem, announced)
    value = (
        contract_points
        + petit_points
        + sum(poignee.points for poignee in poignees)
        + chelem_points
    )
    return TarotDeal(
        passed=False,
        shares=_shares(game, taker, partner, value),
        taker=taker.pk,
        partner=partner.pk if partner else None,
        contract=contract,
        multiplier=multiplier,
        bouts=bouts,
        needed=needed,
        made=made,
        won=won,
        margin=margin,
        contract_points=contract_points,
        petit_au_bout=petit_points,
        poignees=poignees,
        chelem=chelem_points,
        value=value,
    )


def _partner(game: RoundsGame, value: object, taker: PlayerLike) -> PlayerLike | None:
    if value is None:
        # At 5 players: the taker called their own king and plays alone.
        return None
    if len(game.players) != 5:
        raise _refused(
            gettext_noop("Un partenaire ne s'appelle qu'à 5 joueurs."), "partner"
        )
    partner = player_of(game, value, "partner")
    if partner.pk == taker.pk:
        raise _refused(
            gettext_noop(
                "Le preneur qui appelle son propre roi joue seul : pas de partenaire."
            ),
            "partner",
        )
    return partner


def _poignees(
    rules: TarotRules,
    game: RoundsGame,
    value: object,
    sign: int,
    partner: PlayerLike | None,
) -> tuple[Poignee, ...]:
    if not isinstance(value, list | tuple):
        raise _refused(gettext_noop("Les poignées : une liste."), "poignees")
    players = len(game.players)
    taker_side = 2 if partner else 1
    room = {"taker": taker_side, "defence": players - taker_side}
    read: list[Poignee] = []
    for item in value:
        if (
            not isinstance(item, Mapping)
            or set(item) != {"size", "side"}
            or item["size"] not in POIGNEE_SIZES
            or item["side"] not in SIDES
        ):
            raise _refused(
                gettext_noop(
                    "Une poignée est simple, double ou triple, montrée par le camp "
                    "du preneur ou par la défense."
                ),
                "poignees",
            )
        side = item["side"]
        room[side] -= 1
        if room[side] < 0:
            raise _refused(
                gettext_noop(
                    "Trop de poignées pour %(side)s : une par joueur au plus."
                ),
                "poignees",
                side=Message(SIDE_LABELS[side]),
            )
        points = POIGNEE_VALUES[rules.poignees][item["size"]]
        # Won by the side that wins the deal, whoever showed it.
        read.append(Poignee(item["size"], side, sign * points))
    trumps = sum(POIGNEE_TRUMPS[players][poignee.size] for poignee in read)
    if trumps > TRUMPS_IN_DECK:
        raise _refused(
            gettext_noop(
                "Ces poignées montrent %(trumps)s atouts ; le jeu n'en a que 22, "
                "Excuse comprise."
            ),
            "poignees",
            trumps=trumps,
        )
    return tuple(read)


def _chelem_points(chelem: str | None, announced: bool) -> int:
    """The chelem's points for the taker's side, never multiplied."""
    if chelem == "taker":
        return CHELEM_ANNOUNCED_MADE if announced else CHELEM_MADE
    points = CHELEM_FAILED if announced else 0
    if chelem == "defence":
        # (choice) the defence's chelem counts on top of the taker's failed one.
        points -= CHELEM_MADE
    return points


def _shares(
    game: RoundsGame, taker: PlayerLike, partner: PlayerLike | None, value: int
) -> dict[int, int]:
    """What each player wins (or pays): the defenders pay V each, the taker's
    side takes it all, so the deal adds up to 0."""
    players = len(game.players)
    if players == 5 and partner is None:
        taker_share = TAKER_ALONE_AT_FIVE
    else:
        taker_share = TAKER_SHARE[players]
    shares = {}
    for player in game.players:
        if player.pk == taker.pk:
            shares[player.pk] = taker_share * value
        elif partner is not None and player.pk == partner.pk:
            shares[player.pk] = value
        else:
            shares[player.pk] = -value
    return shares


def _normal_entry(
    deal: TarotDeal, data: Mapping[str, object], players: int
) -> dict[str, object]:
    entry: dict[str, object] = {
        "taker": deal.taker,
        "contract": deal.contract,
        "bouts": deal.bouts,
        "points": deal.made,
    }
    if players == 5:
        entry["partner"] = deal.partner
    entry["petit_au_bout"] = data.get("petit_au_bout")
    entry["poignees"] = [
        {"size": poignee.size, "side": poignee.side} for poignee in deal.poignees
    ]
    entry["chelem"] = data.get("chelem")
    entry["chelem_announced"] = data.get("chelem_announced", False)
    return entry


def _calculation(game: RoundsGame, deal: TarotDeal) -> tuple[Message, ...]:
    """Needed against made, the deal's value step by step, each player's share
    and the sum, 0."""
    lines = [
        Message(
            {
                0: gettext_noop(
                    "Sans bout, il faut %(needed)s points ; faits : %(made)s."
                ),
                1: gettext_noop(
                    "Avec 1 bout, il faut %(needed)s points ; faits : %(made)s."
                ),
            }.get(
                deal.bouts,
                gettext_noop(
                    "Avec %(bouts)s bouts, il faut %(needed)s points ; "
                    "faits : %(made)s."
                ),
            ),
            {"bouts": deal.bouts, "needed": deal.needed, "made": _number(deal.made)},
        )
    ]
    if deal.won and deal.margin == 0:
        lines.append(Message(gettext_noop("Contrat juste fait.")))
    elif deal.won:
        lines.append(
            Message(
                gettext_noop("Contrat gagné de %(margin)s."), {"margin": deal.margin}
            )
        )
    else:
        lines.append(
            Message(
                gettext_noop("Contrat chuté de %(margin)s."), {"margin": deal.margin}
            )
        )
    assert deal.contract is not None
    lines.append(
        Message(
            gettext_noop(
                "%(contract)s : (25 + %(margin)s) × %(multiplier)s = %(points)s."
            ),
            {
                "contract": Message(CONTRACT_LABELS[deal.contract]),
                "margin": deal.margin,
                "multiplier": deal.multiplier,
                "points": signed(deal.contract_points),
            },
        )
    )
    if deal.petit_au_bout:
        lines.append(
            Message(
                gettext_noop("Petit au bout pour %(side)s : %(points)s."),
                {
                    "side": Message(
                        SIDE_LABELS["taker" if deal.petit_au_bout > 0 else "defence"]
                    ),
                    "points": signed(deal.petit_au_bout),
                },
            )
        )
    for poignee in deal.poignees:
        lines.append(
            Message(
                gettext_noop("%(poignee)s montrée par %(side)s : %(points)s."),
                {
                    "poignee": Message(POIGNEE_LABELS[poignee.size]),
                    "side": Message(SIDE_LABELS[poignee.side]),
                    "points": signed(poignee.points),
                },
            )
        )
    if deal.chelem:
        lines.append(
            Message(
                gettext_noop("Chelem : %(points)s."), {"points": signed(deal.chelem)}
            )
        )
    lines.append(
        Message(
            gettext_noop("Valeur de la donne pour le preneur : %(value)s."),
            {"value": signed(deal.value)},
        )
    )
    for player in game.players:
        if player.pk == deal.taker:
            template = gettext_noop("%(name)s, preneur : %(points)s.")
        elif player.pk == deal.partner:
            template = gettext_noop("%(name)s, partenaire : %(points)s.")
        else:
            template = gettext_noop("%(name)s, défense : %(points)s.")
        lines.append(
            Message(
                template,
                {"name": player.name, "points": signed(deal.shares[player.pk])},
            )
        )
    lines.append(
        Message(gettext_noop("Somme de la donne : %(total)s."), {"total": deal.total})
    )
    return tuple(lines)


def _number(points: float) -> str:
    """49, or 40,5 as a French score sheet writes a half point."""
    return str(points).replace(".", ",")


def build_rules(options: object | None = None) -> TarotRules:
    """Tarot's rules for an options dict (missing options default), or
    RuleError."""
    return TarotRules.build(options)


def preview(game: RoundsGame, entry: object) -> Preview:
    """What the dialog shows before validating a deal: needed against made, the
    deal's value step by step (`preview.detail`, a TarotDeal), what each player
    wins or pays, and the sum, 0."""
    return game.preview(entry)
