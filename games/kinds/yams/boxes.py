"""The boxes of a scorecard: names, rule lines, scorers and what the host enters,
put together from the fixed tables of box_tables.py.

Box keys are the stable identifiers of RULES.md. Labels, short labels, rule lines
and prompts are French literals marked for translation; a rule line says what the
box needs and what it is worth, so it changes with the variant and its options.
"""

from dataclasses import dataclass, field
from functools import cache, partial
from typing import Literal

from ..messages import gettext_noop
from . import scoring
from .box_tables import (
    BRELAN_FACE,
    BRELAN_TOTAL,
    CARRE_FACE,
    CARRE_TOTAL,
    CHANCE,
    MADE_F,
    MADE_M,
    NAMES,
    SIX_DICE_LOWER,
    UPPER,
    YAMS_RULES,
    LowerBox,
)
from .entry_rules import CountRule, EntryRule, MadeRule
from .scoring import Scorer

UPPER_KEYS = ("ones", "twos", "threes", "fours", "fives", "sixes")
REPEATED_YAMS = 4  # multi_yams: 50, then 100, 100, 100 (004)


@dataclass(frozen=True)
class Box:
    key: str
    label: str
    short: str
    section: Literal["upper", "lower"]
    rule: str
    max_points: int
    # Lets messages agree in gender: «Brelan est déjà rempli», «Chance … remplie».
    feminine: bool = field(default=False, repr=False)
    # Every Box comes from `_box` with its scorer and entry rule; the None defaults
    # only follow `feminine`, which needs one.
    scorer: Scorer = field(default=None, repr=False, compare=False)  # type: ignore[assignment]
    entry: EntryRule = field(default=None, repr=False, compare=False)  # type: ignore[assignment]
    # Every non-zero score some throw makes here: the totals the host may enter.
    values: frozenset[int] = field(default=frozenset(), repr=False, compare=False)

    @property
    def repeatable(self) -> bool:
        return isinstance(self.entry, MadeRule) and self.entry.repeat_points is not None


def _five_dice_lower(
    count_dice: str | None, strict_straights: bool, yams_rule: str, exact_full: bool
) -> tuple[LowerBox, ...]:
    """(key, rule line, scorer, entry rule) for the lower boxes of five dice."""
    three_kind: tuple[str, Scorer, EntryRule]
    four_kind: tuple[str, Scorer, EntryRule]
    if count_dice == "all":
        three_kind = (
            gettext_noop("Au moins 3 dés identiques — total des 5 dés"),
            partial(scoring.of_a_kind_all_dice, 3),
            BRELAN_TOTAL,
        )
        four_kind = (
            gettext_noop("Au moins 4 dés identiques — total des 5 dés"),
            partial(scoring.of_a_kind_all_dice, 4),
            CARRE_TOTAL,
        )
    else:
        three_kind = (
            gettext_noop("3 dés identiques — total de ces 3 dés"),
            partial(scoring.of_a_kind, 3),
            BRELAN_FACE,
        )
        four_kind = (
            gettext_noop("4 dés identiques — total de ces 4 dés"),
            partial(scoring.of_a_kind, 4),
            CARRE_FACE,
        )
    if strict_straights:
        small = (
            gettext_noop("1-2-3-4-5 — 30 points"),
            partial(scoring.exact_faces, (1, 2, 3, 4, 5), 30),
        )
        large = (
            gettext_noop("2-3-4-5-6 — 40 points"),
            partial(scoring.exact_faces, (2, 3, 4, 5, 6), 40),
        )
    else:
        small = (
            gettext_noop("4 dés qui se suivent — 30 points"),
            partial(scoring.run, 4, 30),
        )
        large = (
            gettext_noop("5 dés qui se suivent — 40 points"),
            partial(scoring.run, 5, 40),
        )
    if exact_full:
        full_rule = gettext_noop(
            "Exactement 3 dés d'une face et 2 d'une autre — 25 points"
        )
    else:
        full_rule = gettext_noop(
            "Un brelan et une paire de faces différentes — 25 points"
        )
    repeat = 100 if yams_rule == "repeat" else None
    return (
        ("three_kind", *three_kind),
        ("four_kind", *four_kind),
        (
            "full_house",
            full_rule,
            partial(scoring.five_dice_full, 25),
            MadeRule(25, MADE_M),
        ),
        ("small_straight", *small, MadeRule(30, MADE_F)),
        ("large_straight", *large, MadeRule(40, MADE_F)),
        (
            "yams",
            YAMS_RULES[yams_rule],
            partial(scoring.identical, 5, 50),
            MadeRule(50, MADE_M, repeat_points=repeat),
        ),
        (
            "chance",
            gettext_noop("N'importe quels dés — total des 5 dés"),
            scoring.chance,
            CHANCE,
        ),
    )


def _box(
    key: str,
    section: Literal["upper", "lower"],
    rule: str,
    scorer: Scorer,
    entry: EntryRule,
    dice: int,
) -> Box:
    label, short, feminine = NAMES[key]
    values = frozenset(
        points
        for counts, total in scoring.throws(dice)
        if (points := scorer(counts, total))
    )
    max_points = max(values)
    if isinstance(entry, MadeRule) and entry.repeat_points is not None:
        max_points = entry.points + (REPEATED_YAMS - 1) * entry.repeat_points
    return Box(
        key, label, short, section, rule, max_points, feminine, scorer, entry, values
    )


@cache
def build_boxes(
    dice: int,
    count_dice: str | None = None,
    strict_straights: bool = False,
    yams_rule: str = "single",
    exact_full: bool = False,
) -> tuple[Box, ...]:
    """The ordered boxes (upper section first) of a variant; shared between the
    variants that need the same ones."""
    upper = tuple(
        _box(
            key,
            "upper",
            rule,
            partial(scoring.upper, face),
            CountRule(face, dice, prompt),
            dice,
        )
        for key, face, rule, prompt in UPPER
    )
    if dice == 6:
        lower = SIX_DICE_LOWER
    else:
        lower = _five_dice_lower(count_dice, strict_straights, yams_rule, exact_full)
    return upper + tuple(
        _box(key, "lower", rule, scorer, entry, dice)
        for key, rule, scorer, entry in lower
    )
