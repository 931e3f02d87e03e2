"""A server process that did not make a write learns its version from the fan-out;
the sheets it kept for an older version are moved on by the boxes recorded since,
in one query, and are then exactly what a replay of the game would give. Anything
else written in between (an undo, a name, the pencil) makes it replay. (Every
kind does the same: tests/kinds/test_contract.py, with a property over any mix of
moves, undos and names on both sides.)"""

import pytest

from games.models import Game
from tests.factories import CROSS, count, make_game, total
from tests.helpers import kept_by_another_process, read_by_that_process, replayed

pytestmark = pytest.mark.django_db


def sheets(state):
    """What a state says, seat by seat: enough to tell two states apart."""
    return (
        [
            (
                seat.player.pk,
                seat.player.name,
                [(t.column, t.box, t.points) for t in seat.scorecard.turns],
                [entry.pk for entry in seat.entries],
                seat.total,
            )
            for seat in state.seats
        ],
        state.last_seq,
        state.current.player.pk if state.current else None,
        state.finished,
    )


def next_box(game, value=3):
    """Records a box for whoever plays now, the first free one: a count in the
    upper section, a total at the chance, the others crossed out."""
    state = Game.objects.get(pk=game.pk).state()
    seat = state.current
    box = next(iter(seat.scorecard.free_boxes("free")))
    upper = {b.key for b in game.variant.boxes if b.section == "upper"}
    if box in upper:
        entry = count(value % 6)
    elif box == "chance":
        entry = total(value + 5)
    else:
        entry = CROSS
    game.record(seat.player.pk, "free", box, entry)


def test_boxes_recorded_by_another_process_are_written_on_the_kept_sheets(
    django_assert_num_queries,
):
    game, _host = make_game(["Sarah", "Hugo", "Léa"])
    next_box(game)
    kept = kept_by_another_process(game)
    for value in (1, 2, 4):
        next_box(game, value)
    there = read_by_that_process(game, kept)

    # Only the boxes written since: no replay of the game.
    with django_assert_num_queries(1):
        state = there.state()

    assert sheets(state) == sheets(replayed(game))
    assert state.current.player.name == "Hugo"
    assert [seat.turns for seat in state.seats] == [2, 1, 1]


def test_an_undo_in_between_makes_the_other_process_replay():
    game, _host = make_game(["Sarah", "Hugo"])
    next_box(game)
    next_box(game)
    kept = kept_by_another_process(game)
    game.undo()
    next_box(game, 5)
    state = read_by_that_process(game, kept).state()
    assert sheets(state) == sheets(replayed(game))
    assert [len(seat.entries) for seat in state.seats] == [1, 1]


def test_a_name_corrected_in_between_shows_on_the_other_process():
    game, _host = make_game(["Sarah", "Hugo"])
    next_box(game)
    kept = kept_by_another_process(game)
    hugo = game.players.get(name="Hugo")
    game.rename(hugo.pk, "Hugues")
    next_box(game)
    state = read_by_that_process(game, kept).state()
    assert [seat.player.name for seat in state.seats] == ["Sarah", "Hugues"]
    assert sheets(state) == sheets(replayed(game))


def test_the_last_box_ends_the_game_on_the_other_process_too():
    game, _host = make_game(["Sarah"])
    boxes = list(game.variant.box_keys)
    for _ in boxes[:-1]:
        next_box(game)
    kept = kept_by_another_process(game)
    sarah = game.players.get()
    game.record(sarah.pk, "free", boxes[-1], CROSS)
    state = read_by_that_process(game, kept).state()
    assert state.finished
    assert sheets(state) == sheets(replayed(game))
