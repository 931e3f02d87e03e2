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


SKYJO = Skyjo()
