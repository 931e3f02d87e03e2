"""Building a player's card: a new one is empty, `apply` returns a new card and
keeps a copy of the entry, `replay` is a fold of `apply` that refuses a bad record,
and a perfect six-dice card replays to the maximum of its preset."""

import pytest

from games.kinds.yams import PRESETS, InvalidEntry, Scorecard, build_variant
from tests.kinds.yams.helpers import CROSS, MADE, count, total


def test_new_sheet_is_empty():
    variant = PRESETS["classic"]
    card = variant.new_scorecard()
    assert card == Scorecard(variant)
    assert card.turns == ()
    assert not card.complete
    assert card.bank == 0
    assert card.free_boxes("free") == variant.box_keys
    assert card.totals().total == 0
    assert card.value("free", "chance") is None


def test_apply_returns_a_new_sheet():
    card = PRESETS["classic"].new_scorecard()
    scored = card.check("free", "fours", count(3))
    assert (scored.points, str(scored.calculation)) == (12, "3 × 4 = 12")
    assert card.turns == ()
    after = card.apply("free", "fours", count(3))
    assert card.turns == () and not card.filled("free", "fours")
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
    card = variant.new_scorecard()
    for record in records:
        card = card.apply(*record)
    replayed = Scorecard.replay(variant, records)
    assert replayed == card
    assert replayed.totals().total == 2 + 22 + 12
    assert [turn.box for turn in replayed.turns] == [
        "ones",
        "chance",
        "twos",
        "three_kind",
    ]


def test_replay_refuses_a_bad_record():
    with pytest.raises(InvalidEntry, match="Brelan est déjà rempli."):
        Scorecard.replay(
            PRESETS["classic"],
            [("free", "three_kind", CROSS), ("free", "three_kind", CROSS)],
        )


def test_a_written_box_keeps_its_points_when_the_entry_changes_afterwards():
    entry = count(3)
    card = PRESETS["classic"].new_scorecard().apply("free", "fours", entry)
    entry["value"] = 5
    assert card.value("free", "fours") == 12
    assert card.totals().total == 12


def test_writing_a_box_says_what_it_scored_with_its_calculation():
    card, scored = PRESETS["classic"].new_scorecard().write("free", "fours", count(3))
    assert (scored.points, str(scored.calculation)) == (12, "3 × 4 = 12")
    assert card.value("free", "fours") == 12


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
    card = Scorecard.replay(PRESETS[preset], records)
    assert card.complete
    assert card.totals().total == expected
