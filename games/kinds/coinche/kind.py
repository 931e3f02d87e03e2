"""Coinche (belote contrée) as a plug-in of the app (games/kinds/base.py): the
teams, their sheet and create part as at belote (games/kinds/belote/kind.py)."""

from bands.stats import PERCENT, DetailColumn

from ..belote.kind import TeamsKind
from ..messages import gettext_noop
from .rules import CoincheRules


class Coinche(TeamsKind):
    key = "coinche"
    label = gettext_noop("Coinche")
    description = gettext_noop(
        "Belote contrée, en deux équipes : contrats, coinche, chute."
    )
    rules_class = CoincheRules
    entry_form = "games.kinds.coinche.forms.CoincheDealForm"

    # === the game pages (games/): forms, dialogs, the sheet ===================
    # Hooks of this area go below these two lines.
    dialog_template = "kinds/coinche/round_fields.jinja"

    # === what a game leaves behind (keepsakes/): log, CSV, JSON, PDF ============
    # Hooks of this area go below these two lines.

    keepsake_words = "games.kinds.coinche.words"
    # Teams are stored by number, never by player: nothing to renumber.
    player_fields = ()

    # === the band's history (bands/) ==============================================
    # Hooks of this area go below these two lines.

    # Of `CoincheRules.highlights`: each partner is credited with the team's.
    band_columns = (
        DetailColumn(
            "taken",
            gettext_noop("Contrats"),
            gettext_noop("Contrats pris par l'équipe"),
        ),
        DetailColumn("made", gettext_noop("Faits"), gettext_noop("Contrats faits")),
        DetailColumn(
            "made",
            "%",  # a sign, the same in every language
            gettext_noop("Pourcentage de contrats faits"),
            PERCENT,
            of="taken",
        ),
        DetailColumn("capots", gettext_noop("Capots"), gettext_noop("Capots faits")),
    )
    band_note = gettext_noop(
        "Chaque joueur compte les donnes de son équipe. Contrats : ceux que son "
        "équipe a pris ; faits : ceux qu'elle a remplis ; capots : les donnes où "
        "elle a fait tous les plis."
    )

    # === the race and what is still possible ======================================
    # Hooks of this area go below these two lines.


COINCHE = Coinche()
