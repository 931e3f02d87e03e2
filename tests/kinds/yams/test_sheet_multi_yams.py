"""Multi-Yams: the repeatable Yams box takes up to four Yams (50, then 100 each), is
crossed only while empty, offers what its next Yams is worth, stops with the sheet,
and takes further Yams whatever the column's order."""

from games.kinds.yams import PRESETS, build_variant
from tests.kinds.yams.helpers import CROSS, MADE, refused


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
