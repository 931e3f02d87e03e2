"""A write reads the game before it takes the lock (`Game.read`): what it read counts
only if nobody wrote in between; otherwise it reads again under the lock."""

import pytest

from games.models import Game, ScoreRefused
from tests.factories import count, make_game, play

pytestmark = pytest.mark.django_db


def other_phone(game):
    """The same game, loaded by another request."""
    return Game.objects.get(pk=game.pk)


def ids(game):
    return {p.name: p.pk for p in game.players.all()}


def test_an_entry_read_before_someone_elses_is_refused_when_the_turn_moved_on():
    game, _ = make_game(["Sarah", "Hugo"])
    reading = game.read(request_key="sarah-phone")
    other_phone(game).record(ids(game)["Sarah"], "free", "ones", count(3))

    with pytest.raises(ScoreRefused) as refused:
        game.record(
            ids(game)["Sarah"],
            "free",
            "twos",
            count(2),
            request_key="sarah-phone",
            reading=reading,
        )

    assert refused.value.code == "turn"
    assert game.entries.count() == 1


def test_a_retry_read_before_its_twin_was_recorded_gets_the_twins_entry():
    game, _ = make_game(["Sarah", "Hugo"])
    reading = game.read(request_key="double-tap")
    twin = other_phone(game).record(
        ids(game)["Sarah"], "free", "ones", count(3), request_key="double-tap"
    )

    entry, state = game.record_move(
        ids(game)["Sarah"],
        "free",
        "ones",
        count(3),
        request_key="double-tap",
        reading=reading,
    )

    assert entry.pk == twin.pk
    assert game.entries.count() == 1
    assert [e.pk for e in state.sheets[0].entries] == [twin.pk]


def test_a_reading_made_for_another_request_key_is_not_taken_for_this_one():
    game, _ = make_game(["Sarah", "Hugo"])
    first = game.record(
        ids(game)["Sarah"], "free", "ones", count(3), request_key="first-tap"
    )
    reading = game.read(request_key="another-tap")

    again = game.record(
        ids(game)["Sarah"],
        "free",
        "ones",
        count(3),
        request_key="first-tap",
        reading=reading,
    )

    assert again.pk == first.pk
    assert game.entries.count() == 1


def test_an_entry_after_undos_comes_after_them_and_shows_the_sheet_as_stored():
    game, _ = make_game(["Sarah", "Hugo"])
    play(
        game,
        ("Sarah", "free", "ones", count(3)),
        ("Hugo", "free", "ones", count(2)),
        ("Sarah", "free", "twos", count(4)),
    )
    game.undo_last()
    game.undo_last()
    reading = game.read(request_key="hugo-phone")

    entry, shown = game.record_move(
        ids(game)["Hugo"],
        "free",
        "ones",
        count(4),
        request_key="hugo-phone",
        reading=reading,
    )

    assert entry.seq == 4
    stored = game.state()
    assert [[e.pk for e in s.entries] for s in shown.sheets] == [
        [e.pk for e in s.entries] for s in stored.sheets
    ]
    assert [s.total for s in shown.sheets] == [3, 4]
    assert shown.current.player.name == "Sarah"


def test_the_last_box_read_before_the_lock_ends_the_game():
    game, _ = make_game(["Sarah"])
    boxes = list(game.variant.box_keys)
    play(game, *[("Sarah", "free", box, {"kind": "cross"}) for box in boxes[:-1]])
    reading = game.read(request_key="last-box")

    _entry, shown = game.record_move(
        ids(game)["Sarah"],
        "free",
        boxes[-1],
        {"kind": "cross"},
        request_key="last-box",
        reading=reading,
    )

    assert shown.finished
    assert other_phone(game).finished_at is not None
    assert game.finished_at is not None


def test_an_undo_read_before_a_new_entry_takes_back_that_entry():
    game, _ = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(3)))
    reading = game.read(undo_key="undo-tap")
    (newest,) = play(other_phone(game), ("Hugo", "free", "ones", count(2)))

    undone, shown = game.undo_move(request_key="undo-tap", reading=reading)

    assert undone.pk == newest.pk
    assert game.entries.get(pk=newest.pk).undone
    assert [s.turns for s in shown.sheets] == [1, 0]
    assert shown.current.player.name == "Hugo"
