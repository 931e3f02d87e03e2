"""The entry rule of each kind of box: what the dialog asks, and what the
answer scores.

Each box holds one rule (`Box.entry`): how many dice show the face, which face,
which faces, the total, or made or not. `refusal`, `is_int` and `int_value` are
the checks the rules share with the reading of a whole entry (entries.py).
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Protocol, TypedDict, TypeGuard

from ..messages import InvalidEntry, Message, gettext_noop

# One entry as the host's dialog sends it and the game stores it: a JSON dict
# such as {"kind": "count", "value": 3}; every key and value is checked on reading.
EntryData = Mapping[str, object]


class RuleBox(Protocol):
    """What a rule reads of its Box (a Protocol: boxes.py imports this module)."""

    @property
    def key(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def values(self) -> frozenset[int]: ...


class SpecFields(TypedDict, total=False):
    """The EntrySpec fields a rule fills in for the dialog."""

    choices: tuple[int, ...]
    min: int
    max: int
    n_faces: int
    face_roles: tuple[str, ...]
    made_points: int


def refusal(box: RuleBox, template: str, **params: object) -> InvalidEntry:
    return InvalidEntry(
        Message(template, {"box": Message(box.label), **params}), box.key
    )


def is_int(value: object) -> TypeGuard[int]:
    # JSON booleans are ints to Python; a host never means True for "1 die".
    return isinstance(value, int) and not isinstance(value, bool)


def int_value(box: RuleBox, entry: EntryData, key: str = "value") -> int:
    if key not in entry:
        raise refusal(box, gettext_noop("%(box)s : il manque la valeur."))
    value = entry[key]
    if not is_int(value):
        raise refusal(
            box, gettext_noop("%(box)s : la valeur doit être un nombre entier.")
        )
    return value


@dataclass(frozen=True)
class CountRule:
    """Upper boxes: how many dice show the face."""

    face: int
    dice: int
    prompt: str
    kind: ClassVar[str] = "count"
    keys: ClassVar[tuple[str, ...]] = ("value",)

    def spec(self, box: RuleBox) -> SpecFields:
        return {"choices": tuple(range(self.dice + 1))}

    def score(
        self, box: RuleBox, entry: EntryData, nth: int = 0
    ) -> tuple[int, Message]:
        count = int_value(box, entry)
        if not 0 <= count <= self.dice:
            raise refusal(
                box,
                gettext_noop(
                    "%(box)s : le nombre de dés doit être entre 0 et %(max)s."
                ),
                max=self.dice,
            )
        points = count * self.face
        return points, Message(
            gettext_noop("%(count)s × %(face)s = %(points)s"),
            {"count": count, "face": self.face, "points": points},
        )


@dataclass(frozen=True)
class FaceRule:
    """A group of identical dice counted alone: which face."""

    size: int
    prompt: str
    calculation: str
    kind: ClassVar[str] = "face"
    keys: ClassVar[tuple[str, ...]] = ("value",)

    def spec(self, box: RuleBox) -> SpecFields:
        return {"choices": (1, 2, 3, 4, 5, 6)}

    def score(
        self, box: RuleBox, entry: EntryData, nth: int = 0
    ) -> tuple[int, Message]:
        face = int_value(box, entry)
        if not 1 <= face <= 6:
            raise refusal(
                box, gettext_noop("%(box)s : la face doit être entre 1 et 6.")
            )
        points = self.size * face
        return points, Message(
            self.calculation, {"face": face, "size": self.size, "points": points}
        )


@dataclass(frozen=True)
class FacesRule:
    """Several groups of different faces (six dice): which faces, in role order."""

    sizes: tuple[int, ...]
    roles: tuple[str, ...]
    prompt: str
    calculation: str
    distinct: str
    kind: ClassVar[str] = "faces"
    keys: ClassVar[tuple[str, ...]] = ("values",)

    def spec(self, box: RuleBox) -> SpecFields:
        return {
            "choices": (1, 2, 3, 4, 5, 6),
            "n_faces": len(self.sizes),
            "face_roles": self.roles,
        }

    def score(
        self, box: RuleBox, entry: EntryData, nth: int = 0
    ) -> tuple[int, Message]:
        if "values" not in entry:
            raise refusal(box, gettext_noop("%(box)s : il manque les faces."))
        faces = entry["values"]
        if not isinstance(faces, list | tuple) or len(faces) != len(self.sizes):
            raise refusal(
                box,
                gettext_noop("%(box)s : il faut une liste de %(n)s faces."),
                n=len(self.sizes),
            )
        if not all(is_int(face) and 1 <= face <= 6 for face in faces):
            raise refusal(
                box, gettext_noop("%(box)s : chaque face doit être entre 1 et 6.")
            )
        if len(set(faces)) != len(faces):
            raise refusal(box, self.distinct)
        points = sum(size * face for size, face in zip(self.sizes, faces, strict=True))
        params = dict(zip("abc", faces, strict=False))
        return points, Message(self.calculation, {**params, "points": points})


@dataclass(frozen=True)
class TotalRule:
    """A sum of all the dice: the total, among what a qualifying throw can make."""

    prompt: str
    refused: str
    kind: ClassVar[str] = "total"
    keys: ClassVar[tuple[str, ...]] = ("value",)

    def spec(self, box: RuleBox) -> SpecFields:
        return {"min": min(box.values), "max": max(box.values)}

    def score(
        self, box: RuleBox, entry: EntryData, nth: int = 0
    ) -> tuple[int, Message]:
        total = int_value(box, entry)
        if total not in box.values:
            low, high = min(box.values), max(box.values)
            if len(box.values) == high - low + 1:
                raise refusal(box, self.refused, value=total, min=low, max=high)
            # Never the case with standard dice, kept so the message stays true.
            raise refusal(
                box,
                gettext_noop(
                    "%(box)s : aucun lancer ne fait %(value)s ici (%(values)s)."
                ),
                value=total,
                values=", ".join(str(v) for v in sorted(box.values)),
            )
        return total, Message(
            gettext_noop("Total des dés : %(total)s"), {"total": total}
        )


@dataclass(frozen=True)
class MadeRule:
    """A fixed prize: made or not ("not made" is a cross out)."""

    points: int
    prompt: str
    # multi_yams: what each Yams after the first is worth in the same box.
    repeat_points: int | None = None
    kind: ClassVar[str] = "made"
    keys: ClassVar[tuple[str, ...]] = ()

    def spec(self, box: RuleBox) -> SpecFields:
        return {"made_points": self.points}

    def points_for(self, nth: int) -> int:
        # A further Yams (nth > 0) only goes in a box that has repeat_points.
        return self.points if nth == 0 else self.repeat_points  # type: ignore[return-value]

    def score(
        self, box: RuleBox, entry: EntryData, nth: int = 0
    ) -> tuple[int, Message]:
        points = self.points_for(nth)
        if nth == 0:
            return points, Message(
                gettext_noop("%(box)s : %(points)s"),
                {"box": Message(box.label), "points": points},
            )
        return points, Message(
            gettext_noop("%(box)s n° %(rank)s : %(points)s"),
            {"box": Message(box.label), "rank": nth + 1, "points": points},
        )


# The rule a Box holds: it says what the dialog asks and what the answer scores.
EntryRule = CountRule | FaceRule | FacesRule | TotalRule | MadeRule
