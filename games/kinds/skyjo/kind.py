"""Skyjo as a plug-in of the app (games/kinds/base.py)."""

from bands.stats import AVERAGE, LOWEST, DetailColumn
from scorekeeper.lib.translation import translated

from ..base import RoundKind
from ..messages import gettext_noop
from ..rounds import RoundsGame, ScoredRound
from .rules import SkyjoRound, SkyjoRules


class Skyjo(RoundKind):
    key = "skyjo"
    label = gettext_noop("Skyjo")
    description = gettext_noop("Les cartes : le plus petit total gagne.")
    rules_class = SkyjoRules
    entry_form = "games.kinds.skyjo.forms.SkyjoRoundForm"

    # === the game pages (games/): forms, dialogs, the sheet ===================
    # Hooks of this area go below these two lines.
    dialog_template = "kinds/skyjo/round_fields.jinja"
    signed_points = False

    def round_notes(
        self, state: RoundsGame, played: ScoredRound
    ) -> tuple[str, dict[int, tuple[str, str]]]:
        detail = played.detail
        assert isinstance(detail, SkyjoRound)
        if detail.doubled:
            mark, words = "×2", gettext_noop("a fini la manche, doublé")
        else:
            mark, words = "✓", gettext_noop("a fini la manche")
        return "", {detail.finisher: (mark, translated(words))}

    def round_summary(self, state: RoundsGame, number: int, played: ScoredRound) -> str:
        return str(self.words_module.summary(state, number, played))

    # === what a game leaves behind (keepsakes/): log, CSV, JSON, PDF ============
    # Hooks of this area go below these two lines.

    keepsake_words = "games.kinds.skyjo.words"
    blank_sheet_players = tuple(range(2, 9))
    blank_sheet_rows = 16
    blank_sheet_description = gettext_noop(
        "Une ligne par manche : les points de chacun et son total ; celui qui a "
        "fini la manche est doublé s'il n'a pas le plus petit total."
    )
    player_fields = (("cards", "keys"), ("finisher", "value"))

    # === the band's history (bands/) ==============================================
    # Hooks of this area go below these two lines.

    # Of `SkyjoRules.highlights`.
    band_columns = (
        DetailColumn("", gettext_noop("Moy."), gettext_noop("Score moyen"), AVERAGE),
        DetailColumn(
            "best_round",
            gettext_noop("Manche"),
            gettext_noop("Meilleure manche (la plus basse)"),
            LOWEST,
        ),
        DetailColumn(
            "doubled",
            gettext_noop("Doublées"),
            gettext_noop("Manches finies par le joueur et doublées"),
        ),
    )
    band_note = gettext_noop(
        "Manche : ses points les plus bas en une manche. Doublées : les manches "
        "qu'il a finies et où ses points ont été doublés."
    )

    # === the race and what is still possible ======================================
    # Hooks of this area go below these two lines.


SKYJO = Skyjo()
