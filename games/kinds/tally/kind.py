"""The free counter as a plug-in of the app (games/kinds/base.py): its
presets (presets.py) name the game played, and fill its options."""

import dataclasses
from collections.abc import Mapping
from typing import Any

from ..base import RoundKind
from ..messages import gettext_noop
from .presets import PRESETS
from .rules import TallyRules


class Tally(RoundKind):
    key = "tally"
    label = gettext_noop("Compteur libre")
    description = gettext_noop("Tout autre jeu, manche par manche.")
    rules_class = TallyRules
    entry_form = "games.kinds.tally.forms.TallyRoundForm"
    # "" is the plain counter, the first offered.
    presets = ("", *PRESETS)
    default_preset = ""

    def build_rules(self, preset: str, options: Mapping[str, object] | None) -> Any:
        """The options say how a game scores; its preset only names it (the
        host may have changed any of the preset's options). A preset the
        counter does not have names nothing, as `create_game` stores it ("")."""
        rules = TallyRules.build(options or {})
        if preset not in PRESETS:
            return rules
        return dataclasses.replace(
            rules, preset=preset, preset_label=PRESETS[preset].label
        )

    # === the game pages (games/): forms, dialogs, the sheet ===================
    # Hooks of this area go below these two lines.
    dialog_template = "kinds/tally/round_fields.jinja"
    # A plain counter plays any game and names none; a preset names its own.
    invitation_names_game = False
    create_part = "games.kinds.tally.forms.TallyCreatePart"
    create_template = "kinds/tally/create_presets.jinja"

    # === what a game leaves behind (keepsakes/): log, CSV, JSON, PDF ============
    # Hooks of this area go below these two lines.

    keepsake_words = "games.kinds.tally.words"
    player_fields = (("points", "keys"),)

    # === the band's history (bands/) ==============================================
    # Hooks of this area go below these two lines.

    # The host picks the highest or the lowest total as the winner.
    won_either_way = True

    def band_label(self, rules: Any) -> str:
        """The preset's name ("Papayoo"), or "" for the plain counter."""
        assert isinstance(rules, TallyRules)
        return str(rules.label) if rules.preset else ""

    # === the race and what is still possible ======================================
    # Hooks of this area go below these two lines.


TALLY = Tally()
