"""Coinche in words, for the sheet, the log, the CSV and the PDF: the kind's web
side, on Django's gettext, with belote's team words."""

from django.utils.translation import gettext as _

from scorekeeper.lib.numbers import written
from scorekeeper.lib.translation import translated

from .. import rounds
from ..base import DEALS
from ..belote.teams import other
from ..belote.words import (
    belote,
    card_points,
    nobody,
    points,
    scored,
    sheet_points,
    team,
)
from .rules import TRUMP_LABELS, CoincheDeal, contract_label

__all__ = [
    "details",
    "note",
    "points",
    "rules_lines",
    "sheet_points",
    "summary",
    "text",
]

SUIT_SIGNS = {"pique": "♠", "coeur": "♥", "carreau": "♦", "trefle": "♣"}


def contract(deal: CoincheDeal) -> str:
    """ "110 ♥", "Capot ♠ coinché", "Générale sans atout surcoinché"."""
    assert deal.contract is not None and deal.trump is not None
    trump = SUIT_SIGNS.get(deal.trump) or translated(TRUMP_LABELS[deal.trump])
    words = f"{translated(contract_label(deal.contract))} {trump}"
    if deal.coinche == "coinche":
        words += " " + _("coinché")
    elif deal.coinche == "surcoinche":
        words += " " + _("surcoinché")
    return words


def verdict(deal: CoincheDeal) -> str:
    return _("fait") if deal.made else _("chute")


def text(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """A deal in a line: "110 ♥ · Léa & Max · fait", "Donne passée"."""
    deal: CoincheDeal = round_.detail
    if deal.passed:
        return _("Donne passée")
    return f"{contract(deal)} · {team(state, deal.bidder)} · {verdict(deal)}"


def note(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """A deal in a few words beside its number on the sheet: "110 ♥ · fait",
    "passée" (the team that bid is marked in its cell)."""
    deal: CoincheDeal = round_.detail
    if deal.passed:
        return _("passée")
    return f"{contract(deal)} · {verdict(deal)}"


def summary(state: rounds.RoundsGame, number: int, round_: rounds.ScoredRound) -> str:
    """A deal for the banner, by team name and without a verb to agree with
    it: "Donne 3 · 110 ♥ pris par Léa & Tom : fait, 200 / 50", "Donne 4 · 100 ♠
    coinché pris par Léa & Tom : chute, 524 pour Max & Zoé"."""
    deal: CoincheDeal = round_.detail
    if deal.passed or deal.bidder is None:
        return nobody(number)
    bidder = deal.bidder
    parts = [verdict(deal)]
    if deal.capot is not None and deal.contract not in ("capot", "generale"):
        parts.append(_("capot"))
    if deal.made:
        parts.append(
            f"{written(deal.scores[bidder])} / {written(deal.scores[other(bidder)])}"
        )
    else:
        parts.append(scored(state, deal.scores, bidder) or written(0))
    if deal.belote is not None:
        parts.append(_("belote pour %(team)s") % {"team": team(state, deal.belote)})
    return _("%(deal)s · %(contract)s pris par %(team)s : %(result)s") % {
        "deal": DEALS.number % {"number": number},
        "contract": contract(deal),
        "team": team(state, bidder),
        "result": ", ".join(parts),
    }


def details(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """The card points, capot and belote of a deal, for whoever checks."""
    deal: CoincheDeal = round_.detail
    if deal.passed:
        return ""
    if deal.capot is not None:
        parts = [_("capot : %(team)s") % {"team": team(state, deal.capot)}]
    else:
        parts = [card_points(state, deal.card_points)]
    return " · ".join([*parts, *belote(state, deal.belote)])


def rules_lines(options: dict[str, object]) -> list[str]:
    """What a player needs to read to fill the sheet, one sentence each."""
    return [
        _(
            "Équipe 1 : les joueurs 1 et 3 ; équipe 2 : les joueurs 2 et 4. "
            "Contrat fait : le contrat plus ses points ; la défense marque les "
            "siens. Chute : la défense marque 162 plus le contrat."
        ),
        _(
            "Coinché ×2, surcoinché ×4 : l'équipe qui gagne la donne marque "
            "(162 + contrat) × 2 ou × 4. La belote-rebelote vaut 20, jamais "
            "multipliée."
        ),
        _("La partie s'arrête à la fin de la donne où une équipe atteint %(target)s.")
        % {"target": options.get("target", 2000)},
    ]
