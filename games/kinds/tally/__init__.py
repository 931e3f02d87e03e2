"""The free counter (`tally`), 1 to 10 players, for any other game: the rules
engine, pure Python, no Django.

Options: `winner` ("highest" or "lowest"), and at most one end: `target` (the
game ends with the round in which a total reaches it) or `rounds` (a number of
rounds); with neither, the host ends the game. The presets' per-round checks
(presets.py: Uno, Papayoo, 6 qui prend, Rami, Five Crowns, Flip 7, Phase 10,
Farkle): `check` ("none"; "one_scorer": at most one player scores, none below 0;
"one_zero": at least one player scores 0) and `round_sum` (None, or what every
round must add up to: 250 at Papayoo); at their defaults they are left out of
`rules.options`. A round: {"points": {"<pk>": points, ...}}, integers, negatives
allowed, some players only: a player left out scores 0.

See games/kinds/__init__.py for the interface every kind shares.
"""

from ..rounds import InvalidRound, Preview, RoundRefused, RoundsGame
from .presets import PRESETS, HouseRule, TallyPreset, build_preset, preset_options
from .rules import (
    KEY,
    MAX_ROUND_POINTS,
    NO_CHECK,
    ONE_SCORER,
    ONE_ZERO,
    OPTION_SPECS,
    TallyRound,
    TallyRules,
    build_rules,
    preview,
)

__all__ = [
    "KEY",
    "MAX_ROUND_POINTS",
    "NO_CHECK",
    "ONE_SCORER",
    "ONE_ZERO",
    "OPTION_SPECS",
    "PRESETS",
    "HouseRule",
    "InvalidRound",
    "Preview",
    "RoundRefused",
    "RoundsGame",
    "TallyPreset",
    "TallyRound",
    "TallyRules",
    "build_preset",
    "build_rules",
    "preset_options",
    "preview",
]
