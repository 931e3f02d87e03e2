"""Yams's forms: a box as the host enters it (`EntryForm`), and its part of the
create form: the preset (the variant) and the options of the presets, drawn by
templates/kinds/yams/create_presets.jinja and create_options.jinja."""

import json
from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.forms.boundfield import BoundWidget
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.forms import (
    CreatePart,
    KindPartBooleanField,
    KindPartChoiceField,
    KindPartMultipleChoiceField,
    NewGameForm,
    NumberField,
    VersionField,
    new_request_key,
)
from games.kinds import yams
from games.kinds.base import GameKind
from games.kinds.yams.scorecard import ROLLS_PER_TURN
from scorekeeper.lib import numbers
from scorekeeper.lib.translation import translated

CROSS = "x"
MADE = "made"


class OpenChoiceField(forms.ChoiceField):
    """Radio buttons for the usual values that also let any other number, "made"
    and "Barrer" through, so that the rules engine, not the form, says why it is
    impossible: what the form accepts never depends on the sheet, so a retried
    request gets its first answer even once its box is filled."""

    def valid_value(self, value: object) -> bool:
        if super().valid_value(value) or value in (MADE, CROSS):
            return True
        return numbers.is_number(value, signed=True)


class EntryForm(forms.Form):
    """What the host says the dice showed for one box.

    One radio group `value` holds the count, face, total or "made", and "Barrer":
    picking one unpicks the others, with or without JavaScript. The faces of the
    multi-group boxes (two pairs, full with six dice…) are one group per role.
    """

    request_key = forms.CharField(
        widget=forms.HiddenInput, max_length=64, required=False
    )
    seen_version = VersionField(required=False)

    def __init__(
        self,
        *args: Any,
        spec: yams.EntrySpec,
        box: yams.Box,
        column: str,
        variant: yams.Variant,
        bank: int = 0,
        scorecard: yams.Scorecard | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.spec, self.box, self.column, self.variant = spec, box, column, variant
        # The player's scorecard: it tells a further Yams from five of a face.
        self.scorecard = scorecard
        self.entry: dict[str, object] | None = None
        value_choices = []
        if spec.kind in ("count", "face"):
            value_choices = [(str(n), str(n)) for n in spec.choices]
        elif spec.kind == "total":
            assert spec.min is not None and spec.max is not None  # a total's range
            value_choices = [(str(n), str(n)) for n in range(spec.min, spec.max + 1)]
        elif spec.kind == "made":
            value_choices = [(MADE, _("Réussi"))]
        if spec.crossable:
            value_choices.append((CROSS, _("Barrer")))
        self.value_options: list[tuple[str, str]] = value_choices
        self.fields["value"] = OpenChoiceField(
            choices=value_choices, required=False, widget=forms.RadioSelect
        )
        for index in range(spec.n_faces):
            self.fields[f"face_{index}"] = OpenChoiceField(
                choices=[(str(n), str(n)) for n in spec.choices],
                required=False,
                widget=forms.RadioSelect,
            )
        if spec.typed:
            self.fields["points"] = NumberField(
                label=_("Points tapés"),
                required=False,
                # The engine refuses out-of-range points with its own message.
                widget=forms.NumberInput(
                    attrs={"inputmode": "numeric", "min": 0, "max": spec.typed_max}
                ),
            )
        # In an upper box, five dice of the face are a Yams the app sees by itself
        # (see clean); elsewhere only the host can tell (a total of 25 may be
        # five 5s or not), so the toggle asks — once a further Yams pays, that
        # is when the Yams box holds 50.
        upper = box.section == "upper"
        pays = scorecard is None or scorecard.takes_yams_bonus(column)
        if variant.yams_rule == "bonus" and box.key != "yams" and not upper and pays:
            self.fields["extra_yams"] = forms.BooleanField(
                label=_("Yams supplémentaire (+100)"), required=False
            )
        if variant.saved_rolls:
            highest = 1 if column == "dry" else ROLLS_PER_TURN + bank
            self.fields["rolls"] = OpenChoiceField(
                label=_("Lancers utilisés"),
                choices=[(str(n), str(n)) for n in range(1, highest + 1)],
                required=False,
                widget=forms.RadioSelect,
                initial=str(min(ROLLS_PER_TURN, highest)),
            )
        if not self.is_bound:
            self.initial.setdefault("request_key", new_request_key())

    def free_all_alike_box(self) -> yams.Box | None:
        """The empty Yams (Maxi Yatzy) box, when the entry is all the dice alike."""
        if self.scorecard is None or self.entry is None:
            return None
        key = self.scorecard.free_all_alike_box(self.column, self.box.key, self.entry)
        return self.variant.box(key) if key else None

    def yams_box_taking_more(self) -> yams.Box | None:
        """The Yams box that still takes a further Yams, when the entry is all the
        dice alike (Multi-Yams)."""
        if self.scorecard is None or self.entry is None:
            return None
        return self.scorecard.yams_box_taking_more(
            self.column, self.box.key, self.entry
        )

    @property
    def faces_fields(self) -> list[tuple[forms.BoundField, str]]:
        return [
            (self[f"face_{index}"], translated(role))
            for index, role in enumerate(self.spec.face_roles)
        ]

    def value_choices(self) -> list[BoundWidget]:
        """The value buttons, Barrer left out (it gets its own row)."""
        return [c for c in self["value"] if c.data["value"] != CROSS]

    def cross_choice(self) -> BoundWidget | None:
        return next((c for c in self["value"] if c.data["value"] == CROSS), None)

    def value_entries(self) -> list[tuple[str, dict[str, object]]]:
        """[(value, entry)]: the entry each button of the value group stands for,
        as `clean` would build it from that button alone (default rolls)."""
        entries: list[tuple[str, dict[str, object]]] = []
        rolls = self.fields.get("rolls")
        for value, _label in self.value_options:
            entry: dict[str, object]
            if value == CROSS:
                entry = {"kind": "cross"}
            elif value == MADE:
                entry = {"kind": "made"}
            elif self.spec.kind in ("count", "face", "total"):
                entry = {"kind": self.spec.kind, "value": int(value)}
            else:
                continue
            if rolls is not None:
                entry["rolls"] = int(rolls.initial)
            entries.append((value, entry))
        return entries

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        value = cleaned.get("value") or ""
        points = cleaned.get("points")
        faces = [cleaned.get(f"face_{i}") or "" for i in range(self.spec.n_faces)]
        if self.errors:
            return cleaned
        entry: dict[str, object]
        if value == CROSS:
            if points is not None or any(faces):
                raise ValidationError(
                    _("Choisissez une valeur ou Barrer, pas les deux."), code="both"
                )
            entry = {"kind": "cross"}
        elif points is not None:
            if value or any(faces):
                raise ValidationError(
                    _("Choisissez une valeur ou tapez les points, pas les deux."),
                    code="both",
                )
            entry = {"kind": "points", "value": points}
        elif self.spec.kind == "faces":
            if not any(faces):
                raise ValidationError(
                    _("Choisissez les faces, ou Barrer."), code="missing"
                )
            if not all(faces):
                raise ValidationError(
                    _("Choisissez une face pour chaque groupe."), code="missing"
                )
            entry = {"kind": "faces", "values": [int(face) for face in faces]}
        elif not value:
            raise ValidationError(
                _("Choisissez une valeur, ou Barrer."), code="missing"
            )
        elif value == MADE:
            entry = {"kind": "made"}
        elif self.spec.kind in ("count", "face", "total"):
            entry = {"kind": self.spec.kind, "value": int(value)}
        else:
            raise ValidationError(
                _("Choisissez une des valeurs proposées."), code="invalid"
            )
        if cleaned.get("extra_yams") or (
            self.scorecard is not None
            and self.scorecard.is_further_yams(self.column, self.box.key, entry)
        ):
            entry["extra_yams"] = True
        if cleaned.get("rolls"):
            entry["rolls"] = int(cleaned["rolls"])
        self.entry = entry
        return cleaned


def presets() -> list[yams.Variant]:
    return [yams.PRESETS[key] for key in yams.PRESETS]


def option_presets() -> dict[str, list[str]]:
    """{option key: [preset keys offering it]}, in the engine's option order."""
    offered: dict[str, list[str]] = {}
    for variant in presets():
        for spec in yams.option_specs(variant.key):
            offered.setdefault(spec.key, []).append(variant.key)
    return offered


def option_spec(key: str) -> yams.OptionSpec:
    for variant in presets():
        for spec in yams.option_specs(variant.key):
            if spec.key == key:
                return spec
    raise KeyError(key)


class YamsCreatePart(CreatePart):
    """The preset cards, then the presets' options (a field named by the
    option's key), each offered by some presets only."""

    def __init__(self, kind: GameKind, form: NewGameForm) -> None:
        super().__init__(kind, form)
        self.offered: dict[str, list[str]] = option_presets()
        self.fields["preset"] = KindPartChoiceField(
            label=gettext_lazy("Variante"),
            widget=forms.RadioSelect,
            choices=[(v.key, translated(v.label)) for v in presets()],
            initial=form.initial.get("preset") or yams.DEFAULT_PRESET,
        )
        for key in self.offered:
            self.fields[key] = self._option_field(option_spec(key))

    def _option_field(self, spec: yams.OptionSpec) -> forms.Field:
        label, help_text = translated(spec.label), translated(spec.help)
        if spec.type == "bool":
            return KindPartBooleanField(
                label=label, help_text=help_text, required=False
            )
        choices = [(value, translated(text)) for value, text in spec.choices]
        if spec.type == "columns":
            return KindPartMultipleChoiceField(
                label=label,
                help_text=help_text,
                choices=choices,
                widget=forms.CheckboxSelectMultiple,
                initial=["free"],
                error_messages={"required": _("Cochez au moins une colonne.")},
            )
        # "" = whatever the chosen preset says: without JavaScript the form cannot
        # follow the preset, and a hidden default must never override it.
        return KindPartChoiceField(
            label=label,
            help_text=help_text,
            choices=[("", _("Selon la variante")), *choices],
            widget=forms.RadioSelect,
            required=False,
            initial="",
        )

    # --- for the templates --------------------------------------------------------

    def option_fields(
        self,
    ) -> list[tuple[forms.BoundField, list[str], list[str], yams.OptionSpec]]:
        """[(bound field, presets offering it, their labels, spec)]."""
        return [
            (
                self.form[key],
                offered,
                [translated(yams.PRESETS[p].label) for p in offered],
                option_spec(key),
            )
            for key, offered in self.offered.items()
        ]

    def preset_choices(self) -> list[tuple[yams.Variant, bool]]:
        """[(variant, checked)] for the preset cards."""
        current = self.form["preset"].value()
        if current not in yams.PRESETS:
            # The next game of a table that played another kind's preset (the
            # counter's Papayoo): Yams at its default.
            current = yams.DEFAULT_PRESET
        return [(v, v.key == current) for v in presets()]

    def data_attributes(self) -> dict[str, str]:
        # The options each preset starts with, for the page script.
        defaults = {
            v.key: {s.key: s.default for s in yams.option_specs(v.key)}
            for v in presets()
        }
        return {"preset-defaults": json.dumps(defaults)}

    # --- validation -----------------------------------------------------------------

    def clean(self, cleaned: dict[str, object]) -> yams.Variant | None:
        preset = cleaned.get("preset")
        options: dict[str, object] = {}
        for key, offered in self.offered.items():
            value = cleaned.get(key)
            spec = option_spec(key)
            if preset and preset not in offered:
                if value not in (None, "", False, [], spec.default):
                    self.form.add_error(
                        key,
                        _("Cette option n'existe pas pour la variante %(preset)s.")
                        % {"preset": translated(yams.PRESETS[str(preset)].label)},
                    )
                continue
            if value in (None, ""):
                continue
            if spec.type == "columns":
                # The posted order is the order of the checkboxes; keep the
                # engine's.
                posted = cast(list[str], value)
                value = [kind for kind in yams.COLUMN_KINDS if kind in posted]
            options[key] = value
        if not preset:
            return None
        try:
            return yams.build_variant(str(preset), options)
        except yams.RuleError as exc:
            raise ValidationError(translated(exc.message)) from exc
