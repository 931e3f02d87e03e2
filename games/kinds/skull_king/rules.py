"""Skull King (Grandpa Beck's, 2021 edition): each round, every player's bid
against the tricks they won, and the bonuses of the cards they captured."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..messages import Message, gettext_noop
from ..options import OptionSpec, is_int
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
)
from ..state import PlayerLike, Prospect

KEY = "skull_king"
ROUNDS = 10
MOST_CARDS = 10
# The 2021 deck: 56 suit cards, 5 escapes, 5 pirates, the Tigress, the Skull
# King, 2 mermaids; the advanced cards add 2 loot, the Kraken, the White Whale.
# At 8 players the deck runs out: the largest equal deal is repeated.
DECK = 70
ADVANCED_DECK = 74
MOST_LOST_TRICKS = 2  # the Kraken's and the White Whale's, one each

MADE_PER_TRICK = 20
MISSED_PER_TRICK = -10
ZERO_PER_CARD = 10
RASCAL_PER_CARD = 10
CANNONBALL_PER_CARD = 15

STANDARD = "skull_king"
RASCAL = "rascal"
EDITION_2021 = "2021"
FIRST_EDITION = "first_edition"

# Bonus fields of a player's entry: (key, most, is a yes/no).
BONUS_FIELDS: tuple[tuple[str, int, bool], ...] = (
    ("fourteens", 3, False),
    ("black_fourteen", 1, True),
    ("mermaids", 2, False),
    ("pirates", 6, False),  # 5 pirates and the Tigress played as one
    ("skull_king", 1, True),
    ("loot", 2, False),
)
BONUS_LABELS = {
    "fourteens": gettext_noop("14 de couleur"),
    "black_fourteen": gettext_noop("14 noir"),
    "mermaids": gettext_noop("sirène prise par un pirate"),
    "pirates": gettext_noop("pirate pris par le Skull King"),
    "skull_king": gettext_noop("Skull King pris par une sirène"),
    "loot": gettext_noop("alliance de butin"),
}
BONUS_VALUES = {
    EDITION_2021: {
        "fourteens": 10,
        "black_fourteen": 20,
        "mermaids": 20,
        "pirates": 30,
        "skull_king": 40,
        "loot": 20,
    },
    # "Nothing else": the other bonuses are refused, not scored 0.
    FIRST_EDITION: {"pirates": 30, "skull_king": 50},
}
# Captured in a trick the player won: none without a trick.
CAPTURES = ("fourteens", "black_fourteen", "mermaids", "pirates", "skull_king")
# Only with the advanced cards in.
ADVANCED_FIELDS = ("loot", "wager")
WAGERS = (0, 10, 20)

OPTION_SPECS = (
    OptionSpec(
        "rounds",
        gettext_noop("Nombre de manches"),
        gettext_noop(
            "Dix dans la règle ; moins pour une partie courte (le nombre de "
            "cartes se saisit à chaque manche s'il diffère)."
        ),
        "int",
        ROUNDS,
        min=1,
        max=ROUNDS,
    ),
    OptionSpec(
        "advanced",
        gettext_noop("Cartes avancées"),
        gettext_noop(
            "Butins, Kraken et baleine blanche : alliances, pari de Rascal et "
            "plis remportés par personne ; à 8 joueurs, 9 cartes au plus."
        ),
        "bool",
        False,
    ),
    OptionSpec(
        "scoring",
        gettext_noop("Décompte"),
        gettext_noop(
            "Celui de la règle, ou celui de Rascal : chaque manche vaut 10 × "
            "cartes pour tous, le boulet de canon 15 × cartes."
        ),
        "choice",
        STANDARD,
        choices=(
            (STANDARD, gettext_noop("La règle (20 par pli annoncé)")),
            (RASCAL, gettext_noop("Rascal (10 × cartes, boulet de canon)")),
        ),
    ),
    OptionSpec(
        "bonuses",
        gettext_noop("Bonus"),
        gettext_noop(
            "Ceux de l'édition 2021, ou ceux de la première : 30 par pirate pris "
            "par le Skull King, 50 pour le Skull King pris par une sirène."
        ),
        "choice",
        EDITION_2021,
        choices=(
            (EDITION_2021, gettext_noop("Édition 2021")),
            (FIRST_EDITION, gettext_noop("Première édition")),
        ),
    ),
)


def cards_dealt(number: int, players: int, advanced: bool = False) -> int:
    """The cards each player is dealt in round `number`: the round's number,
    except where the deck runs out (8 players: 8 cards, 9 with the advanced
    cards), the largest equal deal being repeated."""
    deck = ADVANCED_DECK if advanced else DECK
    return min(number, MOST_CARDS, deck // players)


@dataclass(frozen=True)
class Bonus:
    """One kind of bonus a player entered: how many, and what it is worth (0
    when not counted)."""

    key: str
    count: int
    points: int


@dataclass(frozen=True)
class PlayerRound:
    """One player's round as the rules read it. `made`: the bid was exact;
    `off_by`: |bid − tricks|; `base`: the bid's points; `bonuses`: the bonus
    points counted (every bonus entered is in `entered`, counted or not);
    `wager`: Rascal's wager won (+) or lost (−); `points`: the round's score."""

    bid: int
    tricks: int
    made: bool
    off_by: int
    zero_bid: bool
    cannonball: bool
    base: int
    entered: tuple[Bonus, ...]
    bonuses: int
    wager: int
    points: int


@dataclass(frozen=True)
class SkullKingRound:
    """A round: its number, the cards dealt, the tricks won by nobody and each
    player's reading (by pk, seating order)."""

    number: int
    cards: int
    lost_tricks: int
    players: Mapping[int, PlayerRound]


