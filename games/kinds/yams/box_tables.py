"""The fixed tables of the boxes: names, upper boxes, entry rules, Yams rule
lines and the lower boxes of six dice.

Labels, short labels, rule lines and prompts are French literals marked for
translation. The lower boxes of five dice change with the options, so boxes.py
builds them from these parts.
"""

from functools import partial

from ..messages import gettext_noop, pgettext
from . import scoring
from .entry_rules import EntryRule, FaceRule, FacesRule, MadeRule, TotalRule

# key: (label, short label of at most 6 characters, feminine)
NAMES = {
    "ones": (gettext_noop("As"), pgettext("abréviation", "As"), False),
    "twos": (gettext_noop("Deux"), pgettext("abréviation", "Deux"), False),
    "threes": (gettext_noop("Trois"), pgettext("abréviation", "Trois"), False),
    "fours": (gettext_noop("Quatre"), pgettext("abréviation", "Quatre"), False),
    "fives": (gettext_noop("Cinq"), pgettext("abréviation", "Cinq"), False),
    "sixes": (gettext_noop("Six"), pgettext("abréviation", "Six"), False),
    "pair": (gettext_noop("Paire"), pgettext("abréviation", "Paire"), True),
    "two_pairs": (
        gettext_noop("Deux paires"),
        pgettext("abréviation", "2 pai."),
        False,
    ),
    "three_pairs": (
        gettext_noop("Trois paires"),
        pgettext("abréviation", "3 pai."),
        False,
    ),
    "three_kind": (gettext_noop("Brelan"), pgettext("abréviation", "Brel."), False),
    "four_kind": (gettext_noop("Carré"), pgettext("abréviation", "Carré"), False),
    "five_kind": (
        gettext_noop("Cinq identiques"),
        pgettext("abréviation", "5 id."),
        False,
    ),
    "small_straight": (
        gettext_noop("Petite suite"),
        pgettext("abréviation", "P. ste"),
        True,
    ),
    "large_straight": (
        gettext_noop("Grande suite"),
        pgettext("abréviation", "G. ste"),
        True,
    ),
    "full_straight": (
        gettext_noop("Suite complète"),
        pgettext("abréviation", "S. 1-6"),
        True,
    ),
    "full_house": (gettext_noop("Full"), pgettext("abréviation", "Full"), False),
    "double_three_kind": (
        gettext_noop("Double brelan"),
        pgettext("abréviation", "2 brel"),
        False,
    ),
    "tower": (gettext_noop("Tour"), pgettext("abréviation", "Tour"), True),
    "yams": (gettext_noop("Yams"), pgettext("abréviation", "Yams"), False),
    "chance": (gettext_noop("Chance"), pgettext("abréviation", "Chance"), True),
    "maxi_yatzy": (gettext_noop("Maxi Yatzy"), pgettext("abréviation", "Maxi"), False),
}

# key, face, rule line, prompt
UPPER = (
    (
        "ones",
        1,
        gettext_noop("Les dés montrant 1 — total de ces dés"),
        gettext_noop("Combien de 1 ?"),
    ),
    (
        "twos",
        2,
        gettext_noop("Les dés montrant 2 — total de ces dés"),
        gettext_noop("Combien de 2 ?"),
    ),
    (
        "threes",
        3,
        gettext_noop("Les dés montrant 3 — total de ces dés"),
        gettext_noop("Combien de 3 ?"),
    ),
    (
        "fours",
        4,
        gettext_noop("Les dés montrant 4 — total de ces dés"),
        gettext_noop("Combien de 4 ?"),
    ),
    (
        "fives",
        5,
        gettext_noop("Les dés montrant 5 — total de ces dés"),
        gettext_noop("Combien de 5 ?"),
    ),
    (
        "sixes",
        6,
        gettext_noop("Les dés montrant 6 — total de ces dés"),
        gettext_noop("Combien de 6 ?"),
    ),
)

TOTAL_PROMPT = gettext_noop("Total des dés ?")
MADE_M = gettext_noop("Réussi ?")
MADE_F = gettext_noop("Réussie ?")
CHANCE_REFUSED = gettext_noop("%(box)s : le total doit être entre %(min)s et %(max)s.")

PAIR = FaceRule(
    2,
    gettext_noop("Quelle face pour la paire ?"),
    gettext_noop("Paire de %(face)s : 2 × %(face)s = %(points)s"),
)
BRELAN_FACE = FaceRule(
    3,
    gettext_noop("Quelle face pour le brelan ?"),
    gettext_noop("Brelan de %(face)s : 3 × %(face)s = %(points)s"),
)
CARRE_FACE = FaceRule(
    4,
    gettext_noop("Quelle face pour le carré ?"),
    gettext_noop("Carré de %(face)s : 4 × %(face)s = %(points)s"),
)
FIVE_FACE = FaceRule(
    5,
    gettext_noop("Quelle face pour les cinq dés identiques ?"),
    gettext_noop("Cinq dés de %(face)s : 5 × %(face)s = %(points)s"),
)
BRELAN_TOTAL = TotalRule(
    TOTAL_PROMPT,
    gettext_noop(
        "%(box)s : aucun lancer avec au moins 3 dés identiques ne fait %(value)s ; "
        "le total doit être entre %(min)s et %(max)s."
    ),
)
CARRE_TOTAL = TotalRule(
    TOTAL_PROMPT,
    gettext_noop(
        "%(box)s : aucun lancer avec au moins 4 dés identiques ne fait %(value)s ; "
        "le total doit être entre %(min)s et %(max)s."
    ),
)
CHANCE = TotalRule(TOTAL_PROMPT, CHANCE_REFUSED)

