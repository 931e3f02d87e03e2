"""The form of a round of the free counter, as the host's dialog posts it (its
fields are drawn by templates/kinds/tally/round_fields.jinja)."""

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from games.forms import NumberField, RoundForm
from games.kinds.state import PlayerLike


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
