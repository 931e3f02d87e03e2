"""Coinche (`coinche`, *belote contrée*), 4 players in two teams of two: the rules
engine, pure Python, no Django.

Teams as in belote (games/kinds/belote/teams.py): team 1 is the players at seats
0 and 2, team 2 those at seats 1 and 3; a deal gives each player their team's
points. The bidding is not recorded, only its outcome.

Options: `target` (2000; 1000, or another), `scoring` ("made": points made;
"announced": the contract only), `belote_counts` (True: the bidding team's
belote counts toward its contract), `high_contracts` (170 and 180), `generale`
(the 500 contract), `no_trump` (sans atout and tout atout) and `rounding` (card
points to the nearest ten).

A deal: {"team": 1 | 2 (the team that won the bidding), "contract": "80" …
"160" | "capot" (more as the options allow, `rules.contracts`), "trump":
"pique" | "coeur" | "carreau" | "trefle" (or "sans_atout", "tout_atout"),
"coinche": None | "coinche" | "surcoinche", "points": 0…162 (the bidding team's
card points, 10 de der included; left out or None with a capot), "capot": 1 | 2
| None, "belote": 1 | 2 | None, "bidder_alone": bool (a générale: the bidder
took every trick alone)}; or {"passed": True} when all four pass. The app says
made or *chute* with the calculation (`CoincheDeal`); the dealer rotates in seat
order.

See games/kinds/__init__.py for the interface every kind shares.
"""

from ..belote.teams import TEAMS, Team, team_totals, teams
from ..rounds import InvalidRound, Preview, RoundRefused, RoundsGame
from .rules import (
    CONTRACT_VALUES,
    KEY,
    MULTIPLIERS,
    NUMBERED,
    OPTION_SPECS,
    SUITS,
    TARGET,
    TRUMP_LABELS,
    CoincheDeal,
    CoincheRules,
    build_rules,
    contract_label,
    preview,
)

__all__ = [
    "CONTRACT_VALUES",
    "KEY",
    "MULTIPLIERS",
    "NUMBERED",
    "OPTION_SPECS",
    "SUITS",
    "TARGET",
    "TEAMS",
    "TRUMP_LABELS",
    "CoincheDeal",
    "CoincheRules",
    "InvalidRound",
    "Preview",
    "RoundRefused",
    "RoundsGame",
    "Team",
    "build_rules",
    "contract_label",
    "preview",
    "team_totals",
    "teams",
]
