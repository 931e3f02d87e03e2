"""Multi-Yams: the repeatable Yams box takes up to four Yams (50, then 100 each), is
crossed only while empty, offers what its next Yams is worth, stops with the card,
and takes further Yams whatever the column's order."""

from games.kinds.yams import PRESETS, build_variant
from tests.kinds.yams.helpers import CROSS, MADE, refused


def test_multi_yams_box_takes_four_yams():
    variant = PRESETS["multi_yams"]
    card = variant.new_scorecard()
    calculations = []
    for _ in range(4):
        assert "yams" in card.free_boxes("free")
        scored = card.check("free", "yams", MADE)
        calculations.append(str(scored.calculation))
        card = card.apply("free", "yams", MADE)
        assert card.filled("free", "yams")
    assert calculations == ["Yams : 50", "Yams n° 2 : 100", "Yams n° 3 : 100",
                            "Yams n° 4 : 100"]  # fmt: skip
    assert card.value("free", "yams") == [50, 100, 100, 100]
    assert card.totals().total == 350
    assert "yams" not in card.free_boxes("free")
    assert refused(card, "free", "yams", MADE) == "Yams a déjà ses quatre Yams."


def test_multi_yams_crossing():
    variant = PRESETS["multi_yams"]
    crossed = variant.new_scorecard().apply("free", "yams", CROSS)
    assert crossed.value("free", "yams") == [0]
    assert refused(crossed, "free", "yams", MADE) == "Yams est déjà rempli."
    assert "yams" not in crossed.free_boxes("free")
    one = variant.new_scorecard().apply("free", "yams", MADE)
    assert refused(one, "free", "yams", CROSS) == (
        "Yams : la case contient déjà un Yams, on ne peut plus la barrer."
    )


def test_multi_yams_spec_follows_the_box():
    variant = build_variant("multi_yams", {"typed_points": True})
    card = variant.new_scorecard()
    first = card.entry_spec("free", "yams")
    assert (first.made_points, first.crossable, first.typed_max) == (50, True, 100)
    assert "Yams : les points doivent être entre 0 et 100." in refused(
        card, "free", "yams", {"kind": "points", "value": 101}
    )
    card = card.apply("free", "yams", {"kind": "points", "value": 50})
    second = card.entry_spec("free", "yams")
    assert (second.made_points, second.crossable, second.typed_max) == (100, False, 200)
    assert card.check("free", "yams", {"kind": "points", "value": 100}).points == 100


def test_multi_yams_completes_with_one_yams_and_then_stops():
    variant = PRESETS["multi_yams"]
    card = variant.new_scorecard()
    for box in variant.box_keys:
        card = card.apply("free", box, MADE if box == "yams" else CROSS)
    assert card.complete
    assert card.free_boxes("free") == ()
    assert refused(card, "free", "yams", MADE) == (
        "Yams : la feuille est complète, la partie est finie."
    )


def test_further_yams_ignore_the_column_order():
    variant = build_variant("multi_yams", {"columns": ["down"]})
    card = variant.new_scorecard()
    for box in variant.box_keys[: variant.box_keys.index("yams")]:
        card = card.apply("down", box, CROSS)
    card = card.apply("down", "yams", MADE)
    assert card.free_boxes("down") == ("yams", "chance")
    card = card.apply("down", "yams", MADE)
    assert card.totals().total == 150
