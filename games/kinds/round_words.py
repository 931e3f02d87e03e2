"""Any kind scored by rounds in words, for what a game leaves behind (the log,
the CSV, the PDF), until it says them its own way (its `keepsake_words`): each
player's points, signed; and the banner's last round. The kinds' web side, on
Django's gettext."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from . import rounds
from .state import PlayerLike

if TYPE_CHECKING:
    from .base import RoundWords


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


def given(state: rounds.RoundsGame, points: Mapping[int, int]) -> str:
    """Who got what, in seating order, leaving out those who got nothing:
    "Léa +12, Tom −3"; "aucun point" when nobody got any."""
    said = ", ".join(
        f"{player.name} {rounds.signed(points[player.pk])}"
        for player in state.players
        if points.get(player.pk)
    )
    return said or _("aucun point")


def summary(
    words: RoundWords,
    state: rounds.RoundsGame,
    number: int,
    round_: rounds.ScoredRound,
) -> str:
    """A played round for the banner: "Manche 4 · Léa +12, Tom −3"."""
    return _("%(round)s · %(given)s") % {
        "round": words.number % {"number": number},
        "given": given(state, round_.points),
    }
