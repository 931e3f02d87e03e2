"""Mölkky, official rules: each throw is one "round" of the game, the thrower
being whoever's turn it is in seat order, eliminated players skipped."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
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
    player_of,
    signed,
)
from ..state import PlayerLike, Prospect, Standing

KEY = "molkky"
TARGET = 50
MOST_PINS = 12  # one pin down scores its number, at most 12; several, their count
MISSES_TO_ELIMINATE = 3
# What the "three_misses" option does on a third miss in a row.
ELIMINATED = "eliminated"
NO_ELIMINATION = "none"
BACK_TO_ZERO = "zero"

OPTION_SPECS = (
    OptionSpec(
        "target",
        gettext_noop("Total à atteindre"),
        gettext_noop(
            "Il faut l'atteindre exactement pour gagner ; le dépasser fait "
            "retomber à la moitié (arrondie en dessous)."
        ),
        "int",
        TARGET,
        min=10,
        max=200,
    ),
    OptionSpec(
        "three_misses",
        gettext_noop("Trois ratés de suite"),
        gettext_noop("Ce qui arrive au joueur qui rate trois lancers de suite."),
        "choice",
        ELIMINATED,
        choices=(
            (ELIMINATED, gettext_noop("Il est éliminé")),
            (NO_ELIMINATION, gettext_noop("Rien : personne n'est éliminé")),
            (BACK_TO_ZERO, gettext_noop("Son total retombe à 0, il continue")),
        ),
    ),
)


@dataclass(frozen=True)
class MolkkyThrow:
    """One throw as the rules read it: who threw (pk), the points knocked down (0
    a miss), the total before and after, and what the throw did. `misses` is the
    thrower's misses in a row once the throw is counted (0 again after a score
    or a drop to 0); `turn` is the sheet's round the throw belongs to (1 for the
    first throw of every player still in)."""

    thrower: int
    points: int
    before: int
    after: int
    fell_back: bool  # over the target: back to half of it
    misses: int
    eliminated: bool
    back_to_zero: bool  # the house option's third miss
    won: bool
    turn: int

    @property
    def change(self) -> int:
        """What the throw adds to the thrower's total (negative for a fall)."""
        return self.after - self.before

    @property
    def missed(self) -> bool:
        return self.points == 0


@dataclass(frozen=True)
class _Table:
    """Where the game stands after its throws: each player's total, misses in a
    row, who is out, and whose turn it is (index in seat order)."""

    totals: dict[int, int]
    misses: dict[int, int]
    out: frozenset[int]
    next_seat: int
    turn: int  # the sheet's round the next throw belongs to


def _table(game: RoundsGame) -> _Table:
    """Where `game` stands, kept once per game when it is a MolkkyGame."""
    if isinstance(game, MolkkyGame):
        return game._folded
    return _fold(game)


def _fold(game: RoundsGame) -> _Table:
    """Folds the throws played so far. Read from the details, so it works on any
    RoundsGame the rules made, not only a MolkkyGame."""
    players = game.players
    totals = dict.fromkeys((p.pk for p in players), 0)
    misses = dict.fromkeys(totals, 0)
    out: set[int] = set()
    seat, turn = 0, 1
    for round_ in game.rounds:
        throw: MolkkyThrow = round_.detail
        totals[throw.thrower] = throw.after
        misses[throw.thrower] = throw.misses
        if throw.eliminated:
            out.add(throw.thrower)
        thrower_seat = next(i for i, p in enumerate(players) if p.pk == throw.thrower)
        seat, turn = thrower_seat, throw.turn
        following = _following(players, out, thrower_seat)
        if following is not None:
            # Back to (or past) the first seat: a new round of the sheet begins.
            if following <= thrower_seat:
                turn += 1
            seat = following
    return _Table(totals, misses, frozenset(out), seat, turn)


def _following(players: Sequence[PlayerLike], out: set[int], seat: int) -> int | None:
    """The seat after `seat` of the next player still in, or None."""
    count = len(players)
    for step in range(1, count + 1):
        index = (seat + step) % count
        if players[index].pk not in out:
            return index
    return None


class MolkkyGame(RoundsGame):
    """A Mölkky game: a RoundsGame that also knows whose turn it is, each
    player's misses in a row and who is out, and ranks an eliminated player
    after everyone still in (an eliminated player cannot win)."""

    @cached_property
    def _folded(self) -> _Table:
        return _fold(self)

    @property
    def thrower(self) -> PlayerLike | None:
        """Who throws next (None once the game is over)."""
        return self.dealer

    @property
    def misses_in_a_row(self) -> dict[int, int]:
        return dict(self._folded.misses)

    @property
    def eliminated(self) -> frozenset[int]:
        return self._folded.out

    @property
    def turn(self) -> int:
        """The sheet's round the next throw belongs to."""
        return self._folded.turn

    def ranking(self) -> list[Standing]:
        """Players still in first, then the eliminated; by total within each;
        equal places share a rank: 1, 1, 3."""
        return _ranking(self)


