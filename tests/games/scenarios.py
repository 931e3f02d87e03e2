"""The games of RULES.md, as moves the tests replay through the models or the UI."""

C = "free"


def count(n):
    return {"kind": "count", "value": n}


def face(n):
    return {"kind": "face", "value": n}


def faces(*values):
    return {"kind": "faces", "values": list(values)}


def total(n):
    return {"kind": "total", "value": n}


MADE = {"kind": "made"}
CROSS = {"kind": "cross"}

# RULES.md, "Sheet totals (003, classic)": Sarah 250, Hugo 218.
SARAH = [
    ("ones", count(3)),
    ("twos", count(3)),
    ("threes", count(3)),
    ("fours", count(3)),
    ("fives", count(3)),
    ("sixes", count(3)),
    ("three_kind", face(5)),
    ("four_kind", face(3)),
    ("full_house", MADE),
    ("small_straight", MADE),
    ("large_straight", CROSS),
    ("yams", MADE),
    ("chance", total(20)),
]
HUGO = [
    ("ones", count(2)),
    ("twos", count(2)),
    ("threes", count(4)),
    ("fours", count(4)),
    ("fives", count(2)),
    ("sixes", count(3)),
    ("three_kind", face(6)),
    ("four_kind", face(5)),
    ("full_house", MADE),
    ("small_straight", MADE),
    ("large_straight", MADE),
    ("yams", CROSS),
    ("chance", total(23)),
]


def classic_moves():
    """Sarah and Hugo's whole game, turn by turn: (name, column, box, entry)."""
    moves = []
    for (s_box, s_entry), (h_box, h_entry) in zip(SARAH, HUGO, strict=True):
        moves.append(("Sarah", C, s_box, s_entry))
        moves.append(("Hugo", C, h_box, h_entry))
    return moves


# A six-dice sheet using every kind of entry: count, face, faces, total, made, cross.
SIX_DICE = [
    ("ones", count(2)),
    ("twos", count(3)),
    ("threes", count(4)),
    ("fours", count(3)),
    ("fives", count(3)),
    ("sixes", count(4)),
    ("pair", face(6)),
    ("two_pairs", faces(6, 5)),
    ("three_pairs", faces(6, 5, 4)),
    ("three_kind", face(6)),
    ("four_kind", face(5)),
    ("five_kind", CROSS),
    ("small_straight", MADE),
    ("large_straight", MADE),
    ("full_straight", CROSS),
    ("full_house", faces(6, 5)),
    ("double_three_kind", faces(6, 4)),
    ("tower", faces(5, 6)),
    ("chance", total(27)),
    ("maxi_yatzy", CROSS),
]
