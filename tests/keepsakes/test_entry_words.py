"""What was entered, in words: shared by the log, the CSV and the PDF."""

import pytest

from games.kinds.yams.words import describe_entry


@pytest.mark.parametrize(
    ("box", "data", "words"),
    [
        ("fours", {"kind": "count", "value": 3}, "3 × 4"),
        ("ones", {"kind": "count", "value": 0}, "0 × 1"),
        ("three_kind", {"kind": "face", "value": 5}, "face 5"),
        ("two_pairs", {"kind": "faces", "values": [6, 2]}, "faces 6 et 2"),
        ("three_pairs", {"kind": "faces", "values": [6, 2, 1]}, "faces 6, 2 et 1"),
        ("chance", {"kind": "total", "value": 23}, "total 23"),
        ("yams", {"kind": "made"}, "réussi"),
        ("large_straight", {"kind": "cross"}, "barré"),
        ("chance", {"kind": "points", "value": 17}, "17 points tapés"),
        (
            "full_house",
            {"kind": "made", "extra_yams": True},
            "réussi + prime Yams",
        ),
        ("sixes", {"kind": "count", "value": 2, "rolls": 1}, "2 × 6 (1 lancer)"),
        ("sixes", {"kind": "count", "value": 2, "rolls": 4}, "2 × 6 (4 lancers)"),
    ],
)
def test_an_entry_reads_as_the_host_would_say_it(box, data, words):
    assert describe_entry(box, data) == words


def test_a_malformed_entry_reads_as_a_question_mark_rather_than_failing():
    assert describe_entry("ones", "nonsense") == "?"
    assert describe_entry("ones", {"kind": "dice"}) == "?"
