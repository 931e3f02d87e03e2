"""How a kind says a game's result: the headline a message preview shows, the
small line above the result page's title and the preview image's. Whole
sentences (French has genders, another language may order the words
otherwise), lazily translated: `%(game)s` is what is played, `%(name)s` and
`%(names)s` the leaders, `%(total)s` their points in words."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class ResultWords:
    about_to_start: StrOrPromise  # nothing is scored yet
    solo_playing: StrOrPromise  # one player, the game under way
    tied_leading: StrOrPromise
    leading: StrOrPromise
    solo_finished: StrOrPromise
    tied_won: StrOrPromise
    won: StrOrPromise
    kicker_running: StrOrPromise  # above the result page's title
    kicker_finished: StrOrPromise
    preview_running: StrOrPromise  # above the preview image's title
    preview_finished: StrOrPromise
    nothing_yet: StrOrPromise  # the result page of a game not started
    # The result page's title for one winner.
    title_won: StrOrPromise = gettext_lazy("%(name)s gagne !")
    # The head of the result page's ranking column of names.
    who: StrOrPromise = gettext_lazy("Joueur")


# A kind scored by rounds: the game's name first, "Tarot : Ana gagne avec 318
# points".
OF_ROUNDS = ResultWords(
    about_to_start=gettext_lazy("%(game)s : la partie va commencer"),
    solo_playing=gettext_lazy("%(game)s : %(name)s en est à %(total)s"),
    tied_leading=gettext_lazy("%(game)s : %(names)s mènent ex aequo avec %(total)s"),
    leading=gettext_lazy("%(game)s : %(name)s mène avec %(total)s"),
    solo_finished=gettext_lazy("%(game)s : %(name)s termine avec %(total)s"),
    tied_won=gettext_lazy("%(game)s : %(names)s gagnent ex aequo avec %(total)s"),
    won=gettext_lazy("%(game)s : %(name)s gagne avec %(total)s"),
    kicker_running=gettext_lazy("Partie en cours — %(game)s"),
    kicker_finished=gettext_lazy("Résultat de la partie — %(game)s"),
    # The game's name: a Skyjo result reads otherwise than a tarot one.
    preview_running=gettext_lazy("Partie en cours — %(game)s"),
    preview_finished=gettext_lazy("Résultat de la partie — %(game)s"),
    nothing_yet=gettext_lazy(
        "La partie va commencer : aucune manche n'est encore notée."
    ),
)


# A kind whose players may be teams (belote's, a Mölkky team entered as one
# player): "Nous", "Léa & Max", "Les Bleus". No verb agrees with the name, which
# may be singular or plural; a game of these is played by two at least.
OF_TEAMS = replace(
    OF_ROUNDS,
    leading=gettext_lazy("%(game)s : %(name)s en tête avec %(total)s"),
    won=gettext_lazy("%(game)s : %(name)s, victoire avec %(total)s"),
    title_won=gettext_lazy("Victoire : %(name)s !"),
)
