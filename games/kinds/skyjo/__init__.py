"""Skyjo (`skyjo`), 2 to 8 players: the rules engine, pure Python, no Django.

Options: `limit` (the total that ends the game, 100) and `double_on_tie` (a
finisher tied for the lowest total is doubled, True). A round:
{"cards": {"<pk>": card total, ...every player}, "finisher": pk}. The finisher's
score is doubled when it is positive and not strictly the lowest; the game ends
with the round in which a total reaches the limit; the lowest total wins.

See games/kinds/__init__.py for the interface every kind shares.
"""

from ..rounds import InvalidRound, Preview, RoundRefused, RoundsGame
from .rules import (
    HIGHEST_CARDS,
    KEY,
    LOWEST_CARDS,
    OPTION_SPECS,
    SkyjoRound,
    SkyjoRules,
    build_rules,
    finisher_doubled,
    preview,
)

__all__ = [
    "HIGHEST_CARDS",
    "KEY",
    "LOWEST_CARDS",
    "OPTION_SPECS",
    "InvalidRound",
    "Preview",
    "RoundRefused",
    "RoundsGame",
    "SkyjoRound",
    "SkyjoRules",
    "build_rules",
    "finisher_doubled",
    "preview",
]
