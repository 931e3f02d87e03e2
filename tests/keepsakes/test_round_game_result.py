"""The result page of a game of rounds and its preview image: the winner big,
the ranking with ties shared, the game's name; at Skyjo the lowest total wins."""

import io
import re

import pytest
from django.urls import reverse
from PIL import Image

from games.models import Game
from tests.factories import pks
from tests.helpers import text
from tests.keepsakes.round_games import skyjo_game, tally_game, tarot_game


def result_url(game):
    return reverse("keepsakes:result", kwargs={"watch_token": game.watch_token})


def image_url(game):
    return reverse("keepsakes:result_image", kwargs={"watch_token": game.watch_token})


def ranking(page):
    """The ranking table as the page reads: "1 Ana 254 2 ..." (the score race
    follows it)."""
    table = page.split("Rang Joueur Points ", 1)[1].split(" Toutes les ")[0]
    return table.split(" La course aux points")[0]


@pytest.mark.django_db
def test_a_finished_tarot_game_shows_its_winner_the_ranking_and_the_game(client):
    game, _host = tarot_game()
    response = client.get(result_url(game))
    assert response.status_code == 200
    page = text(response)
    assert "Résultat de la partie — Tarot" in page
    assert "Ana gagne !" in page
    assert "254 points" in page
    assert ranking(page) == "1 Ana 254 2 Chloé 230 3 David −170 4 Bruno −314"
    html = response.content.decode()
    assert (
        '<meta property="og:title" content="Tarot : Ana gagne avec 254 points">' in html
    )
    # Tarot is played in deals, not rounds.
    assert "Toutes les donnes, une à une" in page
    assert "manche" not in page


def below_zero(sarah, hugo, end=True):
    """A free count of one round where both end below zero."""
    game, _host = Game.objects.create_game(["Sarah", "Hugo"], kind="tally")
    p = pks(game)
    game.record_round({"points": {p["Sarah"]: sarah, p["Hugo"]: hugo}})
    if end:
        game.end()
    return game


@pytest.mark.django_db
def test_a_winning_total_below_zero_is_written_with_a_true_minus(client):
    response = client.get(result_url(below_zero(-3, -5)))
    page = text(response)
    assert "Sarah gagne ! −3 points" in page
    assert ranking(page) == "1 Sarah −3 2 Hugo −5"
    assert "Toutes les manches, une à une" in page
    html = response.content.decode()
    assert "Compteur libre : Sarah gagne avec −3 points" in html
    # The link shared (shown on the page) holds a random token, which may
    # hold "-3" itself.
    assert "-3" not in re.sub(r"https?://\S+", "", page)


@pytest.mark.django_db
def test_a_game_in_play_led_below_zero_says_so_with_a_true_minus(client):
    page = text(client.get(result_url(below_zero(-1, -5, end=False))))
    assert "La partie se joue encore. En tête : Sarah, −1 point." in page


@pytest.mark.django_db
def test_equal_totals_share_their_rank(client):
    game, _host = tarot_game(end=False)
    game.undo()
    game.end()
    page = text(client.get(result_url(game)))
    assert ranking(page) == (
        "1 Ana 354 2 ex aequo Chloé −70 2 ex aequo David −70 4 Bruno −214"
    )


@pytest.mark.django_db
def test_at_skyjo_the_lowest_total_wins_and_the_page_says_so(client):
    game, _host = skyjo_game()
    page = text(client.get(result_url(game)))
    assert "Résultat de la partie — Skyjo" in page
    assert "Léa gagne ! 5 points" in page
    assert "Le plus petit total gagne." in page
    assert ranking(page) == "1 Léa 5 2 Zoé 19 3 Tom 43"


@pytest.mark.django_db
def test_a_tie_for_first_wins_together(client):
    game, _host = Game.objects.create_game(["Sarah", "Hugo"], kind="tally")
    p = pks(game)
    game.record_round({"points": {p["Sarah"]: 4, p["Hugo"]: 4}})
    game.end()
    page = text(client.get(result_url(game)))
    assert "Sarah et Hugo, ex aequo !" in page
    assert "Compteur libre : Sarah et Hugo gagnent ex aequo avec 4 points" in page


@pytest.mark.django_db
def test_a_game_of_rounds_in_play_shows_who_leads(client):
    game, _host = tally_game(end=False)
    response = client.get(result_url(game))
    assert response.status_code == 200
    page = text(response)
    assert "Partie en cours — Compteur libre" in page
    assert "En tête : Hugo, 7 points." in page
    assert "Classement provisoire" in page


@pytest.mark.django_db
def test_a_game_of_rounds_before_its_first_round(client):
    game, _host = Game.objects.create_game(["Léa", "Tom"], kind="skyjo")
    page = text(client.get(result_url(game)))
    assert "aucune manche n'est encore notée" in page
    assert "Skyjo : la partie va commencer" in page


@pytest.mark.django_db
@pytest.mark.parametrize("make", [tarot_game, skyjo_game, tally_game])
def test_the_preview_of_a_game_of_rounds_is_a_png_of_the_size_apps_expect(client, make):
    game, _host = make()
    response = client.get(image_url(game))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert response.content.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(response.content))
    assert image.size == (1200, 630)


@pytest.mark.django_db
def test_the_preview_of_a_game_of_rounds_in_play_is_drawn_too(client):
    game, _host = tally_game(end=False)
    response = client.get(image_url(game))
    assert response.status_code == 200
    assert Image.open(io.BytesIO(response.content)).size == (1200, 630)
