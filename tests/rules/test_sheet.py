"""A player's sheet: columns, order, saved rolls, further Yams, replay."""

import pytest

from games.rules import PRESETS, InvalidEntry, RuleError, Sheet, build_variant

CROSS = {"kind": "cross"}
MADE = {"kind": "made"}


def count(value, **extra):
    return {"kind": "count", "value": value, **extra}


def total(value, **extra):
    return {"kind": "total", "value": value, **extra}


def refused(sheet, column, box, entry):
    with pytest.raises(InvalidEntry) as caught:
        sheet.check(column, box, entry)
    with pytest.raises(InvalidEntry):
        sheet.apply(column, box, entry)
    return str(caught.value)


# --- building --------------------------------------------------------------


def test_new_sheet_is_empty():
    variant = PRESETS["classic"]
    sheet = variant.new_sheet()
    assert sheet == Sheet(variant)
    assert sheet.turns == ()
    assert not sheet.complete
    assert sheet.bank == 0
    assert sheet.free_boxes("free") == variant.box_keys
    assert sheet.totals().total == 0
    assert sheet.value("free", "chance") is None


def test_apply_returns_a_new_sheet():
    sheet = PRESETS["classic"].new_sheet()
    scored = sheet.check("free", "fours", count(3))
    assert (scored.points, str(scored.calculation)) == (12, "3 × 4 = 12")
    assert sheet.turns == ()
    after = sheet.apply("free", "fours", count(3))
    assert sheet.turns == () and not sheet.filled("free", "fours")
    assert after.filled("free", "fours")
    assert after.value("free", "fours") == 12
    assert "fours" not in after.free_boxes("free")


def test_replay_is_a_fold_of_apply():
    variant = build_variant("classic", {"columns": ["down", "free"]})
    records = [
        ("down", "ones", count(2)),
        ("free", "chance", total(22)),
        ("down", "twos", CROSS),
        ("free", "three_kind", {"kind": "face", "value": 4}),
    ]
    sheet = variant.new_sheet()
    for record in records:
        sheet = sheet.apply(*record)
    replayed = Sheet.replay(variant, records)
    assert replayed == sheet
    assert replayed.totals().total == 2 + 22 + 12
    assert [turn.box for turn in replayed.turns] == [
        "ones",
        "chance",
        "twos",
        "three_kind",
    ]


def test_replay_refuses_a_bad_record():
    with pytest.raises(InvalidEntry, match="Brelan est déjà rempli."):
        Sheet.replay(
            PRESETS["classic"],
            [("free", "three_kind", CROSS), ("free", "three_kind", CROSS)],
        )


def test_stored_entry_is_a_copy():
    entry = count(3)
    sheet = PRESETS["classic"].new_sheet().apply("free", "fours", entry)
    entry["value"] = 5
    assert sheet.turns[0].entry == count(3)
    assert sheet.value("free", "fours") == 12


# --- refusals ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("box", "entry", "message"),
    [
        ("three_kind", CROSS, "Brelan est déjà rempli."),
        ("chance", CROSS, "Chance est déjà remplie."),
        ("small_straight", MADE, "Petite suite est déjà remplie."),
        ("yams", MADE, "Yams est déjà rempli."),
    ],
)
def test_a_box_is_filled_once(box, entry, message):
    sheet = PRESETS["classic"].new_sheet().apply("free", box, entry)
    assert refused(sheet, "free", box, entry) == message


def test_unknown_column_names_the_box():
    sheet = PRESETS["classic"].new_sheet()
    assert refused(sheet, "down", "three_kind", CROSS) == (
        "Brelan : la colonne « down » n'existe pas dans cette partie."
    )
    assert "Brelan" in refused(sheet, ["free"], "three_kind", CROSS)


def test_unknown_box():
    sheet = PRESETS["classic"].new_sheet()
    assert (
        refused(sheet, "free", "maxi_yatzy", MADE) == "Case inconnue : « maxi_yatzy »."
    )
    assert refused(sheet, "free", {"box": 1}, MADE).startswith("Case inconnue")


def test_reading_an_unknown_column_or_box():
    sheet = PRESETS["classic"].new_sheet()
    with pytest.raises(RuleError, match="La colonne « up » n'existe pas"):
        sheet.free_boxes("up")
    with pytest.raises(RuleError, match="Case inconnue"):
        sheet.filled("free", "tower")
    with pytest.raises(RuleError, match="La colonne « dry » n'existe pas"):
        sheet.entry_spec("dry", "chance")
    with pytest.raises(RuleError, match="La colonne « down » n'existe pas"):
        sheet.value("down", "chance")