@dataclass(frozen=True)
class SkullKingRules(RoundRules):
    key: ClassVar[str] = KEY
    label: ClassVar[str] = gettext_noop("Skull King")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    rounds: int = ROUNDS
    advanced: bool = False
    scoring: str = STANDARD
    bonuses: str = EDITION_2021

    def dealer(self, game: RoundsGame) -> PlayerLike | None:
        # The deal passes on each round, in seat order from the first name.
        return game.players[len(game.rounds) % len(game.players)]

    def reached_end(self, game: RoundsGame) -> bool:
        return len(game.rounds) >= self.rounds

    @property
    def fixed_rounds(self) -> int | None:
        return self.rounds

    def prospects(self, game: RoundsGame) -> dict[int, Prospect]:
        """Each player's gap to the leader and the rounds left; whether a
        player can still win is not said (a round's bonuses have no fixed
        ceiling a table would recognise)."""
        left = rounds_left_line(game, gettext_noop("Manches restantes : %(left)s"))
        return {
            player.pk: Prospect(lines=lines_of(standing_line(game, player.pk), left))
            for player in game.players
        }

    def cards(self, game: RoundsGame) -> int:
        """The cards dealt in the round to come, unless the host says otherwise."""
        return cards_dealt(game.number, len(game.players), self.advanced)

    def most_cards(self, players: int) -> int:
        return cards_dealt(MOST_CARDS, players, self.advanced)

    def highlights(self, game: RoundsGame) -> dict[int, dict[str, int]]:
        """Exact bids, zero bids made and bonus points: what a band keeps."""
        figures = {
            p.pk: {"exact_bids": 0, "zero_bids_made": 0, "bonus_points": 0}
            for p in game.players
        }
        for round_ in game.rounds:
            for pk, read in round_.detail.players.items():
                figures[pk]["exact_bids"] += int(read.made)
                figures[pk]["zero_bids_made"] += int(read.made and read.zero_bid)
                figures[pk]["bonus_points"] += read.bonuses
        return figures

    def score(self, game: RoundsGame, entry: object) -> ScoredRound:
        data = entry_fields(
            entry, required=("players",), optional=("cards", "lost_tricks")
        )
        cards = self._cards(game, data.get("cards"))
        lost = self._lost_tricks(data.get("lost_tricks", 0), cards)
        fields = self.entry_keys()
        entered = per_player(
            game,
            data["players"],
            "players",
            lambda player, value: self._read_player(player, value, cards, fields),
            missing=gettext_noop("Il manque la mise et les plis de %(name)s."),
        )
        check_tricks(entered, cards, lost)
        _check_captures(game, entered)
        scores = {pk: self._player_round(read, cards) for pk, read in entered.items()}
        detail = SkullKingRound(game.number, cards, lost, scores)
        normal: dict[str, object] = {"cards": cards}
        if self.advanced:
            normal["lost_tricks"] = lost
        normal["players"] = {
            str(pk): {key: read[key] for key in fields} for pk, read in entered.items()
        }
        return ScoredRound(
            entry=normal,
            points={pk: read.points for pk, read in scores.items()},
            calculation=_calculation(self, game, detail),
            detail=detail,
        )

    # --- reading a round ---------------------------------------------------------

    def _cards(self, game: RoundsGame, value: object) -> int:
        if value is None:
            return self.cards(game)
        most = self.most_cards(len(game.players))
        if not is_int(value) or not 1 <= value <= most:
            raise InvalidRound(
                Message(
                    gettext_noop(
                        "Les cartes distribuées : un nombre de 1 à %(most)s à "
                        "%(players)s joueurs."
                    ),
                    {"most": most, "players": len(game.players)},
                ),
                "cards",
            )
        return value

    def _lost_tricks(self, value: object, cards: int) -> int:
        if value != 0 and not self.advanced:
            raise InvalidRound(
                Message(
                    gettext_noop(
                        "Des plis remportés par personne (Kraken, baleine blanche) : "
                        "seulement avec les cartes avancées."
                    )
                ),
                "lost_tricks",
            )
        most = min(MOST_LOST_TRICKS, cards)
        if not is_int(value) or not 0 <= value <= most:
            raise InvalidRound(
                Message(
                    gettext_noop(
                        "Les plis remportés par personne : de 0 à %(most)s dans "
                        "cette manche."
                    ),
                    {"most": most},
                ),
                "lost_tricks",
            )
        return value

    def entry_keys(self) -> tuple[str, ...]:
        """The keys a player's entry holds with these options, in order."""
        values = BONUS_VALUES[self.bonuses]
        keys = ["bid", "tricks"]
        keys += [
            key
            for key, _most, _flag in BONUS_FIELDS
            if key in values and (key not in ADVANCED_FIELDS or self.advanced)
        ]
        if self.advanced:
            keys.append("wager")
        if self.scoring == RASCAL:
            keys.append("cannonball")
        return tuple(keys)

    def _read_player(
        self,
        player: PlayerLike,
        value: object,
        cards: int,
        fields: tuple[str, ...],
    ) -> dict[str, int | bool]:
        if not isinstance(value, Mapping):
            raise InvalidRound(
                Message(
                    gettext_noop(
                        "%(name)s : la mise, les plis et les bonus, en dictionnaire."
                    ),
                    {"name": player.name},
                ),
                "players",
            )
        for key in value:
            # A zero where the options have no such field is what a form sends
            # for a hidden input: taken as nothing, and not stored.
            if key not in fields and not (key in FIELD_LABELS and _nothing(value[key])):
                raise _not_here(self, player, str(key))
        read: dict[str, int | bool] = {}
        for key in ("bid", "tricks"):
            if key not in value:
                raise InvalidRound(
                    Message(
                        gettext_noop("%(name)s : il manque « %(field)s »."),
                        {"name": player.name, "field": key},
                    ),
                    key,
                )
            read[key] = _count(player, value[key], key, cards)
        for key, most, flag in BONUS_FIELDS:
            if key in fields:
                item = value.get(key, False if flag else 0)
                read[key] = (
                    _flag(player, item, key)
                    if flag
                    else _count(player, item, key, most)
                )
        if "wager" in fields:
            wager = value.get("wager", 0)
            if not is_int(wager) or wager not in WAGERS:
                raise InvalidRound(
                    Message(
                        gettext_noop("%(name)s : le pari de Rascal vaut 0, 10 ou 20."),
                        {"name": player.name},
                    ),
                    "wager",
                )
            read["wager"] = wager
        if "cannonball" in fields:
            read["cannonball"] = _flag(
                player, value.get("cannonball", False), "cannonball"
            )
        return read

    # --- scoring ---------------------------------------------------------------

    def _player_round(self, read: Mapping[str, int | bool], cards: int) -> PlayerRound:
        bid, tricks = int(read["bid"]), int(read["tricks"])
        off_by = abs(bid - tricks)
        made = off_by == 0
        cannonball = bool(read.get("cannonball", False))
        values = BONUS_VALUES[self.bonuses]
        full = tuple(
            Bonus(key, int(read[key]), int(read[key]) * values[key])
            for key, _most, _flag in BONUS_FIELDS
            if key in read and read[key]
        )
        if self.scoring == RASCAL:
            base, entered, bonuses = _rascal(cards, off_by, cannonball, full)
        else:
            base, entered, bonuses = _standard(bid, cards, off_by, full)
        wager = int(read.get("wager", 0))
        # Rascal's wager: won with an exact bid, lost otherwise, whatever the bid.
        wager = wager if made else -wager
        return PlayerRound(
            bid=bid,
            tricks=tricks,
            made=made,
            off_by=off_by,
            zero_bid=bid == 0,
            cannonball=cannonball,
            base=base,
            entered=entered,
            bonuses=bonuses,
            wager=wager,
            points=base + bonuses + wager,
        )


