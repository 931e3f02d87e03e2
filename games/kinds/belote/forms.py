"""The form of a belote deal, as the host's dialog posts it (its fields are drawn
by templates/kinds/belote/round_fields.jinja); coinche's builds on it
(games/kinds/coinche/forms.py)."""

from collections.abc import Mapping
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.forms import KindPart, NumberField, OptionSpecsPart, RoundForm, option_name
from games.models import Game

from .teams import CARD_POINTS, MAX_TEAM_NAME, NAMES, TEAMS, TeamRules, team_name

NONE = ""


class TeamsDealForm(RoundForm):
    """What belote and coinche deals share: the team that took, named by its
    players; its card points; capot and belote-rebelote (which team, or none).
    Teams go to the engine as 1 or 2; a value posted outside these buttons is
    refused here with the reason, and nothing is recorded."""

    passed = forms.BooleanField(required=False)
    team = forms.TypedChoiceField(
        widget=forms.RadioSelect,
        coerce=int,
        required=False,
        error_messages={
            "invalid_choice": gettext_lazy("L'équipe : l'une des deux de la table.")
        },
    )
    points = NumberField(
        min_value=0,
        max_value=CARD_POINTS,
        required=False,
        error_messages={
            "invalid": gettext_lazy("Les points de cartes : un nombre entier."),
            "min_value": gettext_lazy("Les points de cartes : de 0 à 162."),
            "max_value": gettext_lazy("Les points de cartes : de 0 à 162."),
        },
    )
    capot = forms.ChoiceField(
        label=gettext_lazy("Capot"),
        widget=forms.RadioSelect,
        required=False,
        initial=NONE,
        error_messages={
            "invalid_choice": gettext_lazy("Le capot : l'une des équipes, ou aucune.")
        },
    )
    belote = forms.ChoiceField(
        label=gettext_lazy("Belote-rebelote"),
        widget=forms.RadioSelect,
        required=False,
        initial=NONE,
        error_messages={
            "invalid_choice": gettext_lazy(
                "La belote-rebelote : l'une des équipes, ou aucune."
            )
        },
    )
    team_label = gettext_lazy("Qui prend ?")
    points_label = gettext_lazy("Points de cartes de l'équipe qui prend")
    team_missing = gettext_lazy("Dites quelle équipe prend.")

    def add_player_fields(self) -> None:
        names = [(str(team), self.team_name(team)) for team in TEAMS]
        self.choice_field("team").choices = names
        self.fields["team"].label = self.team_label
        self.fields["points"].label = self.points_label
        # A capot, une belote: "none" agrees with each.
        self.choice_field("capot").choices = [(NONE, _("Aucun")), *names]
        self.choice_field("belote").choices = [(NONE, _("Aucune")), *names]

    def team_name(self, team: int) -> str:
        if len(self.players) != 4:
            return _("Équipe %(team)s") % {"team": team}
        return team_name(self.rules, self.players, team)  # type: ignore[arg-type]

    def clean(self) -> dict[str, object]:
        cleaned = super().clean()
        if cleaned.get("passed"):
            self.entry = {"passed": True}
            return cleaned
        if cleaned.get("team") in (None, "") and "team" not in self.errors:
            self.add_error("team", ValidationError(self.team_missing, code="required"))
        capot = self.optional_team(cleaned.get("capot"))
        points = cleaned.get("points")
        if capot is None and points is None and "points" not in self.errors:
            self.add_error(
                "points",
                ValidationError(
                    _("Combien de points de cartes l'équipe a-t-elle faits ?"),
                    code="required",
                ),
            )
        if self.errors:
            return cleaned
        self.entry = {
            "team": cleaned["team"],
            "points": cleaned.get("points"),
            "capot": capot,
            "belote": self.optional_team(cleaned.get("belote")),
        }
        return cleaned

    @staticmethod
    def optional_team(value: object) -> int | None:
        return int(str(value)) if value not in (None, NONE) else None


class BeloteDealForm(TeamsDealForm):
    """A belote deal: the team that took, its card points, the extras; or
    nobody took (`passed`)."""


# --- creating a game ---------------------------------------------------------------


class TeamNameField(KindPart, forms.CharField):
    pass


class TeamsPart(OptionSpecsPart):
    """The create page's part of a kind in teams: its options, and a name for
    each team (optional: a team is named by its players unless the host types
    one), kept with the options."""

    def __init__(self, kind: Any, form: Any) -> None:
        super().__init__(kind, form)
        for team in TEAMS:
            self.fields[self.name_field(team)] = TeamNameField(
                label=_("Nom de l'équipe %(team)s") % {"team": team},
                max_length=MAX_TEAM_NAME,
                required=False,
            )

    def name_field(self, team: int) -> str:
        return option_name(self.kind.key, f"team{team}")

    @classmethod
    def initial_values(
        cls, kind: Any, options: Mapping[str, object]
    ) -> dict[str, object]:
        values = super().initial_values(
            kind, {key: value for key, value in options.items() if key != NAMES}
        )
        names = options.get(NAMES)
        if isinstance(names, list | tuple):
            for team, name in zip(TEAMS, names, strict=False):
                values[option_name(kind.key, f"team{team}")] = name
        return values

    def team_fields(self) -> list[tuple[int, forms.BoundField]]:
        return [(team, self.form[self.name_field(team)]) for team in TEAMS]

    def clean(self, cleaned: dict[str, object]) -> object | None:
        rules = super().clean(cleaned)
        if not isinstance(rules, TeamRules):
            return None
        names = [str(cleaned.get(self.name_field(team)) or "") for team in TEAMS]
        if not any(name.strip() for name in names):
            return rules
        try:
            return Game.rules_of(self.kind.key, "", {**rules.options, NAMES: names})
        except ValidationError as exc:
            self.form.add_error(None, exc.messages)
            return None
