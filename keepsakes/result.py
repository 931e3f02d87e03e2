"""A game's result in words: the ranking, the headline a message preview shows,
the result page's title and its description.

The result page (`keepsakes.views.result`) and its preview image
(`keepsakes.preview`) take their words from here, so they always agree. Every
function takes either state: a Yams game's sheets or a game of rounds (Skyjo,
tarot, the free counter), whose words name the game played.
"""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils import formats, timezone
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.kinds import rounds
from games.models import Game, State
from scorekeeper.lib import numbers
from scorekeeper.lib.translation import translated


@dataclass(frozen=True)
class RankRow:
    rank: int
    name: str
    total: int
    tied: bool

    @property
    def total_text(self) -> str:
        """The total with a true minus when it is below 0 (tarot, a counter)."""
        return numbers.written(self.total)


def ranking_rows(state: State) -> list[RankRow]:
    ranking = state.ranking()
    ranks = [standing.rank for standing in ranking]
    return [
        RankRow(
            rank=standing.rank,
            name=standing.player.name,
            total=standing.total,
            tied=ranks.count(standing.rank) > 1,
        )
        for standing in ranking
    ]


def started(state: State) -> bool:
    """Whether anything is scored yet: a box, or a round."""
    return state.started


def winner_names(state: State) -> list[str]:
    return [player.name for player in state.winners()]


def top_total(state: State) -> int:
    """The winners' total (the lowest at Skyjo), 0 before anything is scored."""
    rows = ranking_rows(state)
    return rows[0].total if rows else 0


def player_count(state: State) -> int:
    return len(state.players)


def names_list(names: Iterable[str]) -> str:
    return get_text_list(list(names), _("et"))


def points_text(total: int) -> str:
    """A number of points in words, "12 points" or "−3 points": a true minus,
    and the plural of the number of points whatever its sign."""
    return ngettext("%(total)s point", "%(total)s points", abs(total)) % {
        "total": numbers.written(total)
    }


def headline(state: State) -> str:
    """The one sentence a message preview shows: who won, and with how much."""
    if isinstance(state, rounds.RoundsGame):
        return rounds_headline(state)
    winners = state.winners()
    total = state.totals[winners[0].pk] if winners else 0
    names = names_list(player.name for player in winners)
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


def rounds_headline(state: rounds.RoundsGame) -> str:
    """`headline` for a game of rounds, the game's name first: "Tarot : Ana
    gagne avec 318 points"."""
    game = translated(state.rules.label)
    winners = winner_names(state)
    values = {
        "game": game,
        "name": names_list(winners),
        "names": names_list(winners),
        "total": points_text(top_total(state)),
    }
    if not state.rounds:
        return _("%(game)s : la partie va commencer") % values
    if not state.finished:
        if len(state.players) == 1:
            return _("%(game)s : %(name)s en est à %(total)s") % values
        if len(winners) > 1:
            return _("%(game)s : %(names)s mènent ex aequo avec %(total)s") % values
        return _("%(game)s : %(name)s mène avec %(total)s") % values
    if len(state.players) == 1:
        return _("%(game)s : %(name)s termine avec %(total)s") % values
    if len(winners) > 1:
        return _("%(game)s : %(names)s gagnent ex aequo avec %(total)s") % values
    return _("%(game)s : %(name)s gagne avec %(total)s") % values


def result_title(state: State) -> str:
    """The big line of the result page and of its preview image.

    The space before "!" is a no-break space (French typography): the "!" never
    starts a line of its own.
    """
    if not state.finished:
        return _("Partie en cours")
    winners = winner_names(state)
    names = names_list(winners)
    if player_count(state) == 1:
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
    """What was played: the variant (at Yams), or the kind."""
    return translated(game.label)


def kicker(state: State) -> str:
    """The small line above the result page's title."""
    if isinstance(state, rounds.RoundsGame):
        game = translated(state.rules.label)
        if state.finished:
            return _("Résultat de la partie — %(game)s") % {"game": game}
        return _("Partie en cours — %(game)s") % {"game": game}
    if state.finished:
        return _("Résultat de la partie de Yams")
    return _("Partie de Yams")


def winning_rule(state: State) -> str:
    """How the game is won, when it is not the highest total."""
    if isinstance(state, rounds.RoundsGame) and state.rules.lower_wins:
        return _("Le plus petit total gagne.")
    return ""


def game_date(game: Game) -> datetime.datetime:
    """The day the game ended, or started while it is still being played."""
    return timezone.localtime(game.finished_at or game.created_at)


def description(game: Game, state: State, rows: list[RankRow]) -> str:
    date = formats.date_format(game_date(game), "DATE_FORMAT")
    detail = _("%(variant)s, %(date)s") % {"variant": variant_label(game), "date": date}
    if started(state):
        players = ranking_text(rows)
    else:
        # Everyone at 0 "ex aequo" says nothing: just who plays.
        players = ", ".join(row.name for row in rows)
    return f"{players} — {detail}"
