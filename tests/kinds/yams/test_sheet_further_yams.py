"""Yahtzee's further Yams: a prime of 100 only once the Yams box of that column holds
50, an entry that must look like a Yams, the joker on the full house and the
straights, and the maximum card it makes."""

import pytest

from games.kinds.yams import PRESETS, build_variant
from tests.kinds.yams.helpers import CROSS, MADE, count, refused, total


def test_further_yams_needs_fifty_in_the_yams_box():
    card = PRESETS["yahtzee"].new_scorecard()
    entry = count(5, extra_yams=True)
    assert refused(card, "free", "fours", entry) == (
        "Quatre : pas de prime Yams tant que la case Yams de cette colonne "
        "ne contient pas 50."
    )
    crossed = card.apply("free", "yams", CROSS)
    assert "pas de prime Yams" in refused(crossed, "free", "fours", entry)
    card = card.apply("free", "yams", MADE).apply("free", "fours", entry)
    totals = card.totals()
    assert (totals["free"].yams_bonus, totals.yams_bonus, totals.total) == (
        100,
        100,
        170,
    )


def test_further_yams_is_per_column():
    variant = build_variant("yahtzee", {"columns": ["free", "dry"]})
    card = variant.new_scorecard().apply("free", "yams", MADE)
    assert "pas de prime Yams" in refused(
        card, "dry", "chance", total(30, extra_yams=True)
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
    card = PRESETS["yahtzee"].new_scorecard().apply("free", "yams", MADE)
    assert message in refused(card, "free", box, entry)


def test_joker_on_full_and_straights():
    card = PRESETS["yahtzee"].new_scorecard().apply("free", "yams", MADE)
    for box, points in (
        ("full_house", 25),
        ("small_straight", 30),
        ("large_straight", 40),
    ):
        scored = card.check("free", box, {"kind": "made", "extra_yams": True})
        assert (scored.points, scored.yams_bonus) == (points, 100)
    # A forced zero elsewhere still earns the bonus (official rule).
    crossed = card.apply("free", "ones", {"kind": "cross", "extra_yams": True})
    assert crossed.totals().total == 150


def test_yahtzee_maximum_through_the_sheet():
    variant = PRESETS["yahtzee"]
    card = variant.new_scorecard().apply("free", "yams", MADE)
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
        card = card.apply("free", box, entry)
    assert card.complete
    totals = card.totals()
    assert (totals["free"].total - totals.yams_bonus, totals.yams_bonus) == (375, 1200)
    assert totals.total == 1575
