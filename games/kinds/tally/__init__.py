"""The free counter (`tally`), 1 to 10 players, for any other game: the rules
engine, pure Python, no Django.

Options: `winner` ("highest" or "lowest"), and at most one end: `target` (the
game ends with the round in which a total reaches it) or `rounds` (a number of
rounds); with neither, the host ends the game. A round: {"points": {"<pk>":
points, ...}}, integers, negatives allowed, some players only: a player left out
scores 0.

See games/kinds/__init__.py for the interface every kind shares.
"""

from ..rounds import InvalidRound, Preview, RoundRefused, RoundsGame
from .rules import (
    KEY,
    MAX_ROUND_POINTS,
    OPTION_SPECS,
    TallyRound,
    TallyRules,
    build_rules,
    preview,
)

__all__ = [
    "KEY",
    "MAX_ROUND_POINTS",
    "OPTION_SPECS",
    "InvalidRound",
    "Preview",
    "RoundRefused",
    "RoundsGame",
    "TallyRound",
    "TallyRules",
    "build_rules",
    "preview",
]
