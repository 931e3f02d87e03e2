"""Columns: a descending one fills top to bottom, an ascending one bottom to top,
each column is a card of its own with its own bonus, and the card is complete
only when every column is."""

from games.kinds.yams import build_variant
from tests.kinds.yams.helpers import CROSS, MADE, count, refused, total


def test_descending_column_goes_top_to_bottom():
    variant = build_variant("classic", {"columns": ["down"]})
    card = variant.new_scorecard()
    assert card.free_boxes("down") == ("ones",)
    assert refused(card, "down", "three_kind", CROSS) == (
        "Brelan : la colonne Descendante se remplit de haut en bas ; "
        "il faut d'abord remplir As."
    )
    card = card.apply("down", "ones", count(1))
    assert card.free_boxes("down") == ("twos",)
    assert "il faut d'abord remplir Deux." in refused(card, "down", "chance", CROSS)
    for box in variant.box_keys[1:]:
        card = card.apply("down", box, CROSS)
    assert card.complete
    assert card.free_boxes("down") == ()


def test_ascending_column_goes_bottom_to_top():
    variant = build_variant("six_dice", {"columns": ["up"]})
    card = variant.new_scorecard()
    assert card.free_boxes("up") == ("maxi_yatzy",)
    assert refused(card, "up", "ones", count(6)) == (
        "As : la colonne Montante se remplit de bas en haut ; "
        "il faut d'abord remplir Maxi Yatzy."
    )
    card = card.apply("up", "maxi_yatzy", MADE)
    assert card.free_boxes("up") == ("chance",)
    for box in reversed(variant.box_keys[:-1]):
        card = card.apply("up", box, CROSS)
    assert card.complete
    assert card.totals().total == 100


def test_columns_are_independent_sheets_with_their_own_bonus():
    variant = build_variant("classic", {"columns": ["free", "dry", "down", "up"]})
    card = variant.new_scorecard()
    for column in ("free", "dry"):
        for box, value in zip(variant.box_keys[:6], (3, 3, 3, 3, 3, 3), strict=True):
            card = card.apply(column, box, count(value))
    card = card.apply("free", "chance", total(20))
    totals = card.totals()
    assert list(totals.columns) == ["free", "dry", "down", "up"]
    assert (totals["free"].upper, totals["free"].bonus, totals["free"].total) == (
        63, 35, 118
    )  # fmt: skip
    assert (totals["dry"].bonus, totals["dry"].total) == (35, 98)
    assert totals["down"].total == totals["up"].total == 0
    assert totals.total == 118 + 98
    assert card.free_boxes("down") == ("ones",)
    assert card.free_boxes("up") == ("chance",)
    assert not card.complete


def test_complete_needs_every_column():
    variant = build_variant("classic", {"columns": ["free", "dry"]})
    card = variant.new_scorecard()
    for box in variant.box_keys:
        card = card.apply("free", box, CROSS)
    assert not card.complete
    for box in variant.box_keys:
        card = card.apply("dry", box, CROSS)
    assert card.complete
