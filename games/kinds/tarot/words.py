"""Tarot in words, for what a game leaves behind (the log, the CSV, the PDF)
and the banner's last deal: the kind's web side, on Django's gettext."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper.lib.translation import translated

from .. import rounds
from ..base import DEALS
from ..state import PlayerLike
from .rules import CONTRACT_LABELS, POIGNEE_LABELS, SIDE_LABELS


def _name(state: rounds.RoundsGame, pk: int | None) -> str:
    return state.player(pk).name if pk is not None else ""


def text(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """A deal in a line: "Garde · Ana · faite", "Donne passée"."""
    detail = round_.detail
    if detail.passed:
        return _("Donne passée")
    taker = _name(state, detail.taker)
    if detail.partner is not None:
        taker = _("%(taker)s avec %(partner)s") % {
            "taker": taker,
            "partner": _name(state, detail.partner),
        }
    verdict = _("faite") if detail.won else _("chutée")
    return f"{translated(CONTRACT_LABELS[detail.contract])} · {taker} · {verdict}"


def details(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """The bouts, points and extras of a deal, for whoever checks."""
    detail = round_.detail
    if detail.passed:
        return ""
    made = str(detail.made).replace(".", ",")
    parts = [
        ngettext(
            "%(bouts)s bout, %(made)s points (il en fallait %(needed)s)",
            "%(bouts)s bouts, %(made)s points (il en fallait %(needed)s)",
            detail.bouts,
        )
        % {"bouts": detail.bouts, "made": made, "needed": detail.needed}
    ]
    if detail.petit_au_bout:
        side = "taker" if detail.petit_au_bout > 0 else "defence"
        parts.append(
            _("petit au bout pour %(side)s") % {"side": translated(SIDE_LABELS[side])}
        )
    for poignee in detail.poignees:
        parts.append(
            _("%(poignee)s montrée par %(side)s")
            % {
                "poignee": translated(POIGNEE_LABELS[poignee.size]),
                "side": translated(SIDE_LABELS[poignee.side]),
            }
        )
    if detail.chelem:
        parts.append(_("chelem %(points)s") % {"points": rounds.signed(detail.chelem)})
    return " · ".join(parts)


def points(value: int) -> str:
    """A deal's points: signed, what one wins or pays."""
    return rounds.signed(value)


def sheet_points(round_: rounds.ScoredRound, player: PlayerLike, value: int) -> str:
    return rounds.signed(value)


def rules_lines(options: dict[str, object]) -> list[str]:
    """What a player needs to read to fill the sheet, one sentence each."""
    return [
        _(
            "Il faut 56 points sans bout, 51 avec 1, 41 avec 2, 36 avec 3. "
            "Donne : (25 + écart) × contrat (Prise 1, Garde 2, Garde sans 4, "
            "Garde contre 6), petit au bout 10 × contrat, poignée 20/30/40, "
            "chelem 200 ou 400."
        ),
        _(
            "Partage : à 3, preneur 2 × la donne ; à 4, 3 × ; à 5, preneur 2 ×, "
            "partenaire 1 × ; chaque défenseur paie la donne. La somme d'une "
            "donne fait 0 ; le plus grand total gagne."
        ),
    ]


def deal(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """A deal in words a newcomer reads: "Garde de Léa avec Bo, faite de 8",
    "Donne passée"."""
    detail = round_.detail
    if detail.passed:
        return _("Donne passée, personne n'a pris")
    who = _("%(contract)s de %(taker)s") % {
        "contract": translated(CONTRACT_LABELS[detail.contract]),
        "taker": _name(state, detail.taker),
    }
    if detail.partner is not None and detail.partner != detail.taker:
        who = _("%(who)s avec %(partner)s") % {
            "who": who,
            "partner": _name(state, detail.partner),
        }
    if detail.won and detail.margin == 0:
        verdict = _("faite tout juste")
    elif detail.won:
        verdict = _("faite de %(margin)s") % {"margin": detail.margin}
    else:
        verdict = _("chutée de %(margin)s") % {"margin": detail.margin}
    return _("%(who)s, %(verdict)s") % {"who": who, "verdict": verdict}


def summary(state: rounds.RoundsGame, number: int, round_: rounds.ScoredRound) -> str:
    """A deal for the banner: "Donne 3 · Garde de Léa, faite de 8 : +318" (what
    the taker wins or pays), "Donne 4 · Donne passée, personne n'a pris"."""
    detail = round_.detail
    values = {
        "deal": DEALS.number % {"number": number},
        "words": deal(state, round_),
    }
    if detail.passed:
        return _("%(deal)s · %(words)s") % values
    points = rounds.signed(round_.points[detail.taker])
    return _("%(deal)s · %(words)s : %(points)s") % (values | {"points": points})
