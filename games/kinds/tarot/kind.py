"""French tarot as a plug-in of the app (games/kinds/base.py)."""

from scorekeeper.lib.translation import translated

from ..base import DEALS, RoundKind
from ..messages import gettext_noop
from ..rounds import Round, RoundsGame
from .rules import CONTRACT_LABELS, TarotDeal, TarotRules


class Tarot(RoundKind):
    key = "tarot"
    label = gettext_noop("Tarot")
    description = gettext_noop("Contrats, bouts, poignées (FFT).")
    words = DEALS
    rules_class = TarotRules
    entry_form = "games.kinds.tarot.forms.TarotDealForm"

    # === the game pages (games/): forms, dialogs, the sheet ===================
    # Hooks of this area go below these two lines.
    dialog_template = "kinds/tarot/round_fields.jinja"
    zero_sum = True

    def round_notes(
        self, state: RoundsGame, played: Round
    ) -> tuple[str, dict[int, tuple[str, str]]]:
        detail = played.detail
        assert isinstance(detail, TarotDeal)
        if detail.passed:
            return translated(gettext_noop("Donne passée")), {}
        assert detail.taker is not None and detail.contract is not None
        contract = translated(CONTRACT_LABELS[detail.contract])
        taker = state.player(detail.taker).name
        verdict = (
            translated(gettext_noop("faite"))
            if detail.won
            else translated(gettext_noop("chutée"))
        )
        marks = {detail.taker: ("P", translated(gettext_noop("preneur")))}
        if detail.partner is not None:
            marks[detail.partner] = ("A", translated(gettext_noop("partenaire")))
        return f"{contract} · {taker} · {verdict}", marks

    # === what a game leaves behind (keepsakes/): log, CSV, JSON, PDF ============
    # Hooks of this area go below these two lines.

    # === the band's history (bands/) ==============================================
    # Hooks of this area go below these two lines.

    # === the race and what is still possible ======================================
    # Hooks of this area go below these two lines.


TAROT = Tarot()
