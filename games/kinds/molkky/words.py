"""Mölkky in words, for what a game leaves behind (the log, the CSV, the JSON,
the PDF) and for the line under the sheet's banner: a throw in a line, "Léa :
6 → 50, victoire". The kind's web side, on Django's gettext."""

from django.utils.translation import gettext as _

from .. import rounds
from ..state import PlayerLike
from .rules import BACK_TO_ZERO, NO_ELIMINATION, TARGET


def _misses(count: int) -> str:
    """ "raté", "raté (2ᵉ de suite)"."""
    if count < 2:
        return _("raté")
    return _("raté (%(count)sᵉ de suite)") % {"count": count}


def text(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """A throw in a line: "Léa : 6 → 50, victoire", "Tom : raté (2ᵉ de suite)"."""
    throw = round_.detail
    name = state.player(throw.thrower).name
    words = {
        "name": name,
        "points": throw.points,
        "after": throw.after,
        "sum": throw.before + throw.points,
    }
    if throw.won:
        return _("%(name)s : %(points)s → %(after)s, victoire") % words
    if throw.fell_back:
        return _("%(name)s : %(points)s → %(sum)s, retombe à %(after)s") % words
    if throw.eliminated:
        return _("%(name)s : raté (3ᵉ de suite), hors jeu") % words
    if throw.back_to_zero:
        return _("%(name)s : raté (3ᵉ de suite), retombe à 0") % words
    if throw.missed:
        return _("%(name)s : %(misses)s") % {
            "name": name,
            "misses": _misses(throw.misses),
        }
    return _("%(name)s : %(points)s → %(after)s") % words


def summary(state: rounds.RoundsGame, number: int, round_: rounds.ScoredRound) -> str:
    """The last throw for the banner, in the same words as the log, after the
    sheet's turn it belongs to (its row), not the throw's number: "Tour 4 ·
    Léa : 7 → 38", "Tour 5 · Tom : raté (3ᵉ de suite), hors jeu"."""
    return _("Tour %(turn)s · %(throw)s") % {
        "turn": round_.detail.turn,
        "throw": text(state, round_),
    }


def details(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """The total before the throw, for whoever checks."""
    throw = round_.detail
    return _("avant : %(before)s") % {"before": throw.before}


def points(value: int) -> str:
    """What a throw changed in the thrower's total (a fall is negative)."""
    return rounds.signed(value)


def sheet_points(round_: rounds.ScoredRound, player: PlayerLike, value: int) -> str:
    """On the printed sheet: the pins of the thrower's throw ("✕" a miss)."""
    throw = round_.detail
    if player.pk != throw.thrower:
        return ""
    return "✕" if throw.missed else str(throw.points)


def rules_lines(options: dict[str, object]) -> list[str]:
    """What a player needs to read to fill the sheet, one sentence each."""
    target = options.get("target", TARGET)
    lines = [
        _(
            "Une quille seule : son numéro ; plusieurs : leur nombre. Il faut "
            "%(target)s pile pour gagner ; au-delà, le total retombe à %(half)s."
        )
        % {"target": target, "half": int(str(target)) // 2}
    ]
    three = options.get("three_misses")
    if three == NO_ELIMINATION:
        lines.append(_("Trois ratés de suite : rien, personne n'est éliminé."))
    elif three == BACK_TO_ZERO:
        lines.append(_("Trois ratés de suite : le total retombe à 0."))
    else:
        lines.append(_("Trois ratés de suite : le joueur est éliminé."))
    return lines
