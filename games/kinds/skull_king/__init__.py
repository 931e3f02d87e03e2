"""Skull King (`skull_king`), 2 to 8 players, Grandpa Beck's 2021 edition: the
rules engine, pure Python, no Django.

Ten rounds; in round r each player is dealt c = r cards, except where the deck
runs out (8 players: 8 cards in rounds 9 and 10, 9 with the advanced cards).
A round: {"cards": c (optional: the default above; 1 up to what the deck allows,
for the short games), "lost_tricks": 0..2 (tricks won by nobody: the Kraken, the
White Whale; advanced cards only), "players": {"<pk>": {"bid": 0..c, "tricks":
0..c, "fourteens": 0..3, "black_fourteen": bool, "mermaids": 0..2 (taken by a
pirate), "pirates": 0..6 (taken by the Skull King), "skull_king": bool (taken by
a mermaid), "loot": 0..2 and "wager": 0/10/20 (advanced cards only),
"cannonball": bool (Rascal's scoring only)}}}; every player, the bonuses
optional (0). The tricks won add up to c less the tricks won by nobody; a
bonus card exists once (three standard 14s, one black 14, two mermaids, one
Skull King) and is captured in a trick won. The stored entry holds every field
the options allow.

Scoring: an exact bid of b ≥ 1 scores 20 × b and the bonuses; a missed one
−10 per trick off, no bonus; a bid of zero made 10 × c and the bonuses (only a
loot alliance can apply), missed −10 × c. Rascal's wager is won with an exact
bid, lost otherwise. The highest total after the last round wins.

Options: `rounds` (10; 1 to 10), `advanced` (False: the advanced cards),
`scoring` ("skull_king", or "rascal": 10 × c to everyone, all of it on an exact
bid, half of it and of the bonuses one off, else nothing; a player's cannonball,
15 × c on an exact bid, else nothing) and `bonuses` ("2021", or
"first_edition": 30 per pirate taken by the Skull King, 50 for the Skull King
taken by a mermaid, nothing else).

Detail (`SkullKingRound`): number, cards, lost_tricks, players {pk:
`PlayerRound`: bid, tricks, made, off_by, zero_bid, cannonball, base, entered
(`Bonus`: key, count, points counted), bonuses, wager, points}. The dealer
rotates in seat order.

See games/kinds/__init__.py for the interface every kind shares.
"""

from ..rounds import InvalidRound, Preview, RoundRefused, RoundsGame
from .rules import (
    BONUS_VALUES,
    EDITION_2021,
    FIRST_EDITION,
    KEY,
    OPTION_SPECS,
    RASCAL,
    ROUNDS,
    STANDARD,
    Bonus,
    PlayerRound,
    SkullKingRound,
    SkullKingRules,
    build_rules,
    cards_dealt,
    preview,
)

__all__ = [
    "BONUS_VALUES",
    "EDITION_2021",
    "FIRST_EDITION",
    "KEY",
    "OPTION_SPECS",
    "RASCAL",
    "ROUNDS",
    "STANDARD",
    "Bonus",
    "InvalidRound",
    "PlayerRound",
    "Preview",
    "RoundRefused",
    "RoundsGame",
    "SkullKingRound",
    "SkullKingRules",
    "build_rules",
    "cards_dealt",
    "preview",
]
