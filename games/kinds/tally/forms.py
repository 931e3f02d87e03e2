"""The form of a round of the free counter, as the host's dialog posts it (its
fields are drawn by templates/kinds/tally/round_fields.jinja), and its part of
the create form: the presets, then the options (create_presets.jinja)."""

import json
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.forms import (
    KindPart,
    KindPartChoiceField,
    NewGameForm,
    NumberField,
    OptionSpecsPart,
    RoundForm,
    option_name,
)
from games.kinds.base import GameKind
from games.kinds.messages import gettext_noop
from games.kinds.state import PlayerLike
from games.kinds.tally.presets import PRESET_LIST, PRESETS, build_preset
from games.kinds.tally.rules import TallyRules
from games.models import Game
from scorekeeper.lib.translation import translated


class TallyRoundForm(RoundForm):
    """Points per player for the round, negatives allowed; a player left empty
    scores nothing this round."""

    def add_player_fields(self) -> None:
        for player in self.players:
            self.fields[f"points-{player.pk}"] = NumberField(
                label=player.name,
                required=False,
                error_messages={
                    "invalid": _("%(name)s : un nombre entier.") % {"name": player.name}
                },
            )

    @property
    def point_fields(self) -> list[tuple[PlayerLike, forms.BoundField]]:
        return self.player_fields("points")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        self.entry = {
            "points": {
                str(p.pk): cleaned[f"points-{p.pk}"]
                for p in self.players
                if cleaned.get(f"points-{p.pk}") is not None
            }
        }
        return cleaned


# --- the create page: the presets -----------------------------------------------


# A preset's choice: its key, or "<key>:<house rule>" for one of its house rules.
HOUSE_SEPARATOR = ":"


@dataclass(frozen=True)
class PresetChoice:
    """One card of the counter's presets on the create page."""

    value: str  # what the radio posts
    label: str  # French source strings
    description: str
    checked: bool
    house: bool = False  # one of its house rules


def preset_values() -> dict[str, dict[str, object]]:
    """{choice value: every option it sets}: the plain counter (""), each
    preset, and each of its house rules."""
    values: dict[str, dict[str, object]] = {"": full_options(TallyRules())}
    for preset in PRESET_LIST:
        values[preset.key] = full_options(build_preset(preset.key))
        for rule in preset.house:
            value = f"{preset.key}{HOUSE_SEPARATOR}{rule.key}"
            values[value] = full_options(build_preset(preset.key, rule.key))
    return values


def full_options(rules: TallyRules) -> dict[str, object]:
    """Every option of `rules`, those at their default included (the fields
    of the create page show them all)."""
    return {spec.key: getattr(rules, spec.key) for spec in rules.option_specs}


class FilledField(KindPart, forms.CharField):
    """Which choice the option fields were drawn for: never refused (a forged
    one reads as the plain counter)."""


class TallyCreatePart(OptionSpecsPart):
    """The counter's options, and its presets: a preset fills the options (the
    page script does, as it is picked) and names the game (`Game.preset`).

    Without JavaScript, picking a preset cannot fill the fields: the hidden
    `filled` field says which choice the fields were drawn for, so that an
    option left as drawn takes the picked preset's value, and one the host
    changed keeps the host's."""

    def __init__(self, kind: GameKind, form: NewGameForm) -> None:
        super().__init__(kind, form)
        self.values = preset_values()
        start = form.initial.get("preset")
        start = start if start in PRESETS else ""
        choices = [("", translated(kind.label))]
        choices += [(value, value) for value in self.values if value]
        self.fields[self.preset_name] = KindPartChoiceField(
            label=gettext_lazy("Le jeu"),
            widget=forms.RadioSelect,
            choices=choices,
            required=False,
            initial=start,
            error_messages={"invalid_choice": gettext_lazy("Préréglage inconnu.")},
        )
        self.fields[self.filled_name] = FilledField(
            widget=forms.HiddenInput,
            required=False,
            initial=start,
        )

    @property
    def preset_name(self) -> str:
        return option_name(self.kind.key, "preset")

    @property
    def filled_name(self) -> str:
        return option_name(self.kind.key, "filled")

    # --- for the templates --------------------------------------------------------

    def preset_choices(self) -> list[PresetChoice]:
        """The plain counter first, then each preset and its house rules."""
        current = self.form[self.preset_name].value() or ""
        if current not in self.values:
            current = ""
        cards = [
            PresetChoice(
                "",
                self.kind.label,
                gettext_noop("Vous choisissez le gagnant et la fin."),
                current == "",
            )
        ]
        for preset in PRESET_LIST:
            cards.append(
                PresetChoice(
                    preset.key,
                    preset.label,
                    preset.description,
                    current == preset.key,
                )
            )
            for rule in preset.house:
                value = f"{preset.key}{HOUSE_SEPARATOR}{rule.key}"
                cards.append(
                    PresetChoice(
                        value, preset.label, rule.label, current == value, house=True
                    )
                )
        return cards

    def data_attributes(self) -> dict[str, str]:
        # The options each choice fills, by field name, for the page script.
        return {
            "tally-presets": json.dumps(
                {
                    value: {
                        option_name(self.kind.key, key): "" if v is None else str(v)
                        for key, v in options.items()
                    }
                    for value, options in self.values.items()
                }
            )
        }

    # --- validation -----------------------------------------------------------------

    def clean(self, cleaned: dict[str, object]) -> object | None:
        """The options as posted, then those the host left as drawn for
        another choice set to the picked one's; the game's preset goes to
        `cleaned["preset"]`."""
        posted = super().clean(cleaned)
        if not isinstance(posted, TallyRules) or self.preset_name in self.form.errors:
            return None
        value = str(cleaned.get(self.preset_name) or "")
        filled = str(cleaned.get(self.filled_name) or "")
        drawn = self.values.get(filled, self.values[""])
        picked = self.values[value]
        options = {
            key: option if option != drawn[key] else picked[key]
            for key, option in full_options(posted).items()
        }
        preset = value.partition(HOUSE_SEPARATOR)[0]
        try:
            rules = Game.rules_of(self.kind.key, preset, options)
        except ValidationError as exc:
            self.form.add_error(None, exc.messages)
            return None
        cleaned["preset"] = preset
        return rules