# --- columns -----------------------------------------------------------------


def test_descending_column_goes_top_to_bottom():
    variant = build_variant("classic", {"columns": ["down"]})
    sheet = variant.new_sheet()
    assert sheet.free_boxes("down") == ("ones",)
    assert refused(sheet, "down", "three_kind", CROSS) == (
        "Brelan : la colonne Descendante se remplit de haut en bas ; "
        "il faut d'abord remplir As."
    )
    sheet = sheet.apply("down", "ones", count(1))
    assert sheet.free_boxes("down") == ("twos",)
    assert "il faut d'abord remplir Deux." in refused(sheet, "down", "chance", CROSS)
    for box in variant.box_keys[1:]:
        sheet = sheet.apply("down", box, CROSS)
    assert sheet.complete
    assert sheet.free_boxes("down") == ()


def test_ascending_column_goes_bottom_to_top():
    variant = build_variant("six_dice", {"columns": ["up"]})
    sheet = variant.new_sheet()
    assert sheet.free_boxes("up") == ("maxi_yatzy",)
    assert refused(sheet, "up", "ones", count(6)) == (
        "As : la colonne Montante se remplit de bas en haut ; "
        "il faut d'abord remplir Maxi Yatzy."
    )
    sheet = sheet.apply("up", "maxi_yatzy", MADE)
    assert sheet.free_boxes("up") == ("chance",)
    for box in reversed(variant.box_keys[:-1]):
        sheet = sheet.apply("up", box, CROSS)
    assert sheet.complete
    assert sheet.totals().total == 100


def test_columns_are_independent_sheets_with_their_own_bonus():
    variant = build_variant("classic", {"columns": ["free", "dry", "down", "up"]})
    sheet = variant.new_sheet()
    for column in ("free", "dry"):
        for box, value in zip(variant.box_keys[:6], (3, 3, 3, 3, 3, 3), strict=True):
            sheet = sheet.apply(column, box, count(value))
    sheet = sheet.apply("free", "chance", total(20))
    totals = sheet.totals()
    assert list(totals.columns) == ["free", "dry", "down", "up"]
    assert (totals["free"].upper, totals["free"].bonus, totals["free"].total) == (
        63, 35, 118
    )  # fmt: skip
    assert (totals["dry"].bonus, totals["dry"].total) == (35, 98)
    assert totals["down"].total == totals["up"].total == 0
    assert totals.total == 118 + 98
    assert sheet.free_boxes("down") == ("ones",)
    assert sheet.free_boxes("up") == ("chance",)
    assert not sheet.complete


def test_complete_needs_every_column():
    variant = build_variant("classic", {"columns": ["free", "dry"]})
    sheet = variant.new_sheet()
    for box in variant.box_keys:
        sheet = sheet.apply("free", box, CROSS)
    assert not sheet.complete
    for box in variant.box_keys:
        sheet = sheet.apply("dry", box, CROSS)
    assert sheet.complete


# --- saved rolls -------------------------------------------------------------


def test_saved_rolls_are_banked_and_spent():
    variant = build_variant("six_dice", {"saved_rolls": True})
    sheet = variant.new_sheet()
    assert sheet.bank == 0
    assert refused(sheet, "free", "chance", total(20, rolls=4)) == (
        "Chance : le nombre de lancers doit être entre 1 et 3."
    )
    sheet = sheet.apply("free", "chance", total(20, rolls=1))
    assert sheet.bank == 2
    sheet = sheet.apply("free", "pair", {"kind": "face", "value": 3, "rolls": 2})
    assert sheet.bank == 3
    assert "entre 1 et 6." in refused(sheet, "free", "ones", count(2, rolls=7))
    sheet = sheet.apply("free", "ones", count(2, rolls=6))
    assert sheet.bank == 0
    sheet = sheet.apply("free", "twos", CROSS)  # no count given: three rolls
    assert sheet.bank == 0


def test_dry_column_takes_only_the_first_roll():
    variant = build_variant(
        "classic", {"columns": ["free", "dry"], "saved_rolls": True}
    )
    sheet = variant.new_sheet()
    assert refused(sheet, "dry", "yams", {"kind": "made", "rolls": 2}) == (
        "Yams : la colonne Sèche ne prend que ce qui est fait au premier lancer "
        "(1 lancer)."
    )
    sheet = sheet.apply("dry", "yams", {"kind": "made", "rolls": 1})
    assert sheet.bank == 2
    sheet = sheet.apply("dry", "chance", total(12))  # a dry turn is one roll
    assert sheet.bank == 4
    sheet = sheet.apply("free", "chance", total(12, rolls=7))
    assert sheet.bank == 0


