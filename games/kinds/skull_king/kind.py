"""Skull King as a plug-in of the app (games/kinds/base.py)."""

from django.utils.translation import ngettext

from bands.stats import DetailColumn

from ..base import RoundKind
from ..messages import gettext_noop
from ..rounds import RoundsGame, ScoredRound
from .rules import SkullKingRound, SkullKingRules


class SkullKing(RoundKind):
    key = "skull_king"
    label = gettext_noop("Skull King")
    description = gettext_noop("Les mises et les plis, dix manches.")
    rules_class = SkullKingRules
    entry_form = "games.kinds.skull_king.forms.SkullKingRoundForm"

    # === the game pages (games/): forms, dialogs, the sheet ===================
    # Hooks of this area go below these two lines.
    dialog_template = "kinds/skull_king/round_fields.jinja"

    def round_notes(
        self, state: RoundsGame, played: ScoredRound
    ) -> tuple[str, dict[int, tuple[str, str]]]:
        """Each player's bid against their tricks beside the points ("2/2"),
        and the cards when they are not the round's number."""
        detail = played.detail
        assert isinstance(detail, SkullKingRound)
        note = ""
        if detail.cards != detail.number:
            note = ngettext("%(cards)s carte", "%(cards)s cartes", detail.cards) % {
                "cards": detail.cards
            }
        marks = {}
        for pk, read in detail.players.items():
            words = ngettext(
                "mise %(bid)s, %(tricks)s pli",
                "mise %(bid)s, %(tricks)s plis",
                read.tricks,
            ) % {
                "bid": read.bid,
                "tricks": read.tricks,
            }
            marks[pk] = (f"{read.bid}/{read.tricks}", words)
        return note, marks

    # === what a game leaves behind (keepsakes/): log, CSV, JSON, PDF ============
    # Hooks of this area go below these two lines.

    keepsake_words = "games.kinds.skull_king.words"
    blank_sheet_players = tuple(range(2, 9))
    blank_sheet_rows = 10
    blank_sheet_description = gettext_noop(
        "Une ligne par manche : la mise et les plis de chacun, ses points et "
        "son total ; le barème en bas de page."
    )
    player_fields = (("players", "keys"),)

    # === the band's history (bands/) ==============================================
    # Hooks of this area go below these two lines.

    # Of `SkullKingRules.highlights`.
    band_columns = (
        DetailColumn(
            "exact_bids", gettext_noop("Mises"), gettext_noop("Mises réussies")
        ),
        DetailColumn(
            "zero_bids_made",
            gettext_noop("Zéros"),
            gettext_noop("Mises zéro réussies"),
        ),
        DetailColumn(
            "bonus_points", gettext_noop("Bonus"), gettext_noop("Points de bonus")
        ),
    )
    band_note = gettext_noop(
        "Mises : les manches où le joueur a fait exactement sa mise. Zéros : "
        "celles où il a misé zéro et n'a pris aucun pli. Bonus : les points des "
        "cartes capturées, comptés sur les mises réussies."
    )

    # === the race and what is still possible ======================================
    # Hooks of this area go below these two lines.


SKULL_KING = SkullKing()
