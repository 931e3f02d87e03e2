"""Presets, options, boxes and messages: what a game stores and rebuilds."""

import ast
import json
import re
import subprocess
import sys
from itertools import product
from pathlib import Path

import pytest

from games.kinds.yams import (
    COLUMN_LABELS,
    PRESETS,
    Message,
    RuleError,
    build_variant,
    gettext_noop,
    option_specs,
)

ROOT = Path(__file__).resolve().parents[3]

FIVE_DICE_KEYS = [
    "ones", "twos", "threes", "fours", "fives", "sixes",
    "three_kind", "four_kind", "full_house", "small_straight", "large_straight",
    "yams", "chance",
]  # fmt: skip
SIX_DICE_KEYS = [
    "ones", "twos", "threes", "fours", "fives", "sixes",
    "pair", "two_pairs", "three_pairs", "three_kind", "four_kind", "five_kind",
    "small_straight", "large_straight", "full_straight", "full_house",
    "double_three_kind", "tower", "chance", "maxi_yatzy",
]  # fmt: skip

PRESET_FACTS = [
    # key, label, dice, max players, bonus threshold, bonus points
    ("classic", "Classique", 5, 10, 63, 35),
    ("yahtzee", "Yahtzee", 5, 10, 63, 35),
    ("all_dice", "Tous les dés", 5, 10, 63, 35),
    ("multi_yams", "Multi-Yams", 5, 10, 63, 35),
    ("six_dice", "Yam's à 6 dés", 6, 6, 84, 100),
    ("six_dice_75", "6 dés (bonus 75)", 6, 6, 75, 50),
]


