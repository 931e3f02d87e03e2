"""The form of a coinche deal, as the host's dialog posts it (its fields are
drawn by templates/kinds/coinche/round_fields.jinja): belote's, plus the
contract, its trump and coinché or surcoinché."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.kinds.belote.forms import NONE, TeamsDealForm
from scorekeeper.lib.translation import translated

from .rules import TRUMP_LABELS, CoincheRules, contract_label

DOUBLING_CHOICES = [
    (NONE, gettext_lazy("Non")),
    ("coinche", gettext_lazy("Coinché ×2")),
    ("surcoinche", gettext_lazy("Surcoinché ×4")),
]


class CoincheDealForm(TeamsDealForm):
    """A coinche deal: the team that won the bidding, its contract and trump,
    coinché or not, its card points and the extras; or all four passed. The
    contracts and trumps offered are those the game's options allow."""

    contract = forms.ChoiceField(
        label=gettext_lazy("Contrat"),
        widget=forms.RadioSelect,
        required=False,
        error_messages={
            "invalid_choice": gettext_lazy(
                "Ce contrat n'est pas dans la liste de cette partie."
            )
        },
    )
    trump = forms.ChoiceField(
        label=gettext_lazy("Atout"),
        widget=forms.RadioSelect,
        required=False,
        error_messages={
            "invalid_choice": gettext_lazy(
                "Cet atout n'est pas dans la liste de cette partie."
            )
        },
    )
    coinche = forms.ChoiceField(
        label=gettext_lazy("Coinché ?"),
        widget=forms.RadioSelect,
        choices=DOUBLING_CHOICES,
        required=False,
        initial=NONE,
        error_messages={"invalid_choice": gettext_lazy("Coinché : non, ×2 ou ×4.")},
    )
    bidder_alone = forms.BooleanField(
        label=gettext_lazy("Le preneur a fait tous les plis seul"), required=False
    )
    team_label = gettext_lazy("Qui a pris le contrat ?")
    points_label = gettext_lazy("Points de cartes de l'équipe du contrat")
    team_missing = gettext_lazy("Dites quelle équipe a pris le contrat.")

    def add_player_fields(self) -> None:
        super().add_player_fields()
        rules = self.rules if isinstance(self.rules, CoincheRules) else CoincheRules()
        self.choice_field("contract").choices = [
            (key, translated(contract_label(key))) for key in rules.contracts
        ]
        self.choice_field("trump").choices = [
            (key, translated(TRUMP_LABELS[key])) for key in rules.trumps
        ]
        if not rules.generale:
            del self.fields["bidder_alone"]

    def clean(self) -> dict[str, object]:
        cleaned = super().clean()
        if cleaned.get("passed"):
            return cleaned
        for name, message in (
            ("contract", _("Choisissez le contrat.")),
            ("trump", _("Choisissez l'atout.")),
        ):
            if cleaned.get(name) in (None, "") and name not in self.errors:
                self.add_error(name, ValidationError(message, code="required"))
        if self.errors:
            self.entry = {}
            return cleaned
        doubling = cleaned.get("coinche")
        self.entry.update(
            contract=cleaned["contract"],
            trump=cleaned["trump"],
            coinche=doubling or None,
        )
        if cleaned.get("bidder_alone"):
            self.entry["bidder_alone"] = True
        return cleaned
