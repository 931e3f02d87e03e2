"""Skyjo as a plug-in of the app (games/kinds/base.py)."""

from ..base import RoundKind
from ..messages import gettext_noop
from .rules import SkyjoRules


class Skyjo(RoundKind):
    key = "skyjo"
    label = gettext_noop("Skyjo")
    description = gettext_noop("Les cartes : le plus petit total gagne.")
    rules_class = SkyjoRules
    entry_form = "games.forms.SkyjoRoundForm"

    # === the game pages (games/): forms, dialogs, the sheet ===================
    # Hooks of this area go below these two lines.

    # === what a game leaves behind (keepsakes/): log, CSV, JSON, PDF ============
    # Hooks of this area go below these two lines.

    # === the band's history (bands/) ==============================================
    # Hooks of this area go below these two lines.

    # === the race and what is still possible ======================================
    # Hooks of this area go below these two lines.


SKYJO = Skyjo()
