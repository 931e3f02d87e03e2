"""A game on paper, of any kind: one entry point for the printed sheet of a
game played, and the kinds' blank sheets, each kind asked for its part.

The drawing stays per way of scoring (pdf.py: Yams's boxes and columns;
round_pdf.py: rounds down, players across), chosen by what the kind stores for
each write (`GameKind.written`), never by the kind's name.
"""

from collections.abc import Callable

from games.kinds import registry
from games.kinds.base import GameKind
from games.models import Game, State
from keepsakes import pdf, round_pdf

SHEETS: dict[str, Callable[..., bytes]] = {
    "entries": pdf.game_sheet_pdf,
    "rounds": round_pdf.game_sheet_pdf,
}


def game_sheet_pdf(game: Game, state: State | None = None) -> bytes:
    """The sheet of `game` filled with what was written: its keepsake."""
    return SHEETS[game.game_kind.written](game, state)


def blank_kinds() -> list[GameKind]:
    """The kinds with a blank sheet drawn by player count, in the registry's
    order."""
    return [kind for kind in registry.KINDS.values() if kind.blank_sheet_players]


def blank_sheet_pdf(kind: GameKind, players: int) -> bytes:
    """A blank sheet of `kind` for `players` players, which it must draw."""
    return round_pdf.blank_sheet_pdf(kind, players)


def orientation(players: int) -> str:
    return "portrait" if players <= round_pdf.PORTRAIT_PLAYERS else "landscape"
