"""The create page's form: players' names in seating order, the preset and its
options.

It only turns what was posted into the engine's vocabulary (names, a preset and
options); the models and the rules engine decide what is allowed and say why not.
"""

import json

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import seating
from games.kinds import yams
from games.messages import tr
from games.models import Game
from scorekeeper.lib import numbers
from scorekeeper.lib.names import MAX_NAME_LENGTH, clean_name, name_key

# Rows shown without JavaScript (the add/remove buttons then post the form back).
MIN_NAME_ROWS = 4


def presets():
    return [yams.PRESETS[key] for key in yams.PRESETS]


def option_presets():
    """{option key: [preset keys offering it]}, in the engine's option order."""
    offered = {}
    for variant in presets():
        for spec in yams.option_specs(variant.key):
            offered.setdefault(spec.key, []).append(variant.key)
    return offered


def option_spec(key):
    for variant in presets():
        for spec in yams.option_specs(variant.key):
            if spec.key == key:
                return spec
    raise KeyError(key)


class NamesField(forms.Field):
    """Several inputs sharing the name `names`, in seating order."""

    class widget(forms.Widget):  # noqa: N801 - Django's attribute name
        def value_from_datadict(self, data, files, name):
            if hasattr(data, "getlist"):
                return data.getlist(name)
            value = data.get(name)
            return list(value) if isinstance(value, list | tuple) else []

    def to_python(self, value):
        return [str(v) for v in (value or [])]

    def validate(self, value):
        # The form checks names row by row, to put each message next to its row.
        pass


