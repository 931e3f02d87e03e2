"""Mölkky as a plug-in of the app (games/kinds/base.py): a throw is the
engine's round; the sheet shows a row per turn of the table (sheet.py)."""

from collections.abc import Mapping

from django.utils.translation import gettext_lazy, ngettext_lazy

from bands.stats import LOWEST, DetailColumn
from scorekeeper.lib.translation import translated

from ..base import TEAM_BEHIND, TEAM_BEHIND_OVER, RoundKind, RoundWords
from ..messages import gettext_noop
from ..result_words import OF_TEAMS, ResultWords
from ..rounds import RoundsGame, ScoredRound
from ..state import State
from .rules import MolkkyRules, MolkkyThrow

# A throw is what the engine calls a round: the words say "lancer".
THROWS = RoundWords(
    round=gettext_lazy("Lancer"),
    round_lower=gettext_lazy("lancer"),
    number=gettext_lazy("Lancer %(number)s"),
    record=gettext_lazy("Noter le lancer %(number)s"),
    none_yet=gettext_lazy("Aucun lancer pour l'instant."),
    undo_last=gettext_lazy("Annuler le dernier lancer"),
    undo_ask=gettext_lazy("Annuler le dernier lancer ?"),
    undo_confirm=gettext_lazy("Oui, annuler ce lancer"),
    pencil_help=gettext_lazy(
        "Quelqu'un d'autre note sur son téléphone : il reçoit un lien pour "
        "remplir la feuille et annuler le dernier lancer, rien d'autre. Une "
        "seule personne note à la fois."
    ),
    undo_gone=gettext_lazy(
        "Le lancer disparaît de la feuille ; il reste dans le journal."
    ),
    ends_game=gettext_lazy("Ce lancer termine la partie."),
    fill_in=gettext_lazy(
        "Touchez les points du lancer : le calcul s'affiche ici avant de valider."
    ),
    log_link=gettext_lazy("Tous les lancers, un à un"),
    log_title=gettext_lazy("Tous les lancers, dans l'ordre"),
    recorded=gettext_lazy("Lancer %(number)s noté."),
    undone=gettext_lazy("Lancer %(number)s annulé."),
    # A player may be a team ("Léa & Max"): no verb agrees with a name.
    race_alone=ngettext_lazy(
        "%(name)s : %(total)s point après le lancer %(round)s",
        "%(name)s : %(total)s points après le lancer %(round)s",
        "total",
    ),
    race_leads=gettext_lazy("%(name)s en tête depuis le lancer %(round)s"),
    race_leads_lowest=gettext_lazy(
        "%(name)s en tête depuis le lancer %(round)s, avec le plus petit total"
    ),
    race_wins=gettext_lazy("%(name)s : victoire, en tête depuis le lancer %(round)s"),
    race_wins_lowest=gettext_lazy(
        "%(name)s : victoire avec le plus petit total, en tête depuis le lancer "
        "%(round)s"
    ),
    race_behind=TEAM_BEHIND,
    race_behind_over=TEAM_BEHIND_OVER,
    deals=gettext_lazy("À %(name)s de lancer"),
)


class Molkky(RoundKind):
    key = "molkky"
    label = gettext_noop("Mölkky")
    description = gettext_noop("Les quilles : 50 pile, lancer par lancer.")
    words = THROWS
    # One player throws at a time: the timer counts a turn.
    timer_per_turn = True
    rules_class = MolkkyRules
    entry_form = "games.kinds.molkky.forms.MolkkyThrowForm"

    # === the game pages (games/): forms, dialogs, the sheet ===================
    # Hooks of this area go below these two lines.
    dialog_template = "kinds/molkky/round_fields.jinja"
    sheet_template = "kinds/molkky/sheet.jinja"
    sheet_builder = "games.kinds.molkky.sheet.MolkkySheetBuilder"
    signed_points = False

    def players_help(self) -> str:
        return str(
            gettext_lazy(
                "Dans l'ordre où ils lancent. Une équipe s'inscrit comme un seul "
                "joueur (« Léa & Max »). De %(min)s à %(max)s joueurs ou équipes."
            )
            % {"min": self.min_players, "max": self.max_players}
        )

    def round_notes(
        self, state: RoundsGame, played: ScoredRound
    ) -> tuple[str, dict[int, tuple[str, str]]]:
        throw = played.detail
        assert isinstance(throw, MolkkyThrow)
        if throw.won:
            mark, words = "★", gettext_noop("victoire")
        elif throw.eliminated:
            mark, words = "⊘", gettext_noop("hors jeu")
        elif throw.fell_back or throw.back_to_zero:
            mark, words = "↓", gettext_noop("retombe")
        elif throw.missed:
            mark, words = "✕", gettext_noop("raté")
        else:
            return "", {}
        return "", {throw.thrower: (mark, translated(words))}

    def round_summary(self, state: RoundsGame, number: int, played: ScoredRound) -> str:
        return str(self.words_module.summary(state, number, played))

    def undo_summary(self, state: RoundsGame, last: ScoredRound) -> str:
        # A throw is one player's: "Léa : 6 → 50, gagne", not twelve points.
        return self.round_text(state, last)

    # === what a game leaves behind (keepsakes/): log, CSV, JSON, PDF ============
    # Hooks of this area go below these two lines.

    keepsake_words = "games.kinds.molkky.words"
    player_fields = (("thrower", "value"),)

    @property
    def result_words(self) -> ResultWords:
        # A player may be a team ("Léa & Max"): no verb agrees with a name.
        return OF_TEAMS

    # === the band's history (bands/) ==============================================
    # Hooks of this area go below these two lines.

    def highlights(self, state: State) -> Mapping[int, Mapping[str, int]]:
        """The engine's figures, and the winner's throws: "throws to finish"."""
        assert isinstance(state, RoundsGame)
        figures = {pk: dict(f) for pk, f in state.rules.highlights(state).items()}
        if state.rounds and state.rounds[-1].detail.won:
            winner = state.rounds[-1].detail.thrower
            figures[winner]["to_finish"] = figures[winner]["throws"]
        return figures

    band_columns = (
        DetailColumn(
            "to_finish",
            gettext_noop("Lancers"),
            gettext_noop("Le moins de lancers pour finir à 50 pile"),
            LOWEST,
        ),
        DetailColumn(
            "eliminated",
            gettext_noop("Éliminé"),
            gettext_noop("Parties où il a été éliminé (trois ratés de suite)"),
        ),
    )
    band_note = gettext_noop(
        "Lancers : le moins de lancers qu'il lui a fallu pour finir une partie "
        "qu'il a gagnée. Éliminé : les parties perdues sur trois ratés de suite."
    )

    # === the race and what is still possible ======================================
    # Hooks of this area go below these two lines.


MOLKKY = Molkky()
