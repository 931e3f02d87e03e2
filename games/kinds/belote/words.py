"""Belote in words, for the sheet, the log, the CSV and the PDF: the kind's web
side, on Django's gettext. Coinche says its deals with the same team words
(games/kinds/coinche/words.py)."""

from collections.abc import Mapping
from typing import cast

from django.utils.translation import gettext as _

from scorekeeper.lib.numbers import written

from .. import rounds
from ..base import DEALS
from ..state import PlayerLike
from .rules import BeloteDeal
from .teams import TEAMS, Team, other, team_name


def team(state: rounds.RoundsGame, number: int | None) -> str:
    """A team as the sheet names it: "Léa & Max", or the name the host gave."""
    return team_name(state.rules, state.players, cast(Team, number)) if number else ""


def card_points(state: rounds.RoundsGame, points: Mapping[Team, int]) -> str:
    """Each team's card points in the deal, in a few words."""
    return _("points de cartes : %(first)s %(one)s, %(second)s %(two)s") % {
        "first": team(state, 1),
        "one": points[1],
        "second": team(state, 2),
        "two": points[2],
    }


def belote(state: rounds.RoundsGame, held_by: Team | None) -> list[str]:
    """Who held belote-rebelote, if anyone: a part of the deal's details."""
    if held_by is None:
        return []
    return [_("belote-rebelote : %(team)s") % {"team": team(state, held_by)}]


def verdict(deal: BeloteDeal) -> str:
    return {
        "made": _("faite"),
        "dedans": _("dedans"),
        "litige": _("litige"),
    }[deal.outcome or "made"]


def text(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """A deal in a line: "Pris par Léa & Max · faite", "Donne passée"."""
    deal: BeloteDeal = round_.detail
    if deal.passed:
        return _("Donne passée")
    line = _("Pris par %(team)s · %(verdict)s") % {
        "team": team(state, deal.taker),
        "verdict": verdict(deal),
    }
    if deal.capot is not None:
        line += " · " + _("capot : %(team)s") % {"team": team(state, deal.capot)}
    return line


def note(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """A deal in a word or two beside its number on the sheet: "faite",
    "dedans · capot", "passée" (the team that took is marked in its cell)."""
    deal: BeloteDeal = round_.detail
    if deal.passed:
        return _("passée")
    words = verdict(deal)
    if deal.capot is not None:
        words += " · " + _("capot")
    return words


def nobody(number: int) -> str:
    """A deal nobody took, for the banner: "Donne 2 · personne ne prend"."""
    return _("%(deal)s · personne ne prend") % {
        "deal": DEALS.number % {"number": number}
    }


def scored(
    state: rounds.RoundsGame, deal_scores: Mapping[Team, int], taker: Team
) -> str:
    """What each team that scored in a deal the taking team did not make got,
    the defence first, by name and without a verb to agree with it: "162 pour
    Max & Zoé, 20 pour Léa & Tom"."""
    defence = other(taker)
    return ", ".join(
        _("%(points)s pour %(team)s")
        % {"points": written(deal_scores[number]), "team": team(state, number)}
        for number in (defence, taker)
        if deal_scores[number]
    )


def summary(state: rounds.RoundsGame, number: int, round_: rounds.ScoredRound) -> str:
    """A deal for the banner, by team name and without a verb to agree with
    it: "Donne 3 · pris par Léa & Tom : faite, 110 / 52", "Donne 4 · pris par
    Léa & Tom : dedans, 162 pour Max & Zoé", "Donne 2 · personne ne prend"."""
    deal: BeloteDeal = round_.detail
    if deal.passed or deal.taker is None:
        line = nobody(number)
        if deal.reserve:
            line += " · " + _("%(reserve)s en réserve") % {"reserve": deal.reserve}
        return line
    taker = deal.taker
    parts = [verdict(deal)]
    if deal.capot is not None:
        parts.append(_("capot"))
    if deal.made:
        parts.append(
            f"{written(deal.scores[taker])} / {written(deal.scores[other(taker)])}"
        )
    else:
        parts.append(scored(state, deal.scores, taker) or written(0))
    if deal.litige:
        parts.append(_("%(reserve)s en réserve") % {"reserve": deal.reserve})
    if deal.belote is not None:
        parts.append(_("belote pour %(team)s") % {"team": team(state, deal.belote)})
    if deal.reserve_won:
        parts.append(
            _("réserve de %(reserve)s gagnée par %(team)s")
            % {"reserve": deal.reserve_won, "team": team(state, deal.reserve_to)}
        )
    return _("%(deal)s · pris par %(team)s : %(result)s") % {
        "deal": DEALS.number % {"number": number},
        "team": team(state, taker),
        "result": ", ".join(parts),
    }


def details(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """The card points, belote and reserve of a deal, for whoever checks."""
    deal: BeloteDeal = round_.detail
    if deal.passed:
        if deal.reserve:
            return _("%(reserve)s points de litige en réserve") % {
                "reserve": deal.reserve
            }
        return ""
    parts = [card_points(state, deal.card_points), *belote(state, deal.belote)]
    if deal.litige:
        parts.append(_("%(reserve)s en réserve") % {"reserve": deal.reserve})
    if deal.reserve_won:
        parts.append(
            _("réserve de %(reserve)s gagnée par %(team)s")
            % {"reserve": deal.reserve_won, "team": team(state, deal.reserve_to)}
        )
    return " · ".join(parts)


def points(value: int) -> str:
    """A deal's points: never below 0, written plain."""
    return written(value)


def sheet_points(round_: rounds.ScoredRound, player: PlayerLike, value: int) -> str:
    return written(value)


def rules_lines(options: dict[str, object]) -> list[str]:
    """What a player needs to read to fill the sheet, one sentence each."""
    target = options.get("target", 501)
    lines = [
        _(
            "Équipe 1 : les joueurs 1 et 3 ; équipe 2 : les joueurs 2 et 4. Une "
            "donne fait 162 points de cartes (250 pour un capot), plus 20 pour la "
            "belote-rebelote."
        ),
        _(
            "L'équipe qui prend doit faire plus que la défense, sinon elle est "
            "dedans : 0, et la défense marque 162. À égalité, litige : ses points "
            "vont à l'équipe qui gagne la donne suivante."
        )
        if options.get("needs", "more") == "more"
        else _(
            "L'équipe qui prend doit faire 82 points de cartes, belote à part, "
            "sinon elle est dedans : 0, et la défense marque 162."
        ),
        _("La partie s'arrête à la fin de la donne où une équipe atteint %(target)s.")
        % {"target": target},
    ]
    return lines


def team_names(state: rounds.RoundsGame) -> list[str]:
    return [team(state, number) for number in TEAMS]
