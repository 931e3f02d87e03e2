"""What is still possible (`Scorecard.outlook`): the highest total the open boxes
can bring, each column's upper bonus, and whether a player can still pass the
leader; hand-worked sheets, then properties over random sheets."""

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.kinds.yams import PRESETS, GameState, InvalidEntry, build_variant
from games.kinds.yams.entries import typed_max
from games.kinds.yams.scorecard import REPEATED_YAMS
from tests.factories import HUGO, SARAH
from tests.kinds.yams.helpers import CROSS, MADE, Entry, Player, count, total
from tests.kinds.yams.test_properties import entries_for, fuzz, variants

# The classic sheet at its best: 105 up, 35 of bonus, 217 down.
CLASSIC_BEST = 357


def face(value):
    return {"kind": "face", "value": value}


def typed(value, **extra):
    return {"kind": "points", "value": value, **extra}


def sheet(preset, moves, options=None):
    """The scorecard after `moves`: (box, entry) in the free column, or (column,
    box, entry)."""
    variant = build_variant(preset, options or {})
    records = [move if len(move) == 3 else ("free", *move) for move in moves]
    return variant.new_scorecard().replay(variant, records)


# --- hand-worked sheets ------------------------------------------------------

# (what it shows, preset, options, moves, best, per column: (needed, open upper
# boxes, reachable, needs everything))
SHEETS = [
    (
        "nothing written yet",
        "classic",
        {},
        [],
        CLASSIC_BEST,
        [(63, ("ones", "twos", "threes", "fours", "fives", "sixes"), True, False)],
    ),
    (
        # 1 + 2 + 0 + 4 = 7 up; Cinq and Six make 55 at best: 62, one short.
        "bonus out of reach",
        "classic",
        {},
        [
            ("ones", count(1)),
            ("twos", count(1)),
            ("threes", CROSS),
            ("fours", count(1)),
        ],
        7 + 55 + 217,
        [(56, ("fives", "sixes"), False, False)],
    ),
    (
        # 3 + 6 + 6 + 8 + 10 = 33 up: 30 missing, exactly five sixes.
        "bonus needs the maximum",
        "classic",
        {},
        [
            ("ones", count(3)),
            ("twos", count(3)),
            ("threes", count(2)),
            ("fours", count(2)),
            ("fives", count(2)),
        ],
        33 + 30 + 35 + 217,
        [(30, ("sixes",), True, True)],
    ),
    (
        # 3 + 6 + 9 + 12 = 30 up: 33 missing, Cinq and Six give up to 55.
        "il faut 33 en Cinq et Six",
        "classic",
        {},
        [
            ("ones", count(3)),
            ("twos", count(3)),
            ("threes", count(3)),
            ("fours", count(3)),
            ("chance", total(12)),
        ],
        30 + 55 + 35 + 12 + 187,
        [(33, ("fives", "sixes"), True, False)],
    ),
    (
        "Sarah's finished sheet (RULES.md)",
        "classic",
        {},
        SARAH,
        250,
        [(0, (), True, False)],
    ),
    (
        "Hugo's finished sheet (RULES.md): the bonus missed by one",
        "classic",
        {},
        HUGO,
        218,
        [(1, (), False, False)],
    ),
    (
        # Typed points: an As may be typed up to 50 (typed_max), a Yams 100.
        "typed points count at their typed maximum",
        "classic",
        {"typed_points": True},
        [("twos", CROSS), ("threes", CROSS), ("fours", CROSS), ("fives", CROSS)],
        50 + 60 + 35 + (50 + 50 + 50 + 60 + 80 + 100 + 60),
        [(63, ("ones", "sixes"), True, False)],
    ),
    (
        # Yams holds 50: each of the 11 boxes left may take a further Yams.
        "Yahtzee: +100 for each box left after a Yams",
        "yahtzee",
        {},
        [("yams", MADE), ("chance", total(30))],
        105 + 35 + 30 + 30 + 25 + 30 + 40 + 50 + 30 + 11 * 100,
        [(63, ("ones", "twos", "threes", "fours", "fives", "sixes"), True, False)],
    ),
    (
        "Yahtzee: a crossed Yams box earns no +100",
        "yahtzee",
        {},
        [("yams", CROSS)],
        375 - 50,
        [(63, ("ones", "twos", "threes", "fours", "fives", "sixes"), True, False)],
    ),
    (
        # Descending: every box above Yams is written before it; only Chance
        # follows it.
        "Yahtzee, descending column: only what follows the Yams box",
        "yahtzee",
        {"columns": ["down"]},
        [("down", "ones", count(5)), ("down", "twos", CROSS)],
        (5 + 15 + 20 + 25 + 30) + 35 + (30 + 30 + 25 + 30 + 40 + 50 + 30) + 100,
        [(58, ("threes", "fours", "fives", "sixes"), True, False)],
    ),
    (
        # Ascending: Chance is written first, then Yams, then everything above.
        "Yahtzee, ascending column: what is above the Yams box",
        "yahtzee",
        {"columns": ["up"]},
        [("up", "chance", total(20))],
        375 - 10 + 11 * 100,
        [(63, ("ones", "twos", "threes", "fours", "fives", "sixes"), True, False)],
    ),
    (
        # Typed 100 in the Yams box, or 50 and the +100 of the box after it.
        "Yahtzee with typed points: 50 in the Yams box and a +100 beat 100",
        "yahtzee",
        {"typed_points": True},
        [(box, CROSS) for box in PRESETS["yahtzee"].box_keys[:11]],
        50 + 60 + 100,
        [(63, (), False, False)],
    ),
    (
        "Yahtzee with typed points: Yams alone left, typed 100",
        "yahtzee",
        {"typed_points": True},
        [(box, CROSS) for box in PRESETS["yahtzee"].box_keys if box != "yams"],
        100,
        [(63, (), False, False)],
    ),
    (
        # Its Yams box holds one Yams: three more at 100 while the sheet is open.
        "Multi-Yams: the further Yams still to come",
        "multi_yams",
        {},
        [("yams", MADE)],
        675,
        [(63, ("ones", "twos", "threes", "fours", "fives", "sixes"), True, False)],
    ),
    (
        # The last box: once the first Yams is in, the sheet is complete.
        "Multi-Yams: a Yams box left alone takes one Yams",
        "multi_yams",
        {},
        [(box, CROSS) for box in PRESETS["multi_yams"].box_keys if box != "yams"],
        50,
        [(63, (), False, False)],
    ),
    (
        "Multi-Yams: a Yams box crossed takes no more",
        "multi_yams",
        {},
        [("yams", CROSS)],
        675 - 350,
        [(63, ("ones", "twos", "threes", "fours", "fives", "sixes"), True, False)],
    ),
    (
        # Each column has its own boxes and its own bonus.
        "two columns, each with its open boxes and bonus",
        "classic",
        {"columns": ["free", "dry"]},
        [
            ("free", "ones", count(3)),
            ("free", "twos", count(3)),
            ("free", "threes", count(3)),
            ("free", "fours", count(3)),
            ("free", "fives", count(3)),
            ("free", "sixes", count(3)),
            ("dry", "sixes", CROSS),
            ("dry", "fives", CROSS),
        ],
        (63 + 35 + 217) + (1 + 2 + 3 + 4) * 5 + 217,
        [(0, (), True, False), (63, ("ones", "twos", "threes", "fours"), False, False)],
    ),
    (
        "six dice: bonus of 100 from 84",
        "six_dice",
        {},
        [("ones", count(6)), ("twos", count(6)), ("threes", count(6))],
        6 + 12 + 18 + 24 + 30 + 36 + 100 + 649 - 126 - 100,
        [(48, ("fours", "fives", "sixes"), True, False)],
    ),
]


