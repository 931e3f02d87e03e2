"""Forms of the game pages: entering a box, undoing, renaming a player, passing
the pencil (the create page's form is `games.new_game_form`).

The forms only turn what was posted into the engine's vocabulary (an entry dict, a
name); the game's write verbs and the rules engine decide what is allowed and say
why not.
"""

import re
import secrets

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.kinds.yams.sheet import ROLLS_PER_TURN
from games.messages import tr
from games.new_game_form import NewGameForm
from scorekeeper.lib import numbers
from scorekeeper.lib.names import MAX_NAME_LENGTH, clean_name

__all__ = ["ConfirmForm", "EntryForm", "NewGameForm", "PencilForm", "RenameForm"]

CROSS = "x"
MADE = "made"


class NumberField(forms.IntegerField):
    """An integer typed in a form: ASCII digits only (see scorekeeper.lib.numbers)."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        text = str(value).strip()
        if not numbers.is_number(text, signed=True):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return int(text)


class OpenChoiceField(forms.ChoiceField):
    """Radio buttons for the usual values that also let any other number, "made"
    and "Barrer" through, so that the rules engine, not the form, says why it is
    impossible: what the form accepts never depends on the sheet, so a retried
    request gets its first answer even once its box is filled."""

    def valid_value(self, value):
        if super().valid_value(value) or value in (MADE, CROSS):
            return True
        return numbers.is_number(value, signed=True)


def new_request_key():
    return secrets.token_urlsafe(16)


class VersionField(forms.Field):
    """The version of the game a form was shown at, as posted: None if none. Never
    refused here: the write verb compares it as text, and a garbled one (never a
    number the server wrote) is simply stale, with the message that says so."""

    widget = forms.HiddenInput

    def to_python(self, value):
        if value in self.empty_values:
            return None
        return str(value)


class RequestKeyField(forms.Field):
    """An idempotency key: "" for anything this site never wrote (a NUL byte, say,
    must never reach the database); the write then simply has no key."""

    widget = forms.HiddenInput

    def to_python(self, value):
        if isinstance(value, str) and re.fullmatch(r"[A-Za-z0-9_-]{1,64}", value):
            return value
        return ""


class EntryForm(forms.Form):
    """What the host says the dice showed for one box.

    One radio group `value` holds the count, face, total or "made", and "Barrer":
    picking one unpicks the others, with or without JavaScript. The faces of the
    multi-group boxes (two pairs, full with six dice…) are one group per role.
    """

    request_key = forms.CharField(
        widget=forms.HiddenInput, max_length=64, required=False
    )
    seen_version = VersionField(required=False)

    def __init__(self, *args, spec, box, column, variant, bank=0, sheet=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.spec, self.box, self.column, self.variant = spec, box, column, variant
        # The player's rules Sheet: it tells a further Yams from five of a face.
        self.sheet = sheet
        self.entry = None
        value_choices = []
        if spec.kind in ("count", "face"):
            value_choices = [(str(n), str(n)) for n in spec.choices]
        elif spec.kind == "total":
            value_choices = [(str(n), str(n)) for n in range(spec.min, spec.max + 1)]
        elif spec.kind == "made":
            value_choices = [(MADE, _("Réussi"))]
        if spec.crossable:
            value_choices.append((CROSS, _("Barrer")))
        self.fields["value"] = OpenChoiceField(
            choices=value_choices, required=False, widget=forms.RadioSelect
        )
        for index in range(spec.n_faces):
            self.fields[f"face_{index}"] = OpenChoiceField(
                choices=[(str(n), str(n)) for n in spec.choices],
                required=False,
                widget=forms.RadioSelect,
            )
        if spec.typed:
            self.fields["points"] = NumberField(
                label=_("Points tapés"),
                required=False,
                # The engine refuses out-of-range points with its own message.
                widget=forms.NumberInput(
                    attrs={"inputmode": "numeric", "min": 0, "max": spec.typed_max}
                ),
            )
        # In an upper box, five dice of the face are a Yams the app sees by itself
        # (see clean); elsewhere only the host can tell (a total of 25 may be
        # five 5s or not), so the toggle asks — once a further Yams pays, that
        # is when the Yams box holds 50.
        upper = box.section == "upper"
        pays = sheet is None or sheet.takes_yams_bonus(column)
        if variant.yams_rule == "bonus" and box.key != "yams" and not upper and pays:
            self.fields["extra_yams"] = forms.BooleanField(
                label=_("Yams supplémentaire (+100)"), required=False
            )
        if variant.saved_rolls:
            highest = 1 if column == "dry" else ROLLS_PER_TURN + bank
            self.fields["rolls"] = OpenChoiceField(
                label=_("Lancers utilisés"),
                choices=[(str(n), str(n)) for n in range(1, highest + 1)],
                required=False,
                widget=forms.RadioSelect,
                initial=str(min(ROLLS_PER_TURN, highest)),
            )
        if not self.is_bound:
            self.initial.setdefault("request_key", new_request_key())

    def free_all_alike_box(self):
        """The empty Yams (Maxi Yatzy) box, when the entry is all the dice alike."""
        if self.sheet is None or self.entry is None:
            return None
        key = self.sheet.free_all_alike_box(self.column, self.box.key, self.entry)
        return self.variant.box(key) if key else None

    def yams_box_taking_more(self):
        """The Yams box that still takes a further Yams, when the entry is all the
        dice alike (Multi-Yams)."""
        if self.sheet is None or self.entry is None:
            return None
        return self.sheet.yams_box_taking_more(self.column, self.box.key, self.entry)

    @property
    def faces_fields(self):
        return [
            (self[f"face_{index}"], tr(role))
            for index, role in enumerate(self.spec.face_roles)
        ]

    def value_choices(self):
        """The value buttons, Barrer left out (it gets its own row)."""
        return [c for c in self["value"] if c.data["value"] != CROSS]

    def cross_choice(self):
        return next((c for c in self["value"] if c.data["value"] == CROSS), None)

    def value_entries(self):
        """[(value, entry)]: the entry each button of the value group stands for,
        as `clean` would build it from that button alone (default rolls)."""
        entries = []
        rolls = self.fields.get("rolls")
        for value, _label in self.fields["value"].choices:
            if value == CROSS:
                entry = {"kind": "cross"}
            elif value == MADE:
                entry = {"kind": "made"}
            elif self.spec.kind in ("count", "face", "total"):
                entry = {"kind": self.spec.kind, "value": int(value)}
            else:
                continue
            if rolls is not None:
                entry["rolls"] = int(rolls.initial)
            entries.append((value, entry))
        return entries

    def clean(self):
        cleaned = super().clean()
        value = cleaned.get("value") or ""
        points = cleaned.get("points")
        faces = [cleaned.get(f"face_{i}") or "" for i in range(self.spec.n_faces)]
        if self.errors:
            return cleaned
        if value == CROSS:
            if points is not None or any(faces):
                raise ValidationError(
                    _("Choisissez une valeur ou Barrer, pas les deux."), code="both"
                )
            entry = {"kind": "cross"}
        elif points is not None:
            if value or any(faces):
                raise ValidationError(
                    _("Choisissez une valeur ou tapez les points, pas les deux."),
                    code="both",
                )
            entry = {"kind": "points", "value": points}
        elif self.spec.kind == "faces":
            if not any(faces):
                raise ValidationError(
                    _("Choisissez les faces, ou Barrer."), code="missing"
                )
            if not all(faces):
                raise ValidationError(
                    _("Choisissez une face pour chaque groupe."), code="missing"
                )
            entry = {"kind": "faces", "values": [int(face) for face in faces]}
        elif not value:
            raise ValidationError(
                _("Choisissez une valeur, ou Barrer."), code="missing"
            )
        elif value == MADE:
            entry = {"kind": "made"}
        elif self.spec.kind in ("count", "face", "total"):
            entry = {"kind": self.spec.kind, "value": int(value)}
        else:
            raise ValidationError(
                _("Choisissez une des valeurs proposées."), code="invalid"
            )
        if cleaned.get("extra_yams") or (
            self.sheet is not None
            and self.sheet.is_further_yams(self.column, self.box.key, entry)
        ):
            entry["extra_yams"] = True
        if cleaned.get("rolls"):
            entry["rolls"] = int(cleaned["rolls"])
        self.entry = entry
        return cleaned


class RenameForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Prénom"),
        max_length=MAX_NAME_LENGTH * 4,
        strip=False,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "words"}
        ),
    )

    def clean_name(self):
        return clean_name(self.cleaned_data["name"])


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

    def clean_label(self):
        label = self.cleaned_data["label"]
        return clean_name(label) if label.strip() else ""