def test_the_engine_never_imports_django():
    code = "import sys, games.kinds.yams; assert 'django' not in sys.modules, 'django'"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def _unmarked_french(path):
    """String literals that read like French but skip gettext_noop (docstrings
    aside): makemessages would never see them. A kind's web parts (its forms)
    mark theirs with Django's gettext, which makemessages sees as well."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in {
            "gettext_noop",
            "pgettext",
            "gettext",
            "gettext_lazy",
            "_",
        }:
            skipped.update(id(arg) for arg in node.args)
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            skipped.add(id(body[0].value))
    french = re.compile(r"[a-zà-ÿ]{2,} [a-zà-ÿ]|[à-ÿ]", re.IGNORECASE)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skipped
        and french.search(node.value)
    ]


@pytest.mark.parametrize(
    "path",
    sorted((ROOT / "games" / "kinds" / "yams").glob("*.py")),
    ids=lambda p: p.name,
)
def test_french_literals_are_marked_for_translation(path):
    assert _unmarked_french(path) == []


def test_preset_keys():
    assert list(PRESETS) == [
        "classic", "yahtzee", "all_dice", "multi_yams", "six_dice", "six_dice_75"
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("key", "label", "dice", "players", "threshold", "bonus"), PRESET_FACTS
)
def test_preset_facts(key, label, dice, players, threshold, bonus):
    variant = PRESETS[key]
    assert variant.key == key
    assert variant.label == label
    assert variant.dice == dice
    assert variant.max_players == players
    assert variant.bonus_threshold == threshold
    assert variant.bonus_points == bonus
    assert variant.description and "\n" not in variant.description
    assert variant == build_variant(key)
    assert variant.columns == ("free",)


@pytest.mark.parametrize("key", PRESETS)
def test_box_keys_and_sections(key):
    variant = PRESETS[key]
    expected = SIX_DICE_KEYS if variant.dice == 6 else FIVE_DICE_KEYS
    assert [box.key for box in variant.boxes] == expected
    assert [box.section for box in variant.boxes] == ["upper"] * 6 + ["lower"] * (
        len(expected) - 6
    )


@pytest.mark.parametrize("key", PRESETS)
def test_box_texts(key):
    for box in PRESETS[key].boxes:
        assert box.label and box.rule and " — " in box.rule
        assert 1 <= len(box.short) <= 6, box.short


def test_french_labels():
    variant = PRESETS["six_dice"]
    labels = {box.key: box.label for box in variant.boxes}
    assert labels["ones"] == "As"
    assert labels["three_kind"] == "Brelan"
    assert labels["five_kind"] == "Cinq identiques"
    assert labels["maxi_yatzy"] == "Maxi Yatzy"
    assert variant.box("three_kind").short == "Brel."


MAX_POINTS = {
    "classic": [5, 10, 15, 20, 25, 30, 18, 24, 25, 30, 40, 50, 30],
    "yahtzee": [5, 10, 15, 20, 25, 30, 30, 30, 25, 30, 40, 50, 30],
    "multi_yams": [5, 10, 15, 20, 25, 30, 30, 30, 25, 30, 40, 350, 30],
    "six_dice": [6, 12, 18, 24, 30, 36, 12, 22, 30, 18, 24, 30, 15, 20, 21, 28, 33,
                 34, 36, 100],
}  # fmt: skip


@pytest.mark.parametrize(("key", "maxima"), MAX_POINTS.items())
def test_max_points(key, maxima):
    assert [box.max_points for box in PRESETS[key].boxes] == maxima


def test_rule_lines_follow_the_options():
    classic = PRESETS["classic"]
    assert classic.box("three_kind").rule == "3 dés identiques — total de ces 3 dés"
    all_dice = build_variant("classic", {"count_dice": "all"})
    assert all_dice.box("three_kind").rule == (
        "Au moins 3 dés identiques — total des 5 dés"
    )
    assert classic.box("small_straight").rule == "4 dés qui se suivent — 30 points"
    strict = build_variant("classic", {"strict_straights": True})
    assert strict.box("small_straight").rule == "1-2-3-4-5 — 30 points"
    assert strict.box("large_straight").rule == "2-3-4-5-6 — 40 points"
    assert PRESETS["six_dice"].box("small_straight").rule == "1-2-3-4-5 — 15 points"
    assert PRESETS["all_dice"].box("full_house").rule.startswith("Exactement")
    assert "100" in PRESETS["yahtzee"].box("yams").rule
    assert "4 au plus" in PRESETS["multi_yams"].box("yams").rule


# --- options -----------------------------------------------------------------

DEFAULT_OPTIONS = {
    "classic": {"count_dice": "matching", "strict_straights": False,
                "columns": ["free"], "saved_rolls": False, "typed_points": False},
    "yahtzee": {"count_dice": "all", "strict_straights": False,
                "columns": ["free"], "saved_rolls": False, "typed_points": False},
    "all_dice": {"count_dice": "all", "strict_straights": False,
                 "columns": ["free"], "saved_rolls": False, "typed_points": False},
    "multi_yams": {"count_dice": "all", "strict_straights": False,
                   "columns": ["free"], "saved_rolls": False, "typed_points": False},
    "six_dice": {"columns": ["free"], "saved_rolls": False, "six_dice_bonus": "84",
                 "typed_points": False},
    "six_dice_75": {"columns": ["free"], "saved_rolls": False,
                    "six_dice_bonus": "75", "typed_points": False},
}  # fmt: skip


@pytest.mark.parametrize(("key", "options"), DEFAULT_OPTIONS.items())
def test_default_options(key, options):
    variant = PRESETS[key]
    assert variant.options == options
    assert build_variant(key, None) == build_variant(key, {}) == variant
    assert json.loads(json.dumps(variant.options)) == options


def _five_dice_combinations():
    for count, strict, columns, saved, typed in product(
        ["matching", "all"],
        [False, True],
        [["free"], ["down", "up"], ["dry", "free", "up", "down"]],
        [False, True],
        [False, True],
    ):
        yield {
            "count_dice": count,
            "strict_straights": strict,
            "columns": columns,
            "saved_rolls": saved,
            "typed_points": typed,
        }


@pytest.mark.parametrize("key", ["classic", "yahtzee", "all_dice", "multi_yams"])
def test_five_dice_options_round_trip(key):
    for options in _five_dice_combinations():
        variant = build_variant(key, options)
        assert variant.options == options
        stored = json.loads(json.dumps(variant.options))
        assert build_variant(variant.key, stored) == variant
        assert hash(build_variant(variant.key, stored)) == hash(variant)


@pytest.mark.parametrize("key", ["six_dice", "six_dice_75"])
@pytest.mark.parametrize("bonus", ["84", "75"])
def test_six_dice_options_round_trip(key, bonus):
    variant = build_variant(key, {"six_dice_bonus": bonus, "columns": ["up", "dry"]})
    assert variant.options["six_dice_bonus"] == bonus
    assert variant.columns == ("up", "dry")
    assert (variant.bonus_threshold, variant.bonus_points) == {
        "84": (84, 100), "75": (75, 50)
    }[bonus]  # fmt: skip
    assert build_variant(key, json.loads(json.dumps(variant.options))) == variant


def test_partial_options_fill_in_defaults():
    variant = build_variant("yahtzee", {"typed_points": True})
    assert variant.options == {**DEFAULT_OPTIONS["yahtzee"], "typed_points": True}
    assert variant != PRESETS["yahtzee"]


def test_options_change_the_scoring():
    dice = (5, 5, 5, 2, 1)
    assert (
        build_variant("classic", {"count_dice": "all"}).points("three_kind", dice) == 18
    )
    assert (
        build_variant("all_dice", {"count_dice": "matching"}).points("three_kind", dice)
        == 15
    )


BAD_OPTIONS = [
    ("nope", {}, "Variante inconnue : « nope »."),
    (None, {}, "Variante inconnue"),
    ("classic", ["free"], "Les options doivent être un dictionnaire."),
    ("classic", {"colour": "red"}, "Option inconnue : « colour »."),
    ("six_dice", {"count_dice": "all"},
     "L'option « count_dice » n'existe pas pour la variante Yam's à 6 dés."),
    ("six_dice_75", {"strict_straights": True}, "n'existe pas pour la variante"),
    ("classic", {"six_dice_bonus": "84"},
     "L'option « six_dice_bonus » n'existe pas pour la variante Classique."),
    ("classic", {"count_dice": "some"},
     "Brelan et carré : « some » impossible (choix : matching, all)."),
    ("classic", {"count_dice": None}, "Brelan et carré"),
    ("classic", {"strict_straights": 1},
     "Suites strictes : la valeur doit être vrai ou faux."),
    ("classic", {"strict_straights": "yes"}, "Suites strictes"),
    ("yahtzee", {"saved_rolls": None}, "Lancers gardés"),
    ("multi_yams", {"typed_points": 0}, "Points tapés"),
    ("six_dice", {"six_dice_bonus": 84}, "Bonus du haut"),
    ("six_dice", {"six_dice_bonus": "63"}, "(choix : 84, 75)"),
    ("classic", {"columns": []}, "Colonnes : il faut de 1 à 4 colonnes"),
    ("classic", {"columns": "free"}, "Colonnes"),
    ("classic", {"columns": ["free", "sideways"]}, "parmi free, down, up, dry"),
    ("classic", {"columns": ["free", "down", "up", "dry", "free"]}, "Colonnes"),
    ("classic", {"columns": ["down", "down"]},
     "Colonnes : chaque colonne ne peut figurer qu'une fois."),
    ("classic", {"columns": [1]}, "Colonnes"),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "options", "message"), BAD_OPTIONS)
def test_bad_options_are_refused_in_french(preset, options, message):
    with pytest.raises(RuleError) as caught:
        build_variant(preset, options)
    assert isinstance(caught.value, ValueError)
    assert message in str(caught.value)
    assert str(caught.value) == str(caught.value.message)


@pytest.mark.parametrize("key", PRESETS)
def test_option_specs(key):
    specs = {spec.key: spec for spec in option_specs(key)}
    assert {name: spec.default for name, spec in specs.items()} == DEFAULT_OPTIONS[key]
    for spec in specs.values():
        assert spec.label and spec.help
        assert spec.type in ("choice", "bool", "columns")
    columns = specs["columns"]
    assert [label for _, label in columns.choices] == [
        "Libre", "Descendante", "Montante", "Sèche"
    ]  # fmt: skip
    assert (columns.min, columns.max) == (1, 4)
    if PRESETS[key].dice == 5:
        assert [value for value, _ in specs["count_dice"].choices] == [
            "matching",
            "all",
        ]
        assert specs["strict_straights"].type == "bool"
    else:
        assert [value for value, _ in specs["six_dice_bonus"].choices] == ["84", "75"]


def test_option_specs_of_an_unknown_preset():
    with pytest.raises(RuleError, match="Variante inconnue"):
        option_specs("poker")


def test_column_labels():
    assert COLUMN_LABELS == {
        "free": "Libre", "down": "Descendante", "up": "Montante", "dry": "Sèche"
    }  # fmt: skip


# --- messages ----------------------------------------------------------------


def test_gettext_noop_is_the_identity():
    assert gettext_noop("Brelan") == "Brelan"


def test_message_formats_nested_messages_through_the_translation():
    message = Message(
        "%(box)s : la face doit être entre 1 et %(max)s.",
        {"box": Message("Brelan"), "max": 6},
    )
    assert str(message) == "Brelan : la face doit être entre 1 et 6."
    english = {
        "Brelan": "Three of a kind",
        "%(box)s : la face doit être entre 1 et %(max)s.": "%(box)s: 1 to %(max)s.",
    }
    assert message.format(english.get) == "Three of a kind: 1 to 6."


def test_message_without_params_is_used_verbatim():
    assert str(Message("100 % Yams")) == "100 % Yams"
