"""A game's result in words: the ranking, the headline a message preview shows,
the result page's title and its description.

The result page (`keepsakes.views.result`) and its preview image
(`keepsakes.preview`) take their words from here, so they always agree.
"""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils import formats, timezone
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.kinds.yams import GameState
from games.models import Game


@dataclass(frozen=True)
class RankRow:
    rank: int
    name: str
    total: int
    tied: bool


def ranking_rows(state: GameState) -> list[RankRow]:
    ranking = state.ranking()
    counts: dict[int, int] = {}
    for rank, _sheet in ranking:
        counts[rank] = counts.get(rank, 0) + 1
    return [
        RankRow(
            rank=rank, name=seat.player.name, total=seat.total, tied=counts[rank] > 1
        )
        for rank, seat in ranking
    ]


def names_list(names: Iterable[str]) -> str:
    return get_text_list(list(names), _("et"))


def points_text(total: int) -> str:
    return ngettext("%(total)d point", "%(total)d points", total) % {"total": total}


def headline(state: GameState) -> str:
    """The one sentence a message preview shows: who won, and with how much."""
    winners = state.winners()
    total = winners[0].total if winners else 0
    names = names_list(s.player.name for s in winners)
    if not state.finished:
        if not any(s.turns for s in state.seats):
            return _("Partie de Yams sur le point de commencer")
        if len(state.seats) == 1:
            return _("%(name)s joue au Yams : %(total)s pour l'instant") % {
                "name": names,
                "total": points_text(total),
            }
        if len(winners) > 1:
            return _("%(names)s mènent ex aequo au Yams avec %(total)s") % {
                "names": names,
                "total": points_text(total),
            }
        return _("%(name)s mène au Yams avec %(total)s") % {
            "name": names,
            "total": points_text(total),
        }
    if len(state.seats) == 1:
        return _("%(name)s termine sa partie de Yams avec %(total)s") % {
            "name": names,
            "total": points_text(total),
        }
    if len(winners) > 1:
        return _("%(names)s gagnent ex aequo au Yams avec %(total)s") % {
            "names": names,
            "total": points_text(total),
        }
    return _("%(name)s gagne au Yams avec %(total)s") % {
        "name": names,
        "total": points_text(total),
    }


def result_title(state: GameState) -> str:
    """The big line of the result page and of its preview image.

    The space before "!" is a no-break space (French typography): the "!" never
    starts a line of its own.
    """
    if not state.finished:
        return _("Partie en cours")
    winners = state.winners()
    names = names_list(s.player.name for s in winners)
    if len(state.seats) == 1:
        return _("Bravo %(name)s !") % {"name": names}
    if len(winners) > 1:
        return _("%(names)s, ex aequo !") % {"names": names}
    return _("%(name)s gagne !") % {"name": names}


def ranking_text(rows: list[RankRow]) -> str:
    """The ranking on one line, for og:description and the share texts."""
    parts = []
    for row in rows:
        if row.tied:
            parts.append(
                _("%(rank)d. %(name)s %(total)s (ex aequo)")
                % {"rank": row.rank, "name": row.name, "total": points_text(row.total)}
            )
        else:
            parts.append(
                _("%(rank)d. %(name)s %(total)s")
                % {"rank": row.rank, "name": row.name, "total": points_text(row.total)}
            )
    return " · ".join(parts)


def variant_label(game: Game) -> str:
    return str(game.get_preset_display())


def game_date(game: Game) -> datetime.datetime:
    """The day the game ended, or started while it is still being played."""
    return timezone.localtime(game.finished_at or game.created_at)


def description(game: Game, state: GameState, rows: list[RankRow]) -> str:
    date = formats.date_format(game_date(game), "DATE_FORMAT")
    detail = _("%(variant)s, %(date)s") % {"variant": variant_label(game), "date": date}
    if any(s.turns for s in state.seats):
        players = ranking_text(rows)
    else:
        # Everyone at 0 "ex aequo" says nothing: just who plays.
        players = ", ".join(s.player.name for s in state.seats)
    return f"{players} — {detail}"
