"""A band and its history are deleted 6 months (183 days) after its last game."""

import datetime

import pytest
import time_machine
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from bands.models import Band, BandAlias, BandGame, BandScore, Person
from games.models import Game
from games.tasks import purge_expired
from tests.factories import finish, make_game, play_finished

START = datetime.datetime(2026, 3, 1, 20, 30, tzinfo=datetime.UTC)
SIX_MONTHS = datetime.timedelta(days=183)


def test_six_months_are_183_days():
    assert settings.BAND_RETENTION_DAYS == 183


@pytest.mark.django_db
@pytest.mark.parametrize(
    "idle, kept",
    [
        (SIX_MONTHS - datetime.timedelta(hours=1), True),
        (SIX_MONTHS, True),
        (SIX_MONTHS + datetime.timedelta(seconds=1), False),
    ],
    ids=["6 months less 1 hour", "6 months exactly", "6 months and 1 second"],
)
def test_a_band_is_deleted_6_months_after_its_last_game(idle, kept):
    with time_machine.travel(START, tick=False) as traveller:
        first, _ = play_finished(["Sarah", "Hugo"], [40, 30])
        band = first.band
        traveller.move_to(START + datetime.timedelta(days=40))
        second, _ = play_finished(["Sarah", "Hugo"], [10, 30], band=band)
        last_game = START + datetime.timedelta(days=40)
        assert Band.objects.get(pk=band.pk).expires_at == last_game + SIX_MONTHS
        traveller.move_to(last_game + idle)
        assert purge_expired()["bands"] == (0 if kept else 1)
    assert Band.objects.filter(pk=band.pk).exists() is kept
    assert BandGame.objects.filter(band_id=band.pk).count() == (2 if kept else 0)
    # Its games, idle for months, are gone either way.
    assert not Game.objects.filter(pk__in=[first.pk, second.pk]).exists()


@pytest.mark.django_db
def test_the_band_purge_takes_the_whole_history_and_leaves_other_bands_alone():
    with time_machine.travel(START, tick=False) as traveller:
        old, _ = play_finished(["Jo", "Sarah"], [40, 30])
        play_finished(["Joseph", "Hugo"], [40, 30], band=old.band)
        old.band.merge("jo", "joseph")
        traveller.move_to(START + datetime.timedelta(days=100))
        young, _ = play_finished(["Léa", "Hugo"], [40, 30])
        traveller.move_to(START + SIX_MONTHS + datetime.timedelta(days=1))
        assert purge_expired() == {"games": 3, "bands": 1}
        assert purge_expired() == {"games": 0, "bands": 0}
    assert list(Band.objects.all()) == [young.band]
    assert BandGame.objects.get().band == young.band
    assert BandScore.objects.count() == 2
    assert not BandAlias.objects.exists()
    # The people's faces go with their band.
    assert sorted(Person.objects.values_list("name", flat=True)) == ["Hugo", "Léa"]


@pytest.mark.django_db
def test_a_band_still_holding_a_live_game_is_kept():
    with time_machine.travel(START, tick=False) as traveller:
        game, _ = make_game(["Sarah", "Hugo"])
        # Someone opens the game and plays a box every few weeks, never finishing.
        for days in range(20, 200, 20):
            traveller.move_to(START + datetime.timedelta(days=days))
            finish(game, {"Sarah": 10, "Hugo": 10}, leave=25 - days // 20)
        traveller.move_to(START + SIX_MONTHS + datetime.timedelta(days=10))
        assert purge_expired() == {"games": 0, "bands": 0}
    assert Game.objects.filter(pk=game.pk).exists()
    assert Band.objects.filter(pk=game.band_id).exists()


@pytest.mark.django_db
def test_the_band_purge_alone_keeps_a_band_until_its_expired_games_are_gone():
    """A band never takes a game with it: the games purge goes first, and the
    scheduled task runs both in that order."""
    with time_machine.travel(START, tick=False) as traveller:
        game, _ = play_finished(["Sarah", "Hugo"], [40, 30])
        traveller.move_to(START + SIX_MONTHS + datetime.timedelta(days=1))
        assert Band.objects.purge_expired() == 0
        assert Game.objects.filter(pk=game.pk).exists()
        assert Game.objects.purge_expired() == 1
        assert Band.objects.purge_expired() == 1
    assert not Band.objects.filter(pk=game.band_id).exists()


@pytest.mark.django_db
def test_a_new_game_with_the_band_restarts_its_six_months():
    with time_machine.travel(START, tick=False) as traveller:
        first, _ = play_finished(["Sarah", "Hugo"], [40, 30])
        traveller.move_to(START + datetime.timedelta(days=150))
        make_game(["Hugo", "Sarah"], band=first.band)
        traveller.move_to(START + SIX_MONTHS + datetime.timedelta(days=1))
        assert purge_expired()["bands"] == 0
        band = Band.objects.get(pk=first.band_id)
        assert band.expires_at == START + datetime.timedelta(days=150) + SIX_MONTHS


@pytest.mark.django_db
def test_old_band_links_answer_404_once_the_band_is_purged(client):
    game, host_token = play_finished(["Sarah", "Hugo"], [40, 30])
    band_url = reverse("bands:band", kwargs={"band_token": game.band.token})
    assert client.get(band_url).status_code == 200
    with time_machine.travel(timezone.now() + SIX_MONTHS + datetime.timedelta(days=1)):
        assert purge_expired() == {"games": 1, "bands": 1}
    assert client.get(band_url).status_code == 404
    assert client.get(f"/h/{host_token}/band/").status_code == 404


def test_every_relation_to_a_game_or_a_band_is_one_the_purge_follows():
    from django.apps import apps
    from django.db import models

    followed = {models.CASCADE, models.SET_NULL, models.DO_NOTHING}
    for model in apps.get_models():
        for field in model._meta.fields:
            if field.is_relation and field.related_model in (Game, Band):
                assert field.remote_field.on_delete in followed, field
