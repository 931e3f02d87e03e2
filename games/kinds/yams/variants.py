"""Building a game's Variant from its preset and options, and the Variant that
scores the game.

A game stores its preset key and its options (a JSON dict); `build_variant`
rebuilds the same Variant from them, and `variant.options` gives them back
normalized, so the pair round-trips.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..messages import InvalidEntry, Message, RuleError, gettext_noop
from ..options import OptionSpec
from . import entries
from .boxes import build_boxes
from .entry_rules import is_int
from .presets import (
    COLUMN_LABELS,
    FIVE_DICE_BONUS,
    MAX_COLUMNS,
    OPTION_TEXTS,
    PRESET_DEFS,
    SIX_DICE_BONUSES,
)
from .scorecard import Scorecard
from .scoring import counts_of
from .totals import Totals

if TYPE_CHECKING:
    from .boxes import Box
    from .entries import EntrySpec, Scored
    from .entry_rules import EntryData
    from .presets import Preset


def _preset(key: object) -> Preset:
    if not isinstance(key, str) or key not in PRESET_DEFS:
        raise RuleError(
            Message(
                gettext_noop("Variante inconnue : « %(preset)s »."),
                {"preset": str(key)},
            )
        )
    return PRESET_DEFS[key]


def option_specs(preset: str) -> tuple[OptionSpec, ...]:
    """The options the create form offers for `preset`, with their defaults."""
    definition = _preset(preset)
    specs = []
    for key, default in definition.defaults.items():
        label, help_text, kind, choices = OPTION_TEXTS[key]
        columns = kind == "columns"
        specs.append(
            OptionSpec(
                key,
                label,
                help_text,
                kind,
                _to_json(default),
                choices=choices,
                min=1 if columns else None,
                max=MAX_COLUMNS if columns else None,
            )
        )
    return tuple(specs)


def _to_json(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def _option_error(template: str, key: str, **params: object) -> RuleError:
    label = OPTION_TEXTS[key][0]
    return RuleError(Message(template, {"option": Message(label), **params}))


def _normalize(key: str, value: object) -> object:
    kind, choices = OPTION_TEXTS[key][2], OPTION_TEXTS[key][3]
    allowed = [choice for choice, _ in choices]
    if kind == "bool":
        if not isinstance(value, bool):
            raise _option_error(
                gettext_noop("%(option)s : la valeur doit être vrai ou faux."), key
            )
        return value
    if kind == "choice":
        if not isinstance(value, str) or value not in allowed:
            raise _option_error(
                gettext_noop(
                    "%(option)s : « %(value)s » impossible (choix : %(choices)s)."
                ),
                key,
                value=str(value),
                choices=", ".join(allowed),
            )
        return value
    if (
        not isinstance(value, list | tuple)
        or not 1 <= len(value) <= MAX_COLUMNS
        or not all(isinstance(column, str) and column in allowed for column in value)
    ):
        raise _option_error(
            gettext_noop(
                "%(option)s : il faut de 1 à %(max)s colonnes parmi %(choices)s."
            ),
            key,
            max=MAX_COLUMNS,
            choices=", ".join(allowed),
        )
    if len(set(value)) != len(value):
        raise _option_error(
            gettext_noop("%(option)s : chaque colonne ne peut figurer qu'une fois."),
            key,
        )
    # (choice) the columns keep the order the host gave them, left to right.
    return tuple(value)


def build_variant(preset: str, options: Mapping[str, object] | None = None) -> Variant:
    """The Variant for a preset key and an options dict (missing options default)."""
    definition = _preset(preset)
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise RuleError(
            Message(gettext_noop("Les options doivent être un dictionnaire."))
        )
    # Any: each value goes to the Variant field of its key, checked by _normalize.
    values: dict[str, Any] = dict(definition.defaults)
    for key, value in options.items():
        if key not in OPTION_TEXTS:
            raise RuleError(
                Message(
                    gettext_noop("Option inconnue : « %(option)s »."),
                    {"option": str(key)},
                )
            )
        if key not in definition.defaults:
            raise RuleError(
                Message(
                    gettext_noop(
                        "L'option « %(option)s » n'existe pas "
                        "pour la variante %(variant)s."
                    ),
                    {"option": key, "variant": Message(definition.label)},
                )
            )
        values[key] = _normalize(key, value)
    return Variant(definition.key, **values)


@dataclass(frozen=True)
class Variant:
    """One preset with its options. Build it with `build_variant`.

    Equality and hashing follow the preset key and the normalized options.
    """

    key: str
    count_dice: str | None = None
    strict_straights: bool = False
    columns: tuple[str, ...] = ("free",)
    saved_rolls: bool = False
    six_dice_bonus: str | None = None
    typed_points: bool = False

    def __post_init__(self) -> None:
        _preset(self.key)

    # --- what the preset fixes ---------------------------------------------

    @property
    def preset(self) -> Preset:
        return PRESET_DEFS[self.key]

    @property
    def label(self) -> str:
        return self.preset.label

    @property
    def description(self) -> str:
        return self.preset.description

    @property
    def dice(self) -> int:
        return self.preset.dice

    @property
    def max_players(self) -> int:
        return 6 if self.dice == 6 else 10

    @property
    def yams_rule(self) -> str:
        return self.preset.yams_rule

    @property
    def bonus_threshold(self) -> int:
        return self._bonus[0]

    @property
    def bonus_points(self) -> int:
        return self._bonus[1]

    @property
    def _bonus(self) -> tuple[int, int]:
        if self.dice == 6:
            # Both six-dice presets default it; build_variant takes only its choices.
            return SIX_DICE_BONUSES[self.six_dice_bonus]  # type: ignore[index]
        return FIVE_DICE_BONUS

    @property
    def options(self) -> dict[str, object]:
        """The normalized options, as a JSON-serializable dict."""
        return {key: _to_json(getattr(self, key)) for key in self.preset.defaults}

    def column_label(self, column: str) -> str:
        return COLUMN_LABELS[column]

    # --- boxes ---------------------------------------------------------------

    @cached_property
    def boxes(self) -> tuple[Box, ...]:
        return build_boxes(
            self.dice,
            self.count_dice,
            self.strict_straights,
            self.yams_rule,
            self.preset.exact_full,
        )

    @cached_property
    def _box_map(self) -> dict[str, Box]:
        return {box.key: box for box in self.boxes}

    @property
    def box_keys(self) -> tuple[str, ...]:
        return tuple(box.key for box in self.boxes)

    def box(self, key: str) -> Box:
        """The Box for `key`, or RuleError."""
        box = self._box_map.get(key) if isinstance(key, str) else None
        if box is None:
            raise RuleError(_unknown_box(key))
        return box

    def _entry_box(self, key: str) -> Box:
        box = self._box_map.get(key) if isinstance(key, str) else None
        if box is None:
            raise InvalidEntry(_unknown_box(key))
        return box

    # --- dice ----------------------------------------------------------------

    def points(self, box_key: str, dice: Sequence[int]) -> int:
        """What a throw is worth in a box: the best reading, 0 if it does not
        qualify."""
        box = self.box(box_key)
        counts = self._counts(dice)
        return box.scorer(counts, sum(dice))

    def all_points(self, dice: Sequence[int]) -> dict[str, int]:
        """What a throw is worth in every box, in box order."""
        counts = self._counts(dice)
        total = sum(dice)
        return {box.key: box.scorer(counts, total) for box in self.boxes}

    def _counts(self, dice: Sequence[int]) -> list[int]:
        if not isinstance(dice, list | tuple) or len(dice) != self.dice:
            raise RuleError(
                Message(gettext_noop("Il faut %(dice)s dés."), {"dice": self.dice})
            )
        for face in dice:
            if not is_int(face) or not 1 <= face <= 6:
                raise RuleError(
                    Message(gettext_noop("Un dé montre une face de 1 à 6."))
                )
        return counts_of(dice)

    # --- host entries ----------------------------------------------------------

    def entry_spec(self, box_key: str) -> EntrySpec:
        """What the dialog asks for a box (on an empty box)."""
        return entries.entry_spec(self, self._entry_box(box_key))

    def score(self, box_key: str, entry: EntryData) -> Scored:
        """Points and calculation for an entry in an empty box of this variant.

        Checks the entry itself; `Scorecard.check` also checks it against the scorecard
        (column order, Yams already written, saved rolls).
        """
        return entries.read(self, self._entry_box(box_key), entry).scored

    # --- totals ----------------------------------------------------------------

    def totals(
        self, points: Mapping[str, int | Sequence[int]], extra_yams: int = 0
    ) -> Totals:
        """Totals of one column from box points (a list for the multi_yams Yams box)."""
        if not isinstance(points, Mapping):
            raise RuleError(
                Message(gettext_noop("Les points doivent être un dictionnaire."))
            )
        if not is_int(extra_yams) or extra_yams < 0:
            raise RuleError(
                Message(
                    gettext_noop("Le nombre de Yams supplémentaires doit être positif.")
                )
            )
        sections = {"upper": 0, "lower": 0}
        for key, value in points.items():
            box = self.box(key)
            sections[box.section] += _box_points(box, value)
        upper = sections["upper"]
        bonus = self.bonus_points if upper >= self.bonus_threshold else 0
        yams_bonus = 0
        # 001: the +100 only counts while the Yams box holds 50, never after a zero.
        if self.yams_rule == "bonus" and points.get("yams") == 50:
            yams_bonus = entries.YAMS_BONUS * extra_yams
        return Totals(
            upper=upper,
            bonus=bonus,
            lower=sections["lower"],
            yams_bonus=yams_bonus,
            total=upper + bonus + sections["lower"] + yams_bonus,
            upper_target=self.bonus_threshold,
            upper_missing=max(0, self.bonus_threshold - upper),
        )

    def new_scorecard(self) -> Scorecard:
        return Scorecard(self)


def _box_points(box: Box, value: object) -> int:
    # (choice) the repeatable Yams box also takes a plain int (its sum).
    if box.repeatable and isinstance(value, list | tuple):
        if all(is_int(item) for item in value):
            return sum(value)
    elif is_int(value):
        return value
    raise RuleError(
        Message(
            gettext_noop("%(box)s : les points doivent être un nombre entier."),
            {"box": Message(box.label)},
        )
    )


def _unknown_box(key: object) -> Message:
    return Message(gettext_noop("Case inconnue : « %(box)s »."), {"box": str(key)})


PRESETS: dict[str, Variant] = {key: build_variant(key) for key in PRESET_DEFS}
