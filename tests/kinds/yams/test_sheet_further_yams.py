"""Yahtzee's further Yams: a prime of 100 only once the Yams box of that column holds
50, an entry that must look like a Yams, the joker on the full house and the
straights, and the maximum sheet it makes."""

import pytest

from games.kinds.yams import PRESETS, build_variant
from tests.kinds.yams.helpers import CROSS, MADE, count, refused, total


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
