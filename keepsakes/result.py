"""A game's result in words: the ranking, the headline a message preview shows,
the result page's title and its description.

The result page (`keepsakes.views.result`) and its preview image
(`keepsakes.preview`) take their words from here, so they always agree. Every
function reads a game through the `State` interface, and the sentences that
differ from kind to kind come from its plug-in (`result_words`).
"""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils import formats, timezone
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.kinds.result_words import ResultWords
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


def _values(game: Game, state: State) -> dict[str, str]:
    """What the kind's result sentences name: the game, the leaders and their
    points."""
    names = names_list(winner_names(state))
    return {
        "game": translated(game.label),
        "name": names,
        "names": names,
        "total": points_text(top_total(state)),
    }


def headline(game: Game, state: State) -> str:
    """The one sentence a message preview shows: who won, and with how much, in
    the kind's words ("Tarot : Ana gagne avec 318 points")."""
    words = game.game_kind.result_words
    alone = len(state.players) == 1
    tied = len(state.winners()) > 1
    if not state.started:
        sentence = words.about_to_start
    elif not state.finished:
        sentence = (
            words.solo_playing
            if alone
            else words.tied_leading
            if tied
            else words.leading
        )
    else:
        sentence = (
            words.solo_finished if alone else words.tied_won if tied else words.won
        )
    return str(sentence) % _values(game, state)


def result_title(state: State, words: ResultWords | None = None) -> str:
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
    if words is not None:
        return str(words.title_won) % {"name": names}
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


def kicker(game: Game, state: State) -> str:
    """The small line above the result page's title."""
    words = game.game_kind.result_words
    sentence = words.kicker_finished if state.finished else words.kicker_running
    return str(sentence) % _values(game, state)


def preview_kicker(game: Game, state: State) -> str:
    """The small line above the preview image's title."""
    words = game.game_kind.result_words
    sentence = words.preview_finished if state.finished else words.preview_running
    return str(sentence) % _values(game, state)


def winning_rule(state: State) -> str:
    """How the game is won, when it is not the highest total."""
    if state.lower_wins:
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
