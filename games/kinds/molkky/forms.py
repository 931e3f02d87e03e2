"""The form of a Mölkky throw, as the host's pad posts it (the pad is drawn by
templates/kinds/molkky/round_fields.jinja)."""

from django import forms
from django.utils.translation import gettext_lazy

from games.forms import NumberField, RoundForm
from games.kinds.molkky import rules as molkky

THROW_RANGE = gettext_lazy(
    "Un lancer vaut de 0 (raté) à 12 points : une quille seule, son numéro ; "
    "plusieurs, leur nombre."
)


class MolkkyThrowForm(RoundForm):
    """The points of one throw (0: a miss), and who threw: the pad posts whose
    turn it was, and the engine refuses a throw by anyone else (an eliminated
    player, a forged or stale pad)."""

    points = NumberField(
        min_value=0,
        max_value=molkky.MOST_PINS,
        error_messages={
            "required": gettext_lazy("Touchez les points du lancer, ou « Raté »."),
            "invalid": THROW_RANGE,
            "min_value": THROW_RANGE,
            "max_value": THROW_RANGE,
        },
    )
    thrower = forms.TypedChoiceField(
        required=False,
        coerce=int,
        widget=forms.HiddenInput,
        error_messages={
            "invalid_choice": gettext_lazy("Ce joueur n'est pas de la partie.")
        },
    )

    def add_player_fields(self) -> None:
        self.fields["thrower"].choices = [("", ""), *self.player_choices()]

    @property
    def pins(self) -> list[int]:
        """The pad's numbers, 1 to 12."""
        return list(range(1, molkky.MOST_PINS + 1))

    @property
    def chosen(self) -> int | None:
        """The points chosen, as posted back (the pad keeps them ticked)."""
        value = self["points"].value()
        try:
            return int(str(value))
        except (TypeError, ValueError):
            return None

    def clean(self) -> dict[str, object]:
        cleaned = super().clean()
        self.entry = {"points": cleaned.get("points")}
        if cleaned.get("thrower") not in (None, ""):
            self.entry["thrower"] = cleaned["thrower"]
        return cleaned
