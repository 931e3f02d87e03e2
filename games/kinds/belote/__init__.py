"""Belote (`belote`), 4 players in two teams of two: the rules engine, pure
Python, no Django.

Teams: team 1 is the players at seats 0 and 2, team 2 those at seats 1 and 3
(partners sit opposite; `teams(players)`). A deal gives each player their
team's points, so both partners always share a total, a rank and a win.

Options: `target` (501; 1000 for a long game, or another: the game ends at the
end of the deal in which a team reaches it, unless the two totals are equal),
`needs` ("more": the attack must score more than the defence, belote counted on
both sides; "82": 82 card points, belote aside), `litige` (True; False: a tie is
*dedans*) and `rounding` (False; True: card points to the nearest ten).

A deal: {"team": 1 | 2 (the team that took), "points": 0…162 (its card points,
10 de der included; left out or None with a capot), "capot": 1 | 2 | None,
"belote": 1 | 2 | None}; or {"passed": True} when nobody takes. The app says
made, *dedans* or *litige* by itself (`BeloteDeal`), keeps a litige's points in
reserve for the next deal's winner, and the dealer rotates in seat order.

See games/kinds/__init__.py for the interface every kind shares.
"""

from ..rounds import InvalidRound, Preview, RoundRefused, RoundsGame
from .rules import (
    KEY,
    OPTION_SPECS,
    TARGET,
    BeloteDeal,
    BeloteRules,
    build_rules,
    preview,
)
from .teams import BELOTE, CAPOT, CARD_POINTS, TEAMS, Team, team_totals, teams

__all__ = [
    "BELOTE",
    "CAPOT",
    "CARD_POINTS",
    "KEY",
    "OPTION_SPECS",
    "TARGET",
    "TEAMS",
    "BeloteDeal",
    "BeloteRules",
    "InvalidRound",
    "Preview",
    "RoundRefused",
    "RoundsGame",
    "Team",
    "build_rules",
    "preview",
    "team_totals",
    "teams",
]
