"""Saved rolls: the rolls a turn did not use are banked and spent later, a dry
column takes only what the first roll made, and without the option the host is
trusted."""

from games.kinds.yams import build_variant
from tests.kinds.yams.helpers import CROSS, MADE, count, refused, total


def test_saved_rolls_are_banked_and_spent():
    variant = build_variant("six_dice", {"saved_rolls": True})
    card = variant.new_scorecard()
    assert card.bank == 0
    assert refused(card, "free", "chance", total(20, rolls=4)) == (
        "Chance : le nombre de lancers doit être entre 1 et 3."
    )
    card = card.apply("free", "chance", total(20, rolls=1))
    assert card.bank == 2
    card = card.apply("free", "pair", {"kind": "face", "value": 3, "rolls": 2})
    assert card.bank == 3
    assert "entre 1 et 6." in refused(card, "free", "ones", count(2, rolls=7))
    card = card.apply("free", "ones", count(2, rolls=6))
    assert card.bank == 0
    card = card.apply("free", "twos", CROSS)  # no count given: three rolls
    assert card.bank == 0


def test_dry_column_takes_only_the_first_roll():
    variant = build_variant(
        "classic", {"columns": ["free", "dry"], "saved_rolls": True}
    )
    card = variant.new_scorecard()
    assert refused(card, "dry", "yams", {"kind": "made", "rolls": 2}) == (
        "Yams : la colonne Sèche ne prend que ce qui est fait au premier lancer "
        "(1 lancer)."
    )
    card = card.apply("dry", "yams", {"kind": "made", "rolls": 1})
    assert card.bank == 2
    card = card.apply("dry", "chance", total(12))  # a dry turn is one roll
    assert card.bank == 4
    card = card.apply("free", "chance", total(12, rolls=7))
    assert card.bank == 0


def test_dry_column_without_saved_rolls_trusts_the_host():
    variant = build_variant("classic", {"columns": ["dry"]})
    card = variant.new_scorecard().apply("dry", "large_straight", MADE)
    assert card.totals()["dry"].total == 40
    assert "lancers gardés ne sont pas activés" in refused(
        card, "dry", "chance", total(12, rolls=1)
    )
