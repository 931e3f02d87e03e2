"""French tarot as a plug-in of the app (games/kinds/base.py)."""

from bands.stats import PERCENT, DetailColumn
from scorekeeper.lib.translation import translated

from ..base import DEALS, RoundKind
from ..messages import gettext_noop
from ..rounds import RoundsGame, ScoredRound
from .rules import TarotDeal, TarotRules


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
        self, state: RoundsGame, played: ScoredRound
    ) -> tuple[str, dict[int, tuple[str, str]]]:
        # The deal in words on a line of its own; the taker's and partner's
        # points say who they are in words, not in letters.
        detail = played.detail
        assert isinstance(detail, TarotDeal)
        note = str(self.words_module.deal(state, played))
        if detail.passed:
            return note, {}
        taker = translated(gettext_noop("preneur"))
        marks: dict[int, tuple[str, str]] = {}
        if detail.taker is not None:
            marks[detail.taker] = (taker, taker)
        if detail.partner is not None and detail.partner != detail.taker:
            partner = translated(gettext_noop("partenaire"))
            marks[detail.partner] = (partner, partner)
        return note, marks

    def round_summary(self, state: RoundsGame, number: int, played: ScoredRound) -> str:
        return str(self.words_module.summary(state, number, played))

    # === what a game leaves behind (keepsakes/): log, CSV, JSON, PDF ============
    # Hooks of this area go below these two lines.

    keepsake_words = "games.kinds.tarot.words"
    blank_sheet_players = (3, 4, 5)
    blank_sheet_rows = 24
    blank_sheet_description = gettext_noop(
        "Une ligne par donne : le preneur et son contrat, ce que chacun gagne ou "
        "paie et son total ; le barème de la Fédération en bas de page."
    )
    player_fields = (("taker", "value"), ("partner", "value"))
    sheet_notes = True

    # === the band's history (bands/) ==============================================
    # Hooks of this area go below these two lines.

    # Of `TarotRules.highlights`.
    band_columns = (
        DetailColumn("taken", gettext_noop("Prises"), gettext_noop("Donnes prises")),
        DetailColumn(
            "made", gettext_noop("Réussies"), gettext_noop("Contrats réussis")
        ),
        DetailColumn(
            "made",
            "%",  # a sign, the same in every language
            gettext_noop("Pourcentage de contrats réussis"),
            PERCENT,
            of="taken",
        ),
    )
    band_note = gettext_noop(
        "Prises : les donnes où le joueur a pris (l'appelé n'en prend pas). "
        "Réussies : les contrats qu'il a faits."
    )

    # === the race and what is still possible ======================================
    # Hooks of this area go below these two lines.


TAROT = Tarot()
