"""Yams's part of the create form: the preset (the variant) and the options of
the presets, drawn by templates/kinds/yams/create_presets.jinja and
create_options.jinja."""

import json

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.forms import (
    CreatePart,
    KindPartBooleanField,
    KindPartChoiceField,
    KindPartMultipleChoiceField,
    NewGameForm,
)
from games.kinds import yams
from games.kinds.base import GameKind
from scorekeeper.lib.translation import translated


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
        current = self.form["preset"].value() or yams.DEFAULT_PRESET
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
                value = [kind for kind in yams.COLUMN_KINDS if kind in value]
            options[key] = value
        if not preset:
            return None
        try:
            return yams.build_variant(str(preset), options)
        except yams.RuleError as exc:
            raise ValidationError(translated(exc.message)) from exc
