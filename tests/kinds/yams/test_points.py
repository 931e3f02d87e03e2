"""What a throw is worth in each box (`variant.points`)."""

from itertools import combinations, combinations_with_replacement, permutations

import pytest

from games.kinds.yams import PRESETS, RuleError, build_variant

# RULES.md, "Worked examples from the sources": preset, dice, box, points.
WORKED_EXAMPLES = [
    ("classic", (5, 5, 5, 2, 1), "three_kind", 15),
    ("classic", (3, 3, 3, 3, 6), "four_kind", 12),
    ("classic", (2, 2, 6, 6, 6), "full_house", 25),
    ("classic", (1, 2, 3, 4, 6), "small_straight", 30),
    ("classic", (2, 3, 4, 5, 6), "large_straight", 40),
    ("classic", (4, 4, 4, 4, 4), "yams", 50),
    ("classic", (6, 5, 4, 4, 1), "chance", 20),
    ("classic", (6, 5, 4, 4, 1), "fours", 8),
    ("all_dice", (2, 2, 2, 5, 6), "three_kind", 17),
    ("all_dice", (2, 2, 2, 5, 6), "twos", 6),
    ("all_dice", (1, 2, 3, 4, 4), "small_straight", 30),
    ("all_dice", (6, 6, 6, 6, 6), "full_house", 0),
    ("multi_yams", (5, 2, 5, 4, 5), "three_kind", 21),
    ("multi_yams", (6, 1, 6, 6, 6), "four_kind", 25),
    ("multi_yams", (6, 6, 6, 6, 1), "sixes", 24),
]


@pytest.mark.parametrize(("preset", "dice", "box", "points"), WORKED_EXAMPLES)
def test_worked_examples(preset, dice, box, points):
    assert PRESETS[preset].points(box, dice) == points


EDGE_CASES = [
    # The "Les variantes" note of 003: all the dice at the brelan, 5-5-5-2-1 is 18.
    ("classic", {"count_dice": "all"}, (5, 5, 5, 2, 1), "three_kind", 18),
    ("classic", {}, (3, 3, 3, 3, 6), "three_kind", 9),  # a carré holds a brelan
    ("classic", {}, (6, 6, 6, 6, 6), "four_kind", 24),
    ("classic", {}, (1, 1, 2, 2, 3), "three_kind", 0),
    ("classic", {}, (1, 1, 1, 2, 2), "four_kind", 0),
    ("yahtzee", {}, (3, 3, 3, 3, 6), "four_kind", 18),
    ("yahtzee", {}, (3, 3, 3, 3, 6), "three_kind", 18),
    ("yahtzee", {"count_dice": "matching"}, (3, 3, 3, 3, 6), "four_kind", 12),
    # Five identical dice are no full, whatever the preset (joker aside).
    ("classic", {}, (6, 6, 6, 6, 6), "full_house", 0),
    ("yahtzee", {}, (2, 2, 2, 2, 2), "full_house", 0),
    ("multi_yams", {}, (1, 1, 1, 1, 1), "full_house", 0),
    ("classic", {}, (3, 3, 3, 3, 2), "full_house", 0),
    ("all_dice", {}, (3, 3, 2, 2, 3), "full_house", 25),
    # Straights: four in a row anywhere, duplicates allowed.
    ("classic", {}, (3, 4, 5, 6, 6), "small_straight", 30),
    ("classic", {}, (1, 2, 3, 5, 6), "small_straight", 0),
    ("classic", {}, (1, 2, 3, 4, 5), "small_straight", 30),  # 001: large holds small
    ("classic", {}, (1, 2, 3, 4, 5), "large_straight", 40),
    ("classic", {}, (1, 2, 3, 4, 6), "large_straight", 0),
    # Strict straights: only 1-2-3-4-5 (small) and 2-3-4-5-6 (large).
    ("classic", {"strict_straights": True}, (1, 2, 3, 4, 5), "small_straight", 30),
    ("classic", {"strict_straights": True}, (2, 3, 4, 5, 6), "small_straight", 0),
    ("classic", {"strict_straights": True}, (1, 2, 3, 4, 4), "small_straight", 0),
    ("classic", {"strict_straights": True}, (3, 4, 5, 6, 1), "small_straight", 0),
    ("classic", {"strict_straights": True}, (2, 3, 4, 5, 6), "large_straight", 40),
    ("classic", {"strict_straights": True}, (1, 2, 3, 4, 5), "large_straight", 0),
    ("classic", {}, (2, 2, 2, 2, 3), "yams", 0),
    ("multi_yams", {}, (2, 2, 2, 2, 2), "yams", 50),
    ("classic", {}, (1, 1, 1, 1, 1), "ones", 5),
    ("classic", {}, (1, 1, 1, 1, 1), "sixes", 0),
    # Six dice: the best reading of the dice.
    ("six_dice", {}, (6, 6, 6, 6, 5, 5), "two_pairs", 22),
    ("six_dice", {}, (6, 6, 6, 6, 5, 5), "full_house", 28),
    ("six_dice", {}, (6, 6, 6, 6, 5, 5), "tower", 34),
    ("six_dice", {}, (6, 6, 6, 6, 5, 5), "three_pairs", 0),
    ("six_dice", {}, (6, 6, 6, 6, 5, 5), "double_three_kind", 0),
    ("six_dice", {}, (6, 6, 6, 6, 5, 5), "pair", 12),
    ("six_dice", {}, (6, 6, 6, 6, 5, 5), "four_kind", 24),
    ("six_dice", {}, (6, 6, 6, 6, 5, 5), "five_kind", 0),
    ("six_dice", {}, (6, 6, 6, 6, 5, 5), "chance", 34),
    ("six_dice", {}, (6, 6, 6, 5, 5, 5), "full_house", 28),
    ("six_dice", {}, (6, 6, 6, 5, 5, 5), "double_three_kind", 33),
    ("six_dice", {}, (6, 6, 6, 5, 5, 5), "two_pairs", 22),
    ("six_dice", {}, (1, 1, 1, 1, 1, 1), "two_pairs", 0),
    ("six_dice", {}, (1, 1, 1, 1, 1, 1), "full_house", 0),
    ("six_dice", {}, (1, 1, 1, 1, 1, 1), "tower", 0),
    ("six_dice", {}, (1, 1, 1, 1, 1, 1), "maxi_yatzy", 100),
    ("six_dice", {}, (1, 1, 1, 1, 1, 1), "five_kind", 5),
    ("six_dice", {}, (4, 4, 4, 4, 4, 4), "ones", 0),
    ("six_dice", {}, (4, 4, 4, 4, 4, 4), "fours", 24),
    ("six_dice", {}, (3, 3, 2, 2, 1, 1), "three_pairs", 12),
    ("six_dice", {}, (3, 3, 2, 2, 1, 1), "two_pairs", 10),
    ("six_dice", {}, (6, 6, 5, 5, 4, 1), "two_pairs", 22),
    ("six_dice", {}, (1, 2, 3, 4, 5, 5), "small_straight", 15),
    ("six_dice", {}, (1, 2, 3, 4, 5, 5), "large_straight", 0),
    ("six_dice", {}, (2, 3, 4, 5, 6, 6), "large_straight", 20),
    ("six_dice", {}, (1, 2, 3, 4, 5, 6), "full_straight", 21),
    ("six_dice", {}, (1, 2, 3, 4, 5, 6), "small_straight", 15),
    ("six_dice", {}, (1, 2, 3, 4, 5, 6), "large_straight", 20),
    ("six_dice", {}, (1, 2, 3, 4, 6, 6), "small_straight", 0),
    ("six_dice_75", {}, (5, 5, 5, 5, 5, 2), "five_kind", 25),
]


