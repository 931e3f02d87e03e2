"""A game is deleted 30 days after its last round, with every row it holds."""

import datetime
import logging

import pytest
import time_machine
from django.apps import apps
from django.urls import reverse
from django.utils import timezone

from games.models import Entry, Game, Player
from scorekeeper.lib import purge
from tests.factories import make_game, make_round_game, play, play_rounds, tarot_deal

START = datetime.datetime(2026, 3, 1, 20, 30, tzinfo=datetime.UTC)
SCORE = ("Sarah", "free", "ones", {"kind": "count", "value": 3})


def rows_of(game_id):
    """Every row, in every model, that points to the game."""
    found = {}
    for model in apps.get_models():
        for field in model._meta.fields:
            if field.is_relation and field.related_model is Game:
                rows = model._base_manager.filter(**{f"{field.name}_id": game_id})
                count = rows.count()
                if count:
                    found[model._meta.label] = count
    return found


@pytest.mark.django_db
@pytest.mark.parametrize(
    "idle, kept",
    [
        (datetime.timedelta(days=29, hours=23), True),
        (datetime.timedelta(days=30), True),
        (datetime.timedelta(days=30, seconds=1), False),
    ],
    ids=["29 days 23 hours", "30 days exactly", "30 days and 1 second"],
)
def test_a_game_is_deleted_30_days_after_its_creation_if_nobody_plays(idle, kept):
    with time_machine.travel(START, tick=False) as traveller:
        game, _ = make_game()
        traveller.move_to(START + idle)
        assert Game.objects.purge_expired() == (0 if kept else 1)
    assert Game.objects.filter(pk=game.pk).exists() is kept


@pytest.mark.django_db
@pytest.mark.parametrize(
    "idle, kept",
    [
        (datetime.timedelta(days=29, hours=23), True),
        (datetime.timedelta(days=30, seconds=1), False),
    ],
    ids=["29 days 23 hours", "30 days and 1 second"],
)
def test_a_game_is_deleted_30_days_after_its_last_round(idle, kept):
    last_round = START + datetime.timedelta(days=12)
    with time_machine.travel(START, tick=False) as traveller:
        game, _ = make_game()
        traveller.move_to(last_round)
        play(game, SCORE)
        game.refresh_from_db()
        assert game.expires_at == last_round + datetime.timedelta(days=30)
        traveller.move_to(last_round + idle)
        purge.purge_expired(Game.objects)
    assert Game.objects.filter(pk=game.pk).exists() is kept


@pytest.mark.django_db
def test_the_purge_takes_every_dependent_row_and_leaves_other_games_alone():
    with time_machine.travel(START, tick=False) as traveller:
        old, _ = make_game(["Sarah", "Hugo", "Léa"])
        play(old, SCORE, ("Hugo", "free", "ones", {"kind": "cross"}))
        old.undo()  # an undone entry is kept, marked: it must go too
        traveller.move_to(START + datetime.timedelta(days=20))
        young, _ = make_game(["Sarah", "Hugo"])
        play(young, SCORE)
        assert rows_of(old.pk)["games.Entry"] == 2
        traveller.move_to(START + datetime.timedelta(days=31))
        assert Game.objects.purge_expired() == 1
    assert rows_of(old.pk) == {}
    assert not Game.objects.filter(pk=old.pk).exists()
    assert rows_of(young.pk) == {"games.Entry": 1, "games.Player": 2}
    assert Player.objects.count() == 2 and Entry.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    "idle, kept",
    [
        (datetime.timedelta(days=29, hours=23), True),
        (datetime.timedelta(days=30, seconds=1), False),
    ],
    ids=["29 days 23 hours", "30 days and 1 second"],
)
def test_a_game_of_rounds_is_deleted_30_days_after_its_last_round(idle, kept):
    last_round = START + datetime.timedelta(days=12)
    with time_machine.travel(START, tick=False) as traveller:
        game, _ = make_round_game("tarot", ["Ana", "Bruno", "Chloé"])
        play_rounds(game, tarot_deal(game, "Ana", "garde", 1, 60))
        traveller.move_to(last_round)
        play_rounds(game, {"passed": True})
        game.undo()  # an undone round is kept, marked: it must go too
        game.refresh_from_db()
        assert game.expires_at == last_round + datetime.timedelta(days=30)
        traveller.move_to(last_round + idle)
        purge.purge_expired(Game.objects)
    assert Game.objects.filter(pk=game.pk).exists() is kept
    assert (rows_of(game.pk) != {}) is kept


@pytest.mark.django_db
def test_a_purge_run_twice_deletes_nothing_the_second_time():
    for _ in range(3):
        make_game()
    Game.objects.update(last_activity_at=timezone.now() - datetime.timedelta(days=31))
    assert purge.purge_expired(Game.objects, batch_size=2) == 3
    assert purge.purge_expired(Game.objects, batch_size=2) == 0
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_the_purge_works_in_batches_and_logs_counts_only(caplog):
    names = ["Sarah", "Hugo"]
    tokens = []
    for _ in range(5):
        game, host_token = make_game(names)
        tokens += [host_token, game.watch_token, game.band.token]
    Game.objects.update(last_activity_at=timezone.now() - datetime.timedelta(days=31))
    with caplog.at_level(logging.INFO, logger="scorekeeper.lib.purge"):
        assert purge.purge_expired(Game.objects, batch_size=2, pause=0) == 5
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "games.Game=5" in logged
    assert "games.Player=10" in logged
    assert "3 batch(es)" in logged
    for secret in [*tokens, *names]:
        assert secret not in logged


@pytest.mark.django_db
@pytest.mark.parametrize("touched_at_call", [2, 3], ids=["before the lock", "after it"])
def test_a_game_touched_during_the_purge_survives_whole(touched_at_call):
    """The expiry condition is re-checked by the lock and by the delete: a host
    who scores between the moment the purge picks the game and the moment it
    deletes it keeps the whole game."""
    with time_machine.travel(START, tick=False) as traveller:
        game, _ = make_game(["Sarah", "Hugo"])
        other, _ = make_game(["Léa"])
        play(game, SCORE)
        traveller.move_to(START + datetime.timedelta(days=31))
        calls = 0

        def expired():
            nonlocal calls
            calls += 1
            if calls == touched_at_call:
                play(game, ("Hugo", "free", "ones", {"kind": "count", "value": 1}))
            return Game.objects.expired()

        counts = purge.purge(Game, expired)
    assert counts["games.Game"] == 1
    assert not Game.objects.filter(pk=other.pk).exists()
    assert rows_of(game.pk) == {"games.Entry": 2, "games.Player": 2}
    assert [p.total for p in Game.objects.get(pk=game.pk).state().seats] == [3, 1]


@pytest.mark.django_db
def test_old_links_answer_404_once_the_game_is_purged(client):
    game, host_token = make_game()
    play(game, SCORE)
    urls = [
        reverse("games:host_band", args=[host_token]),
        reverse("games:next_game", args=[host_token]),
        reverse("games:host", args=[host_token]),
        reverse("games:watch", args=[game.watch_token]),
    ]
    assert all(client.get(url).status_code == 200 for url in urls)
    Game.objects.update(last_activity_at=timezone.now() - datetime.timedelta(days=31))
    purge.purge_expired(Game.objects)
    assert [client.get(url).status_code for url in urls] == [404] * len(urls)
