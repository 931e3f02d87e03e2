"""The free counter in words, for what a game leaves behind (the log, the CSV,
the PDF): the kind's web side, on Django's gettext."""

from django.utils.translation import gettext as _

from .. import rounds
from ..state import PlayerLike


def text(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """A round in a line: "Points : Léa +5, Tom −3"."""
    given = ", ".join(
        f"{state.player(pk).name} {rounds.signed(points)}"
        for pk, points in round_.detail.given.items()
    )
    return _("Points : %(given)s") % {"given": given}


def details(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """Nothing more: the line says it all."""
    return ""


def points(value: int) -> str:
    return rounds.signed(value)


def sheet_points(round_: rounds.ScoredRound, player: PlayerLike, value: int) -> str:
    return rounds.signed(value)


def rules_lines(options: dict[str, object]) -> list[str]:
    return [_("Le plus grand total gagne.")]
