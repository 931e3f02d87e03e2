"""The form of a tarot deal, as the host's dialog posts it (its fields are drawn by
templates/kinds/tarot/round_fields.jinja)."""

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.forms import RoundForm
from games.kinds.tarot.rules import CARD_POINTS, CONTRACT_LABELS, CONTRACTS
from scorekeeper.lib.translation import translated


class HalfPointsField(forms.Field):
    """Card points at tarot: a whole or half number, "45,5" as well as "45.5"."""

    def to_python(self, value: object) -> int | float | None:
        if value in self.empty_values:
            return None
        text = str(value).strip().replace(",", ".")
        if not re.fullmatch(r"[0-9]{1,3}(\.[05])?", text) or float(text) > CARD_POINTS:
            raise ValidationError(
                _("Les points du preneur : de 0 à 91, au demi-point près."),
                code="invalid",
            )
        number = float(text)
        return int(number) if number.is_integer() else number


SIDE_CHOICES = [
    ("", gettext_lazy("Personne")),
    ("taker", gettext_lazy("Camp du preneur")),
    ("defence", gettext_lazy("Défense")),
]
POIGNEE_CHOICES = [
    ("", gettext_lazy("Aucune")),
    ("simple", gettext_lazy("Simple")),
    ("double", gettext_lazy("Double")),
    ("triple", gettext_lazy("Triple")),
]
ALONE = "alone"


class TarotDealForm(RoundForm):
    """A deal: who took, the contract, the bouts and the card points the taker
    made; at five, the partner called (or alone); then the extras, folded away
    (petit au bout, poignées, chelem). Or nobody took: `passed`."""

    passed = forms.BooleanField(required=False)
    taker = forms.TypedChoiceField(
        label=gettext_lazy("Preneur"),
        widget=forms.RadioSelect,
        coerce=int,
        required=False,
    )
    contract = forms.ChoiceField(
        label=gettext_lazy("Contrat"), widget=forms.RadioSelect, required=False
    )
    bouts = forms.TypedChoiceField(
        label=gettext_lazy("Bouts"),
        widget=forms.RadioSelect,
        coerce=int,
        choices=[(str(n), str(n)) for n in range(4)],
        required=False,
    )
    points = HalfPointsField(label=gettext_lazy("Points du preneur"), required=False)
    partner = forms.ChoiceField(
        label=gettext_lazy("Partenaire appelé"),
        widget=forms.RadioSelect,
        required=False,
    )
    petit_au_bout = forms.ChoiceField(
        label=gettext_lazy("Petit au bout"),
        widget=forms.RadioSelect,
        choices=SIDE_CHOICES,
        required=False,
    )
    chelem = forms.ChoiceField(
        label=gettext_lazy("Chelem"),
        widget=forms.RadioSelect,
        choices=SIDE_CHOICES,
        required=False,
    )
    chelem_announced = forms.BooleanField(
        label=gettext_lazy("Chelem annoncé"), required=False
    )

    def add_player_fields(self) -> None:
        self.choice_field("taker").choices = self.player_choices()
        self.choice_field("contract").choices = [
            (key, translated(CONTRACT_LABELS[key])) for key in CONTRACTS
        ]
        # The most common contract, where the thumb rests. The bouts get no
        # default: a wrong one would mis-score the deal silently.
        self.fields["contract"].initial = "garde"
        # Each player may show a poignée and every one shown counts.
        for player in self.players:
            self.fields[f"poignee-{player.pk}"] = forms.ChoiceField(
                label=player.name,
                widget=forms.RadioSelect,
                choices=POIGNEE_CHOICES,
                required=False,
            )
        self.choice_field("partner").choices = [
            *self.player_choices(),
            (ALONE, _("Seul (appelé soi-même)")),
        ]
        if len(self.players) != 5:
            del self.fields["partner"]

    @property
    def extras_open(self) -> bool:
        """The chelem fold is open when it is set (a form shown again)."""
        if not self.is_bound:
            return False
        return bool(self.data.get("chelem")) or bool(self.data.get("chelem_announced"))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if cleaned.get("passed"):
            self.entry = {"passed": True}
            return cleaned
        for name, message in (
            ("taker", _("Dites qui a pris.")),
            ("contract", _("Choisissez le contrat.")),
            ("bouts", _("Combien de bouts ?")),
            ("points", _("Combien de points le preneur a-t-il faits ?")),
            ("partner", _("Avec qui le preneur joue-t-il ?")),
        ):
            missing = name in self.fields and cleaned.get(name) in (None, "")
            if missing and name not in self.errors:
                self.add_error(name, ValidationError(message, code="required"))
        if "partner" not in self.fields and self.data.get("partner"):
            # The form has no partner field under five: a posted one is forged or
            # from a page of another game, and no partner is ever dropped silently.
            self.add_error(
                None,
                _("On n'appelle de partenaire qu'à cinq joueurs (ici %(count)d).")
                % {"count": len(self.players)},
            )
        if self.errors:
            return cleaned
        entry: dict[str, object] = {
            "taker": cleaned["taker"],
            "contract": cleaned["contract"],
            "bouts": cleaned["bouts"],
            "points": cleaned["points"],
        }
        if "partner" in self.fields:
            partner = cleaned["partner"]
            entry["partner"] = None if partner == ALONE else int(partner)
        if cleaned.get("petit_au_bout"):
            entry["petit_au_bout"] = cleaned["petit_au_bout"]
        # The rules count a poignée by the side of who showed it.
        takers = {entry["taker"], entry.get("partner")}
        poignees = [
            {
                "size": cleaned[f"poignee-{player.pk}"],
                "side": "taker" if player.pk in takers else "defence",
            }
            for player in self.players
            if cleaned.get(f"poignee-{player.pk}")
        ]
        if poignees:
            entry["poignees"] = poignees
        if cleaned.get("chelem"):
            entry["chelem"] = cleaned["chelem"]
        if cleaned.get("chelem_announced"):
            entry["chelem_announced"] = True
        self.entry = entry
        return cleaned
