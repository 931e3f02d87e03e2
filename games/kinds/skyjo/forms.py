"""The form of a Skyjo round, as the host's dialog posts it (its fields are drawn by
templates/kinds/skyjo/round_fields.jinja)."""

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.forms import NumberField, RoundForm
from games.kinds.skyjo import rules as skyjo
from games.kinds.state import PlayerLike


class SkyjoRoundForm(RoundForm):
    """Each player's card total for the round (negatives too), then who ended
    it."""

    finisher = forms.TypedChoiceField(
        label=gettext_lazy("Qui a fini la manche ?"),
        widget=forms.RadioSelect,
        coerce=int,
        error_messages={"required": gettext_lazy("Dites qui a fini la manche.")},
    )

    def add_player_fields(self) -> None:
        self.choice_field("finisher").choices = self.player_choices()
        for player in self.players:
            # The engine's bounds, checked here too so that the live preview
            # says it as soon as a total is typed, before the round is complete.
            beyond = _("%(name)s : un nombre entier de %(lowest)s à %(highest)s.") % {
                "name": player.name,
                "lowest": skyjo.LOWEST_CARDS,
                "highest": skyjo.HIGHEST_CARDS,
            }
            self.fields[f"cards-{player.pk}"] = NumberField(
                label=player.name,
                min_value=skyjo.LOWEST_CARDS,
                max_value=skyjo.HIGHEST_CARDS,
                error_messages={
                    "required": _("Il manque le total de %(name)s.")
                    % {"name": player.name},
                    "invalid": _("%(name)s : un nombre entier.")
                    % {"name": player.name},
                    "min_value": beyond,
                    "max_value": beyond,
                },
            )

    @property
    def card_fields(self) -> list[tuple[PlayerLike, forms.BoundField]]:
        return self.player_fields("cards")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        cards = {
            str(p.pk): cleaned.get(f"cards-{p.pk}")
            for p in self.players
            if cleaned.get(f"cards-{p.pk}") is not None
        }
        self.entry = {"cards": cards, "finisher": cleaned.get("finisher")}
        return cleaned
