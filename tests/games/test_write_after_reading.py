"""A write checks the game as its lock finds it, whatever the page or the Game
instance it came from saw: one verb, every check once, under the lock."""

import pytest

from games.models import Game, ScoreRefused
from tests.factories import count, make_game, play

pytestmark = pytest.mark.django_db


def other_phone(game):
    """The same game, loaded by another request."""
    return Game.objects.get(pk=game.pk)


def ids(game):
    return {p.name: p.pk for p in game.players.all()}


def test_an_entry_loaded_before_someone_elses_is_refused_when_the_turn_moved_on():
    game, _ = make_game(["Sarah", "Hugo"])
    other_phone(game).record(ids(game)["Sarah"], "free", "ones", count(3))

    with pytest.raises(ScoreRefused) as refused:
        game.record(
            ids(game)["Sarah"], "free", "twos", count(2), request_key="sarah-phone"
        )

    assert refused.value.code == "turn"
    assert game.entries.count() == 1
    # The refusal leaves the game as the lock found it: the sheet to show.
    assert game.state().current.player.name == "Hugo"


def test_a_retry_loaded_before_its_twin_was_recorded_gets_the_twins_entry():
    game, _ = make_game(["Sarah", "Hugo"])
    twin = other_phone(game).record(
        ids(game)["Sarah"], "free", "ones", count(3), request_key="double-tap"
    )

    entry = game.record(
        ids(game)["Sarah"], "free", "ones", count(3), request_key="double-tap"
    )

    assert entry.pk == twin.pk
    assert game.entries.count() == 1
    assert [e.pk for e in game.state().seats[0].entries] == [twin.pk]


def test_an_entry_after_undos_comes_after_them_and_shows_the_sheet_as_stored():
    game, _ = make_game(["Sarah", "Hugo"])
    play(
        game,
        ("Sarah", "free", "ones", count(3)),
        ("Hugo", "free", "ones", count(2)),
        ("Sarah", "free", "twos", count(4)),
    )
    game.undo()
    game.undo()

    entry = game.record(
        ids(game)["Hugo"], "free", "ones", count(4), request_key="hugo-phone"
    )

    assert entry.seq == 4
    shown = game.state()
    stored = other_phone(game).read_state()[0]
    assert [[e.pk for e in s.entries] for s in shown.seats] == [
        [e.pk for e in s.entries] for s in stored.seats
    ]
    assert [s.total for s in shown.seats] == [3, 4]
    assert shown.current.player.name == "Sarah"


def test_the_last_box_ends_the_game():
    game, _ = make_game(["Sarah"])
    boxes = list(game.variant.box_keys)
    play(game, *[("Sarah", "free", box, {"kind": "cross"}) for box in boxes[:-1]])

    game.record(ids(game)["Sarah"], "free", boxes[-1], {"kind": "cross"})

    assert game.state().finished
    assert other_phone(game).finished_at is not None
    assert game.finished_at is not None


def test_an_undo_loaded_before_a_new_entry_takes_back_that_entry():
    game, _ = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(3)))
    (newest,) = play(other_phone(game), ("Hugo", "free", "ones", count(2)))

    undone = game.undo(request_key="undo-tap")

    assert undone.pk == newest.pk
    assert game.entries.get(pk=newest.pk).undone
    shown = game.state()
    assert [s.turns for s in shown.seats] == [1, 0]
    assert shown.current.player.name == "Hugo"
