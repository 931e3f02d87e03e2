"""Forms of the game pages: creating a game (the game played, names in seating
order, then the kind's part: its options, and Yams's preset), entering a box,
undoing, renaming a player, passing the pencil; the base of a kind's round form
(each kind's own is in its folder, games/kinds/<key>/forms.py).

The forms only turn what was posted into the engine's vocabulary (names, options,
an entry dict); the models and the game's engine decide what is allowed and say
why not.
"""

import re
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from bands.models import Band
from games.kinds import options, registry
from games.kinds.base import GameKind, RoundKind
from games.kinds.state import PlayerLike
from games.models import TIMER_LONGEST, TIMER_SHORTEST, Game, kind_choices
from scorekeeper.lib import numbers
from scorekeeper.lib.names import MAX_NAME_LENGTH, clean_name, clean_names
from scorekeeper.lib.translation import translated


class NumberField(forms.IntegerField):
    """An integer typed in a form: ASCII digits only (see scorekeeper.lib.numbers)."""

    def to_python(self, value: object) -> int | None:
        if value in self.empty_values:
            return None
        text = str(value).strip()
        if not numbers.is_number(text, signed=True):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return int(text)


def new_request_key() -> str:
    return secrets.token_urlsafe(16)


def undo_key(version: int) -> str:
    """The idempotency key of the undo forms of a page at `version`: the undo of
    that version. A retried undo carries it again and takes back one; two phones
    that take back the same version take back one, not two. A game's version
    only grows, so no two undos of a game share a key. Made from the version
    rather than drawn from the system's randomness: every answer to a write
    carries one, and a busy server would wait for the interpreter again after
    each draw."""
    return f"undo-{version}"


class VersionField(forms.Field):
    """The version of the game a form was shown at, as posted: None if none. Never
    refused here: the write verb compares it as text, and a garbled one (never a
    number the server wrote) is simply stale, with the message that says so."""

    widget = forms.HiddenInput

    def to_python(self, value: object) -> str | None:
        if value in self.empty_values:
            return None
        return str(value)


class RequestKeyField(forms.Field):
    """An idempotency key: "" for anything this site never wrote (a NUL byte, say,
    must never reach the database); the write then simply has no key."""

    widget = forms.HiddenInput

    def to_python(self, value: object) -> str:
        if isinstance(value, str) and re.fullmatch(r"[A-Za-z0-9_-]{1,64}", value):
            return value
        return ""


class RenameForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Prénom"),
        max_length=MAX_NAME_LENGTH * 4,
        strip=False,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "words"}
        ),
    )

    def clean_name(self) -> str:
        return clean_name(self.cleaned_data["name"])


class ReseatForm(forms.Form):
    """A new seating: the players' ids, first seat first, as one value ("12,14,13,15",
    a move button's); the game checks they are its players (`Game.reseat`)."""

    order = forms.CharField(max_length=200)

    def clean_order(self) -> list[int]:
        pieces = self.cleaned_data["order"].split(",")
        if not all(re.fullmatch(r"[0-9]{1,18}", piece) for piece in pieces):
            raise forms.ValidationError(
                _("Ces places ne sont pas celles des joueurs de la partie.")
            )
        return [int(piece) for piece in pieces]


class ConfirmForm(forms.Form):
    """The undo's confirmation: neither field ever refuses (see their classes)."""

    seen_version = VersionField(required=False)
    request_key = RequestKeyField(required=False)


class PencilForm(forms.Form):
    """Who gets the pencil: a first name, optional, checked like a player's."""

    label = forms.CharField(
        label=gettext_lazy("À qui ?"),
        max_length=MAX_NAME_LENGTH * 4,
        required=False,
        strip=False,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "words"}
        ),
    )

    def clean_label(self) -> str:
        label = self.cleaned_data["label"]
        return clean_name(label) if label.strip() else ""


# --- a round (the kinds entered round by round) ------------------------------------


