"""The score race in the rules engine: each player's running total after each turn
and each round, the round under way as the latest point, bonuses from the turn that
earns them; and who has led since when."""

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.kinds.yams import (
    PRESETS,
    GameState,
    InvalidEntry,
    Scorecard,
    build_variant,
    leading_since,
    race_rounds,
    turn_totals,
)
from tests.kinds.yams.helpers import CROSS, MADE, Entry, Player, count, total
from tests.kinds.yams.test_properties import entries_for, fuzz, variants


@dataclass
class Game:
    variant: object


def card(preset, *moves, options=None):
    variant = build_variant(preset, options or {}) if options else PRESETS[preset]
    return Scorecard.replay(variant, moves)


UPPER_63 = [("free", box, count(3)) for box in PRESETS["classic"].box_keys[:6]]


@pytest.mark.parametrize(
    ("preset", "moves", "expected"),
    [
        ("classic", [], ()),
        ("classic", [("free", "ones", count(3))], (3,)),
        (
            "classic",
            [("free", "chance", total(22)), ("free", "yams", CROSS)],
            (22, 22),
        ),
        # The bonus (35) counts from the box that reaches 63.
        ("classic", UPPER_63, (3, 9, 18, 30, 45, 98)),
        # Yahtzee: a Yams (50), then a further one as a joker (+100 on top).
        (
            "yahtzee",
            [
                ("free", "yams", MADE),
                ("free", "fives", {**count(5), "extra_yams": True}),
            ],
            (50, 175),
        ),
        # Multi-Yams: the Yams box takes a second Yams, 100 more.
        (
            "multi_yams",
            [("free", "yams", MADE), ("free", "yams", MADE)],
            (50, 150),
        ),
    ],
)
def test_the_total_after_each_turn(preset, moves, expected):
    scorecard = card(preset, *moves)
    assert turn_totals(scorecard) == expected
    if moves:
        assert expected[-1] == scorecard.totals().total


def test_columns_add_up_each_on_its_own():
    moves = [
        ("down", "ones", count(3)),
        ("up", "chance", total(20)),
        ("free", "sixes", count(4)),
    ]
    options = {"columns": ["down", "up", "free"]}
    assert turn_totals(card("classic", *moves, options=options)) == (3, 23, 47)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        ([(), ()], [(0,), (0,)]),
        # Sarah has played round 2, Hugo not yet: he keeps his total.
        ([(10, 30), (5,)], [(0, 10, 30), (0, 5, 5)]),
        ([(10, 30), (5, 45)], [(0, 10, 30), (0, 5, 45)]),
        ([(7,)], [(0, 7)]),
    ],
)
def test_rounds_from_turns(turns, expected):
    assert race_rounds(turns) == expected


@pytest.mark.parametrize(
    ("lines", "leader", "since"),
    [
        ([(0, 10, 30, 50), (0, 5, 40, 45)], 0, 3),
        ([(0, 10, 30, 50), (0, 5, 20, 45)], 0, 1),
        # Level at the latest point: nobody leads alone.
        ([(0, 10, 30), (0, 5, 30)], 0, 0),
        # Level in round 2, ahead again since round 3.
        ([(0, 10, 20, 40), (0, 5, 20, 30)], 0, 3),
        ([(0, 12)], 0, 1),
    ],
)
def test_leading_since(lines, leader, since):
    assert leading_since(lines, leader) == since


def test_the_game_state_gives_the_race_of_its_seats():
    variant = PRESETS["classic"]
    players = [Player(1, 1, "Sarah"), Player(2, 2, "Hugo")]
    entries = [
        Entry(1, "free", "chance", total(20), 1),
        Entry(2, "free", "chance", total(25), 2),
        Entry(1, "free", "sixes", count(5), 3),
    ]
    state = GameState.build(Game(variant), players, entries)
    assert state.race() == [(0, 20, 50), (0, 25, 25)]


@st.composite
def games(draw):
    """A variant and one to four players' turns, each a valid entry (or a cross
    where the drawn one is refused), in seating order, stopped anywhere."""
    variant = draw(variants())
    players = draw(st.integers(1, 4))
    cards = [variant.new_scorecard() for _ in range(players)]
    turns = draw(st.integers(0, len(variant.box_keys) * len(variant.columns) + 3))
    for index in range(turns * players):
        seat = index % players
        scorecard = cards[seat]
        if scorecard.complete:
            break
        column = draw(st.sampled_from(variant.columns))
        free = scorecard.free_boxes(column)
        if not free:
            column = next(c for c in variant.columns if scorecard.free_boxes(c))
            free = scorecard.free_boxes(column)
        box = draw(st.sampled_from(free))
        entry = draw(entries_for(variant, box))
        try:
            scorecard.check(column, box, entry)
        except InvalidEntry:
            # An empty box can always be crossed out (a Yams box taking more
            # cannot).
            column, box = next(
                (c, b)
                for c in variant.columns
                for b in scorecard.free_boxes(c)
                if not scorecard.filled(c, b)
            )
            entry = CROSS
        cards[seat] = scorecard.apply(column, box, entry)
    return variant, cards


@settings(fuzz, max_examples=120)
@given(games())
def test_the_race_ends_on_every_current_total_and_adds_what_was_written(game):
    variant, cards = game
    lines = race_rounds([turn_totals(c) for c in cards])
    assert len({len(line) for line in lines}) == 1
    assert len(lines[0]) == 1 + max(len(c.turns) for c in cards)
    for scorecard, line in zip(cards, lines, strict=True):
        totals = scorecard.totals()
        # The last point is the player's total now.
        assert line[-1] == totals.total
        # The total is what was written, plus the bonuses earned.
        written = sum(turn.points for turn in scorecard.turns)
        bonuses = sum(t.bonus + t.yams_bonus for t in totals.columns.values())
        assert line[-1] == written + bonuses
        # Every point is the sheet's total as it stood then.
        for played, point in enumerate(line[: len(scorecard.turns) + 1]):
            before = Scorecard(scorecard.variant, scorecard.turns[:played])
            assert point == before.totals().total
        assert list(line) == sorted(line)