@pytest.mark.parametrize(
    ("preset", "options", "moves", "best", "bonuses"),
    [case[1:] for case in SHEETS],
    ids=[case[0] for case in SHEETS],
)
def test_hand_worked_sheets(preset, options, moves, best, bonuses):
    card = sheet(preset, moves, options)

    outlook = card.outlook()

    assert outlook.total == card.totals().total
    assert outlook.best == best
    assert outlook.complete == card.complete
    found = [
        (b.needed, b.boxes, b.reachable, b.needs_everything) for b in outlook.bonuses
    ]
    assert found == bonuses
    assert [b.column for b in outlook.bonuses] == list(card.variant.columns)


def test_a_bonus_won_is_reachable_and_needs_nothing():
    card = sheet("classic", SARAH[:6])
    (bonus,) = card.outlook().bonuses
    assert (bonus.won, bonus.reachable, bonus.needed, bonus.points) == (
        True, True, 0, 63,
    )  # fmt: skip
    assert bonus.boxes == () and not bonus.needs_everything


# --- the race ------------------------------------------------------------------


@dataclass
class Game:
    variant: object


def table(*sheets):
    """A GameState of classic players Ana, Ben… with these (box, entry) sheets."""
    players = [Player(pk, pk, name) for pk, name in enumerate(("Ana", "Ben", "Cleo"))]
    entries = [
        Entry(player.pk, "free", box, entry, seq)
        for player, moves in zip(players, sheets, strict=False)
        for seq, (box, entry) in enumerate(moves)
    ]
    return GameState.build(Game(PRESETS["classic"]), players[: len(sheets)], entries)