class NewGameForm(forms.Form):
    """Players' names, the preset and its options.

    `initial={"names": [...], "preset": key, "options": {...}}` prefills it (the
    bands pages use that for "the same band again"); `create(band=None)` makes the
    game and returns (game, host_token).
    """

    names = NamesField(required=False)
    name_max_length = MAX_NAME_LENGTH
    # "1" while the names stand in the order drawn by "Tirer l'ordre au hasard";
    # any move by hand clears it.
    drawn = forms.BooleanField(required=False, widget=forms.HiddenInput)
    preset = forms.ChoiceField(
        label=gettext_lazy("Variante"), widget=forms.RadioSelect, initial="classic"
    )

    def __init__(self, data=None, *args, initial=None, **kwargs):
        initial = dict(initial or {})
        options = initial.pop("options", None) or {}
        initial.update({key: value for key, value in options.items()})
        super().__init__(data, *args, initial=initial, **kwargs)
        self.offered = option_presets()
        self.fields["preset"].choices = [(v.key, tr(v.label)) for v in presets()]
        self.fields["preset"].initial = initial.get("preset") or yams.DEFAULT_PRESET
        for key in self.offered:
            self.fields[key] = self._option_field(option_spec(key))
        self.row_errors = {}
        self.cleaned_names = []
        self.just_drawn = False

    # --- option fields ---------------------------------------------------------

    def _option_field(self, spec):
        label, help_text = tr(spec.label), tr(spec.help)
        if spec.type == "bool":
            return forms.BooleanField(label=label, help_text=help_text, required=False)
        choices = [(value, tr(text)) for value, text in spec.choices]
        if spec.type == "columns":
            return forms.MultipleChoiceField(
                label=label,
                help_text=help_text,
                choices=choices,
                widget=forms.CheckboxSelectMultiple,
                initial=["free"],
                error_messages={"required": _("Cochez au moins une colonne.")},
            )
        # "" = whatever the chosen preset says: without JavaScript the form cannot
        # follow the preset, and a hidden default must never override it.
        return forms.ChoiceField(
            label=label,
            help_text=help_text,
            choices=[("", _("Selon la variante")), *choices],
            widget=forms.RadioSelect,
            required=False,
            initial="",
        )

    def option_fields(self):
        """[(bound field, presets offering it, their labels, spec)] for the template."""
        return [
            (
                self[key],
                offered,
                [tr(yams.PRESETS[p].label) for p in offered],
                option_spec(key),
            )
            for key, offered in self.offered.items()
        ]

    def preset_choices(self):
        """[(variant, checked)] for the preset cards."""
        current = self["preset"].value() or yams.DEFAULT_PRESET
        return [(v, v.key == current) for v in presets()]

    def preset_defaults_json(self):
        """The options each preset starts with, for the page script."""
        return json.dumps(
            {
                v.key: {s.key: s.default for s in yams.option_specs(v.key)}
                for v in presets()
            }
        )

    # --- names -----------------------------------------------------------------

    def name_rows(self):
        """[(index, value, error)] for the name inputs, with room to add players."""
        if self.is_bound:
            values = list(self["names"].value() or [])
        else:
            values = [str(name) for name in self.initial.get("names") or []]
            values.append("")
            values += [""] * (MIN_NAME_ROWS - len(values))
        values = values[: self.max_rows()] or [""]
        return [(i, v, self.row_errors.get(i)) for i, v in enumerate(values)]

    def is_drawn(self):
        """The names stand in the order the draw gave them."""
        return self["drawn"].value() in (True, "True", "true", "1", "on")

    def seated_names(self):
        return [value for _index, value, _error in self.name_rows() if value.strip()]

    def max_rows(self):
        return max(v.max_players for v in presets())

    @property
    def is_row_edit(self):
        """The no-JavaScript row buttons (add, remove, move up or down) and the
        seating draw: not a create."""
        return self.is_bound and any(
            self.data.get(key) for key in ("add_row", "remove_row", "move_row", "draw")
        )

    def row_edit(self):
        """The same form, unbound, after the row edit asked for by the buttons."""
        names = list(self["names"].value() or [])
        drawn = self["drawn"].value() in (True, "1", "True", "on")
        removed = self.data.get("remove_row", "")
        row = numbers.optional_int(removed)
        if row is not None and row < len(names):
            del names[row]
        if seating.move(names, self.data.get("move_row", "")):
            drawn = False
        # Blank rows go; the unbound form adds one free row (and pads to four).
        names = [name for name in names if name.strip()]
        if self.data.get("draw"):
            names, drawn = seating.draw(names), len(names) > 1
        initial = {"names": names, "preset": self["preset"].value(), "drawn": drawn}
        initial["options"] = {key: self[key].value() for key in self.offered}
        form = NewGameForm(initial=initial)
        form.just_drawn = bool(self.data.get("draw")) and drawn
        return form

    # --- validation --------------------------------------------------------------

    def clean(self):
        cleaned = super().clean()
        preset = cleaned.get("preset")
        options = {}
        for key, offered in self.offered.items():
            value = cleaned.get(key)
            spec = option_spec(key)
            if preset and preset not in offered:
                if value not in (None, "", False, [], spec.default):
                    self.add_error(
                        key,
                        _("Cette option n'existe pas pour la variante %(preset)s.")
                        % {"preset": tr(yams.PRESETS[preset].label)},
                    )
                continue
            if value in (None, ""):
                continue
            if spec.type == "columns":
                value = self._ordered_columns(value)
            options[key] = value
        variant = None
        if preset:
            try:
                variant = yams.build_variant(preset, options)
            except yams.RuleError as exc:
                raise ValidationError(tr(exc.message)) from exc
        cleaned["options"] = variant.options if variant else {}
        self._clean_names(cleaned.get("names") or [], variant)
        return cleaned

    def _ordered_columns(self, value):
        # The posted order is the order of the checkboxes; keep the engine's.
        return [kind for kind in yams.COLUMN_KINDS if kind in value]

    def _clean_names(self, raw_names, variant):
        names, seen = [], {}
        for index, raw in enumerate(raw_names):
            if not str(raw).strip():
                continue
            try:
                name = clean_name(raw)
            except ValidationError as exc:
                self.row_errors[index] = exc.messages[0]
                continue
            if name_key(name) in seen:
                self.row_errors[index] = _("Deux joueurs s'appellent « %(name)s ».") % {
                    "name": name
                }
                continue
            seen[name_key(name)] = index
            names.append(name)
        if self.row_errors:
            self.add_error("names", _("Corrigez les prénoms signalés."))
        elif not names:
            self.add_error("names", _("Il faut au moins un joueur."))
        elif variant is not None and len(names) > variant.max_players:
            self.add_error(
                "names",
                _("Cette variante se joue à %(max)d joueurs au plus.")
                % {"max": variant.max_players},
            )
        self.cleaned_names = names

    def create(self, band=None):
        """Creates the game (the form must be valid); returns (game, host_token)."""
        if not self.is_valid():
            raise ValueError("create() needs a valid form")
        return Game.objects.create_game(
            self.cleaned_names,
            self.cleaned_data["preset"],
            self.cleaned_data["options"],
            band=band,
            seating_drawn=bool(self.cleaned_data.get("drawn"))
            and len(self.cleaned_names) > 1,
        )
