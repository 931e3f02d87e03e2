"""A whole game in the rules engine: whose turn it is, which box may be written,
and why a move is refused; no database, players and entries built in code."""

from dataclasses import dataclass, field
from itertools import count as numbers

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kinds.state import KeptPlayer
from games.kinds.yams import PRESETS, GameState, MoveRefused, build_variant
from games.kinds.yams.game_state import KeptEntry
from tests.kinds.yams.helpers import CROSS, Entry, Player, count

fuzz = settings(
    database=None,
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)


@dataclass
class Table:
    """What the web layer hands the engine: a game with its variant, players with
    their seats, and the entries written so far."""

    variant: object
    players: list
    entries: list = field(default_factory=list)
    seqs: object = field(default_factory=lambda: numbers(1))

    @property
    def state(self):
        return GameState.build(self, self.players, self.entries)

    def write(self, player, column, box, entry):
        """Checks the move like a write does and keeps it; returns the state after."""
        state = self.state
        _seat, scored, after = state.check_move(player.pk, column, box, entry)
        made = Entry(player.pk, column, box, entry, next(self.seqs), scored.points)
        self.entries.append(made)
        return state.with_entry(made, after)


def table(names, preset="classic", options=None):
    variant = build_variant(preset, options or {})
    players = [Player(pk=10 + seat, seat=seat, name=n) for seat, n in enumerate(names)]
    return Table(variant, players)


def test_the_first_seat_plays_first_and_the_turn_goes_round_the_table():
    game = table(["Sarah", "Hugo", "Léa"])
    sarah, hugo, lea = game.players
    assert game.state.current.player is sarah
    assert game.write(sarah, "free", "ones", count(2)).current.player is hugo
    assert game.write(hugo, "free", "ones", CROSS).current.player is lea
    assert game.write(lea, "free", "sixes", count(4)).current.player is sarah


@pytest.mark.parametrize(
    ("who", "column", "box", "entry", "code", "message"),
    [
        ("Hugo", "free", "ones", count(1), "turn", "C'est au tour de Sarah."),
        ("Sarah", "free", "ones", count(1), "taken", "Cette case est déjà remplie."),
        ("Sarah", "free", "nope", count(1), "box", "Cette case n'existe pas"),
        ("Sarah", "down", "ones", count(1), "box", "Cette case n'existe pas"),
        ("Sarah", "free", "twos", count(9), "invalid", "entre 0 et 5"),
    ],
)
def test_a_refused_move_says_which_check_refused_it(
    who, column, box, entry, code, message
):
    game = table(["Sarah", "Hugo"])
    sarah, hugo = game.players
    game.write(sarah, "free", "ones", count(3))
    game.write(hugo, "free", "ones", count(1))
    player = {"Sarah": sarah, "Hugo": hugo}[who]
    with pytest.raises(MoveRefused) as refused:
        game.state.check_move(player.pk, column, box, entry)
    assert refused.value.code == code
    assert message in str(refused.value.message)


def test_a_column_filled_in_order_opens_its_boxes_one_after_the_other():
    game = table(["Sarah"], options={"columns": ["down"]})
    (sarah,) = game.players
    with pytest.raises(MoveRefused) as refused:
        game.state.check_move(sarah.pk, "down", "twos", count(1))
    assert refused.value.code == "taken"
    assert "dans l'ordre" in str(refused.value.message)
    game.write(sarah, "down", "ones", count(1))
    game.state.check_move(sarah.pk, "down", "twos", count(1))


def test_an_unknown_player_is_refused_and_a_finished_game_takes_nothing():
    game = table(["Sarah"])
    (sarah,) = game.players
    with pytest.raises(MoveRefused) as refused:
        game.state.check_move(999, "free", "ones", count(1))
    assert refused.value.code == "player"
    for box in game.variant.box_keys:
        game.write(sarah, "free", box, CROSS)
    assert game.state.finished and game.state.current is None
    with pytest.raises(MoveRefused) as refused:
        game.state.check_move(sarah.pk, "free", "ones", count(1))
    assert refused.value.code == "finished"


