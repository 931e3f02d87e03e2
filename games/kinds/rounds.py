"""What the round-based kinds (Skyjo, tarot, the free counter) have in common.

A round (a *manche*, a *donne*) gives points to every player; the running totals
are the sums of the rounds; the best total wins, equal totals tie; an undo drops
the last round. Each kind says what its options are, who may play, how a round is
entered and checked and what it gives each player, and when the game ends: a
`RoundRules` subclass. The rest is here: `RoundsGame`, the game as the rounds
played so far make it, and the checks every kind's entries need.

Everything is immutable: `play` and `undo` give a new game and leave the old one
as it was, so a preview costs nothing and an undo cannot lose anything.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, ClassVar, Literal, Self, TypeGuard

from .messages import InvalidEntry, Message, RuleError, gettext_noop
from .options import OptionSpec, is_int, read_options
from .state import KeptPlayer, PlayerLike, Prospect, Standing, rank_players

# One round as the host's dialog sends it and the game stores it: a JSON dict,
# every key and value checked on reading. Players are named by their pk: an int
# for one player ("taker": 3), a string key in a per-player dict ({"3": 12}), since
# JSON keys are strings; `Round.entry` gives it back in that normal form.
EntryData = Mapping[str, object]


# --- refusals ------------------------------------------------------------------


class InvalidRound(InvalidEntry):
    """A round the rules refuse. `field` names the part of the entry at fault
    ("cards", "taker", "points", ...), or is None for the entry as a whole."""

    def __init__(self, message: Message, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


RefusalCode = Literal["finished", "nothing_to_undo"]


class RoundRefused(RuleError):
    """A move the game will not take now, whatever the entry: `code` is
    "finished" (no round after the end) or "nothing_to_undo"."""

    def __init__(self, message: Message, code: RefusalCode) -> None:
        super().__init__(message)
        self.code = code


def signed(points: int) -> str:
    """+20, −20 or 0: how a calculation shows what a line adds."""
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"\u2212{-points}"
    return "0"


# --- rounds --------------------------------------------------------------------


@dataclass(frozen=True)
class ScoredRound:
    """One round as the rules read it: the entry in its normal form (what the web
    layer stores), the points it gives each player (by pk, every player of the
    game), the calculation shown before validating, and `detail`, the kind's own
    reading of it (a SkyjoRound, a TarotDeal, a TallyRound)."""

    entry: dict[str, object]
    points: Mapping[int, int]
    calculation: tuple[Message, ...] = ()
    # Each kind reads its own (a SkyjoRound, a TarotDeal…): typed by the kind.
    detail: Any = None

    def kept(self) -> ScoredRound:
        """This round as a kept game holds it: without its calculation, which
        only the dialog of a round not yet played shows (`RoundsGame.preview`),
        and which weighs more than the rest of the round (a sentence and its
        values per player)."""
        return replace(self, calculation=()) if self.calculation else self


@dataclass(frozen=True)
class Preview:
    """What the dialog shows before the host validates a round: the round with
    its calculation, the totals before and after, and whether the game would end
    with it."""

    round: ScoredRound
    totals_before: Mapping[int, int]
    totals_after: Mapping[int, int]
    ends_game: bool

    @property
    def points(self) -> Mapping[int, int]:
        return self.round.points

    @property
    def calculation(self) -> tuple[Message, ...]:
        return self.round.calculation

    @property
    def detail(self) -> Any:
        return self.round.detail


class RoundRules(ABC):
    """One kind's rules with its options: subclasses are frozen dataclasses whose
    fields are the options (named as `option_specs`), built with `build`."""

    key: ClassVar[str]
    label: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]]

    def __post_init__(self) -> None:
        # Built directly rather than through `build`, the options are still checked.
        read_options(self.option_specs, self.options, self.label)

    @classmethod
    def build(cls, options: object | None = None) -> Self:
        """The rules for an options dict (missing options default), or
        RuleError."""
        return cls(**read_options(cls.option_specs, options, cls.label))

    @property
    def options(self) -> dict[str, object]:
        """The normalized options, JSON-able: `build(rules.options) == rules`."""
        return {spec.key: getattr(self, spec.key) for spec in self.option_specs}

    @property
    def lower_wins(self) -> bool:
        return False

    def check_players(self, players: Sequence[PlayerLike]) -> None:
        """RuleError unless the kind is played by this many players, each once."""
        if not self.min_players <= len(players) <= self.max_players:
            raise RuleError(
                Message(
                    gettext_noop(
                        "%(game)s : de %(min)s à %(max)s joueurs, pas %(count)s."
                    ),
                    {
                        "game": Message(self.label),
                        "min": self.min_players,
                        "max": self.max_players,
                        "count": len(players),
                    },
                )
            )
        if len({player.pk for player in players}) != len(players):
            raise RuleError(
                Message(gettext_noop("Un même joueur est deux fois à la table."))
            )

    @abstractmethod
    def score(self, game: RoundsGame, entry: object) -> ScoredRound:
        """The round `entry` makes as the next round of `game`, or
        InvalidRound."""

    def reached_end(self, game: RoundsGame) -> bool:
        """Whether the rounds played end the game by themselves (a limit, a number
        of rounds); otherwise the host ends it."""
        return False

    def dealer(self, game: RoundsGame) -> PlayerLike | None:
        """Who deals the next round, for a kind where the deal rotates."""
        return None

    def highlights(self, game: RoundsGame) -> dict[int, dict[str, int]]:
        """What a band keeps of each player's game besides the total (by pk): the
        figures players of this kind care about (deals taken, rounds doubled)."""
        return {player.pk: {} for player in game.players}

    @property
    def fixed_rounds(self) -> int | None:
        """How many rounds a game lasts when its options fix it, or None."""
        return None

    def prospects(self, game: RoundsGame) -> dict[int, Prospect]:
        """What is still possible for each player (by pk): where they stand
        against the leader, unless the kind knows more (a limit, a target, a
        number of rounds); whether they can still win is not said."""
        return {
            player.pk: Prospect(lines=lines_of(standing_line(game, player.pk)))
            for player in game.players
        }

    def start(self, players: Sequence[PlayerLike]) -> RoundsGame:
        """A game with no round yet; `players` in seating order."""
        return RoundsGame.start(self, players)

    def replay(
        self,
        players: Sequence[PlayerLike],
        entries: Sequence[object],
        closed: bool = False,
    ) -> RoundsGame:
        """The game once the stored `entries` (in order) are played again."""
        return RoundsGame.replay(self, players, entries, closed)


@dataclass(frozen=True)
class RoundsGame:
    """A game as its rounds make it. `players` in seating order; `closed` when the
    host ended it (the web layer keeps that, the engine only reads it)."""

    rules: RoundRules
    players: tuple[PlayerLike, ...]
    rounds: tuple[ScoredRound, ...] = ()
    closed: bool = False
    _by_pk: dict[int, PlayerLike] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        self._by_pk.update({player.pk: player for player in self.players})

    @classmethod
    def start(cls, rules: RoundRules, players: Sequence[PlayerLike]) -> Self:
        rules.check_players(players)
        return cls(rules, tuple(players))

    @classmethod
    def replay(
        cls,
        rules: RoundRules,
        players: Sequence[PlayerLike],
        entries: Sequence[object],
        closed: bool = False,
    ) -> RoundsGame:
        game: RoundsGame = cls.start(rules, players)
        for entry in entries:
            game = game.play(entry)
        return replace(game, closed=closed)

    # --- moves ---------------------------------------------------------------

    def check(self, entry: object) -> ScoredRound:
        """The round `entry` would be, or RoundRefused (the game is over) or
        InvalidRound (the entry itself)."""
        if self.finished:
            raise RoundRefused(
                Message(gettext_noop("La partie est terminée.")), "finished"
            )
        return self.rules.score(self, entry)

    def play(self, entry: object) -> RoundsGame:
        """The game once `entry` is its next round."""
        return replace(self, rounds=(*self.rounds, self.check(entry)))

    def preview(self, entry: object) -> Preview:
        after = self.play(entry)
        return Preview(
            round=after.rounds[-1],
            totals_before=self.totals,
            totals_after=after.totals,
            ends_game=after.finished,
        )

    def kept(self) -> RoundsGame:
        """This game as a process keeps it between requests: each player a
        `KeptPlayer`, each round without its calculation (`ScoredRound.kept`)."""
        return replace(
            self,
            players=tuple(KeptPlayer.of(player) for player in self.players),
            rounds=tuple(round_.kept() for round_ in self.rounds),
        )

    def undo(self) -> RoundsGame:
        """The game as it was before its last round."""
        if not self.rounds:
            raise RoundRefused(
                Message(gettext_noop("Aucune manche à annuler.")), "nothing_to_undo"
            )
        return replace(self, rounds=self.rounds[:-1])

    def close(self) -> RoundsGame:
        """The game once the host ends it."""
        return replace(self, closed=True)

    # --- the score -----------------------------------------------------------

    @property
    def entries(self) -> tuple[dict[str, object], ...]:
        return tuple(round_.entry for round_ in self.rounds)

    @cached_property
    def running_totals(self) -> tuple[dict[int, int], ...]:
        """The totals after each round, in order."""
        totals = dict.fromkeys(self._by_pk, 0)
        running = []
        for round_ in self.rounds:
            totals = {pk: total + round_.points[pk] for pk, total in totals.items()}
            running.append(totals)
        return tuple(running)

    @property
    def totals(self) -> dict[int, int]:
        """Each player's total by pk: the sum of their points over the rounds."""
        if not self.rounds:
            return dict.fromkeys(self._by_pk, 0)
        return dict(self.running_totals[-1])

    @property
    def number(self) -> int:
        """The number of the round to come (1 for the first)."""
        return len(self.rounds) + 1

    @property
    def finished(self) -> bool:
        return self.closed or self.rules.reached_end(self)

    @property
    def dealer(self) -> PlayerLike | None:
        """Who deals the next round (None for a kind without a dealer, or once the
        game is over)."""
        return None if self.finished else self.rules.dealer(self)

    @property
    def next_player(self) -> PlayerLike | None:
        """Who deals the next round: the `State` interface's name for it."""
        return self.dealer

    @property
    def started(self) -> bool:
        return bool(self.rounds)

    @property
    def lower_wins(self) -> bool:
        return self.rules.lower_wins

    def ranking(self) -> list[Standing]:
        """Best first (highest or lowest total as the kind says); seating order
        among equals, who share a rank: 1, 1, 3."""
        return rank_players(self.players, self.totals, self.rules.lower_wins)

    def prospects(self) -> dict[int, Prospect]:
        """What is still possible for each player, as the kind's rules say."""
        return self.rules.prospects(self)

    def winners(self) -> list[PlayerLike]:
        return [standing.player for standing in self.ranking() if standing.rank == 1]

    def player(self, pk: int) -> PlayerLike:
        return self._by_pk[pk]


