"""The presets of the free counter, as data: common games scored by plain
points per round (RULES.md, "Presets of the free counter"). A preset fills the
counter's options (the winner, the end, the per-round check); the game stays a
free counter, and the host may change any option before starting."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..messages import Message, RuleError, gettext_noop
from .rules import ONE_SCORER, ONE_ZERO, TallyRules


@dataclass(frozen=True)
class HouseRule:
    """A preset's house option: the options it sets instead of the preset's."""

    key: str
    label: str
    options: Mapping[str, object]


@dataclass(frozen=True)
class TallyPreset:
    key: str
    label: str
    description: str
    options: Mapping[str, object]
    house: tuple[HouseRule, ...] = field(default=())


PRESET_LIST = (
    TallyPreset(
        "uno",
        gettext_noop("Uno"),
        gettext_noop(
            "Le gagnant de la manche marque les cartes des autres ; 500 points gagnent."
        ),
        {"winner": "highest", "target": 500, "check": ONE_SCORER},
        house=(
            HouseRule(
                "own_hand",
                gettext_noop("Chacun marque ses cartes ; le plus bas total gagne"),
                # The player who went out holds no card: someone scores 0.
                {"winner": "lowest", "target": 500, "check": ONE_ZERO},
            ),
        ),
    ),
    TallyPreset(
        "papayoo",
        gettext_noop("Papayoo"),
        gettext_noop(
            "Chaque manche fait 250 points ; le plus bas total gagne, après le "
            "nombre de manches choisi ou quand l'hôte arrête."
        ),
        {"winner": "lowest", "round_sum": 250},
    ),
    TallyPreset(
        "six_nimmt",
        gettext_noop("6 qui prend"),
        gettext_noop("Fin de partie quand un total atteint 66 ; le plus bas gagne."),
        {"winner": "lowest", "target": 66},
    ),
    TallyPreset(
        "rami",
        gettext_noop("Rami"),
        gettext_noop(
            "Le plus bas total gagne ; sans total à atteindre, l'hôte arrête."
        ),
        {"winner": "lowest"},
    ),
    TallyPreset(
        "five_crowns",
        gettext_noop("Five Crowns"),
        gettext_noop(
            "Onze manches (de 3 à 13 cartes) ; celui qui sort marque 0 ; le plus "
            "bas total gagne."
        ),
        {"winner": "lowest", "rounds": 11, "check": ONE_ZERO},
    ),
    TallyPreset(
        "flip_7",
        gettext_noop("Flip 7"),
        gettext_noop("Fin de partie quand un total atteint 200 ; le plus haut gagne."),
        {"winner": "highest", "target": 200},
    ),
    TallyPreset(
        "phase_10",
        gettext_noop("Phase 10"),
        gettext_noop(
            "Le plus bas total gagne, l'hôte arrête ; le vrai gagnant est le "
            "premier à finir la phase 10 (notez la phase près du nom)."
        ),
        {"winner": "lowest"},
    ),
    TallyPreset(
        "farkle",
        gettext_noop("Farkle / 10 000"),
        gettext_noop(
            "Fin de partie quand un total atteint 10 000 ; le plus haut gagne."
        ),
        {"winner": "highest", "target": 10_000},
    ),
)

PRESETS: dict[str, TallyPreset] = {preset.key: preset for preset in PRESET_LIST}


def preset_options(
    key: str, house: str | None = None, options: Mapping[str, object] | None = None
) -> dict[str, object]:
    """The counter's options for a preset (with one of its house options), the
    host's `options` over them; RuleError for an unknown preset or house
    option."""
    preset = PRESETS.get(key)
    if preset is None:
        raise RuleError(
            Message(
                gettext_noop("Préréglage inconnu : « %(preset)s »."), {"preset": key}
            )
        )
    chosen: Mapping[str, object] = preset.options
    if house is not None:
        rules = {rule.key: rule for rule in preset.house}
        if house not in rules:
            raise RuleError(
                Message(
                    gettext_noop(
                        "Variante maison inconnue pour %(preset)s : « %(house)s »."
                    ),
                    {"preset": Message(preset.label), "house": house},
                )
            )
        chosen = rules[house].options
    return {**chosen, **(options or {})}


def build_preset(
    key: str, house: str | None = None, options: Mapping[str, object] | None = None
) -> TallyRules:
    """The counter's rules for a preset, or RuleError."""
    return TallyRules.build(preset_options(key, house, options))
