"""A server process that did not make a write learns its version from the fan-out;
the sheets it kept for an older version are moved on by the boxes recorded since,
in one query, and are then exactly what a replay of the game would give. Anything
else written in between (an undo, a name, the pencil) makes it replay."""

import pytest
from django.core.cache import caches
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Game
from tests.factories import CROSS, SIX_NAMES, count, make_game, total

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


def kept_elsewhere(game):
    """The sheets another process keeps for the game's version now, to put back
    after writes made here (its cache would not have heard of them)."""
    fresh = Game.objects.get(pk=game.pk)
    fresh.state()
    return caches["local"].get(fresh.state_key())


def seen_by_that_process(game, kept):
    """The game at its latest version, read by the process that kept `kept`."""
    caches["local"].set(game.state_key(), kept)
    return Game.objects.get(pk=game.pk)


def replayed(game):
    caches["local"].delete(game.state_key())
    return Game.objects.get(pk=game.pk).read_state()[0]


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
    kept = kept_elsewhere(game)
    for value in (1, 2, 4):
        next_box(game, value)
    there = seen_by_that_process(game, kept)

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
    kept = kept_elsewhere(game)
    game.undo()
    next_box(game, 5)
    state = seen_by_that_process(game, kept).state()
    assert sheets(state) == sheets(replayed(game))
    assert [len(seat.entries) for seat in state.seats] == [1, 1]


def test_a_name_corrected_in_between_shows_on_the_other_process():
    game, _host = make_game(["Sarah", "Hugo"])
    next_box(game)
    kept = kept_elsewhere(game)
    hugo = game.players.get(name="Hugo")
    game.rename(hugo.pk, "Hugues")
    next_box(game)
    state = seen_by_that_process(game, kept).state()
    assert [seat.player.name for seat in state.seats] == ["Sarah", "Hugues"]
    assert sheets(state) == sheets(replayed(game))


def test_the_last_box_ends_the_game_on_the_other_process_too():
    game, _host = make_game(["Sarah"])
    boxes = list(game.variant.box_keys)
    for _ in boxes[:-1]:
        next_box(game)
    kept = kept_elsewhere(game)
    sarah = game.players.get()
    game.record(sarah.pk, "free", boxes[-1], CROSS)
    state = seen_by_that_process(game, kept).state()
    assert state.finished
    assert sheets(state) == sheets(replayed(game))


# What a table does between two reads of another process: boxes, undos, names.
WRITES = st.lists(st.sampled_from(["box", "box", "box", "undo", "rename"]), max_size=8)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(before=WRITES, between=WRITES, players=st.integers(1, 4))
def test_the_other_process_always_sees_what_a_replay_gives(before, between, players):
    game, _host = make_game(SIX_NAMES[:players])
    renames = iter(range(100))

    def write(what):
        state = Game.objects.get(pk=game.pk).state()
        if what == "box" and not state.finished:
            next_box(game, len(state.seats[0].entries) + 1)
        elif what == "undo":
            game.undo()
        elif what == "rename":
            game.rename(state.seats[-1].player.pk, f"Joueur {next(renames)}")

    for what in before:
        write(what)
    kept = kept_elsewhere(game)
    for what in between:
        write(what)
    state = seen_by_that_process(game, kept).state()
    assert sheets(state) == sheets(replayed(game))
