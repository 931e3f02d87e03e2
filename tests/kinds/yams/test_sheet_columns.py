"""Columns: a descending one fills top to bottom, an ascending one bottom to top,
each column is a sheet of its own with its own bonus, and the sheet is complete
only when every column is."""

from games.kinds.yams import build_variant
from tests.kinds.yams.helpers import CROSS, MADE, count, refused, total


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