def _ranking(game: RoundsGame) -> list[Standing]:
    out = _table(game).out
    totals = game.totals

    def place(seated: tuple[int, PlayerLike]) -> tuple[bool, int]:
        return (seated[1].pk in out, -totals[seated[1].pk])

    ordered = sorted(enumerate(game.players), key=lambda s: (place(s), s[0]))
    standings: list[Standing] = []
    last: tuple[bool, int] | None = None
    for index, seated in enumerate(ordered, start=1):
        key = place(seated)
        rank = standings[-1].rank if standings and key == last else index
        standings.append(Standing(rank, seated[1], totals[seated[1].pk]))
        last = key
    return standings


def misses_in_a_row(game: RoundsGame) -> dict[int, int]:
    """Each player's misses in a row (by pk): the sheet warns at the second."""
    return dict(_table(game).misses)


def eliminated(game: RoundsGame) -> frozenset[int]:
    """The pks of the players out of the game (three misses in a row)."""
    return _table(game).out


def warned(game: RoundsGame) -> frozenset[int]:
    """The players (pks) whom a third miss in a row would eliminate or send back
    to 0: the sheet warns them."""
    rules = game.rules
    assert isinstance(rules, MolkkyRules)
    if rules.three_misses == NO_ELIMINATION:
        return frozenset()
    table = _table(game)
    return frozenset(
        pk
        for pk, count in table.misses.items()
        if count == MISSES_TO_ELIMINATE - 1 and pk not in table.out
    )


@dataclass(frozen=True)
class MolkkyRules(RoundRules):
    key: ClassVar[str] = KEY
    label: ClassVar[str] = gettext_noop("Mölkky")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 12
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    target: int = TARGET
    three_misses: str = ELIMINATED

    @property
    def fall_back(self) -> int:
        """Where a total over the target falls: 25 at 50, half the target
        rounded down otherwise (RULES.md gives no separate option for it)."""
        return self.target // 2

    def start(self, players: Sequence[PlayerLike]) -> MolkkyGame:
        return MolkkyGame.start(self, players)

    def replay(
        self,
        players: Sequence[PlayerLike],
        entries: Sequence[object],
        closed: bool = False,
    ) -> RoundsGame:
        return MolkkyGame.replay(self, players, entries, closed)

    def dealer(self, game: RoundsGame) -> PlayerLike | None:
        # The next thrower: `RoundsGame.next_player` says it to the sheet.
        return game.players[_table(game).next_seat]

    def reached_end(self, game: RoundsGame) -> bool:
        if game.rounds and game.rounds[-1].detail.won:
            return True
        # (choice) every player but one out: that one wins.
        return len(_table(game).out) >= len(game.players) - 1

    def highlights(self, game: RoundsGame) -> dict[int, dict[str, int]]:
        """Throws, misses, falls over the target and whether eliminated: what a
        band keeps ("throws to finish" is the winner's throws)."""
        figures = {
            p.pk: {"throws": 0, "misses": 0, "fell_back": 0, "eliminated": 0}
            for p in game.players
        }
        for round_ in game.rounds:
            throw: MolkkyThrow = round_.detail
            mine = figures[throw.thrower]
            mine["throws"] += 1
            mine["misses"] += int(throw.missed)
            mine["fell_back"] += int(throw.fell_back)
            mine["eliminated"] += int(throw.eliminated)
        return figures

    def prospects(self, game: RoundsGame) -> dict[int, Prospect]:
        table = _table(game)
        winners = {p.pk for p in game.winners()} if game.finished else set()
        prospects = {}
        for player in game.players:
            if player.pk in table.out:
                prospects[player.pk] = Prospect(
                    (Message(gettext_noop("Éliminé : ne lance plus.")),), False
                )
            elif game.finished:
                prospects[player.pk] = Prospect((), player.pk in winners)
            else:
                prospects[player.pk] = Prospect(
                    (
                        Message(
                            gettext_noop("Encore %(left)s points pour gagner."),
                            {"left": self.target - table.totals[player.pk]},
                        ),
                    ),
                    True,
                )
        return prospects

    def score(self, game: RoundsGame, entry: object) -> ScoredRound:
        data = entry_fields(entry, required=("points",), optional=("thrower",))
        table = _table(game)
        thrower = game.players[table.next_seat]
        if "thrower" in data:
            named = player_of(game, data["thrower"], "thrower")
            if named.pk in table.out:
                raise InvalidRound(
                    Message(
                        gettext_noop(
                            "%(name)s, hors jeu après trois ratés de suite : "
                            "plus aucun lancer."
                        ),
                        {"name": named.name},
                    ),
                    "thrower",
                )
            if named.pk != thrower.pk:
                raise InvalidRound(
                    Message(
                        gettext_noop("C'est à %(next)s de lancer, pas à %(name)s."),
                        {"next": thrower.name, "name": named.name},
                    ),
                    "thrower",
                )
        points = data["points"]
        if not is_int(points) or not 0 <= points <= MOST_PINS:
            raise InvalidRound(
                Message(
                    gettext_noop(
                        "Un lancer vaut de 0 (raté) à 12 points : une quille seule, "
                        "son numéro ; plusieurs, leur nombre."
                    )
                ),
                "points",
            )
        throw = self._throw(table, thrower, points)
        return ScoredRound(
            # The thrower is stored: a replay that would give the throw to
            # someone else (a past throw changed) is refused, not misread.
            entry={"thrower": thrower.pk, "points": points},
            points={
                p.pk: throw.change if p.pk == thrower.pk else 0 for p in game.players
            },
            calculation=_calculation(self, thrower.name, throw),
            detail=throw,
        )

    def _throw(self, table: _Table, thrower: PlayerLike, points: int) -> MolkkyThrow:
        before = table.totals[thrower.pk]
        after, fell_back, out, zeroed = before + points, False, False, False
        misses = table.misses[thrower.pk] + 1 if points == 0 else 0
        if after > self.target:
            after, fell_back = self.fall_back, True
        if misses >= MISSES_TO_ELIMINATE:
            if self.three_misses == ELIMINATED:
                out = True
            elif self.three_misses == BACK_TO_ZERO:
                # The total drops to 0 and the count starts again.
                after, zeroed, misses = 0, True, 0
        return MolkkyThrow(
            thrower=thrower.pk,
            points=points,
            before=before,
            after=after,
            fell_back=fell_back,
            misses=misses,
            eliminated=out,
            back_to_zero=zeroed,
            won=after == self.target,
            turn=table.turn,
        )


