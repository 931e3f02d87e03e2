"""Who wrote each entry, who undid it and who corrected a name, as the verbs keep
them; the constraints and clean() behind them; the migration that brought them,
which leaves every older row to the host."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from games.models import Entry, HostOnly, NameChange
from tests.factories import count, make_game, play

BEFORE = ("games", "0003_game_seating_drawn")


@pytest.mark.django_db
def test_record_and_undo_keep_the_writer_and_the_pencils_label_of_that_moment():
    game, host_token = make_game()
    play(game, ("Sarah", "free", "ones", count(3)))
    game.pass_pencil(host_token, "Léa")
    hugo = game.players.get(name="Hugo")
    game.record(hugo.pk, "free", "ones", count(2), by="pencil")
    game.pass_pencil(host_token, "Tom")
    undone = game.undo(by="pencil")
    assert (undone.undone_by, undone.undone_by_label) == ("pencil", "Tom")
    rows = Entry.objects.order_by("seq").values_list(
        "by", "by_label", "undone_by", "undone_by_label"
    )
    assert list(rows) == [("host", "", "", ""), ("pencil", "Léa", "pencil", "Tom")]


@pytest.mark.django_db
def test_a_rename_is_kept_with_who_made_it_and_only_the_host_makes_one():
    game, host_token = make_game()
    hugo = game.players.get(name="Hugo")
    assert game.rename(hugo.pk, "Hugues", by="host") == "Hugues"
    change = NameChange.objects.get()
    assert (change.player, change.old_name, change.new_name) == (hugo, "Hugo", "Hugues")
    assert (change.by, change.by_label) == ("host", "")
    game.pass_pencil(host_token, "Léa")
    version = game.version
    with pytest.raises(HostOnly):
        game.rename(hugo.pk, "Hugo", by="pencil")
    game.refresh_from_db()
    assert game.version == version
    assert game.players.get(pk=hugo.pk).name == "Hugues"
    assert NameChange.objects.count() == 1


@pytest.mark.django_db
def test_clean_refuses_a_writer_the_constraints_would():
    game, _ = make_game()
    (entry,) = play(game, ("Sarah", "free", "ones", count(3)))
    entry.full_clean()
    for changes, field in [
        ({"by": "guest"}, "by"),
        ({"by_label": "Léa"}, "by_label"),
        ({"undone_by": "host"}, "undone_by"),
    ]:
        bad = Entry.objects.get(pk=entry.pk)
        for name, value in changes.items():
            setattr(bad, name, value)
        with pytest.raises(ValidationError) as refused:
            bad.full_clean()
        assert field in refused.value.message_dict
    change = NameChange(
        game=game,
        player=entry.player,
        old_name="Sarah",
        new_name="Sara",
        by="host",
        by_label="Léa",
    )
    with pytest.raises(ValidationError) as refused:
        change.full_clean()
    assert "by_label" in refused.value.message_dict


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "changes",
    [
        {"by": "guest"},
        {"by_label": "Léa"},
        {"undone_by": "host"},
        {"by": "pencil", "undone_by_label": "Léa"},
    ],
)
def test_the_database_refuses_a_writer_clean_refuses(changes):
    game, _ = make_game()
    (entry,) = play(game, ("Sarah", "free", "ones", count(3)))
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.filter(pk=entry.pk).update(**changes)


def migrate(target=None):
    """Migrates to `target` (None: every app's latest) and returns the apps of
    that state."""
    executor = MigrationExecutor(connection)
    targets = [target] if target else executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_the_migration_leaves_every_older_row_to_the_host():
    old = migrate(BEFORE)
    try:
        Band = old.get_model("bands", "Band")
        Game = old.get_model("games", "Game")
        Player = old.get_model("games", "Player")
        OldEntry = old.get_model("games", "Entry")
        band = Band.objects.create(name="Les amis")
        game = Game.objects.create(
            band=band,
            preset="classic",
            host_prefix="abcdefgh",
            host_digest="0" * 64,
            watch_token="w" * 32,
        )
        sarah = Player.objects.create(game=game, seat=0, name="Sarah")
        data = {"kind": "count", "value": 3}
        OldEntry.objects.create(
            game=game,
            player=sarah,
            column="free",
            box="ones",
            data=data,
            points=3,
            seq=1,
        )
        OldEntry.objects.create(
            game=game,
            player=sarah,
            column="free",
            box="twos",
            data=data,
            points=6,
            seq=2,
            undone_at="2026-11-30T20:00:00Z",
        )
    finally:
        migrate()
    rows = Entry.objects.order_by("seq")
    assert [
        (e.box, e.points, e.by, e.by_label, e.undone_by, e.undone_by_label)
        for e in rows
    ] == [
        ("ones", 3, "host", "", "", ""),
        ("twos", 6, "host", "", "host", ""),
    ]