def _standard(
    bid: int, cards: int, off_by: int, full: tuple[Bonus, ...]
) -> tuple[int, tuple[Bonus, ...], int]:
    """The bid's points, the bonuses as counted, their sum: bonuses only on an
    exact bid."""
    if off_by == 0:
        base = ZERO_PER_CARD * cards if bid == 0 else MADE_PER_TRICK * bid
        return base, full, sum(bonus.points for bonus in full)
    base = -ZERO_PER_CARD * cards if bid == 0 else MISSED_PER_TRICK * off_by
    return base, _uncounted(full), 0


def _rascal(
    cards: int, off_by: int, cannonball: bool, full: tuple[Bonus, ...]
) -> tuple[int, tuple[Bonus, ...], int]:
    """Rascal's scoring: 10 × cards to everyone, all of it and all the bonuses
    on an exact bid, half of each one off, nothing further off; the cannonball,
    15 × cards on an exact bid (with the bonuses, as on any exact bid), else
    nothing. A loot alliance always needs an exact bid."""
    if off_by == 0:
        per_card = CANNONBALL_PER_CARD if cannonball else RASCAL_PER_CARD
        return per_card * cards, full, sum(bonus.points for bonus in full)
    if off_by == 1 and not cannonball:
        halved = tuple(
            Bonus(b.key, b.count, 0 if b.key == "loot" else b.points // 2) for b in full
        )
        return RASCAL_PER_CARD * cards // 2, halved, sum(b.points for b in halved)
    return 0, _uncounted(full), 0


def _uncounted(full: tuple[Bonus, ...]) -> tuple[Bonus, ...]:
    return tuple(Bonus(b.key, b.count, 0) for b in full)


# --- checks ------------------------------------------------------------------------


def _count(player: PlayerLike, value: object, key: str, most: int) -> int:
    if not is_int(value) or not 0 <= value <= most:
        raise InvalidRound(
            Message(
                gettext_noop("%(name)s, %(what)s : un nombre de 0 à %(most)s."),
                {"name": player.name, "what": Message(FIELD_LABELS[key]), "most": most},
            ),
            key,
        )
    return value


def _flag(player: PlayerLike, value: object, key: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidRound(
            Message(
                gettext_noop("%(name)s, %(what)s : oui ou non."),
                {"name": player.name, "what": Message(FIELD_LABELS[key])},
            ),
            key,
        )
    return value


FIELD_LABELS = {
    "bid": gettext_noop("la mise"),
    "tricks": gettext_noop("les plis"),
    "fourteens": gettext_noop("les 14 de couleur"),
    "black_fourteen": gettext_noop("le 14 noir"),
    "mermaids": gettext_noop("les sirènes prises par un pirate"),
    "pirates": gettext_noop("les pirates pris par le Skull King"),
    "skull_king": gettext_noop("le Skull King pris par une sirène"),
    "loot": gettext_noop("les alliances de butin"),
    "wager": gettext_noop("le pari de Rascal"),
    "cannonball": gettext_noop("le boulet de canon"),
}


def _not_here(rules: SkullKingRules, player: PlayerLike, key: str) -> InvalidRound:
    """Why a player's entry may not hold `key` with these options."""
    if key not in FIELD_LABELS:
        return InvalidRound(
            Message(
                gettext_noop("%(name)s : donnée inconnue, « %(field)s »."),
                {"name": player.name, "field": key},
            ),
            key,
        )
    if key in ADVANCED_FIELDS and not rules.advanced:
        template = gettext_noop(
            "%(name)s, %(what)s : seulement avec les cartes avancées."
        )
    elif key == "cannonball":
        template = gettext_noop(
            "%(name)s, %(what)s : seulement avec le décompte de Rascal."
        )
    else:
        template = gettext_noop(
            "%(name)s, %(what)s : pas de ce bonus dans la première édition."
        )
    return InvalidRound(
        Message(template, {"name": player.name, "what": Message(FIELD_LABELS[key])}),
        key,
    )


def _nothing(value: object) -> bool:
    """0 or no: what a form sends for a bonus these options do not have."""
    return value is False or (is_int(value) and value == 0)


def check_tricks(
    entered: Mapping[int, Mapping[str, int | bool]], cards: int, lost: int
) -> None:
    won = sum(int(read["tricks"]) for read in entered.values())
    if won != cards - lost:
        if lost:
            template = gettext_noop(
                "Les plis gagnés font %(won)s ; il en faut %(expected)s : "
                "%(cards)s cartes, moins %(lost)s remportés par personne."
            )
        else:
            template = gettext_noop(
                "Les plis gagnés font %(won)s ; il en faut %(expected)s, un par "
                "carte distribuée."
            )
        raise InvalidRound(
            Message(
                template,
                {"won": won, "expected": cards - lost, "cards": cards, "lost": lost},
            ),
            "tricks",
        )


def _check_captures(
    game: RoundsGame, entered: Mapping[int, Mapping[str, int | bool]]
) -> None:
    """The bonus cards exist once each, and are captured in a trick won."""
    for pk, read in entered.items():
        if read["tricks"] == 0 and any(read.get(key) for key in CAPTURES):
            raise InvalidRound(
                Message(
                    gettext_noop(
                        "%(name)s n'a gagné aucun pli : aucune carte capturée, "
                        "pas de bonus de capture."
                    ),
                    {"name": game.player(pk).name},
                ),
                "tricks",
            )
        if int(read.get("pirates", 0)) > len(game.players) - 1:
            raise InvalidRound(
                Message(
                    gettext_noop(
                        "%(name)s : le Skull King ne prend qu'un pli, donc au plus "
                        "%(most)s pirates à %(players)s joueurs."
                    ),
                    {
                        "name": game.player(pk).name,
                        "most": len(game.players) - 1,
                        "players": len(game.players),
                    },
                ),
                "pirates",
            )
    totals = {
        key: sum(int(read.get(key, 0)) for read in entered.values())
        for key in ("fourteens", "black_fourteen", "mermaids", "skull_king")
    }
    if totals["fourteens"] > 3:
        _too_many(gettext_noop("Il n'y a que trois 14 de couleur."), "fourteens")
    if totals["black_fourteen"] > 1:
        _too_many(gettext_noop("Il n'y a qu'un 14 noir."), "black_fourteen")
    if totals["mermaids"] > 2:
        _too_many(gettext_noop("Il n'y a que deux sirènes."), "mermaids")
    with_pirates = sum(1 for read in entered.values() if read.get("pirates"))
    if with_pirates > 1:
        _too_many(
            gettext_noop(
                "Il n'y a qu'un Skull King : un seul joueur prend des pirates avec."
            ),
            "pirates",
        )
    if totals["skull_king"] > 1:
        _too_many(
            gettext_noop("Il n'y a qu'un Skull King : une seule sirène le prend."),
            "skull_king",
        )
    if totals["skull_king"] and with_pirates:
        _too_many(
            gettext_noop(
                "Le Skull King pris par une sirène n'a pris aucun pirate : l'un ou "
                "l'autre."
            ),
            "skull_king",
        )


def _too_many(template: str, field_name: str) -> None:
    raise InvalidRound(Message(template), field_name)


# --- the calculation ------------------------------------------------------------------


def _calculation(
    rules: SkullKingRules, game: RoundsGame, detail: SkullKingRound
) -> tuple[Message, ...]:
    lines = []
    if detail.lost_tricks:
        lines.append(
            Message(
                gettext_noop(
                    "Manche %(number)s : %(cards)s cartes, dont %(lost)s plis "
                    "remportés par personne."
                ),
                {
                    "number": detail.number,
                    "cards": detail.cards,
                    "lost": detail.lost_tricks,
                },
            )
        )
    else:
        lines.append(
            Message(
                gettext_noop("Manche %(number)s : %(cards)s cartes."),
                {"number": detail.number, "cards": detail.cards},
            )
        )
    for player in game.players:
        read = detail.players[player.pk]
        lines.extend(_player_lines(rules, player.name, read, detail.cards))
    return tuple(lines)


def _player_lines(
    rules: SkullKingRules, name: str, read: PlayerRound, cards: int
) -> list[Message]:
    params: dict[str, object] = {
        "name": name,
        "bid": read.bid,
        "tricks": read.tricks,
        "off": read.off_by,
        "cards": cards,
        "base": signed(read.base),
    }
    lines = [Message(_bid_template(rules, read), params)]
    counted = read.bonuses != 0 or (read.made and read.entered)
    if counted:
        for bonus in read.entered:
            lines.append(
                Message(
                    gettext_noop("%(name)s, bonus %(what)s × %(count)s : %(points)s."),
                    {
                        "name": name,
                        "what": Message(BONUS_LABELS[bonus.key]),
                        "count": bonus.count,
                        "points": signed(bonus.points),
                    },
                )
            )
    elif read.entered:
        lines.append(
            Message(
                gettext_noop("%(name)s : mise manquée, bonus non comptés."),
                {"name": name},
            )
        )
    if read.wager:
        lines.append(
            Message(
                gettext_noop("%(name)s, pari de Rascal gagné : %(points)s.")
                if read.wager > 0
                else gettext_noop("%(name)s, pari de Rascal perdu : %(points)s."),
                {"name": name, "points": signed(read.wager)},
            )
        )
    lines.append(
        Message(
            gettext_noop("%(name)s : %(points)s pour la manche."),
            {"name": name, "points": signed(read.points)},
        )
    )
    return lines


def _bid_template(rules: SkullKingRules, read: PlayerRound) -> str:
    if rules.scoring == RASCAL:
        if read.cannonball:
            return (
                gettext_noop(
                    "%(name)s, boulet de canon : mise %(bid)s, plis %(tricks)s : "
                    "réussi, 15 × %(cards)s = %(base)s."
                )
                if read.made
                else gettext_noop(
                    "%(name)s, boulet de canon : mise %(bid)s, plis %(tricks)s : "
                    "manqué, 0."
                )
            )
        if read.made:
            return gettext_noop(
                "%(name)s : mise %(bid)s, plis %(tricks)s : dans le mille, "
                "10 × %(cards)s = %(base)s."
            )
        if read.off_by == 1:
            return gettext_noop(
                "%(name)s : mise %(bid)s, plis %(tricks)s : à un pli près, la "
                "moitié de 10 × %(cards)s = %(base)s, et la moitié des bonus "
                "(sauf les alliances)."
            )
        return gettext_noop(
            "%(name)s : mise %(bid)s, plis %(tricks)s : manquée de %(off)s, 0."
        )
    if read.zero_bid:
        return (
            gettext_noop(
                "%(name)s : mise zéro, aucun pli : réussie, 10 × %(cards)s = %(base)s."
            )
            if read.made
            else gettext_noop(
                "%(name)s : mise zéro, plis %(tricks)s : manquée, −10 × %(cards)s "
                "= %(base)s."
            )
        )
    if read.made:
        return gettext_noop(
            "%(name)s : mise %(bid)s, plis %(tricks)s : réussie, 20 × %(bid)s = "
            "%(base)s."
        )
    return gettext_noop(
        "%(name)s : mise %(bid)s, plis %(tricks)s : manquée de %(off)s, −10 × "
        "%(off)s = %(base)s."
    )


def build_rules(options: object | None = None) -> SkullKingRules:
    """Skull King's rules for an options dict (missing options default), or
    RuleError."""
    return SkullKingRules.build(options)


def preview(game: RoundsGame, entry: object) -> Preview:
    """What the dialog shows before validating a round: each player's bid
    against their tricks (made, missed by k, bid zero), the bonuses counted or
    not (`preview.detail`, a SkullKingRound), and the new totals."""
    return game.preview(entry)