@pytest.mark.parametrize(("preset", "options", "dice", "box", "points"), EDGE_CASES)
def test_edge_cases(preset, options, dice, box, points):
    assert build_variant(preset, options).points(box, dice) == points


@pytest.mark.parametrize(
    ("preset", "dice"),
    [("classic", (5, 2, 5, 1, 5)), ("six_dice", (6, 5, 6, 5, 6, 6))],
)
def test_dice_order_does_not_matter(preset, dice):
    variant = PRESETS[preset]
    expected = variant.all_points(dice)
    for order in set(permutations(dice)):
        assert variant.all_points(order) == expected


def test_all_points_agrees_with_points():
    variant = PRESETS["six_dice"]
    dice = (2, 2, 3, 3, 3, 6)
    assert variant.all_points(dice) == {
        box.key: variant.points(box.key, dice) for box in variant.boxes
    }


def _groups(dice, sizes):
    """Every way of taking disjoint groups of identical dice, of different faces."""
    indexes = range(len(dice))

    def take(left, sizes, faces):
        if not sizes:
            yield faces
            return
        for chosen in combinations(left, sizes[0]):
            picked = {dice[i] for i in chosen}
            if len(picked) == 1 and not picked & set(faces):
                rest = [i for i in left if i not in chosen]
                yield from take(rest, sizes[1:], (*faces, dice[chosen[0]]))

    return take(list(indexes), sizes, ())


SIX_DICE_GROUPS = {
    "pair": (2,),
    "two_pairs": (2, 2),
    "three_pairs": (2, 2, 2),
    "three_kind": (3,),
    "four_kind": (4,),
    "five_kind": (5,),
    "full_house": (3, 2),
    "double_three_kind": (3, 3),
    "tower": (4, 2),
}


@pytest.mark.parametrize(("box", "sizes"), SIX_DICE_GROUPS.items())
def test_six_dice_groups_against_brute_force(box, sizes):
    """Every throw, scored by trying every way to pick the groups out of the dice."""
    variant = PRESETS["six_dice"]
    for dice in combinations_with_replacement(range(1, 7), 6):
        readings = [
            sum(size * face for size, face in zip(sizes, faces, strict=True))
            for faces in _groups(dice, sizes)
        ]
        assert variant.points(box, dice) == max(readings, default=0), dice


@pytest.mark.parametrize(
    "dice",
    [
        (1, 2, 3, 4),
        (1, 2, 3, 4, 5, 6),
        (0, 1, 2, 3, 4),
        (1, 2, 3, 4, 7),
        (1, 2, 3, 4, True),
    ],
)
def test_bad_dice_raise_value_error(dice):
    with pytest.raises(ValueError):
        PRESETS["classic"].points("chance", dice)


@pytest.mark.parametrize("dice", [(1, 2, 3, 4, 5), (1, 2, 3, 4, 5, 6, 6), "123456"])
def test_six_dice_need_six_dice(dice):
    with pytest.raises(RuleError, match="Il faut 6 dés"):
        PRESETS["six_dice"].points("chance", dice)


def test_faces_must_be_integers_from_one_to_six():
    with pytest.raises(RuleError, match="une face de 1 à 6"):
        PRESETS["six_dice"].points("chance", (1.0,) * 6)


@pytest.mark.parametrize(
    ("preset", "box"),
    [("classic", "pair"), ("six_dice", "yams"), ("classic", "nope"), ("classic", None)],
)
def test_unknown_box_raises_value_error(preset, box):
    with pytest.raises(ValueError, match="Case inconnue"):
        PRESETS[preset].points(box, (1,) * PRESETS[preset].dice)
