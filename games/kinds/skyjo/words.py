"""Skyjo in words, for what a game leaves behind (the log, the CSV, the PDF)
and the banner's last round: the kind's web side, on Django's gettext."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper.lib.numbers import written

from .. import rounds
from ..base import ROUNDS
from ..state import PlayerLike


def _name(state: rounds.RoundsGame, pk: int | None) -> str:
    return state.player(pk).name if pk is not None else ""


def text(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """A round in a line: "Zoé a fini · doublé"."""
    detail = round_.detail
    finisher = _name(state, detail.finisher)
    if detail.doubled:
        return _("%(name)s a fini · doublé") % {"name": finisher}
    return _("%(name)s a fini") % {"name": finisher}


def details(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """Everyone's cards, for whoever checks."""
    cards = ", ".join(
        f"{_name(state, pk)} {written(value)}"
        for pk, value in round_.detail.cards.items()
    )
    return _("Cartes : %(cards)s") % {"cards": cards}


def points(value: int) -> str:
    """A round's points: plain, every round adds cards."""
    return written(value)


def sheet_points(round_: rounds.ScoredRound, player: PlayerLike, value: int) -> str:
    """A player's points on the printed sheet: a finisher doubled shows the
    cards and the doubling ("3×2=6")."""
    detail = round_.detail
    if detail.doubled and detail.finisher == player.pk:
        return f"{written(detail.cards[player.pk])}×2={written(value)}"
    return written(value)


def rules_lines(options: dict[str, object]) -> list[str]:
    """What a player needs to read to fill the sheet, one sentence each."""
    limit = options.get("limit", 100)
    return [
        _(
            "Chaque manche : le total des cartes de chacun. Celui qui a fini la "
            "manche est doublé si son total n'est pas strictement le plus petit "
            "et qu'il est positif."
        ),
        _(
            "La partie s'arrête à la fin de la manche où un total atteint "
            "%(limit)s ; le plus petit total gagne."
        )
        % {"limit": limit},
    ]


def summary(state: rounds.RoundsGame, number: int, round_: rounds.ScoredRound) -> str:
    """A round for the banner: "Manche 3 · Zoé a fini avec 4 points", or, when
    the finisher's points were doubled, "… Zoé a fini, ses points doublés :
    2 × 7 = 14"."""
    detail = round_.detail
    cards = detail.cards[detail.finisher]
    values = {
        "round": ROUNDS.number % {"number": number},
        "name": _name(state, detail.finisher),
        "cards": written(cards),
        "points": written(round_.points[detail.finisher]),
    }
    if detail.doubled:
        return (
            _(
                "%(round)s · %(name)s a fini, ses points doublés : "
                "2 × %(cards)s = %(points)s"
            )
            % values
        )
    return (
        ngettext(
            "%(round)s · %(name)s a fini avec %(points)s point",
            "%(round)s · %(name)s a fini avec %(points)s points",
            abs(cards),
        )
        % values
    )
