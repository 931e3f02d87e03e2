"""Belote as a plug-in of the app (games/kinds/base.py); coinche's plug-in builds
on `TeamsKind` (games/kinds/coinche/kind.py)."""

import dataclasses
from typing import Any

from django.utils.translation import gettext_lazy

from bands.stats import PERCENT, DetailColumn
from scorekeeper.lib import numbers

from ..base import DEALS, TEAM_BEHIND, TEAM_BEHIND_OVER, Column, RoundKind, RoundWords
from ..messages import gettext_noop
from ..result_words import OF_TEAMS, ResultWords
from ..rounds import Preview, RoundsGame, ScoredRound
from ..state import State
from .rules import BeloteRules
from .standings import TeamsState
from .teams import TEAMS, team_name, team_of_seat, teams

# The race's sentence with a team's name ("Nous", "Léa & Max"): no verb agrees
# with it (games/kinds/base.py, TEAM_BEHIND).
TEAM_RACE = dataclasses.replace(
    DEALS,
    race_leads=gettext_lazy("%(name)s en tête depuis la donne %(round)s"),
    race_wins=gettext_lazy("%(name)s : victoire, en tête depuis la donne %(round)s"),
    race_behind=TEAM_BEHIND,
    race_behind_over=TEAM_BEHIND_OVER,
)

TEAM_RESULT = dataclasses.replace(OF_TEAMS, who=gettext_lazy("Équipe"))


class TeamsKind(RoundKind):
    """A kind played by four in two teams of two, partners opposite: the sheet
    shows the teams, the dialog's table and the band read them."""

    words = DEALS
    sheet_builder = "games.kinds.belote.sheet.TeamsTableBuilder"
    sheet_template = "kinds/belote/sheet.jinja"
    create_template = "kinds/belote/create_teams.jinja"
    create_part = "games.kinds.belote.forms.TeamsPart"
    signed_points = False
    # Partners are chosen by the seating: until the first deal it can change.
    reseated_on_page = True

    def seat_notes(self, count: int) -> list[str]:
        return [
            str(gettext_lazy("Équipe %(team)s") % {"team": team_of_seat(index)})
            for index in range(count)
        ]

    def players_help(self) -> str:
        return str(
            gettext_lazy(
                "Les quatre joueurs dans l'ordre où ils sont assis : l'équipe 1, "
                "ce sont les joueurs 1 et 3 ; l'équipe 2, les joueurs 2 et 4."
            )
        )

    def round_summary(self, state: RoundsGame, number: int, played: ScoredRound) -> str:
        # The deal by team names: who took what, made or not, each team's points.
        return str(self.words_module.summary(state, number, played))

    def undo_summary(self, state: RoundsGame, last: ScoredRound) -> str:
        """A team each: partners score alike."""
        return " · ".join(
            f"{team_name(state.rules, state.players, number)} "
            f"{numbers.written(last.points[players[0].pk])}"
            for number, players in zip(TEAMS, teams(state.players), strict=True)
        )

    def preview_rows(
        self, state: RoundsGame, preview: Preview
    ) -> list[tuple[str, str, str, str]]:
        """A row per team: partners score alike."""
        return [
            (
                team_name(state.rules, state.players, number),
                numbers.written(preview.points[players[0].pk]),
                numbers.written(preview.totals_before[players[0].pk]),
                numbers.written(preview.totals_after[players[0].pk]),
            )
            for number, players in zip(TEAMS, teams(state.players), strict=True)
        ]

    @property
    def result_words(self) -> ResultWords:
        return TEAM_RESULT

    def result_state(self, state: State) -> State:
        assert isinstance(state, RoundsGame)
        return TeamsState(state)

    def race_words(self) -> RoundWords:
        return TEAM_RACE

    def race_length(self, state: Any) -> int | None:
        # Played to a target: the length is never known beforehand.
        return None

    def keepsake_columns(self, state: RoundsGame) -> list[Column]:
        """A column per team, as the sheet has them: named as it names them,
        its players under a name the host gave."""
        columns = []
        for number, players in zip(TEAMS, teams(state.players), strict=True):
            name = team_name(state.rules, state.players, number)
            members = " & ".join(player.name for player in players)
            columns.append(Column(name, players[0], "" if name == members else members))
        return columns

    def round_notes(
        self, state: RoundsGame, played: ScoredRound
    ) -> tuple[str, dict[int, tuple[str, str]]]:
        return self.words_module.note(state, played), {}


class Belote(TeamsKind):
    key = "belote"
    label = gettext_noop("Belote")
    description = gettext_noop("À quatre, en deux équipes : dedans, litige, capot.")
    rules_class = BeloteRules
    entry_form = "games.kinds.belote.forms.BeloteDealForm"

    # === the game pages (games/): forms, dialogs, the sheet ===================
    # Hooks of this area go below these two lines.
    dialog_template = "kinds/belote/round_fields.jinja"

    # === what a game leaves behind (keepsakes/): log, CSV, JSON, PDF ============
    # Hooks of this area go below these two lines.

    keepsake_words = "games.kinds.belote.words"
    # Teams are stored by number, never by player: nothing to renumber.
    player_fields = ()

    # === the band's history (bands/) ==============================================
    # Hooks of this area go below these two lines.

    # Of `BeloteRules.highlights`: each partner is credited with the team's.
    band_columns = (
        DetailColumn(
            "taken", gettext_noop("Prises"), gettext_noop("Donnes prises par l'équipe")
        ),
        DetailColumn("made", gettext_noop("Faites"), gettext_noop("Prises faites")),
        DetailColumn(
            "made",
            "%",  # a sign, the same in every language
            gettext_noop("Pourcentage de prises faites"),
            PERCENT,
            of="taken",
        ),
        DetailColumn("capots", gettext_noop("Capots"), gettext_noop("Capots faits")),
    )
    band_note = gettext_noop(
        "Chaque joueur compte les donnes de son équipe. Prises : les donnes où "
        "son équipe a pris ; faites : celles qu'elle a faites ; capots : les "
        "donnes où elle a fait tous les plis."
    )

    # === the race and what is still possible ======================================
    # Hooks of this area go below these two lines.


BELOTE = Belote()
