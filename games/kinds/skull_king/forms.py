"""The form of a Skull King round, as the host's dialog posts it (its fields are
drawn by templates/kinds/skull_king/round_fields.jinja): each player's bid and
tricks in one tap each, the bonuses folded away per player.

The form reads what was tapped; the engine says what the rules refuse (a bid
above the cards dealt, tricks that do not add up, a bonus beyond the deck), with
the player's name."""

from dataclasses import dataclass
from typing import cast

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.forms import NumberField, RoundForm
from games.kinds import rounds
from games.kinds.skull_king import rules as sk
from scorekeeper.lib.translation import translated

# The bonuses' short names in the dialog, where the player's name is above.
BONUS_SHORT = {
    "fourteens": gettext_lazy("14 de couleur"),
    "black_fourteen": gettext_lazy("14 noir"),
    "mermaids": gettext_lazy("Sirènes prises par un pirate"),
    "pirates": gettext_lazy("Pirates pris par le Skull King"),
    "skull_king": gettext_lazy("Skull King pris par une sirène"),
    "loot": gettext_lazy("Alliances de butin réussies"),
    "wager": gettext_lazy("Pari de Rascal"),
    "cannonball": gettext_lazy("Boulet de canon"),
}
FLAGS = ("black_fourteen", "skull_king", "cannonball")


@dataclass(frozen=True)
class Steps:
    """A number entered in one tap on a row of small buttons (0 … most)."""

    field: forms.BoundField
    label: str
    values: tuple[int, ...]

    @property
    def name(self) -> str:
        return self.field.html_name

    @property
    def current(self) -> str:
        value = self.field.value()
        return "" if value is None else str(value)


@dataclass(frozen=True)
class Flag:
    """A yes/no bonus: one checkbox."""

    field: forms.BoundField
    label: str

    @property
    def name(self) -> str:
        return self.field.html_name

    @property
    def checked(self) -> bool:
        return bool(self.field.value())


@dataclass(frozen=True)
class PlayerRow:
    """A player's part of the dialog."""

    player: object
    bid: Steps
    tricks: Steps
    bonuses: tuple[Steps | Flag, ...]
    open: bool  # the bonus fold, open when a bonus is set (a form shown again)


