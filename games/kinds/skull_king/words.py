"""Skull King in words, for what a game leaves behind (the log, the CSV, the
PDF): the kind's web side, on Django's gettext."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper.lib.translation import translated

from .. import rounds
from ..state import PlayerLike
from .rules import BONUS_LABELS, FIRST_EDITION, RASCAL, PlayerRound


def text(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """A round in a line: "5 cartes · 2 mises réussies sur 4"."""
    detail = round_.detail
    cards = ngettext("%(cards)s carte", "%(cards)s cartes", detail.cards) % {
        "cards": detail.cards
    }
    made = sum(1 for read in detail.players.values() if read.made)
    parts = [
        cards,
        ngettext(
            "%(made)s mise réussie sur %(count)s",
            "%(made)s mises réussies sur %(count)s",
            made,
        )
        % {"made": made, "count": len(detail.players)},
    ]
    if detail.lost_tricks:
        parts.insert(
            1,
            ngettext(
                "%(lost)s pli remporté par personne",
                "%(lost)s plis remportés par personne",
                detail.lost_tricks,
            )
            % {"lost": detail.lost_tricks},
        )
    return " · ".join(parts)


def player_line(name: str, read: PlayerRound) -> str:
    """ "Léa : mise 2, 2 plis, +60 (14 noir)"."""
    tricks = ngettext("%(tricks)s pli", "%(tricks)s plis", read.tricks) % {
        "tricks": read.tricks
    }
    line = _("%(name)s : mise %(bid)s, %(tricks)s, %(points)s") % {
        "name": name,
        "bid": read.bid,
        "tricks": tricks,
        "points": rounds.signed(read.points),
    }
    extras = [
        f"{translated(BONUS_LABELS[bonus.key])} × {bonus.count}"
        if bonus.count > 1
        else translated(BONUS_LABELS[bonus.key])
        for bonus in read.entered
    ]
    if read.cannonball:
        extras.append(_("boulet de canon"))
    if read.wager:
        extras.append(
            _("pari de Rascal %(points)s") % {"points": rounds.signed(read.wager)}
        )
    if extras:
        line = f"{line} ({', '.join(extras)})"
    return line


def details(state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
    """Each player's bid, tricks, points and bonuses, for whoever checks."""
    return " · ".join(
        player_line(player.name, round_.detail.players[player.pk])
        for player in state.players
    )


def points(value: int) -> str:
    return rounds.signed(value)


def sheet_points(round_: rounds.ScoredRound, player: PlayerLike, value: int) -> str:
    """A player's points on the printed sheet, after the bid and the tricks
    ("2/2 +40")."""
    read = round_.detail.players[player.pk]
    return f"{read.bid}/{read.tricks} {rounds.signed(value)}"


def rules_lines(options: dict[str, object]) -> list[str]:
    """What a player needs to read to fill the sheet, one sentence each."""
    if options.get("scoring") == RASCAL:
        scoring = _(
            "Décompte de Rascal : chaque manche vaut 10 × cartes ; mise exacte, "
            "tout et les bonus ; à un pli près, la moitié ; sinon rien. Boulet "
            "de canon : 15 × cartes sur une mise exacte, sinon rien."
        )
    else:
        scoring = _(
            "Mise réussie : 20 par pli annoncé, plus les bonus ; manquée : −10 "
            "par pli d'écart, sans bonus. Mise zéro : +10 × cartes si aucun pli, "
            "sinon −10 × cartes."
        )
    if options.get("bonuses") == FIRST_EDITION:
        bonuses = _(
            "Bonus (première édition) : 30 par pirate pris par le Skull King, 50 "
            "pour le Skull King pris par une sirène."
        )
    else:
        bonuses = _(
            "Bonus : 10 par 14 de couleur, 20 pour le 14 noir, 20 par sirène "
            "prise par un pirate, 30 par pirate pris par le Skull King, 40 pour "
            "le Skull King pris par une sirène."
        )
    rounds_count = options.get("rounds", 10)
    end = _(
        "Manche n : n cartes à chacun. La partie s'arrête après la manche "
        "%(rounds)s ; le plus grand total gagne."
    ) % {"rounds": rounds_count}
    return [scoring, bonuses, end]