# Hugo's sheet but its Chance: 195 now, 225 at best (a Chance of 30).
BUT_CHANCE = HUGO[:-1]


@pytest.mark.parametrize(
    ("leader", "passes"),
    [
        # Ana leads with 224: Ben's 225 at best passes her by one point.
        ([*BUT_CHANCE, ("chance", total(29))], True),
        # With 225 he can only tie: not past her.
        ([*BUT_CHANCE, ("chance", total(30))], False),
    ],
    ids=["can still pass by one point", "can only tie"],
)
def test_passing_the_leader(leader, passes):
    state = table(leader, BUT_CHANCE)
    ana, ben = state.seats
    assert ben.total == 195 and ben.outlook.best == 225
    assert state.leading_total == ana.total == (224 if passes else 225)
    assert state.leaders() == [ana]
    assert ben.outlook.can_pass(state.leading_total) is passes
    assert not ana.outlook.can_pass(state.leading_total)  # her sheet is full


def test_tied_leaders_are_all_leaders():
    state = table([("ones", count(2))], [("twos", count(1))], [("ones", CROSS)])
    ana, ben, cleo = state.seats
    assert state.leading_total == 2
    assert state.leaders() == [ana, ben]
    assert cleo.outlook.can_pass(2)


# --- properties ----------------------------------------------------------------


def best_entry(variant, box, nth, joker):
    """What writes `box` (its Yams slot `nth`) at its most; `joker` adds
    Yahtzee's further Yams, which the most of every box can carry."""
    if variant.typed_points:
        entry = typed(typed_max(box, nth))
    else:
        rule = box.entry
        if rule.kind == "count":
            entry = count(variant.dice)
        elif rule.kind == "face":
            entry = face(6)
        elif rule.kind == "faces":
            # The biggest face to the biggest group.
            order = sorted(range(len(rule.sizes)), key=lambda i: -rule.sizes[i])
            values = [0] * len(rule.sizes)
            for face_value, index in zip((6, 5, 4), order, strict=False):
                values[index] = face_value
            entry = {"kind": "faces", "values": values}
        elif rule.kind == "total":
            entry = total(max(box.values))
        else:
            entry = dict(MADE)
    if joker:
        entry["extra_yams"] = True
    return entry


