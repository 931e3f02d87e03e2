"""French tarot (`tarot`) at 3, 4 or 5 players, Fédération Française de Tarot
scoring: the rules engine, pure Python, no Django.

Options: `multipliers` ("1_2_4_6", the FFT's, or the old "1_2_3_4"),
`poignees` ("20_30_40" or "20_40_60") and `deals` (the number of deals that ends
the game, None: the host ends it). A deal: {"taker": pk, "contract": "garde",
"bouts": 2, "points": 49, "partner": pk or None (required at 5 players, refused
otherwise), "petit_au_bout": "taker" | "defence" | None, "poignees": [{"size":
"simple", "side": "taker"}, ...], "chelem": "taker" | "defence" | None,
"chelem_announced": bool}; or {"passed": True} when nobody takes. The dealer
rotates in seat order; the highest total wins.

See games/kinds/__init__.py for the interface every kind shares.
"""

from ..rounds import InvalidRound, Preview, RoundRefused, RoundsGame
from .rules import (
    CONTRACTS,
    KEY,
    MULTIPLIERS,
    NEEDED,
    OPTION_SPECS,
    POIGNEE_VALUES,
    Poignee,
    TarotDeal,
    TarotRules,
    build_rules,
    preview,
)

__all__ = [
    "CONTRACTS",
    "KEY",
    "MULTIPLIERS",
    "NEEDED",
    "OPTION_SPECS",
    "POIGNEE_VALUES",
    "InvalidRound",
    "Poignee",
    "Preview",
    "RoundRefused",
    "RoundsGame",
    "TarotDeal",
    "TarotRules",
    "build_rules",
    "preview",
]
