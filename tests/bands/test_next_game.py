""" "Nouvelle partie avec la même bande": the next game, prefilled and editable."""

import re
from html import unescape

import pytest
from django.urls import reverse

from bands.models import Band
from games.models import Game
from tests.factories import make_game, play_finished


def next_url(host_token):
    return reverse("games:next_game", kwargs={"host_token": host_token})


NAME_INPUT = re.compile(r'<input type="text" name="names"[^>]*value="([^"]*)"')


def name_inputs(html):
    return [value for value in NAME_INPUT.findall(html) if value]


def checked(html, name):
    pattern = rf'type="(?:radio|checkbox)" name="{name}" value="([^"]*)"[^>]*checked'
    return re.findall(pattern, html)


@pytest.mark.django_db
def test_the_next_game_form_has_the_same_players_first_seat_moved_on(client):
    game, host_token = play_finished(["Sarah", "Hugo", "Léa"], [40, 30, 20])
    response = client.get(next_url(host_token))
    assert response.status_code == 200
    html = response.content.decode()
    assert name_inputs(html) == ["Hugo", "Léa", "Sarah"]
    assert "Nouvelle partie de la bande Sarah, Hugo, Léa" in html
    assert f'action="{next_url(host_token)}"' in html
    assert checked(html, "preset") == ["classic"]


@pytest.mark.django_db
def test_the_next_game_keeps_the_preset_and_options(client):
    options = {"columns": ["down", "free", "up"], "strict_straights": True}
    game, host_token = make_game(["Sarah", "Hugo"], preset="yahtzee", options=options)
    html = client.get(next_url(host_token)).content.decode()
    assert checked(html, "preset") == ["yahtzee"]
    assert sorted(checked(html, "columns")) == ["down", "free", "up"]
    assert re.search(
        r'<input type="checkbox" name="strict_straights"[^>]*checked', html
    )


@pytest.mark.django_db
def test_creating_the_next_game_puts_it_in_the_same_band(client):
    game, host_token = play_finished(["Sarah", "Hugo", "Léa"], [40, 30, 20])
    band = game.band
    response = client.post(
        next_url(host_token),
        # Léa leaves, Tom joins.
        {"names": ["Hugo", "Sarah", "Tom"], "preset": "classic", "columns": ["free"]},
    )
    assert response.status_code == 302
    new = Game.objects.exclude(pk=game.pk).get()
    assert new.band == band
    assert [p.name for p in new.players.all()] == ["Hugo", "Sarah", "Tom"]
    assert Band.objects.count() == 1
    new_host = Game.objects.by_token("host", response.url.strip("/").split("/")[-1])
    assert new_host == new
    assert response.url == reverse(
        "games:host", kwargs={"host_token": response.url.strip("/").split("/")[-1]}
    )


@pytest.mark.django_db
def test_a_refused_next_game_shows_the_form_again(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    response = client.post(
        next_url(host_token), {"names": ["Sarah", "sarah"], "preset": "classic"}
    )
    assert response.status_code == 422
    assert "Deux joueurs s'appellent" in unescape(response.content.decode())
    assert Game.objects.count() == 1


@pytest.mark.django_db
def test_adding_a_row_without_javascript_stays_on_the_next_game_form(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    response = client.post(
        next_url(host_token),
        {"names": ["Hugo", "Sarah"], "preset": "classic", "add_row": "1"},
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert name_inputs(html) == ["Hugo", "Sarah"]
    assert f'action="{next_url(host_token)}"' in html
    assert Game.objects.count() == 1


@pytest.mark.django_db
def test_the_watch_link_cannot_start_the_next_game(client):
    game, _ = make_game(["Sarah", "Hugo"])
    url = f"/h/{game.watch_token}/next/"
    assert client.get(url).status_code == 404
    assert client.post(url, {"names": ["A"], "preset": "classic"}).status_code == 404
    assert Game.objects.count() == 1
