"""Scorekeeper's rules engine for Yams: what every box of every variant is worth,
and whose turn it is.

Pure Python, no Django. The web layer stores a game's preset and options and its
host's entries; the engine rebuilds the rules and replays the entries. What it
reads of the web layer's objects is stated by Protocols: `PlayerLike` (`pk`,
`seat`, `name`), `EntryLike` (`pk`, `player_id`, `column`, `box`, `data`, `seq`)
and `GameLike` (`variant`). This is the interface a game kind provides:

Options. `PRESETS` maps each preset key to its Variant with default options
(`DEFAULT_PRESET` is the create form's initial one); `option_specs(preset)` says
how the form shows each option (`OptionSpec`); `build_variant(preset, options)`
gives the `Variant`, or `RuleError` for an unknown preset or a bad option, and
`variant.options` gives the options back normalized (they round-trip).

One entry. A JSON dict (`EntryData`) for one box of one column: a "kind" (count,
face, faces, total, made, cross, or points when typed points are on), its "value"
or "values", and optionally "extra_yams" and "rolls"; e.g. {"kind": "count",
"value": 3}. `entry_spec` (of a Variant, or of a Scorecard for the box as it is
now) is the `EntrySpec` saying what the dialog asks for a box.
`Scorecard.check(column, box, entry)` checks it against the scorecard and returns
what it scores, `Scorecard.apply` returns the new Scorecard (the old one is left
as it was), `Scorecard.write` both, `Scorecard.replay` folds stored entries; a
bad entry is `InvalidEntry`, whose `box` names the box. A scorecard's `turns`
keep what the sheet reads of each entry (`Turn`: its box, kind and points), not
the entry nor its calculation: a process keeps the scorecards of every game in
play.

Points. `Scored`: the box's `points`, the `calculation` shown before validating
(a `Message`), and a `yams_bonus` earned on top, never held by the box.

Running totals. `scorecard.totals()` (kept once computed as `Seat.totals`) is
a `ScorecardTotals`: a `Totals` per column (upper, bonus, lower, Yams bonus, total, and
how far the upper section is from its bonus) and the grand `total`.
`scorecard.yams_made` counts the Yams scored (the band keeps it with the result).

The score race (race.py). `turn_totals(scorecard)` is the grand total after each
turn (kept as `Seat.turn_totals`); `GameState.race()` every seat's total at the
start and after each round (`race_rounds`: a round is every player having had one
more turn, the round under way the latest point); `leading_since(lines, index)` the
round since which that player has been ahead alone.

Turns and moves. `GameState.build(game, players, entries)` (players in seating
order, the active entries in order) replays every player's scorecard; `current` is
the player with the fewest turns, seating order breaking ties.
`check_move(player_id, column, box, entry)` returns (Seat, Scored, scorecard
after) or raises `MoveRefused`; `open_box` does the checks made before the entry
itself. `MoveRefused.code`: "player" (not in the game), "box" (no such box),
"finished", "turn" (another player's turn), "taken" (filled, or out of its
column's order), "invalid" (the entry, from `InvalidEntry`).

End. `finished` once every player's scorecard is complete (every box of every column
holds an entry); `current` is then None.

What is still possible. `seat.outlook` (`Scorecard.outlook()`, kept once
computed) is an `Outlook`: the highest total still reachable (`best`, each open
box at its most, typed points included, the bonuses at their best), and a
`BonusOutlook` per column (won, or the upper points still `needed` and the open
upper `boxes` that can give them, `reachable` or not). `outlook.can_pass(total)`
says whether the sheet can still end above a total: `GameState.leading_total`,
the leader's (`leaders()` are the players holding it).

Ranking. `ranking()` is [(rank, Seat)] by total, best first, seating order
among equals; equal totals share a rank and the next rank skips (1, 1, 3).
`winners()` is every player ranked first.

Messages. French strings are marked with `gettext_noop` and translated by the
Django layer; messages with values are `Message` objects (template + params),
carried by every `RuleError`.
"""

from ..messages import InvalidEntry, Message, RuleError, gettext_noop
from ..options import OptionSpec
from ..state import PlayerLike
from .boxes import Box
from .entries import EntrySpec, Scored
from .entry_rules import EntryData
from .game_state import (
    EntryLike,
    GameLike,
    GameState,
    MoveCode,
    MoveRefused,
    Seat,
)
from .outlook import BonusOutlook, Outlook
from .presets import COLUMN_KINDS, COLUMN_LABELS, DEFAULT_PRESET
from .race import leading_since, race_rounds, turn_totals
from .scorecard import Scorecard, Turn
from .totals import ScorecardTotals, Totals
from .variants import PRESETS, Variant, build_variant, option_specs

__all__ = [
    "COLUMN_KINDS",
    "COLUMN_LABELS",
    "DEFAULT_PRESET",
    "PRESETS",
    "BonusOutlook",
    "Box",
    "EntryData",
    "EntryLike",
    "EntrySpec",
    "GameLike",
    "GameState",
    "InvalidEntry",
    "Message",
    "MoveCode",
    "MoveRefused",
    "OptionSpec",
    "Outlook",
    "PlayerLike",
    "Seat",
    "RuleError",
    "Scored",
    "Scorecard",
    "ScorecardTotals",
    "Totals",
    "Turn",
    "Variant",
    "build_variant",
    "gettext_noop",
    "leading_since",
    "option_specs",
    "race_rounds",
    "turn_totals",
]
