"""What the host enters for a box, and what it is worth.

The host never enters dice: for each box the dialog asks one thing (how many dice
show the face, which face, which faces, the total, made or not) or crosses the box
out. Entries are plain JSON dicts, stored as they are and replayed later, so every
way they can be wrong ends in `InvalidEntry`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from ..messages import Message, gettext_noop
from .entry_rules import EntryData, MadeRule, int_value, is_int, refusal

if TYPE_CHECKING:
    from .boxes import Box
    from .totals import Totals

KINDS = ("count", "face", "faces", "total", "made", "cross", "points")
YAMS_BONUS = 100
# A further Yams written in a sum box: five dice of one face.
YAMS_TOTALS = (5, 10, 15, 20, 25, 30)

EXPECTED = {
    "count": gettext_noop("le nombre de dés"),
    "face": gettext_noop("la face"),
    "faces": gettext_noop("les faces"),
    "total": gettext_noop("le total des dés"),
    "made": gettext_noop("réussi ou non"),
}


@dataclass(frozen=True)
class EntrySpec:
    """What the dialog asks for one box; crossing out is always offered too."""

    box: str
    kind: str
    prompt: str
    choices: tuple[int, ...] = ()
    min: int | None = None
    max: int | None = None
    n_faces: int = 0
    face_roles: tuple[str, ...] = ()
    made_points: int | None = None
    typed: bool = False
    typed_max: int | None = None
    crossable: bool = True


@dataclass(frozen=True, slots=True)
class Scored:
    """Points for the box, the calculation shown before validating, and the +100
    a further Yams earns on top (yahtzee) — the box itself never holds that."""

    points: int
    calculation: Message
    yams_bonus: int = 0


@dataclass(frozen=True)
class Reading:
    """An entry once checked against its box: what the scorecard needs to keep."""

    kind: str
    scored: Scored
    extra_yams: bool
    rolls: int | None


class VariantLike(Protocol):
    """What a Scorecard and the reading of an entry use of their Variant.

    A Protocol rather than the class: variants.py imports this module and
    scorecard.py, so neither may import it back, not even for types only. `Variant`
    is the one implementation (a frozen dataclass: hashable, so its figures are
    cached by variant).
    """

    def __hash__(self) -> int: ...
    @property
    def dice(self) -> int: ...
    @property
    def columns(self) -> tuple[str, ...]: ...
    @property
    def yams_rule(self) -> str: ...
    @property
    def saved_rolls(self) -> bool: ...
    @property
    def typed_points(self) -> bool: ...
    @property
    def boxes(self) -> tuple[Box, ...]: ...
    @property
    def bonus_points(self) -> int: ...
    @property
    def box_keys(self) -> tuple[str, ...]: ...
    def box(self, key: str) -> Box: ...
    def _entry_box(self, key: str) -> Box: ...
    def column_label(self, column: str) -> str: ...
    def totals(
        self, points: Mapping[str, int | Sequence[int]], extra_yams: int = 0
    ) -> Totals: ...


# A typed score (house rules) may go past what the dice can make in the box — a
# table may count a brelan on every die plus a bonus, 27 where the scorecard says 18 —
# so the bound only catches a slip of the thumb (270 for 27).
TYPED_FACTOR = 2
TYPED_FLOOR = 50


def natural_max(box: Box, nth: int = 0) -> int:
    """What the box (or this Yams slot) can be worth by the dice."""
    if isinstance(box.entry, MadeRule) and box.entry.repeat_points is not None:
        return box.entry.points_for(nth)
    return box.max_points


def typed_max(box: Box, nth: int = 0) -> int:
    """The most a typed score may be: twice the box's natural maximum, at least 50."""
    return max(TYPED_FLOOR, TYPED_FACTOR * natural_max(box, nth))


def entry_spec(variant: VariantLike, box: Box, nth: int = 0) -> EntrySpec:
    rule = box.entry
    spec = EntrySpec(box=box.key, kind=rule.kind, prompt=rule.prompt, **rule.spec(box))
    if isinstance(rule, MadeRule) and nth:
        spec = replace(spec, made_points=rule.points_for(nth), crossable=False)
    if variant.typed_points:
        spec = replace(spec, typed=True, typed_max=typed_max(box, nth))
    return spec