class SkullKingRoundForm(RoundForm):
    """A round: the cards dealt (asked only when they may differ from the
    round's number), the tricks won by nobody (advanced cards), then for each
    player the bid, the tricks won and the bonuses, as counts."""

    def add_player_fields(self) -> None:
        state = self.state
        if isinstance(state, rounds.RoundsGame) and isinstance(
            state.rules, sk.SkullKingRules
        ):
            self.rules = state.rules
            self.number = state.number
            self.dealt = state.rules.cards(state)
        else:
            self.rules = sk.SkullKingRules()
            self.number = 1
            self.dealt = sk.cards_dealt(1, len(self.players))
        self.most = self.rules.most_cards(len(self.players))
        # The rulebook's short games deal other numbers of cards; at 8 players
        # the deck runs out: the host says the cards then, the usual deal
        # already chosen.
        self.asks_cards = self.rules.rounds < sk.ROUNDS or self.dealt != self.number
        if self.asks_cards:
            self.fields["cards"] = self.number_field(
                _("Cartes distribuées"), _("Combien de cartes chacun a-t-il reçues ?")
            )
            self.fields["cards"].initial = self.dealt
        if self.rules.advanced:
            self.fields["lost_tricks"] = self.number_field(
                _("Plis remportés par personne"), "", required=False
            )
        self.keys = self.rules.entry_keys()
        for player in self.players:
            name = {"name": player.name}
            self.fields[f"bid-{player.pk}"] = self.number_field(
                _("Mise de %(name)s") % name, _("Il manque la mise de %(name)s.") % name
            )
            self.fields[f"tricks-{player.pk}"] = self.number_field(
                _("Plis de %(name)s") % name,
                _("Il manque les plis de %(name)s.") % name,
            )
            for key in self.keys[2:]:
                label = f"{BONUS_SHORT[key]} ({player.name})"
                if key in FLAGS:
                    self.fields[f"{key}-{player.pk}"] = forms.BooleanField(
                        label=label, required=False
                    )
                else:
                    self.fields[f"{key}-{player.pk}"] = self.number_field(
                        label, "", required=False
                    )

    def number_field(
        self, label: str, missing: str, required: bool = True
    ) -> NumberField:
        return NumberField(
            label=label,
            required=required,
            error_messages={
                "required": missing,
                "invalid": _("%(label)s : un nombre entier.") % {"label": label},
            },
        )

    # --- what the template draws ------------------------------------------------

    @property
    def cards_steps(self) -> Steps | None:
        if not self.asks_cards:
            return None
        return Steps(
            self["cards"],
            str(self.fields["cards"].label),
            tuple(range(1, self.most + 1)),
        )

    @property
    def lost_steps(self) -> Steps | None:
        if not self.rules.advanced:
            return None
        most = min(sk.MOST_LOST_TRICKS, self.dealt)
        return Steps(
            self["lost_tricks"],
            str(self.fields["lost_tricks"].label),
            tuple(range(most + 1)),
        )

    @property
    def player_rows(self) -> list[PlayerRow]:
        # With the cards asked the host may change them: every count up to the
        # most a deal can be, the engine refusing a bid above the cards dealt.
        most = self.most if self.asks_cards else self.dealt
        counts = tuple(range(most + 1))
        bonus_most = {key: top for key, top, _flag in sk.BONUS_FIELDS}
        bonus_most["pirates"] = min(bonus_most["pirates"], len(self.players) - 1)
        rows = []
        for player in self.players:
            bonuses: list[Steps | Flag] = []
            for key in self.keys[2:]:
                field = self[f"{key}-{player.pk}"]
                label = str(BONUS_SHORT[key])
                if key in FLAGS:
                    bonuses.append(Flag(field, label))
                elif key == "wager":
                    bonuses.append(Steps(field, label, sk.WAGERS))
                else:
                    bonuses.append(
                        Steps(field, label, tuple(range(bonus_most[key] + 1)))
                    )
            rows.append(
                PlayerRow(
                    player=player,
                    bid=Steps(self[f"bid-{player.pk}"], _("Mise"), counts),
                    tricks=Steps(self[f"tricks-{player.pk}"], _("Plis"), counts),
                    bonuses=tuple(bonuses),
                    open=self.is_bound
                    and any(
                        self.data.get(b.name) not in (None, "", "0") for b in bonuses
                    ),
                )
            )
        return rows

    @property
    def scoring_hint(self) -> str:
        """The round's scoring in a line, under the heading."""
        if self.rules.scoring == sk.RASCAL:
            return _(
                "Dans le mille : 10 × cartes ; à un pli près : la moitié ; "
                "boulet de canon : 15 × cartes, sinon rien."
            )
        return _(
            "Mise réussie : 20 par pli annoncé et les bonus ; manquée : −10 par "
            "pli d'écart. Mise zéro : ±10 × cartes."
        )

    # --- the entry ---------------------------------------------------------------

    def clean(self) -> dict[str, object]:
        cleaned = super().clean()
        entry: dict[str, object] = {}
        if self.asks_cards and cleaned.get("cards") is not None:
            entry["cards"] = cleaned["cards"]
        if self.rules.advanced:
            entry["lost_tricks"] = cleaned.get("lost_tricks") or 0
        players: dict[str, dict[str, object]] = {}
        for player in self.players:
            read: dict[str, object] = {}
            for key in self.keys:
                value = cleaned.get(f"{key}-{player.pk}")
                if key in FLAGS:
                    read[key] = bool(value)
                elif value is not None:
                    read[key] = value
                elif key not in ("bid", "tricks"):
                    read[key] = 0
            players[str(player.pk)] = read
        entry["players"] = players
        self.entry = entry
        if self.errors:
            self.check_tricks_early(entry)
        return cleaned

    def check_tricks_early(self, entry: dict[str, object]) -> None:
        """Once every player's tricks are in, whether they add up is said at
        once, while bids are still missing (the engine's check, its message)."""
        players = entry["players"]
        assert isinstance(players, dict)
        if any("tricks" not in read for read in players.values()):
            return
        if {"cards", "lost_tricks"} & set(self.errors):
            return
        cards = cast(int, entry.get("cards", self.dealt))
        lost = cast(int, entry.get("lost_tricks", 0))
        try:
            sk.check_tricks(players, cards, lost)
        except rounds.InvalidRound as refusal:
            self.add_error(None, translated(refusal.message))
