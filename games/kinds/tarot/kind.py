"""French tarot as a plug-in of the app (games/kinds/base.py)."""

from ..base import DEALS, RoundKind
from ..messages import gettext_noop
from .rules import TarotRules


class Tarot(RoundKind):
    key = "tarot"
    label = gettext_noop("Tarot")
    description = gettext_noop("Contrats, bouts, poignées (FFT).")
    words = DEALS
    rules_class = TarotRules
    entry_form = "games.forms.TarotDealForm"


TAROT = Tarot()