def read(variant: VariantLike, box: Box, entry: EntryData, nth: int = 0) -> Reading:
    """Checks `entry` for `box` (the Yams slot `nth` of a repeatable box) → Reading.

    Everything that does not depend on the rest of the scorecard is checked here; the
    scorecard adds column order, the Yams box of the column and the saved-rolls bank.
    """
    if not isinstance(entry, Mapping):
        raise refusal(box, gettext_noop("%(box)s : saisie mal formée."))
    kind = entry.get("kind")
    if kind not in KINDS:
        raise refusal(
            box,
            gettext_noop("%(box)s : type de saisie inconnu (« %(kind)s »)."),
            kind=str(kind),
        )
    rule = box.entry
    if kind == "points" and not variant.typed_points:
        raise refusal(
            box,
            gettext_noop(
                "%(box)s : la saisie directe des points n'est pas activée dans cette "
                "partie."
            ),
        )
    if kind not in ("cross", "points", rule.kind):
        raise refusal(
            box,
            gettext_noop(
                "%(box)s : cette case se remplit avec %(expected)s, ou se barre."
            ),
            expected=Message(EXPECTED[rule.kind]),
        )
    _check_keys(box, entry, kind)
    extra_yams = _extra_yams(variant, box, entry)
    rolls = _rolls(variant, box, entry)

    if kind == "cross":
        if nth:
            # (choice) 004 is silent: a Yams box holding a Yams is not crossed
            # afterwards; it simply takes no more.
            raise refusal(
                box,
                gettext_noop(
                    "%(box)s : la case contient déjà un Yams, "
                    "on ne peut plus la barrer."
                ),
            )
        points, calculation = 0, Message(gettext_noop("Barré : 0"))
    elif kind == "points":
        points, calculation = _typed(box, entry, nth)
    else:
        points, calculation = rule.score(box, entry, nth)

    if extra_yams:
        _check_joker(box, kind, points if kind == "total" else entry.get("value"))
        calculation = Message(
            gettext_noop("%(calculation)s (+ %(bonus)s de prime Yams)"),
            {"calculation": calculation, "bonus": YAMS_BONUS},
        )
    scored = Scored(points, calculation, YAMS_BONUS if extra_yams else 0)
    return Reading(kind=kind, scored=scored, extra_yams=extra_yams, rolls=rolls)


def _check_keys(box: Box, entry: EntryData, kind: str) -> None:
    allowed = {"kind", "extra_yams", "rolls"}
    if kind == "points":
        allowed.add("value")
    elif kind != "cross":
        allowed.update(box.entry.keys)
    for key in entry:
        if key not in allowed:
            # (choice) stored entries are replayed for ever: a misspelt key is
            # refused rather than silently ignored.
            raise refusal(
                box,
                gettext_noop("%(box)s : champ inconnu « %(field)s »."),
                field=str(key),
            )


def _typed(box: Box, entry: EntryData, nth: int) -> tuple[int, Message]:
    points = int_value(box, entry)
    # (choice) a typed score stays within `typed_max`: generous, for house rules
    # worth more than the dice, but bounded.
    highest = typed_max(box, nth)
    if not 0 <= points <= highest:
        raise refusal(
            box,
            gettext_noop("%(box)s : les points doivent être entre 0 et %(max)s."),
            max=highest,
        )
    return points, Message(
        gettext_noop("Points saisis : %(points)s"), {"points": points}
    )


def _extra_yams(variant: VariantLike, box: Box, entry: EntryData) -> bool:
    extra = entry.get("extra_yams", False)
    if not isinstance(extra, bool):
        raise refusal(
            box, gettext_noop("%(box)s : « extra_yams » doit valoir vrai ou faux.")
        )
    if not extra:
        return False
    if variant.yams_rule != "bonus":
        raise refusal(
            box,
            gettext_noop(
                "%(box)s : la prime Yams n'existe que dans la variante Yahtzee."
            ),
        )
    if box.key == "yams":
        raise refusal(
            box,
            gettext_noop(
                "%(box)s : un Yams supplémentaire s'inscrit dans une autre case "
                "que Yams."
            ),
        )
    return True


def _check_joker(box: Box, kind: str, value: object) -> None:
    """A further Yams is five dice of one face: the entry must agree."""
    if kind == "count" and value != 5:
        raise refusal(
            box,
            gettext_noop(
                "%(box)s : un Yams supplémentaire, ce sont 5 dés de la même face ; "
                "le nombre de dés doit être 5."
            ),
        )
    if kind == "total" and value not in YAMS_TOTALS:
        raise refusal(
            box,
            gettext_noop(
                "%(box)s : un Yams supplémentaire fait 5, 10, 15, 20, 25 "
                "ou 30 au total."
            ),
        )


def _rolls(variant: VariantLike, box: Box, entry: EntryData) -> int | None:
    if "rolls" not in entry:
        return None
    if not variant.saved_rolls:
        raise refusal(
            box,
            gettext_noop(
                "%(box)s : les lancers gardés ne sont pas activés dans cette partie."
            ),
        )
    rolls = entry["rolls"]
    if not is_int(rolls) or rolls < 1:
        raise refusal(
            box, gettext_noop("%(box)s : le nombre de lancers doit être au moins 1.")
        )
    return rolls
