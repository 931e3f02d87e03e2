"""The Yams a scorecard was given, as the band's records count them: each Yams
scored in its box, each further Yams of the Yahtzee rule, a Maxi Yatzy; never a
crossed box, nor all alike dice written as points of an upper box."""

import pytest

from games.kinds.yams import PRESETS
from tests.kinds.yams.helpers import CROSS, MADE, count


def card_after(preset, *moves):
    card = PRESETS[preset].new_scorecard()
    for box, entry in moves:
        card = card.apply("free", box, entry)
    return card


@pytest.mark.parametrize(
    "preset, moves, made",
    [
        ("classic", [], 0),
        ("classic", [("yams", MADE)], 1),
        ("classic", [("yams", CROSS)], 0),
        ("classic", [("yams", MADE), ("fives", count(5))], 1),
        ("classic", [("yams", CROSS), ("fives", count(5))], 0),
        ("multi_yams", [("yams", MADE)] * 4, 4),
        ("multi_yams", [("yams", CROSS)], 0),
        ("yahtzee", [("yams", MADE), ("fours", count(5, extra_yams=True))], 2),
        (
            "yahtzee",
            [("yams", MADE), ("full_house", {"kind": "made", "extra_yams": True})],
            2,
        ),
        ("six_dice", [("maxi_yatzy", MADE)], 1),
        ("six_dice", [("maxi_yatzy", CROSS)], 0),
    ],
    ids=[
        "empty",
        "one yams",
        "crossed",
        "all alike in an upper box is points",
        "crossed then all alike",
        "multi-yams four",
        "multi-yams crossed",
        "further yams",
        "joker",
        "maxi yatzy",
        "maxi yatzy crossed",
    ],
)
def test_yams_made(preset, moves, made):
    assert card_after(preset, *moves).yams_made == made