TWO_PAIRS = FacesRule(
    (2, 2),
    (gettext_noop("1re paire"), gettext_noop("2e paire")),
    gettext_noop("Quelles faces pour les deux paires ?"),
    gettext_noop("Deux paires (%(a)s et %(b)s) : 2 × %(a)s + 2 × %(b)s = %(points)s"),
    gettext_noop("%(box)s : les deux paires doivent être de faces différentes."),
)
THREE_PAIRS = FacesRule(
    (2, 2, 2),
    (gettext_noop("1re paire"), gettext_noop("2e paire"), gettext_noop("3e paire")),
    gettext_noop("Quelles faces pour les trois paires ?"),
    gettext_noop(
        "Trois paires (%(a)s, %(b)s et %(c)s) : "
        "2 × %(a)s + 2 × %(b)s + 2 × %(c)s = %(points)s"
    ),
    gettext_noop("%(box)s : les trois paires doivent être de faces différentes."),
)
DOUBLE_BRELAN = FacesRule(
    (3, 3),
    (gettext_noop("1er brelan"), gettext_noop("2e brelan")),
    gettext_noop("Quelles faces pour les deux brelans ?"),
    gettext_noop("Double brelan (%(a)s et %(b)s) : 3 × %(a)s + 3 × %(b)s = %(points)s"),
    gettext_noop("%(box)s : les deux brelans doivent être de faces différentes."),
)
SIX_DICE_FULL = FacesRule(
    (3, 2),
    (gettext_noop("brelan"), gettext_noop("paire")),
    gettext_noop("Quelles faces pour le brelan et la paire ?"),
    gettext_noop(
        "Full (brelan de %(a)s, paire de %(b)s) : 3 × %(a)s + 2 × %(b)s = %(points)s"
    ),
    gettext_noop("%(box)s : le brelan et la paire doivent être de faces différentes."),
)
TOWER = FacesRule(
    (4, 2),
    (gettext_noop("carré"), gettext_noop("paire")),
    gettext_noop("Quelles faces pour le carré et la paire ?"),
    gettext_noop(
        "Tour (carré de %(a)s, paire de %(b)s) : 4 × %(a)s + 2 × %(b)s = %(points)s"
    ),
    gettext_noop("%(box)s : le carré et la paire doivent être de faces différentes."),
)

YAMS_RULES = {
    "single": gettext_noop("5 dés identiques — 50 points"),
    "bonus": gettext_noop(
        "5 dés identiques — 50 points ; chaque Yams de plus : +100 et joker"
    ),
    "repeat": gettext_noop(
        "5 dés identiques — 50, puis 100 par Yams de plus (4 au plus)"
    ),
}

# key, rule line, scorer, entry rule: one lower box, before boxes.py builds it.
LowerBox = tuple[str, str, scoring.Scorer, EntryRule]

SIX_DICE_LOWER: tuple[LowerBox, ...] = (
    (
        "pair",
        gettext_noop("2 dés identiques — total de ces 2 dés"),
        partial(scoring.of_a_kind, 2),
        PAIR,
    ),
    (
        "two_pairs",
        gettext_noop("2 paires de faces différentes — total de ces 4 dés"),
        partial(scoring.pairs, 2),
        TWO_PAIRS,
    ),
    (
        "three_pairs",
        gettext_noop("3 paires de faces différentes — total des 6 dés"),
        partial(scoring.pairs, 3),
        THREE_PAIRS,
    ),
    (
        "three_kind",
        gettext_noop("3 dés identiques — total de ces 3 dés"),
        partial(scoring.of_a_kind, 3),
        BRELAN_FACE,
    ),
    (
        "four_kind",
        gettext_noop("4 dés identiques — total de ces 4 dés"),
        partial(scoring.of_a_kind, 4),
        CARRE_FACE,
    ),
    (
        "five_kind",
        gettext_noop("5 dés identiques — total de ces 5 dés"),
        partial(scoring.of_a_kind, 5),
        FIVE_FACE,
    ),
    (
        "small_straight",
        gettext_noop("1-2-3-4-5 — 15 points"),
        partial(scoring.exact_faces, (1, 2, 3, 4, 5), 15),
        MadeRule(15, MADE_F),
    ),
    (
        "large_straight",
        gettext_noop("2-3-4-5-6 — 20 points"),
        partial(scoring.exact_faces, (2, 3, 4, 5, 6), 20),
        MadeRule(20, MADE_F),
    ),
    (
        "full_straight",
        gettext_noop("1-2-3-4-5-6 — 21 points"),
        partial(scoring.exact_faces, (1, 2, 3, 4, 5, 6), 21),
        MadeRule(21, MADE_F),
    ),
    (
        "full_house",
        gettext_noop(
            "Un brelan et une paire de faces différentes — total de ces 5 dés"
        ),
        partial(scoring.two_groups, 3, 2),
        SIX_DICE_FULL,
    ),
    (
        "double_three_kind",
        gettext_noop("2 brelans de faces différentes — total des 6 dés"),
        partial(scoring.two_groups, 3, 3),
        DOUBLE_BRELAN,
    ),
    (
        "tower",
        gettext_noop("Un carré et une paire de faces différentes — total des 6 dés"),
        partial(scoring.two_groups, 4, 2),
        TOWER,
    ),
    (
        "chance",
        gettext_noop("N'importe quels dés — total des 6 dés"),
        scoring.chance,
        CHANCE,
    ),
    (
        "maxi_yatzy",
        gettext_noop("6 dés identiques — 100 points"),
        partial(scoring.identical, 6, 100),
        MadeRule(100, MADE_M),
    ),
)