# --- what is still possible ------------------------------------------------------


def names_message(names: Sequence[str]) -> Message | str:
    """Names in words: "Léa", "Léa et Tom", "Léa, Tom et Zoé"."""
    if len(names) < 2:
        return "".join(names)
    return Message(
        gettext_noop("%(names)s et %(last)s"),
        {"names": ", ".join(names[:-1]), "last": names[-1]},
    )


def lines_of(*lines: Message | None) -> tuple[Message, ...]:
    return tuple(line for line in lines if line is not None)


def standing_line(game: RoundsGame, pk: int) -> Message | None:
    """Where a player stands: in the lead (alone or tied), or how far from it,
    whichever way the kind wins ("12 derrière Léa" when Léa has 12 fewer at
    Skyjo). None before the first round or alone at the table: no race yet."""
    if not game.rounds or len(game.players) < 2:
        return None
    totals = game.totals
    best = (min if game.lower_wins else max)(totals.values())
    leaders = [player.name for player in game.players if totals[player.pk] == best]
    if totals[pk] == best:
        if len(leaders) > 1:
            return Message(gettext_noop("En tête, à égalité"))
        return Message(gettext_noop("En tête"))
    return Message(
        gettext_noop("%(gap)s derrière %(leader)s"),
        {"gap": abs(totals[pk] - best), "leader": names_message(leaders)},
    )


