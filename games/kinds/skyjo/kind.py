"""Skyjo as a plug-in of the app (games/kinds/base.py)."""

from scorekeeper.lib.translation import translated

from ..base import RoundKind
from ..messages import gettext_noop
from ..rounds import Round, RoundsGame
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
        self, state: RoundsGame, played: Round
    ) -> tuple[str, dict[int, tuple[str, str]]]:
        detail = played.detail
        assert isinstance(detail, SkyjoRound)
        if detail.doubled:
            mark, words = "×2", gettext_noop("a fini la manche, doublé")
        else:
            mark, words = "✓", gettext_noop("a fini la manche")
        return "", {detail.finisher: (mark, translated(words))}

    # === what a game leaves behind (keepsakes/): log, CSV, JSON, PDF ============
    # Hooks of this area go below these two lines.

    # === the band's history (bands/) ==============================================
    # Hooks of this area go below these two lines.

    # === the race and what is still possible ======================================
    # Hooks of this area go below these two lines.


SKYJO = Skyjo()