class RoundForm(forms.Form):
    """One round of a game scored by rounds, as the host's dialog posts it: the
    kind's fields turned into the engine's entry dict (`entry`); the engine, not
    the form, says what the rules refuse in it. `players` in seating order;
    `rules`, the game's, for a kind whose choices its options set."""

    request_key = RequestKeyField(required=False)
    seen_version = VersionField(required=False)

    def __init__(
        self,
        data: Mapping[str, object] | None = None,
        *,
        players: Iterable[PlayerLike],
        state: Any = None,
        rules: Any = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(data, **kwargs)
        self.players = list(players)
        # The game before this round (a `rounds.RoundsGame`), for a kind whose
        # fields depend on it (the cards dealt, the options), and its rules;
        # None in a bare form.
        self.state = state
        self.rules = rules
        self.entry: dict[str, object] = {}
        self.add_player_fields()

    def add_player_fields(self) -> None:
        """The kind's fields that depend on who plays."""

    def player_choices(self) -> list[tuple[str, str]]:
        return [(str(player.pk), player.name) for player in self.players]

    def clean(self) -> dict[str, Any]:
        # Django's `clean` may return None (a subclass's choice); this one never.
        super().clean()
        return self.cleaned_data

    def choice_field(self, name: str) -> forms.ChoiceField:
        """The choice field `name`, to set its choices once the players are known."""
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        return field

    def player_fields(self, prefix: str) -> list[tuple[PlayerLike, forms.BoundField]]:
        """[(player, its field)] of a per-player field, in seating order."""
        return [(p, self[f"{prefix}-{p.pk}"]) for p in self.players]


# --- creating a game ---------------------------------------------------------------

# Rows shown without JavaScript (the add/remove buttons then post the form back).
MIN_NAME_ROWS = 4


@dataclass(frozen=True)
class KindChoice:
    """One tile of the "Jeu" choice."""

    key: str
    label: str
    description: str
    min_players: int
    max_players: int
    checked: bool
    players_help: str  # the help under the names while this kind is checked


class KindPart(forms.Field):
    """A field that belongs to one kind's part of the create form. Without
    JavaScript the page posts every kind's fields; those of a kind not chosen are
    `ignored`: they clean to None, whatever was posted, and refuse nothing."""

    ignored = False

    def clean(self, value: object) -> object:
        if self.ignored:
            return None
        return super().clean(value)


class KindPartChoiceField(KindPart, forms.ChoiceField):
    pass


class KindPartMultipleChoiceField(KindPart, forms.MultipleChoiceField):
    pass


class KindPartBooleanField(KindPart, forms.BooleanField):
    pass


class RoundChoiceField(KindPart, forms.ChoiceField):
    """A round kind's choice option: any posted value goes through, so that the
    engine, which knows the option, says why one is impossible."""

    def valid_value(self, value: object) -> bool:
        return True


class RoundIntField(KindPart, forms.Field):
    """A round kind's number option: an int when the text is one, None when
    empty, else the text as posted, for the engine to refuse with its own
    message (it says the option's range)."""

    def to_python(self, value: object) -> int | str | None:
        if value in self.empty_values:
            return None
        text = str(value).strip()
        return int(text) if numbers.is_number(text, signed=True) else text


class CreatePart:
    """One kind's part of the create form (its plug-in's `create_part`): adds
    the kind's fields to the form, fills them from a game's options, and cleans
    what was posted into the kind's rules. The page draws it with the plug-in's
    `create_template` and `options_template` (`part` in their context)."""

    def __init__(self, kind: GameKind, form: "NewGameForm") -> None:
        self.kind, self.form = kind, form
        self.fields: dict[str, forms.Field] = {}

    @classmethod
    def initial_values(
        cls, kind: GameKind, options: Mapping[str, object]
    ) -> dict[str, object]:
        """The initial values of the part's fields for a game of these options
        (the next game of a band plays the same)."""
        return dict(options)

    @property
    def label(self) -> str:
        return translated(self.kind.label)

    def data_attributes(self) -> dict[str, str]:
        """Attributes of the form element the page script reads (data-<name>)."""
        return {}

    def clean(self, cleaned: dict[str, object]) -> object | None:
        """The rules of the game from the part's cleaned fields, or None with
        the form's errors added."""
        raise NotImplementedError


class OptionSpecsPart(CreatePart):
    """The part of a kind scored by rounds: one field per option its engine
    declares (`options.OptionSpec`), named by `option_name`."""

    def __init__(self, kind: GameKind, form: "NewGameForm") -> None:
        super().__init__(kind, form)
        for spec in self.specs:
            self.fields[option_name(kind.key, spec.key)] = option_field(spec)

    @property
    def specs(self) -> tuple[options.OptionSpec, ...]:
        assert isinstance(self.kind, RoundKind)  # the part of a kind scored by rounds
        return self.kind.option_specs

    @classmethod
    def initial_values(
        cls, kind: GameKind, options: Mapping[str, object]
    ) -> dict[str, object]:
        return {option_name(kind.key, key): value for key, value in options.items()}

    def bound_fields(self) -> list[tuple[forms.BoundField, options.OptionSpec]]:
        """[(bound field, spec)] for the template."""
        return [
            (self.form[option_name(self.kind.key, spec.key)], spec)
            for spec in self.specs
        ]

    def clean(self, cleaned: dict[str, object]) -> object | None:
        """The rules from the posted options, each checked by the engine beside
        its own field, then together."""
        form, key = self.form, self.kind.key
        options: dict[str, object] = {}
        for spec in self.specs:
            name = option_name(key, spec.key)
            value = cleaned.get(name)
            # An emptied field (or a choice nobody ticked) is the option's
            # default; only an optional number means "none" by being empty.
            if value in (None, "") and not spec.optional:
                value = spec.default
            options[spec.key] = value
            try:
                Game.rules_of(key, "", {spec.key: value})
            except ValidationError as exc:
                form.add_error(name, exc.messages)
        if any(option_name(key, option) in form.errors for option in options):
            return None
        try:
            return Game.rules_of(key, "", options)
        except ValidationError as exc:
            form.add_error(None, exc.messages)
            return None


def option_name(kind: str, key: str) -> str:
    """The field of a round kind's option: prefixed by the kind, since the page
    holds every kind's options at once and two kinds may name one alike."""
    return f"{kind}-{key}"


def option_field(spec: options.OptionSpec) -> forms.Field:
    """The form field of one option a round kind declares (options.OptionSpec)."""
    label, help_text = translated(spec.label), translated(spec.help)
    if spec.type == "bool":
        return KindPartBooleanField(
            label=label, help_text=help_text, required=False, initial=spec.default
        )
    if spec.type == "choice":
        return RoundChoiceField(
            label=label,
            help_text=help_text,
            choices=[(value, translated(text)) for value, text in spec.choices],
            widget=forms.RadioSelect,
            required=False,
            initial=spec.default,
        )
    return RoundIntField(
        label=label,
        help_text=help_text,
        required=False,
        initial=spec.default,
        widget=forms.NumberInput(
            attrs={"inputmode": "numeric", "min": spec.min, "max": spec.max}
        ),
    )


class NamesField(forms.Field):
    """Several inputs sharing the name `names`, in seating order."""

    class widget(forms.Widget):  # noqa: N801 - Django's attribute name
        def value_from_datadict(
            self, data: Mapping[str, object], files: Mapping[str, object], name: str
        ) -> list[object]:
            if hasattr(data, "getlist"):
                return data.getlist(name)
            value = data.get(name)
            return list(value) if isinstance(value, list | tuple) else []

    def to_python(self, value: Iterable[object] | None) -> list[str]:
        return [str(v) for v in (value or [])]

    def validate(self, value: list[str]) -> None:
        # The form checks names row by row, to put each message next to its row.
        pass


TIMER_LENGTH_ERROR = gettext_lazy(
    "Le minuteur dure de 10 à 1800 secondes (30 minutes) ; laissez vide pour "
    "jouer sans."
)
# Lengths offered as the host types (seconds): the field takes any other too.
TIMER_SUGGESTIONS = (30, 60, 90, 120, 180, 300)


class TimerLengthField(forms.IntegerField):
    """The turn timer's length in seconds; empty: no timer."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", gettext_lazy("Minuteur, en secondes"))
        kwargs.setdefault("required", False)
        super().__init__(
            min_value=TIMER_SHORTEST,
            max_value=TIMER_LONGEST,
            error_messages={
                "invalid": TIMER_LENGTH_ERROR,
                "min_value": TIMER_LENGTH_ERROR,
                "max_value": TIMER_LENGTH_ERROR,
            },
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 1}),
            **kwargs,
        )


class TimerForm(forms.Form):
    """The timer's controls on the host's and the pencil's page: pause, resume,
    a new length, or off."""

    PAUSE, RESUME, SET, OFF = "pause", "resume", "set", "off"

    action = forms.ChoiceField(
        choices=[(PAUSE, PAUSE), (RESUME, RESUME), (SET, SET), (OFF, OFF)],
        error_messages={"invalid_choice": gettext_lazy("Action inconnue.")},
    )
    seconds = TimerLengthField()

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        wanted = cleaned.get("action") == self.SET
        if wanted and cleaned.get("seconds") is None and "seconds" not in self.errors:
            self.add_error("seconds", TIMER_LENGTH_ERROR)
        return cleaned


class NewGameForm(forms.Form):
    """The game played (`kind`, one of the registry's), the players' names,
    then the kind's options: each kind's part (`CreatePart`, named by its
    plug-in) adds its fields and cleans them into the game's rules.

    `initial={"kind": key, "names": [...], "preset": key, "options": {...}}`
    prefills it (the next game of a band uses that for "the same band again"),
    `options` being the kind's; `create(band=None)` makes the game and returns
    (game, host_token).
    """

    kind = forms.ChoiceField(
        label=gettext_lazy("Jeu"),
        choices=kind_choices,
        widget=forms.RadioSelect,
        required=False,
        initial=registry.DEFAULT,
        error_messages={"invalid_choice": gettext_lazy("Jeu inconnu.")},
    )
    names = NamesField(required=False)
    name_max_length = MAX_NAME_LENGTH
    # "1" while the names stand in the order drawn by "Tirer l'ordre au hasard";
    # any move by hand clears it.
    drawn = forms.BooleanField(required=False, widget=forms.HiddenInput)
    timer = TimerLengthField()

    def __init__(
        self,
        data: Mapping[str, object] | None = None,
        *,
        initial: Mapping[str, object] | None = None,
        **kwargs: Any,
    ) -> None:
        initial = dict(initial or {})
        options = cast(Mapping[str, object], initial.pop("options", None) or {})
        chosen = registry.KINDS.get(str(initial.get("kind") or registry.DEFAULT))
        if chosen is not None:
            part_class: type[CreatePart] = chosen.create_part_class
            initial.update(part_class.initial_values(chosen, options))
        super().__init__(data, initial=initial, **kwargs)
        # Each kind's part, in the registry's order; {field name: its kind}.
        self.parts: dict[str, CreatePart] = {}
        self.kind_of_field: dict[str, str] = {}
        for key, game_kind in registry.KINDS.items():
            part = game_kind.create_part_class(game_kind, self)
            self.parts[key] = part
            for name, field in part.fields.items():
                self.fields[name] = field
                self.kind_of_field[name] = key
        if self.is_bound:
            posted = self.data.get("kind") or registry.DEFAULT
            for name, key in self.kind_of_field.items():
                field = self.fields[name]
                assert isinstance(field, KindPart)
                field.ignored = key != posted
        self.row_errors: dict[int, str] = {}
        self.cleaned_names: list[str] = []
        self.just_drawn: bool = False

    # --- the kind ----------------------------------------------------------------

    def current_kind(self) -> str:
        """The kind checked on the page (the registry's first unless told
        otherwise)."""
        return str(self["kind"].value() or registry.DEFAULT)

    def kind_choices(self) -> list[KindChoice]:
        """The tiles of the "Jeu" choice, in the registry's order."""
        current = self.current_kind()
        return [
            KindChoice(
                kind.key,
                translated(kind.label),
                translated(kind.description),
                kind.min_players,
                kind.max_players,
                current == kind.key,
                kind.players_help(),
            )
            for kind in registry.KINDS.values()
        ]

    def data_attributes(self) -> list[tuple[str, str]]:
        """[(name, value)] of the data- attributes the parts give the form."""
        return [
            (name, value)
            for part in self.parts.values()
            for name, value in part.data_attributes().items()
        ]

    # --- names -----------------------------------------------------------------

    def name_rows(self) -> list[tuple[int, str, str | None]]:
        """[(index, value, error)] for the name inputs, with room to add players."""
        if self.is_bound:
            values = list(self["names"].value() or [])
        else:
            values = [str(name) for name in self.initial.get("names") or []]
            values.append("")
            values += [""] * (MIN_NAME_ROWS - len(values))
        values = values[: self.max_rows()] or [""]
        return [(i, v, self.row_errors.get(i)) for i, v in enumerate(values)]

    def is_drawn(self) -> bool:
        """The names stand in the order the draw gave them."""
        return self["drawn"].value() in (True, "True", "true", "1", "on")

    def seated_names(self) -> list[str]:
        return [value for _index, value, _error in self.name_rows() if value.strip()]

    def max_rows(self) -> int:
        return max(kind.max_players for kind in registry.KINDS.values())

    @property
    def is_row_edit(self) -> bool:
        """The no-JavaScript row buttons (add, remove, move up or down) and the
        seating draw: not a create."""
        return self.is_bound and any(
            self.data.get(key) for key in ("add_row", "remove_row", "move_row", "draw")
        )

    def row_edit(self) -> "NewGameForm":
        """The same form, unbound, after the row edit asked for by the buttons:
        the kind and every option as they were posted."""
        names = list(self["names"].value() or [])
        drawn = self["drawn"].value() in (True, "1", "True", "on")
        removed = self.data.get("remove_row", "")
        row = numbers.optional_int(removed)
        if row is not None and row < len(names):
            del names[row]
        if move_seat(names, self.data.get("move_row", "")):
            drawn = False
        # Blank rows go; the unbound form adds one free row (and pads to four).
        names = [name for name in names if name.strip()]
        if self.data.get("draw"):
            names, drawn = draw_seating(names), len(names) > 1
        initial = {"names": names, "kind": self["kind"].value(), "drawn": drawn}
        # By field name (not `options`): every kind's fields keep what was posted.
        initial.update({name: self[name].value() for name in self.kind_of_field})
        form = NewGameForm(initial=initial)
        form.just_drawn = bool(self.data.get("draw")) and drawn
        return form

    # --- validation --------------------------------------------------------------

    def clean_kind(self) -> str:
        return self.cleaned_data["kind"] or registry.DEFAULT

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        kind = cleaned.get("kind")
        # No part for a kind the form refused: a forged kind creates nothing.
        part = self.parts.get(str(kind)) if kind else None
        rules: Any = part.clean(cleaned) if part is not None else None
        cleaned["options"] = rules.options if rules else {}
        self._clean_names(cleaned.get("names") or [], rules, part)
        return cleaned

    def _clean_names(
        self, raw_names: list[str], rules: object | None, part: CreatePart | None
    ) -> None:
        names, self.row_errors = clean_names(raw_names)
        if self.row_errors:
            self.add_error("names", _("Corrigez les prénoms signalés."))
        else:
            try:
                kind = part.kind if part is not None else None
                Game.check_player_count(names, rules, kind)
            except ValidationError as exc:
                self.add_error("names", exc)
        self.cleaned_names = names

    def create(self, band: Band | None = None) -> tuple[Game, str]:
        """Creates the game (the form must be valid); returns (game, host_token)."""
        if not self.is_valid():
            raise ValueError("create() needs a valid form")
        return Game.objects.create_game(
            self.cleaned_names,
            self.cleaned_data.get("preset") or "",
            self.cleaned_data["options"],
            band=band,
            timer_seconds=self.cleaned_data.get("timer"),
            seating_drawn=bool(self.cleaned_data.get("drawn"))
            and len(self.cleaned_names) > 1,
            kind=self.cleaned_data["kind"],
        )


# The seating order on the create page: drawn at random, or moved by hand.


def draw_seating(names: Iterable[str]) -> list[str]:
    """`names` in a random order (a new list), from the system's randomness."""
    drawn = list(names)
    secrets.SystemRandom().shuffle(drawn)
    return drawn


def move_seat(names: list[str], order: object) -> bool:
    """Applies "up:<i>" or "down:<i>" (a row button) to `names` in place; True
    when a row moved. Anything else is ignored: the form is shown again as is."""
    way, _sep, digits = str(order).partition(":")
    if way not in ("up", "down") or not numbers.is_number(digits):
        return False
    index = int(digits)
    other = index - 1 if way == "up" else index + 1
    if not (0 <= index < len(names) and 0 <= other < len(names)):
        return False
    names[index], names[other] = names[other], names[index]
    return True
