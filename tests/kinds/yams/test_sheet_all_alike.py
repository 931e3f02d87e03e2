"""All the dice alike counted in an upper box: spotted as a further Yams where it earns
a prime, and pointed at the Yams box that is still free or takes more."""

import pytest

from games.kinds.yams import PRESETS
from tests.kinds.yams.helpers import MADE

# Five (six) dice of one face counted in an upper box, after a Yams of 50: only
# Yahtzee pays a prime for it (RULES.md: classic, all_dice and the six-dice
# presets have none; multi_yams writes its further Yams in the Yams box).
FURTHER_YAMS = [
    ("yahtzee", "yams", {"kind": "made"}, 5, True),
    ("yahtzee", "yams", {"kind": "made"}, 4, False),
    ("yahtzee", "yams", {"kind": "cross"}, 5, False),
    ("yahtzee", None, None, 5, False),
    ("classic", "yams", {"kind": "made"}, 5, False),
    ("all_dice", "yams", {"kind": "made"}, 5, False),
    ("multi_yams", "yams", {"kind": "made"}, 5, False),
    ("six_dice", "maxi_yatzy", {"kind": "made"}, 6, False),
    ("six_dice_75", "maxi_yatzy", {"kind": "made"}, 6, False),
]


@pytest.mark.parametrize(("preset", "first", "entry", "count", "further"), FURTHER_YAMS)
def test_a_yams_counted_in_an_upper_box_is_spotted_where_it_earns_a_prime(
    preset, first, entry, count, further
):
    card = PRESETS[preset].new_scorecard()
    if first:
        card = card.apply("free", first, entry)
    five = {"kind": "count", "value": count}
    assert card.is_further_yams("free", "fives", five) is further
    assert card.is_further_yams("free", "chance", five) is False
    if further:
        scored = card.check("free", "fives", {**five, "extra_yams": True})
        assert (scored.points, scored.yams_bonus) == (25, 100)


@pytest.mark.parametrize(
    ("preset", "count", "filled", "expected"),
    [
        ("classic", 5, None, "yams"),
        ("classic", 4, None, None),
        ("classic", 5, "yams", None),
        ("multi_yams", 5, None, "yams"),
        ("six_dice", 6, None, "maxi_yatzy"),
        ("six_dice", 5, None, None),
        ("six_dice_75", 6, None, "maxi_yatzy"),
    ],
)
def test_all_the_dice_alike_point_at_the_free_yams_box(preset, count, filled, expected):
    card = PRESETS[preset].new_scorecard()
    if filled:
        card = card.apply("free", filled, {"kind": "cross"})
    entry = {"kind": "count", "value": count}
    assert card.free_all_alike_box("free", "fives", entry) == expected
    assert card.free_all_alike_box("free", "chance", entry) is None


@pytest.mark.parametrize(
    ("preset", "first", "expected"),
    [
        ("multi_yams", MADE, "yams"),
        ("multi_yams", {"kind": "cross"}, None),
        ("classic", MADE, None),
        ("yahtzee", MADE, None),
        ("all_dice", MADE, None),
    ],
)
def test_all_the_dice_alike_point_at_a_yams_box_that_takes_more(
    preset, first, expected
):
    card = PRESETS[preset].new_scorecard().apply("free", "yams", first)
    five = {"kind": "count", "value": 5}
    found = card.yams_box_taking_more("free", "fives", five)
    assert (found.key if found else None) == expected
    assert card.yams_box_taking_more("free", "fives", {**five, "value": 4}) is None
    assert card.free_all_alike_box("free", "fives", five) is None
