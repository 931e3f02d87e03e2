"""Scorekeeper's rules engine: what every box of every Yams variant is worth, and
whose turn it is.

Pure Python, no Django: the web layer stores a game's preset and options, rebuilds
its Variant with `build_variant`, and replays the host's entries into a `Sheet`
per player, all of them into a `GameState` (whose turn, what may be written now).
French strings are marked with `gettext_noop` and translated by the Django layer;
messages with values are `Message` objects (template + params).
"""

from .boxes import Box
from .entries import EntrySpec, Scored
from .game_state import GameState, MoveRefused, PlayerSheet
from .messages import InvalidEntry, Message, RuleError, gettext_noop
from .presets import COLUMN_KINDS, COLUMN_LABELS, DEFAULT_PRESET, OptionSpec
from .sheet import Sheet, Turn
from .totals import SheetTotals, Totals
from .variants import PRESETS, Variant, build_variant, option_specs

__all__ = [
    "COLUMN_KINDS",
    "COLUMN_LABELS",
    "DEFAULT_PRESET",
    "PRESETS",
    "Box",
    "EntrySpec",
    "GameState",
    "InvalidEntry",
    "Message",
    "MoveRefused",
    "OptionSpec",
    "PlayerSheet",
    "RuleError",
    "Scored",
    "Sheet",
    "SheetTotals",
    "Totals",
    "Turn",
    "Variant",
    "build_variant",
    "gettext_noop",
    "option_specs",
]