def rounds_left_line(game: RoundsGame, words: str) -> Message | None:
    """How many rounds are left when the options fix their number (`words`: the
    sentence, with %(left)s), or None."""
    fixed = game.rules.fixed_rounds
    if fixed is None or game.finished:
        return None
    return Message(words, {"left": fixed - len(game.rounds)})


# --- reading an entry ----------------------------------------------------------


def entry_fields(
    entry: object, required: Sequence[str], optional: Sequence[str] = ()
) -> Mapping[str, object]:
    """`entry` as a dict that holds every required key and nothing unknown, or
    InvalidRound."""
    if not isinstance(entry, Mapping):
        raise InvalidRound(
            Message(gettext_noop("Une manche s'enregistre comme un dictionnaire."))
        )
    for key in entry:
        if key not in required and key not in optional:
            raise InvalidRound(
                Message(
                    gettext_noop("Donnée inconnue dans la manche : « %(field)s »."),
                    {"field": str(key)},
                ),
                str(key),
            )
    for key in required:
        if key not in entry:
            raise InvalidRound(
                Message(
                    gettext_noop("Il manque « %(field)s » dans la manche."),
                    {"field": key},
                ),
                key,
            )
    return entry


def player_of(game: RoundsGame, value: object, field_name: str) -> PlayerLike:
    """The player a pk names (an int, or its digits as a JSON key gives them), or
    InvalidRound."""
    pk: int | None = None
    if is_int(value):
        pk = value
    elif isinstance(value, str) and value.isascii() and value.isdigit():
        pk = int(value)
    if pk is None or pk not in game._by_pk:
        raise InvalidRound(
            Message(
                gettext_noop("« %(value)s » ne joue pas dans cette partie."),
                {"value": str(value)},
            ),
            field_name,
        )
    return game._by_pk[pk]


