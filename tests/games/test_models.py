"""The models' verbs and the database constraints behind them."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from games.dialogs import BoxPreview
from games.kinds import yams
from games.models import Entry, ScoreRefused, StaleVersion
from tests.factories import CROSS, classic_moves, count, make_game, play


def entry_like(entry, **changes):
    fields = {
        f: getattr(entry, f)
        for f in (
            "game_id",
            "player_id",
            "column",
            "box",
            "slot",
            "data",
            "points",
            "seq",
        )
    }
    fields.update(changes)
    return Entry(**fields)


@pytest.mark.django_db(transaction=True)
def test_the_database_refuses_two_entries_in_one_box():
    game, _ = make_game()
    (entry,) = play(game, ("Sarah", "free", "ones", count(3)))
    with pytest.raises(IntegrityError), transaction.atomic():
        entry_like(entry, seq=99).save()


@pytest.mark.django_db(transaction=True)
def test_the_database_refuses_a_repeated_sequence_number():
    game, _ = make_game()
    (entry,) = play(game, ("Sarah", "free", "ones", count(3)))
    with pytest.raises(IntegrityError), transaction.atomic():
        entry_like(entry, box="twos").save()


@pytest.mark.django_db
def test_an_undone_box_can_be_written_again_and_sequences_keep_growing():
    game, _ = make_game(["Sarah"])
    play(game, ("Sarah", "free", "ones", count(3)))
    game.undo()
    (again,) = play(game, ("Sarah", "free", "ones", count(2)))
    assert again.seq == 2
    assert [e.points for e in game.state().seats[0].entries] == [2]


@pytest.mark.django_db
def test_every_change_bumps_the_version():
    game, _ = make_game(["Sarah", "Hugo"])
    versions = [game.version]
    play(game, ("Sarah", "free", "ones", count(3)))
    versions.append(game.version)
    game.rename(game.players.get(name="Hugo").pk, "Hugues")
    versions.append(game.version)
    game.undo()
    versions.append(game.version)
    assert versions == [1, 2, 3, 4]


@pytest.mark.django_db
def test_record_refuses_out_of_turn_and_stale_writes():
    game, _ = make_game(["Sarah", "Hugo"])
    hugo = game.players.get(name="Hugo").pk
    with pytest.raises(ScoreRefused, match="C'est au tour de Sarah."):
        game.record(hugo, "free", "ones", count(1))
    with pytest.raises(StaleVersion):
        game.record(
            game.players.get(name="Sarah").pk,
            "free",
            "ones",
            count(1),
            seen_version=game.version + 1,
        )
    assert not game.entries.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("shown", ["no version", "the version before"])
def test_record_with_the_same_request_key_records_once(shown):
    game, _ = make_game(["Sarah"])
    sarah = game.players.get().pk
    seen = {"no version": None, "the version before": game.version}[shown]
    first = game.record(
        sarah, "free", "ones", count(1), request_key="k1", seen_version=seen
    )
    second = game.record(
        sarah, "free", "ones", count(1), request_key="k1", seen_version=seen
    )
    assert first.pk == second.pk
    assert game.entries.count() == 1


@pytest.mark.django_db
def test_an_entry_at_the_current_version_does_not_look_for_its_key():
    # Every write moves the version on: a form shown at the current one cannot
    # be the retry of a write done, so the key is not looked up.
    game, _ = make_game(["Sarah"])
    sarah = game.players.get().pk
    game.state()  # kept, as every page of the game keeps it
    with CaptureQueriesContext(connection) as queries:
        game.record(
            sarah,
            "free",
            "ones",
            count(1),
            request_key="k2",
            seen_version=game.version,
        )
    assert not [q for q in queries if '"request_key" =' in q["sql"]]
    assert game.entries.get().request_key == "k2"


@pytest.mark.django_db
def test_the_classic_game_of_the_rules_ends_250_to_218():
    game, _ = make_game()
    play(game, *classic_moves())
    state = game.state()
    assert state.finished
    assert [(s.rank, s.player.name, s.total) for s in state.ranking()] == [
        (1, "Sarah", 250),
        (2, "Hugo", 218),
    ]
    game.refresh_from_db()
    assert game.finished_at is not None


@pytest.mark.django_db
def test_preview_checks_like_record_without_writing():
    game, _ = make_game(["Sarah"])
    sarah = game.players.get().pk
    preview = BoxPreview.of_move(game.state(), sarah, "free", "fours", count(3))
    assert preview.calculation == "3 × 4 = 12"
    assert preview.column_after.upper == 12
    assert preview.after.total == 12 and preview.before.total == 0
    with pytest.raises(yams.MoveRefused, match="Yams"):
        BoxPreview.of_move(
            game.state(), sarah, "free", "yams", {"kind": "total", "value": 3}
        )
    assert not game.entries.exists()


@pytest.mark.django_db
def test_the_last_entry_is_what_undo_removes():
    game, _ = make_game()
    play(game, ("Sarah", "free", "ones", count(3)), ("Hugo", "free", "yams", CROSS))
    state = game.state()
    last = state.last_entry()
    assert (state.player_of(last).name, last.box) == ("Hugo", "yams")
    assert game.undo().pk == last.pk
