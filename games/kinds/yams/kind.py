"""Yams as a plug-in of the app (games/kinds/base.py): scored box by box, its
variants as presets. The engine is the rest of this package."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext_lazy, ngettext_lazy

from bands.models import FinalScore
from scorekeeper.lib.translation import translated

from ..base import ROUNDS, GameKind, RoundWords
from ..messages import Message, gettext_noop
from ..state import PlayerLike, State
from .game_state import GameState
from .presets import DEFAULT_PRESET
from .variants import PRESETS, Variant, build_variant


class Yams(GameKind):
    key = "yams"
    label = gettext_noop("Yams")
    description = gettext_noop("Les dés, case par case.")
    presets = tuple(PRESETS)
    default_preset = DEFAULT_PRESET
    # A game of Yams ends with its last box.
    host_ends = False
    written = "entries"
    entry_form = "games.kinds.yams.forms.EntryForm"
    sheet_template = "games/sheet.jinja"
    sheet_builder = "games.sheet.TableBuilder"

    def build_rules(self, preset: str, options: Mapping[str, object] | None) -> Variant:
        return build_variant(preset, options or {})

    @property
    def min_players(self) -> int:
        return 1

    @property
    def max_players(self) -> int:
        return max(variant.max_players for variant in PRESETS.values())

    def player_count_error(self, count: int, rules: Any) -> Message | None:
        if count <= rules.max_players:
            return None
        return Message(
            gettext_noop("Cette variante se joue à %(max)d joueurs au plus."),
            {"max": rules.max_players},
        )

    def replay(
        self,
        game: Any,
        players: Sequence[PlayerLike],
        written: Sequence[Any],
        last_seq: int,
    ) -> GameState:
        return GameState.build(game, players, written, last_seq)

    def advanced(self, game: Any, state: State, version: int) -> GameState | None:
        """Every write since `version` was a box recorded (one version each):
        the new entries written on their seats as the replay would write them,
        one query and no replay. None when anything else changed in between (an
        undo, a name, the pencil, the seating)."""
        assert isinstance(state, GameState)
        new = list(game.entries.filter(seq__gt=state.last_seq).order_by("seq"))
        if len(new) != game.version - version or any(e.undone_at for e in new):
            return None
        for entry in new:
            seat = state.seat_of(entry.player_id)
            assert seat is not None
            after = seat.scorecard.apply(entry.column, entry.box, entry.data)
            state = state.with_entry(entry, after)
        return state

    def kept(self, state: State) -> GameState:
        assert isinstance(state, GameState)
        return self.attached(state.kept(), None)

    def last_written(self, game: Any, state: State) -> Any:
        # The kept sheets know their entries: no query.
        assert isinstance(state, GameState)
        return state.last_entry()

    def without_last(self, state: State, last: Any) -> GameState:
        assert isinstance(state, GameState)
        return state.without(last)

    def attached(self, state: State, game: Any) -> GameState:
        assert isinstance(state, GameState)
        return dataclasses.replace(state, game=game)

    def final_scores(self, state: State) -> list[FinalScore]:
        assert isinstance(state, GameState)
        return [
            FinalScore(
                name=standing.player.name,
                seat=standing.player.seat,
                score=standing.total,
                rank=standing.rank,
                yams=state.seat_of(standing.player.pk).scorecard.yams_made,  # type: ignore[union-attr]
            )
            for standing in state.ranking()
        ]

    # === the game pages (games/): forms, dialogs, the sheet ===================
    # Hooks of this area go below these two lines.
    entered_by_boxes = True
    timer_per_turn = True
    create_part = "games.kinds.yams.forms.YamsCreatePart"
    create_template = "kinds/yams/create_presets.jinja"
    options_template = "kinds/yams/create_options.jinja"

    player_prospects = "games.sheet.player_prospects"
    # Its undo takes back one box, not a round of the table.
    words = dataclasses.replace(
        ROUNDS,
        undo_last=gettext_lazy("Annuler la dernière case"),
        undo_ask=gettext_lazy("Annuler la dernière case ?"),
        undo_confirm=gettext_lazy("Oui, vider cette case"),
        pencil_help=gettext_lazy(
            "Quelqu'un d'autre note sur son téléphone : il reçoit un lien pour "
            "remplir la feuille et annuler la dernière case, rien d'autre. Une "
            "seule personne note à la fois."
        ),
    )

    def players_help(self) -> str:
        return translated(
            gettext_noop(
                "Dans l'ordre où ils sont assis : c'est l'ordre du jeu. "
                "Jusqu'à 10 joueurs (6 avec six dés)."
            )
        )

    # === what a game leaves behind (keepsakes/): log, CSV, JSON, PDF ============
    # Hooks of this area go below these two lines.

    keepsake_words = "games.kinds.yams.words"
    # Its result page draws the race; its log is one link away on the sheet.
    log_on_result = False

    @property
    def result_words(self) -> Any:
        return self.words_module.RESULT

    def entry_text(self, box: str, data: object) -> str:
        """What was entered in a box, in words: "3 × 4", "barré"."""
        return str(self.words_module.describe_entry(box, data))

    def crossed(self, data: object) -> bool:
        """The box was crossed out."""
        return bool(self.words_module.crossed(data))

    # === the band's history (bands/) ==============================================
    # Hooks of this area go below these two lines.

    counts_yams = True

    def band_label(self, rules: Any) -> str:
        assert isinstance(rules, Variant)
        return str(rules.label)

    # === the race and what is still possible ======================================
    # Hooks of this area go below these two lines.

    # The race's latest point is the round under way; it counts turns.
    race_marks_now = True
    turn_words = dataclasses.replace(
        ROUNDS,
        race_alone=ngettext_lazy(
            "%(name)s a %(total)s point au tour %(round)s",
            "%(name)s a %(total)s points au tour %(round)s",
            "total",
        ),
        race_leads=gettext_lazy("%(name)s mène depuis le tour %(round)s"),
        race_leads_lowest=gettext_lazy("%(name)s mène depuis le tour %(round)s"),
        race_wins=gettext_lazy("%(name)s gagne, en tête depuis le tour %(round)s"),
        race_wins_lowest=gettext_lazy(
            "%(name)s gagne, en tête depuis le tour %(round)s"
        ),
    )

    def race_words(self) -> RoundWords:
        return self.turn_words

    def race_length(self, state: State) -> int:
        # The whole sheet: every box of every column, a turn each.
        assert isinstance(state, GameState)
        variant = state.game.variant
        return len(variant.boxes) * len(variant.columns)


YAMS = Yams()