def per_player[T](
    game: RoundsGame,
    value: object,
    field_name: str,
    read: Callable[[PlayerLike, object], T],
    missing: str | None,
) -> dict[int, T]:
    """A {pk: value} dict read with `read` (which raises InvalidRound), in seating
    order. `missing`: the message (with %(name)s) refusing a player left out, or
    None when a player may be left out."""
    if not isinstance(value, Mapping):
        raise InvalidRound(
            Message(
                gettext_noop("« %(field)s » : il faut un dictionnaire par joueur."),
                {"field": field_name},
            ),
            field_name,
        )
    read_values: dict[int, T] = {}
    for key, item in value.items():
        player = player_of(game, key, field_name)
        if player.pk in read_values:
            # "3" and 3 both name player 3: the same player twice.
            raise InvalidRound(
                Message(
                    gettext_noop("%(name)s figure deux fois dans la manche."),
                    {"name": player.name},
                ),
                field_name,
            )
        read_values[player.pk] = read(player, item)
    if missing is not None:
        for player in game.players:
            if player.pk not in read_values:
                raise InvalidRound(Message(missing, {"name": player.name}), field_name)
    return {p.pk: read_values[p.pk] for p in game.players if p.pk in read_values}


def whole_points(
    player: PlayerLike,
    value: object,
    field_name: str,
    lowest: int,
    highest: int,
) -> int:
    """An int from `lowest` to `highest` for `player`, or InvalidRound."""
    if not is_int(value) or not lowest <= value <= highest:
        raise InvalidRound(
            Message(
                gettext_noop(
                    "%(name)s : un nombre entier de %(lowest)s à %(highest)s."
                ),
                {"name": player.name, "lowest": lowest, "highest": highest},
            ),
            field_name,
        )
    return value


def is_finite_number(value: object) -> TypeGuard[int | float]:
    return (is_int(value) or isinstance(value, float)) and math.isfinite(value)