def test_dry_column_without_saved_rolls_trusts_the_host():
    variant = build_variant("classic", {"columns": ["dry"]})
    sheet = variant.new_sheet().apply("dry", "large_straight", MADE)
    assert sheet.totals()["dry"].total == 40
    assert "lancers gardés ne sont pas activés" in refused(
        sheet, "dry", "chance", total(12, rolls=1)
    )


# --- yahtzee: further Yams ---------------------------------------------------


def test_further_yams_needs_fifty_in_the_yams_box():
    sheet = PRESETS["yahtzee"].new_sheet()
    entry = count(5, extra_yams=True)
    assert refused(sheet, "free", "fours", entry) == (
        "Quatre : pas de prime Yams tant que la case Yams de cette colonne "
        "ne contient pas 50."
    )
    crossed = sheet.apply("free", "yams", CROSS)
    assert "pas de prime Yams" in refused(crossed, "free", "fours", entry)
    sheet = sheet.apply("free", "yams", MADE).apply("free", "fours", entry)
    totals = sheet.totals()
    assert (totals["free"].yams_bonus, totals.yams_bonus, totals.total) == (
        100,
        100,
        170,
    )


def test_further_yams_is_per_column():
    variant = build_variant("yahtzee", {"columns": ["free", "dry"]})
    sheet = variant.new_sheet().apply("free", "yams", MADE)
    assert "pas de prime Yams" in refused(
        sheet, "dry", "chance", total(30, extra_yams=True)
    )


@pytest.mark.parametrize(
    ("box", "entry", "message"),
    [
        ("fours", count(3, extra_yams=True), "Quatre : un Yams supplémentaire"),
        ("chance", total(17, extra_yams=True), "Chance : un Yams supplémentaire fait"),
        ("yams", {"kind": "made", "extra_yams": True}, "Yams est déjà rempli."),
    ],
)
def test_further_yams_must_look_like_a_yams(box, entry, message):
    sheet = PRESETS["yahtzee"].new_sheet().apply("free", "yams", MADE)
    assert message in refused(sheet, "free", box, entry)


def test_joker_on_full_and_straights():
    sheet = PRESETS["yahtzee"].new_sheet().apply("free", "yams", MADE)
    for box, points in (
        ("full_house", 25),
        ("small_straight", 30),
        ("large_straight", 40),
    ):
        scored = sheet.check("free", box, {"kind": "made", "extra_yams": True})
        assert (scored.points, scored.yams_bonus) == (points, 100)
    # A forced zero elsewhere still earns the bonus (official rule).
    crossed = sheet.apply("free", "ones", {"kind": "cross", "extra_yams": True})
    assert crossed.totals().total == 150


def test_yahtzee_maximum_through_the_sheet():
    variant = PRESETS["yahtzee"]
    sheet = variant.new_sheet().apply("free", "yams", MADE)
    further = [(box, count(5, extra_yams=True)) for box in variant.box_keys[:6]]
    further += [
        ("three_kind", total(30, extra_yams=True)),
        ("four_kind", total(30, extra_yams=True)),
        ("full_house", {"kind": "made", "extra_yams": True}),
        ("small_straight", {"kind": "made", "extra_yams": True}),
        ("large_straight", {"kind": "made", "extra_yams": True}),
        ("chance", total(30, extra_yams=True)),
    ]
    for box, entry in further:
        sheet = sheet.apply("free", box, entry)
    assert sheet.complete
    totals = sheet.totals()
    assert (totals["free"].total - totals.yams_bonus, totals.yams_bonus) == (375, 1200)
    assert totals.total == 1575


# --- multi_yams: the repeatable Yams box ---------------------------------------


def test_multi_yams_box_takes_four_yams():
    variant = PRESETS["multi_yams"]
    sheet = variant.new_sheet()
    calculations = []
    for _ in range(4):
        assert "yams" in sheet.free_boxes("free")
        scored = sheet.check("free", "yams", MADE)
        calculations.append(str(scored.calculation))
        sheet = sheet.apply("free", "yams", MADE)
        assert sheet.filled("free", "yams")
    assert calculations == ["Yams : 50", "Yams n° 2 : 100", "Yams n° 3 : 100",
                            "Yams n° 4 : 100"]  # fmt: skip
    assert sheet.value("free", "yams") == [50, 100, 100, 100]
    assert sheet.totals().total == 350
    assert "yams" not in sheet.free_boxes("free")
    assert refused(sheet, "free", "yams", MADE) == "Yams a déjà ses quatre Yams."


