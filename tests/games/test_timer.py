"""The turn timer: off by default, set on the create page or from the host's
card, paused and resumed by whoever holds the pencil, started again by each move,
never in the way of an entry; every phone counts down to the same moment."""

import datetime

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from games.models import Game
from tests.factories import make_game
from tests.helpers import host_url, page_text, pencil_url

pytestmark = pytest.mark.django_db

START = datetime.datetime(2026, 12, 4, 20, 0, tzinfo=datetime.UTC)


def create(client, **fields):
    data = {"kind": "tally", "names": ["Léa", "Max"], **fields}
    return client.post(reverse("games:home"), data)


def timer_post(client, url, **data):
    return client.post(url, data)


def test_a_new_game_has_no_timer_unless_the_host_sets_one(client):
    response = create(client)
    game = Game.objects.get()
    assert game.timer_seconds is None
    page = client.get(response["Location"])
    assert "data-timer " not in page.content.decode()
    assert "Lancer le minuteur" in page_text(page.content.decode())


def test_the_create_page_sets_the_timer_and_the_sheet_counts_it_down(client):
    with time_machine.travel(START, tick=False):
        response = create(client, timer="90")
        game = Game.objects.get()
        assert game.timer_seconds == 90
        page = client.get(response["Location"]).content.decode()
    ends = int((START + datetime.timedelta(seconds=90)).timestamp() * 1000)
    assert f'data-ends="{ends}"' in page
    assert "Temps de la manche" in page_text(page)
    assert "1:30" in page_text(page)


@pytest.mark.parametrize("length", ["5", "9", "1801", "douze", "-30"])
def test_a_length_the_timer_does_not_take_is_refused_and_creates_nothing(
    client, length
):
    response = create(client, timer=length)
    assert response.status_code == 422
    assert "Le minuteur dure de 10 à 1800 secondes" in page_text(
        response.content.decode()
    )
    assert not Game.objects.exists()


def test_the_model_refuses_a_length_out_of_range():
    with pytest.raises(Exception, match="10 secondes à 30 minutes"):
        make_game_with_timer(5)
    assert not Game.objects.exists()


def make_game_with_timer(seconds):
    return Game.objects.create_game(
        ["Léa", "Max"], "", {}, kind="tally", timer_seconds=seconds
    )


def test_pausing_keeps_the_time_left_and_resuming_runs_on_from_it(client):
    with time_machine.travel(START, tick=False) as clock:
        game, host_token = make_game_with_timer(60)
        url = host_url(host_token, "timer")
        clock.shift(20)
        timer_post(client, url, action="pause")
        game.refresh_from_db()
        assert game.timer_paused_left == pytest.approx(40)
        page = page_text(client.get(host_url(host_token)).content.decode())
        assert "en pause" in page and "0:40" in page
        clock.shift(300)  # a long break: the timer waits
        game.refresh_from_db()
        assert game.timer_left(timezone.now()) == pytest.approx(40)
        timer_post(client, url, action="resume")
        game.refresh_from_db()
        assert game.timer_paused_left is None
        assert game.timer_ends_at == timezone.now() + datetime.timedelta(seconds=40)


def test_each_round_starts_a_new_countdown_even_a_paused_one(client):
    with time_machine.travel(START, tick=False) as clock:
        game, host_token = make_game_with_timer(60)
        clock.shift(50)
        game.pause_timer(by="host")
        clock.shift(5)
        version = game.version
        # Paused, the timer never blocks an entry.
        game.record_round({"points": {str(p.pk): 3 for p in game.players.all()}})
        game.refresh_from_db()
        assert game.version == version + 1
        assert game.timer_paused_left is None
        assert game.timer_ends_at == timezone.now() + datetime.timedelta(seconds=60)


def test_the_host_changes_the_length_or_stops_the_timer(client):
    game, host_token = make_game(("Léa", "Max"))
    url = host_url(host_token, "timer")
    timer_post(client, url, action="set", seconds="45")
    game.refresh_from_db()
    assert game.timer_seconds == 45
    page = page_text(client.get(host_url(host_token)).content.decode())
    assert "Temps du tour" in page  # Yams counts a player's turn
    timer_post(client, url, action="off")
    game.refresh_from_db()
    assert game.timer_seconds is None


@pytest.mark.parametrize("seconds", ["", "3", "3600", "x"])
def test_a_bad_length_from_the_host_card_says_why_and_changes_nothing(client, seconds):
    game, host_token = make_game_with_timer(60)
    version = game.version
    response = client.post(
        host_url(host_token, "timer"),
        {"action": "set", "seconds": seconds},
        follow=True,
    )
    assert "Le minuteur dure de 10 à 1800 secondes" in page_text(
        response.content.decode()
    )
    game.refresh_from_db()
    assert (game.timer_seconds, game.version) == (60, version)


def test_the_pencil_pauses_the_timer_but_only_the_host_sets_it(client):
    game, host_token = make_game_with_timer(60)
    pencil_token = game.pass_pencil(host_token, "Zoé")
    url = pencil_url(pencil_token, "pencil_timer")
    timer_post(client, url, action="pause")
    game.refresh_from_db()
    assert game.timer_paused_left is not None
    response = client.post(url, {"action": "off"}, follow=True)
    assert "Seul l'hôte règle le minuteur." in page_text(response.content.decode())
    game.refresh_from_db()
    assert game.timer_seconds == 60


def test_a_watcher_has_no_timer_controls(client):
    game, _host_token = make_game_with_timer(60)
    page = client.get(reverse("games:watch", args=[game.watch_token]))
    html = page.content.decode()
    assert "data-timer " in html
    assert 'name="action" value="pause"' not in html
    response = client.post(
        f"/w/{game.watch_token}/timer/", {"action": "pause"}, follow=False
    )
    assert response.status_code == 404
    game.refresh_from_db()
    assert game.timer_paused_left is None


def test_an_unknown_action_changes_nothing(client):
    game, host_token = make_game_with_timer(60)
    version = game.version
    client.post(host_url(host_token, "timer"), {"action": "explode"})
    game.refresh_from_db()
    assert game.version == version


def test_the_clock_says_the_server_time():
    from django.test import Client

    with time_machine.travel(START, tick=False):
        data = Client().get(reverse("games:clock")).json()
    assert data["now"] == int(START.timestamp() * 1000)
