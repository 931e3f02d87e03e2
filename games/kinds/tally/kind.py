"""The free counter as a plug-in of the app (games/kinds/base.py)."""

from ..base import RoundKind
from ..messages import gettext_noop
from .rules import TallyRules


class Tally(RoundKind):
    key = "tally"
    label = gettext_noop("Compteur libre")
    description = gettext_noop("Tout autre jeu, manche par manche.")
    rules_class = TallyRules
    entry_form = "games.kinds.tally.forms.TallyRoundForm"

    # === the game pages (games/): forms, dialogs, the sheet ===================
    # Hooks of this area go below these two lines.
    dialog_template = "kinds/tally/round_fields.jinja"
    invitation_names_game = False

    # === what a game leaves behind (keepsakes/): log, CSV, JSON, PDF ============
    # Hooks of this area go below these two lines.

    keepsake_words = "games.kinds.tally.words"
    player_fields = (("points", "keys"),)

    # === the band's history (bands/) ==============================================
    # Hooks of this area go below these two lines.

    # The host picks the highest or the lowest total as the winner.
    won_either_way = True

    # === the race and what is still possible ======================================
    # Hooks of this area go below these two lines.


TALLY = Tally()
