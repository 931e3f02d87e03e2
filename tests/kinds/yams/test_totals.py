"""Totals: the worked scorecards of 003 and the maxima of the sources."""

import pytest

from games.kinds.yams import PRESETS, RuleError, build_variant
from tests.factories import HUGO, SARAH

CLASSIC = PRESETS["classic"]

# 003, "Le bonus qui change tout": box → (Sarah's points, Hugo's points).
SARAH_HUGO_POINTS = {
    "ones": (3, 2),
    "twos": (6, 4),
    "threes": (9, 12),
    "fours": (12, 16),
    "fives": (15, 10),
    "sixes": (18, 18),
    "three_kind": (15, 18),
    "four_kind": (12, 20),
    "full_house": (25, 25),
    "small_straight": (30, 30),
    "large_straight": (0, 40),
    "yams": (50, 0),
    "chance": (20, 23),
}
# The same scorecards as the host entered them.
SARAH_ENTRIES = dict(SARAH)
HUGO_ENTRIES = dict(HUGO)


@pytest.mark.parametrize(
    ("player", "upper", "bonus", "lower", "total"),
    [(0, 63, 35, 152, 250), (1, 62, 0, 156, 218)],
)
def test_sarah_and_hugo_through_totals(player, upper, bonus, lower, total):
    points = {box: pair[player] for box, pair in SARAH_HUGO_POINTS.items()}
    totals = CLASSIC.totals(points)
    assert (totals.upper, totals.bonus, totals.lower, totals.total) == (
        upper, bonus, lower, total
    )  # fmt: skip
    # 003: "Sans ce bonus, Hugo aurait gagné, 218 à 215."
    assert totals.total - totals.bonus == (215, 218)[player]


@pytest.mark.parametrize(
    ("entries", "player", "total"), [(SARAH_ENTRIES, 0, 250), (HUGO_ENTRIES, 1, 218)]
)
def test_sarah_and_hugo_through_host_entries(entries, player, total):
    for box, entry in entries.items():
        assert CLASSIC.score(box, entry).points == SARAH_HUGO_POINTS[box][player]
    card = CLASSIC.new_scorecard()
    for box, entry in entries.items():
        card = card.apply("free", box, entry)
    assert card.complete
    assert card.totals().total == total
    assert card.totals()["free"].total == total


def _maximum(variant):
    return {box.key: box.max_points for box in variant.boxes}


@pytest.mark.parametrize(
    ("preset", "options", "total"),
    [
        ("classic", {}, 357),
        ("yahtzee", {}, 375),
        ("all_dice", {}, 375),
        ("multi_yams", {}, 675),
        ("six_dice", {}, 649),
        ("six_dice_75", {}, 599),
        ("six_dice", {"six_dice_bonus": "75"}, 599),
        ("six_dice_75", {"six_dice_bonus": "84"}, 649),
    ],
)
def test_maxima(preset, options, total):
    variant = build_variant(preset, options)
    assert variant.totals(_maximum(variant)).total == total


def test_yahtzee_maximum_with_twelve_further_yams():
    variant = PRESETS["yahtzee"]
    totals = variant.totals(_maximum(variant), extra_yams=12)
    assert (totals.yams_bonus, totals.total) == (1200, 1575)


def test_yams_bonus_needs_fifty_in_the_yams_box():
    variant = PRESETS["yahtzee"]
    assert variant.totals({"yams": 0}, extra_yams=2).total == 0
    assert variant.totals({}, extra_yams=2).yams_bonus == 0
    assert variant.totals({"yams": 50}, extra_yams=2).total == 250
    # Only yahtzee has the bonus.
    assert PRESETS["classic"].totals({"yams": 50}, extra_yams=2).total == 50


def test_multi_yams_box_takes_a_list():
    variant = PRESETS["multi_yams"]
    assert variant.totals({"yams": [50, 100, 100]}).lower == 250
    assert variant.totals({"yams": [0]}).total == 0
    assert variant.totals({"yams": 150}).total == 150


@pytest.mark.parametrize(
    ("preset", "threshold", "bonus"),
    [("classic", 63, 35), ("six_dice", 84, 100), ("six_dice_75", 75, 50)],
)
def test_bonus_is_exactly_at_the_threshold(preset, threshold, bonus):
    variant = PRESETS[preset]
    below = variant.totals({"sixes": 30, "fives": threshold - 31})
    at = variant.totals({"sixes": 30, "fives": threshold - 30})
    assert (below.upper, below.bonus, below.upper_missing) == (threshold - 1, 0, 1)
    assert (at.upper, at.bonus, at.upper_missing) == (threshold, bonus, 0)
    assert at.upper_target == threshold


def test_progress_towards_the_bonus():
    totals = CLASSIC.totals(
        {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15}
    )
    assert (totals.upper, totals.upper_target, totals.upper_missing) == (45, 63, 18)


def test_empty_column():
    totals = PRESETS["six_dice"].totals({})
    assert (totals.upper, totals.bonus, totals.lower, totals.total) == (0, 0, 0, 0)
    assert totals.upper_missing == 84


@pytest.mark.parametrize(
    ("preset", "points", "extra", "message"),
    [
        ("classic", {"pair": 4}, 0, "Case inconnue : « pair »."),
        ("classic", {"chance": "20"}, 0, "Chance : les points doivent être"),
        ("classic", {"chance": True}, 0, "Chance : les points doivent être"),
        ("classic", {"yams": [50]}, 0, "Yams : les points doivent être"),
        ("multi_yams", {"yams": [50, "100"]}, 0, "Yams : les points doivent être"),
        ("classic", [("chance", 20)], 0, "Les points doivent être un dictionnaire."),
        ("yahtzee", {}, -1, "Yams supplémentaires"),
        ("yahtzee", {}, 1.5, "Yams supplémentaires"),
    ],
)
def test_bad_totals_input(preset, points, extra, message):
    with pytest.raises(RuleError, match=message):
        PRESETS[preset].totals(points, extra_yams=extra)
