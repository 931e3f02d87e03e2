"""Mölkky (`molkky`), 2 to 12 players or teams (a team is one named player),
official rules: the rules engine, pure Python, no Django.

Scored throw by throw: each throw is one round of the `RoundsGame`. Entry:
{"points": 0..12} (0: a miss, "Raté"; one pin down scores its number, several
their count), optionally {"thrower": pk}, refused unless it names whoever's turn
it is; the stored entry always names the thrower. The thrower is the next player
in seat order still in the game: `game.dealer` / `game.next_player`
(`MolkkyGame.thrower`). A throw gives the thrower the change of their total (a
fall from over the target is negative) and 0 to the others.

Exactly the target (50) wins at once; over it, the total falls to half the
target rounded down (25); three misses in a row eliminate (the sheet warns after
the second); when every player but one is out, that one wins. Eliminated players
rank after those still in.

Options: `target` (50; 10 to 200) and `three_misses` ("eliminated", the official
rule; "none": nobody is eliminated; "zero": the total falls to 0 and the player
plays on, the count starting again).

Detail of a throw (`MolkkyThrow`): thrower, points, before, after, change,
fell_back, misses (in a row, after the throw), eliminated, back_to_zero, won,
turn (the sheet's round). Game helpers: `misses_in_a_row(game)`,
`eliminated(game)`, `warned(game)`.

See games/kinds/__init__.py for the interface every kind shares.
"""

from ..rounds import InvalidRound, Preview, RoundRefused, RoundsGame
from .rules import (
    BACK_TO_ZERO,
    ELIMINATED,
    KEY,
    MISSES_TO_ELIMINATE,
    MOST_PINS,
    NO_ELIMINATION,
    OPTION_SPECS,
    TARGET,
    MolkkyGame,
    MolkkyRules,
    MolkkyThrow,
    build_rules,
    eliminated,
    misses_in_a_row,
    preview,
    warned,
)

__all__ = [
    "BACK_TO_ZERO",
    "ELIMINATED",
    "KEY",
    "MISSES_TO_ELIMINATE",
    "MOST_PINS",
    "NO_ELIMINATION",
    "OPTION_SPECS",
    "TARGET",
    "InvalidRound",
    "MolkkyGame",
    "MolkkyRules",
    "MolkkyThrow",
    "Preview",
    "RoundRefused",
    "RoundsGame",
    "build_rules",
    "eliminated",
    "misses_in_a_row",
    "preview",
    "warned",
]