def test_equal_totals_share_their_rank():
    game = table(["Sarah", "Hugo", "Léa"])
    sarah, hugo, lea = game.players
    game.write(sarah, "free", "sixes", count(2))
    game.write(hugo, "free", "fours", count(3))
    game.write(lea, "free", "ones", count(1))
    ranks = [(s.rank, s.player.name) for s in game.state.ranking()]
    assert ranks == [(1, "Sarah"), (1, "Hugo"), (3, "Léa")]
    assert [p.name for p in game.state.winners()] == ["Sarah", "Hugo"]


def test_undoing_the_last_entry_gives_the_turn_back():
    game = table(["Sarah", "Hugo"])
    sarah, _hugo = game.players
    after = game.write(sarah, "free", "ones", count(2))
    last = after.last_entry()
    assert last.player_id == sarah.pk
    before = after.without(last)
    assert before.current.player is sarah
    assert before.seat_of(sarah.pk).total == 0
    assert before.last_seq == last.seq  # the next entry still comes after it


def test_a_kept_state_holds_each_player_and_entry_as_plain_values_and_says_the_same():
    game = table(["Sarah", "Hugo", "Léa"])
    sarah, hugo, lea = game.players
    game.write(sarah, "free", "ones", count(2))
    game.write(hugo, "free", "chance", {"kind": "total", "value": 23})
    state = game.write(lea, "free", "yams", CROSS)
    worked_out = [seat.totals for seat in state.seats]

    kept = state.kept()

    assert [
        [
            (e.pk, e.player_id, e.column, e.box, e.data, e.points, e.seq)
            for e in s.entries
        ]
        for s in kept.seats
    ] == [
        [
            (e.pk, e.player_id, e.column, e.box, e.data, e.points, e.seq)
            for e in s.entries
        ]
        for s in state.seats
    ]
    assert all(type(e) is KeptEntry for seat in kept.seats for e in seat.entries)
    assert [e.points for seat in kept.seats for e in seat.entries] == [2, 23, 0]
    assert all(type(seat.player) is KeptPlayer for seat in kept.seats)
    assert [(p.pk, p.seat, p.name) for p in kept.players] == [
        (p.pk, p.seat, p.name) for p in game.players
    ]
    assert kept.current.player.pk == sarah.pk
    assert kept.current is kept.seats[0]
    assert [(s.player.name, s.total) for s in kept.ranking()] == [
        ("Hugo", 23),
        ("Sarah", 2),
        ("Léa", 0),
    ]
    # What the seats had worked out goes with them, and a state kept once is kept
    # as it is.
    assert [seat.totals for seat in kept.seats] == worked_out
    assert all(a is b for a, b in zip(kept.kept().seats, kept.seats, strict=True))
    # The state it was made from keeps the web layer's players and entries.
    assert state.seats[0].player is sarah
    assert type(state.seats[0].entries[0]) is Entry


@fuzz
@given(
    st.sampled_from(sorted(PRESETS)),
    st.integers(1, 4),
    st.randoms(use_true_random=False),
)
def test_whoever_has_played_fewest_turns_plays_until_every_scorecard_is_full(
    preset, players, rng
):
    game = table([f"P{n}" for n in range(players)], preset)
    state = game.state
    while not state.finished:
        turns = [s.turns for s in state.seats]
        current = state.current
        # Fewest turns first, the seating order breaking ties.
        assert current.turns == min(turns)
        assert current is state.seats[turns.index(min(turns))]
        column = rng.choice(list(game.variant.columns))
        free = current.scorecard.free_boxes(column)
        if not free:
            continue
        box = rng.choice(sorted(free))
        state = game.write(current.player, column, box, CROSS)
        # What the write kept is what a fresh replay of every entry gives.
        replayed = game.state
        assert [s.total for s in state.seats] == [s.total for s in replayed.seats]
        assert state.current == replayed.current
    assert all(s.scorecard.complete for s in state.seats)
    assert state.current is None
