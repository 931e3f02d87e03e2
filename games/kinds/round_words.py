"""Any kind scored by rounds in words, for what a game leaves behind (the log,
the CSV, the PDF), until it says them its own way (its `keepsake_words`): each
player's points, signed. The kinds' web side, on Django's gettext."""

from django.utils.translation import gettext as _

from . import rounds
from .state import PlayerLike


def text(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """A round in a line: "Points : Léa +5, Tom −3"."""
    given = ", ".join(
        f"{player.name} {rounds.signed(round_.points[player.pk])}"
        for player in state.players
        if round_.points.get(player.pk)
    )
    return _("Points : %(given)s") % {"given": given}


def details(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    return ""


def points(value: int) -> str:
    return rounds.signed(value)


def sheet_points(round_: rounds.ScoredRound, player: PlayerLike, value: int) -> str:
    return rounds.signed(value)


def rules_lines(options: dict[str, object]) -> list[str]:
    return []
