"""The presets and the options they offer, as data.

A preset fixes the dice, the Yams rule and the full house, and gives its options
their defaults; `OPTION_TEXTS` says how the create form shows each option.
variants.py checks options against these tables and builds the Variant.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from ..messages import gettext_noop
from ..options import OptionType

COLUMN_KINDS = ("free", "down", "up", "dry")
COLUMN_LABELS = {
    "free": gettext_noop("Libre"),
    "down": gettext_noop("Descendante"),
    "up": gettext_noop("Montante"),
    "dry": gettext_noop("Sèche"),
}
MAX_COLUMNS = 4
SIX_DICE_BONUSES = {"84": (84, 100), "75": (75, 50)}
FIVE_DICE_BONUS = (63, 35)


@dataclass(frozen=True)
class Preset:
    key: str
    label: str
    description: str
    dice: int
    # Yams box: "single" (50 once), "bonus" (yahtzee: +100 per further Yams),
    # "repeat" (multi_yams: up to four Yams in the box), "none" (six dice).
    yams_rule: str
    exact_full: bool
    defaults: Mapping[str, object]


def _five_dice(count_dice: str) -> dict[str, object]:
    return {
        "count_dice": count_dice,
        "strict_straights": False,
        "columns": ("free",),
        "saved_rolls": False,
        "typed_points": False,
    }


def _six_dice(bonus: str) -> dict[str, object]:
    return {
        "columns": ("free",),
        "saved_rolls": False,
        "six_dice_bonus": bonus,
        "typed_points": False,
    }


PRESET_LIST = (
    Preset(
        "classic",
        gettext_noop("Classique"),
        gettext_noop(
            "Cinq dés : brelan et carré ne comptent que les dés identiques, "
            "bonus de 35 dès 63 en haut."
        ),
        5,
        "single",
        False,
        _five_dice("matching"),
    ),
    Preset(
        "yahtzee",
        gettext_noop("Yahtzee"),
        gettext_noop(
            "Cinq dés : brelan et carré comptent tous les dés, "
            "prime de 100 par Yams supplémentaire."
        ),
        5,
        "bonus",
        False,
        _five_dice("all"),
    ),
    Preset(
        "all_dice",
        gettext_noop("Tous les dés"),
        gettext_noop(
            "Cinq dés : brelan et carré comptent tous les dés, full exactement 3 + 2, "
            "pas de prime Yams."
        ),
        5,
        "single",
        True,
        _five_dice("all"),
    ),
    Preset(
        "multi_yams",
        gettext_noop("Multi-Yams"),
        gettext_noop(
            "Cinq dés : la case Yams se remplit jusqu'à quatre fois "
            "(50, puis 100, 100 et 100)."
        ),
        5,
        "repeat",
        False,
        _five_dice("all"),
    ),
    Preset(
        "six_dice",
        gettext_noop("Yam's à 6 dés"),
        gettext_noop("Six dés, jusqu'à 6 joueurs : bonus de 100 dès 84 en haut."),
        6,
        "none",
        False,
        _six_dice("84"),
    ),
    Preset(
        "six_dice_75",
        gettext_noop("6 dés (bonus 75)"),
        gettext_noop("Six dés, jusqu'à 6 joueurs : bonus de 50 dès 75 en haut."),
        6,
        "none",
        False,
        _six_dice("75"),
    ),
)
PRESET_DEFS = {preset.key: preset for preset in PRESET_LIST}
DEFAULT_PRESET = "classic"


# key: (label, help, its OptionSpec type, its choices as (value, label)).
OPTION_TEXTS: dict[str, tuple[str, str, OptionType, tuple[tuple[str, str], ...]]] = {
    "count_dice": (
        gettext_noop("Brelan et carré"),
        gettext_noop("Compter seulement les dés identiques, ou tous les dés."),
        "choice",
        (
            ("matching", gettext_noop("Dés identiques seulement")),
            ("all", gettext_noop("Tous les dés")),
        ),
    ),
    "strict_straights": (
        gettext_noop("Suites strictes"),
        gettext_noop("Seules 1-2-3-4-5 (petite) et 2-3-4-5-6 (grande) comptent."),
        "bool",
        (),
    ),
    "columns": (
        gettext_noop("Colonnes"),
        gettext_noop(
            "Chaque colonne est une feuille complète avec son propre bonus : la "
            "descendante se remplit de haut en bas, la montante de bas en haut, la "
            "sèche ne prend que ce qui est fait au premier lancer."
        ),
        "columns",
        tuple((kind, COLUMN_LABELS[kind]) for kind in COLUMN_KINDS),
    ),
    "saved_rolls": (
        gettext_noop("Lancers gardés"),
        gettext_noop(
            "Les lancers non utilisés d'un tour sont mis de côté pour les tours "
            "suivants."
        ),
        "bool",
        (),
    ),
    "six_dice_bonus": (
        gettext_noop("Bonus du haut"),
        gettext_noop("Le seuil de la section du haut et son bonus."),
        "choice",
        (
            ("84", gettext_noop("100 points dès 84")),
            ("75", gettext_noop("50 points dès 75")),
        ),
    ),
    "typed_points": (
        gettext_noop("Points tapés"),
        gettext_noop(
            "Règles maison : l'hôte peut taper directement les points d'une case."
        ),
        "bool",
        (),
    ),
}
