"""Yams as a plug-in of the app (games/kinds/base.py): scored box by box, its
variants as presets. The engine is the rest of this package."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from bands.models import FinalScore
from scorekeeper.lib.translation import translated

from ..base import GameKind
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
    entry_form = "games.forms.EntryForm"
    sheet_template = "games/sheet.jinja"

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
            entry.player = seat.player
            after = seat.scorecard.apply(entry.column, entry.box, entry.data)
            state = state.with_entry(entry, after)
        return state

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
    create_part = "games.kinds.yams.forms.YamsCreatePart"
    create_template = "kinds/yams/create_presets.jinja"
    options_template = "kinds/yams/create_options.jinja"

    player_prospects = "games.sheet.player_prospects"

    def players_help(self) -> str:
        return translated(
            gettext_noop(
                "Dans l'ordre où ils sont assis : c'est l'ordre du jeu. "
                "Jusqu'à 10 joueurs (6 avec six dés)."
            )
        )

    # === what a game leaves behind (keepsakes/): log, CSV, JSON, PDF ============
    # Hooks of this area go below these two lines.

    # === the band's history (bands/) ==============================================
    # Hooks of this area go below these two lines.

    # === the race and what is still possible ======================================
    # Hooks of this area go below these two lines.


YAMS = Yams()