def play_best(card):
    """Fills every box left at its most, in an order that lets every bonus in:
    Yams first where the column allows it, a Multi-Yams box's further Yams while
    another box is open. Returns the complete scorecard."""
    variant = card.variant
    keys = variant.box_keys
    # A Yams box already started takes its further Yams first, while other
    # boxes are still open (the last box written closes the card).
    for column in variant.columns:
        for key in keys:
            if variant.box(key).repeatable:
                card = further_yams(card, column, key)
    for column in variant.columns:
        if column == "down":
            order = list(keys)
        elif column == "up":
            order = list(reversed(keys))
        else:
            order = sorted(keys, key=lambda key: key != "yams")
        for key in order:
            box = variant.box(key)
            if not card.filled(column, key):
                joker = card.takes_yams_bonus(column) and key != "yams"
                if key == "yams" and variant.yams_rule == "bonus":
                    # 50 lets the boxes after it take their +100s (when any do).
                    entry = typed(50) if variant.typed_points else dict(MADE)
                    try:
                        with_fifty = card.apply(column, key, entry)
                    except InvalidEntry:
                        with_fifty = None
                    richest = card.apply(
                        column, key, best_entry(variant, box, 0, False)
                    )
                    card = max(
                        [c for c in (with_fifty, richest) if c is not None],
                        key=lambda c: play_best(c).totals().total,
                    )
                    continue
                card = card.apply(column, key, best_entry(variant, box, 0, joker))
            if box.repeatable:
                card = further_yams(card, column, key)
    assert card.complete
    return card


def further_yams(card, column, key):
    """`card` with the Yams box `key` of `column` given every further Yams it
    takes (once started with a Yams), while the card is not complete."""
    box = card.variant.box(key)
    cell = card.value(column, key)
    while cell and len(cell) < REPEATED_YAMS and cell[0] and not card.complete:
        card = card.apply(column, key, best_entry(card.variant, box, len(cell), False))
        cell = card.value(column, key)
    return card


@st.composite
def sheets(draw):
    """A variant and a scorecard part-way through (sometimes empty or complete),
    written with mostly well-shaped entries."""
    variant = draw(variants())
    card = variant.new_scorecard()
    steps = draw(st.integers(0, 2 * len(variant.box_keys) * len(variant.columns)))
    for _ in range(steps):
        if card.complete:
            break
        column = draw(st.sampled_from(variant.columns))
        free = card.free_boxes(column)
        if not free:
            continue
        box = draw(st.sampled_from(free))
        entry = draw(entries_for(variant, box))
        try:
            card = card.apply(column, box, entry)
        except InvalidEntry:
            # A further Yams is never crossed out: only an empty box is.
            if not card.filled(column, box):
                card = card.apply(column, box, CROSS)
    return card


@settings(fuzz, max_examples=80)
@given(sheets())
def test_the_best_is_reached_by_filling_every_box_at_its_most(card):
    outlook = card.outlook()
    assert outlook.best >= outlook.total == card.totals().total
    assert play_best(card).totals().total == outlook.best
    if card.complete:
        assert outlook.best == outlook.total and outlook.room == 0


@settings(fuzz, max_examples=40)
@given(variants(), st.data())
def test_the_best_never_falls_below_the_total_nor_grows(variant, data):
    card = variant.new_scorecard()
    best = card.outlook().best
    while not card.complete:
        column = data.draw(st.sampled_from(variant.columns))
        free = card.free_boxes(column)
        if not free:
            continue
        box = data.draw(st.sampled_from(free))
        try:
            card = card.apply(column, box, data.draw(entries_for(variant, box)))
        except InvalidEntry:
            if card.filled(column, box):
                continue
            card = card.apply(column, box, CROSS)
        outlook = card.outlook()
        # A box written can only take away from what was possible.
        assert outlook.total <= outlook.best <= best
        for bonus in outlook.bonuses:
            assert bonus.needed == card.totals()[bonus.column].upper_missing
        best = outlook.best
    assert card.outlook().best == card.totals().total