def test_multi_yams_crossing():
    variant = PRESETS["multi_yams"]
    crossed = variant.new_sheet().apply("free", "yams", CROSS)
    assert crossed.value("free", "yams") == [0]
    assert refused(crossed, "free", "yams", MADE) == "Yams est déjà rempli."
    assert "yams" not in crossed.free_boxes("free")
    one = variant.new_sheet().apply("free", "yams", MADE)
    assert refused(one, "free", "yams", CROSS) == (
        "Yams : la case contient déjà un Yams, on ne peut plus la barrer."
    )


def test_multi_yams_spec_follows_the_box():
    variant = build_variant("multi_yams", {"typed_points": True})
    sheet = variant.new_sheet()
    first = sheet.entry_spec("free", "yams")
    assert (first.made_points, first.crossable, first.typed_max) == (50, True, 100)
    assert "Yams : les points doivent être entre 0 et 100." in refused(
        sheet, "free", "yams", {"kind": "points", "value": 101}
    )
    sheet = sheet.apply("free", "yams", {"kind": "points", "value": 50})
    second = sheet.entry_spec("free", "yams")
    assert (second.made_points, second.crossable, second.typed_max) == (100, False, 200)
    assert sheet.check("free", "yams", {"kind": "points", "value": 100}).points == 100


def test_multi_yams_completes_with_one_yams_and_then_stops():
    variant = PRESETS["multi_yams"]
    sheet = variant.new_sheet()
    for box in variant.box_keys:
        sheet = sheet.apply("free", box, MADE if box == "yams" else CROSS)
    assert sheet.complete
    assert sheet.free_boxes("free") == ()
    assert refused(sheet, "free", "yams", MADE) == (
        "Yams : la feuille est complète, la partie est finie."
    )


def test_further_yams_ignore_the_column_order():
    variant = build_variant("multi_yams", {"columns": ["down"]})
    sheet = variant.new_sheet()
    for box in variant.box_keys[: variant.box_keys.index("yams")]:
        sheet = sheet.apply("down", box, CROSS)
    sheet = sheet.apply("down", "yams", MADE)
    assert sheet.free_boxes("down") == ("yams", "chance")
    sheet = sheet.apply("down", "yams", MADE)
    assert sheet.totals().total == 150


# --- six dice ----------------------------------------------------------------

PERFECT_SIX_DICE = [
    *((box, count(6)) for box in ("ones", "twos", "threes", "fours", "fives", "sixes")),
    ("pair", {"kind": "face", "value": 6}),
    ("two_pairs", {"kind": "faces", "values": [6, 5]}),
    ("three_pairs", {"kind": "faces", "values": [6, 5, 4]}),
    ("three_kind", {"kind": "face", "value": 6}),
    ("four_kind", {"kind": "face", "value": 6}),
    ("five_kind", {"kind": "face", "value": 6}),
    ("small_straight", MADE),
    ("large_straight", MADE),
    ("full_straight", MADE),
    ("full_house", {"kind": "faces", "values": [6, 5]}),
    ("double_three_kind", {"kind": "faces", "values": [6, 5]}),
    ("tower", {"kind": "faces", "values": [6, 5]}),
    ("chance", total(36)),
    ("maxi_yatzy", MADE),
]


@pytest.mark.parametrize(
    ("preset", "expected"), [("six_dice", 649), ("six_dice_75", 599)]
)
def test_perfect_six_dice_sheet(preset, expected):
    records = [("free", box, entry) for box, entry in PERFECT_SIX_DICE]
    sheet = Sheet.replay(PRESETS[preset], records)
    assert sheet.complete
    assert sheet.totals().total == expected


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
    sheet = PRESETS[preset].new_sheet()
    if first:
        sheet = sheet.apply("free", first, entry)
    five = {"kind": "count", "value": count}
    assert sheet.is_further_yams("free", "fives", five) is further
    assert sheet.is_further_yams("free", "chance", five) is False
    if further:
        scored = sheet.check("free", "fives", {**five, "extra_yams": True})
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
    sheet = PRESETS[preset].new_sheet()
    if filled:
        sheet = sheet.apply("free", filled, {"kind": "cross"})
    entry = {"kind": "count", "value": count}
    assert sheet.free_all_alike_box("free", "fives", entry) == expected
    assert sheet.free_all_alike_box("free", "chance", entry) is None


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
    sheet = PRESETS[preset].new_sheet().apply("free", "yams", first)
    five = {"kind": "count", "value": 5}
    found = sheet.yams_box_taking_more("free", "fives", five)
    assert (found.key if found else None) == expected
    assert sheet.yams_box_taking_more("free", "fives", {**five, "value": 4}) is None
    assert sheet.free_all_alike_box("free", "fives", five) is None