def _calculation(
    rules: MolkkyRules, name: str, throw: MolkkyThrow
) -> tuple[Message, ...]:
    params: dict[str, object] = {
        "name": name,
        "points": throw.points,
        "before": throw.before,
        "after": throw.after,
        "sum": throw.before + throw.points,
        "target": rules.target,
        "misses": throw.misses,
        "change": signed(throw.change),
    }
    if throw.won:
        template = gettext_noop(
            "%(name)s : %(before)s + %(points)s = %(after)s, pile le total : gagné !"
        )
    elif throw.fell_back:
        template = gettext_noop(
            "%(name)s : %(before)s + %(points)s = %(sum)s, plus de %(target)s : "
            "retour à %(after)s."
        )
    elif throw.eliminated:
        template = gettext_noop(
            "%(name)s : raté, trois de suite : hors jeu, ne lance plus."
        )
    elif throw.back_to_zero:
        template = gettext_noop(
            "%(name)s : raté, trois de suite : le total retombe de %(before)s à 0."
        )
    elif throw.missed and throw.misses == MISSES_TO_ELIMINATE - 1:
        template = {
            ELIMINATED: gettext_noop(
                "%(name)s : raté, deux de suite : attention, un troisième l'élimine."
            ),
            BACK_TO_ZERO: gettext_noop(
                "%(name)s : raté, deux de suite : attention, un troisième remet "
                "le total à 0."
            ),
            NO_ELIMINATION: gettext_noop(
                "%(name)s : raté (%(misses)s de suite), reste à %(after)s."
            ),
        }[rules.three_misses]
    elif throw.missed:
        template = gettext_noop(
            "%(name)s : raté (%(misses)s de suite), reste à %(after)s."
        )
    else:
        template = gettext_noop("%(name)s : %(before)s + %(points)s = %(after)s.")
    return (Message(template, params),)


def build_rules(options: object | None = None) -> MolkkyRules:
    """Mölkky's rules for an options dict (missing options default), or
    RuleError."""
    return MolkkyRules.build(options)


def preview(game: RoundsGame, entry: object) -> Preview:
    """What the dialog shows before validating a throw: who threw, the total
    before and after (`preview.detail`, a MolkkyThrow), and whether it ends the
    game."""
    return game.preview(entry)
