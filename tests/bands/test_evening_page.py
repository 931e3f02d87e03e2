"""The band page's "Ce soir": the evening's games of every kind, who won each and
its ranking by players beaten, re-read at each visit; and its picture."""

import datetime
import io
import re
import zoneinfo

import pytest
import time_machine
from django.urls import reverse
from PIL import Image

from bands.models import BandGame
from games.models import Game
from tests.bands.helpers import play_game
from tests.bands.rounds import play_skyjo, play_tarot
from tests.factories import make_game
from tests.factories import pks as players_of
from tests.helpers import page_text

PARIS = zoneinfo.ZoneInfo("Europe/Paris")
THREE = ["Sarah", "Hugo", "Zoé"]


def evening_at(hour, minute=0, day=14):
    return datetime.datetime(2026, 3, day, hour, minute, tzinfo=PARIS)


def band_url(band):
    return reverse("bands:band", kwargs={"band_token": band.token})


def picture_url(band):
    return reverse("bands:evening_image", kwargs={"band_token": band.token})


def tonight_text(client, band, language="fr"):
    html = client.get(band_url(band), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    found = re.search(r'<section class="card band-evening".*?</section>', html, re.S)
    assert found, "no evening section"
    return page_text(found.group())


@pytest.fixture
def saturday():
    """Friday 21:00, a Yams Hugo wins (before Zoé and Sarah); Saturday, three
    games of three kinds that Sarah wins: a Yams at 20:00 (Sarah 40, Hugo 30,
    Zoé 20), a tarot game at 21:00 (Sarah 168, Zoé -30, Hugo -138) and a Skyjo
    at 22:30, the lowest total winning (Sarah 14, Hugo 35, Zoé 41)."""
    with time_machine.travel(evening_at(21, day=13), tick=False) as traveller:
        friday, _host = play_game(["Hugo", "Zoé", "Sarah"], [60, 40, 20])
        band = friday.band
        traveller.move_to(evening_at(20))
        play_game(THREE, [40, 30, 20], band=band)
        traveller.move_to(evening_at(21))
        play_tarot(
            THREE,
            [("Sarah", "garde", 2, 49), ("Hugo", "prise", 1, 40), None],
            band=band,
        )
        traveller.move_to(evening_at(22, 30))
        play_skyjo(
            THREE,
            [
                ({"Sarah": 10, "Hugo": 5, "Zoé": 20}, "Zoé"),
                ({"Sarah": 2, "Hugo": 30, "Zoé": 1}, "Sarah"),
            ],
            band=band,
        )
    band.refresh_from_db()
    return band


@pytest.mark.django_db
def test_tonight_shows_three_games_of_three_kinds_and_who_won_each(client, saturday):
    with time_machine.travel(evening_at(23), tick=False):
        text = tonight_text(client, saturday)
    assert "Ce soir 3 parties depuis 20:00" in text
    games = text[text.index("Les parties de la soirée") :]
    assert "20:00 Yams ★ gagnée par Sarah" in games
    assert "21:00 Tarot ★ gagnée par Sarah" in games
    assert "22:30 Skyjo ★ gagnée par Sarah" in games


@pytest.mark.django_db
def test_tonight_ranks_by_players_beaten_and_leaves_yesterday_out(client, saturday):
    with time_machine.travel(evening_at(23), tick=False):
        text = tonight_text(client, saturday)
    ranking = text[: text.index("Chaque partie")]
    # Yesterday's Yams would have given Hugo 2 points and Zoé 1.
    assert "Rang Joueur Points ★ 1 Sarah 6 2 Hugo 2 3 Zoé 1" in ranking
    assert "Friday" not in text
    assert "4 parties" not in text


@pytest.mark.django_db
def test_the_page_states_the_rule_of_the_evening_in_one_sentence(client, saturday):
    with time_machine.travel(evening_at(23), tick=False):
        text = tonight_text(client, saturday)
    assert (
        "Chaque partie de la soirée (commencée moins de 6 heures après la fin de la "
        "précédente) rapporte à chaque joueur un point par joueur qu'il bat, et des "
        "ex aequo ne se battent pas entre eux." in text
    )


@pytest.mark.django_db
def test_after_midnight_it_is_still_the_same_evening(client, saturday):
    with time_machine.travel(evening_at(3, day=15), tick=False):
        text = tonight_text(client, saturday)
    assert "3 parties depuis 20:00" in text


@pytest.mark.django_db
def test_six_hours_after_the_last_game_the_evening_is_over(client, saturday):
    with time_machine.travel(evening_at(4, 30, day=15), tick=False):
        text = tonight_text(client, saturday)
    assert text == (
        "Ce soir Pas encore de partie ce soir : le classement de la soirée "
        "commence dès la première partie terminée."
    )


@pytest.mark.django_db
def test_a_band_without_a_finished_game_says_its_evening_is_still_to_come(client):
    game, _host = make_game(["Sarah", "Hugo"])
    text = tonight_text(client, game.band)
    assert "Pas encore de partie ce soir" in text


@pytest.mark.django_db
def test_tied_players_share_their_place_on_the_page(client):
    with time_machine.travel(evening_at(20), tick=False) as traveller:
        first, _host = play_game(["Sarah", "Hugo"], [40, 20])
        traveller.move_to(evening_at(21))
        play_game(["Hugo", "Sarah"], [40, 20], band=first.band)
        text = tonight_text(client, first.band)
    assert "★ 1 ex aequo Hugo 1 ★ 1 ex aequo Sarah 1" in text


@pytest.mark.django_db
def test_a_game_that_ends_joins_the_evening_at_the_next_visit(client, saturday):
    with time_machine.travel(evening_at(23), tick=False) as traveller:
        assert "3 parties" in tonight_text(client, saturday)
        traveller.move_to(evening_at(23, 40))
        play_game(["Zoé", "Hugo"], [90, 10], band=saturday)
        text = tonight_text(client, saturday)
    assert "4 parties depuis 20:00" in text
    assert "23:40 Yams ★ gagnée par Zoé" in text
    assert "1 Sarah 6 2 ex aequo Hugo 2 2 ex aequo Zoé 2" in text


@pytest.mark.django_db
def test_a_game_keeps_with_its_result_when_it_began(client):
    with time_machine.travel(evening_at(20), tick=False) as traveller:
        game, _host = Game.objects.create_game(
            ["Sarah", "Hugo"], options={"winner": "highest"}, kind="tally"
        )
        traveller.move_to(evening_at(20, 45))
        pks = players_of(game)
        game.record_round({"points": {str(pks["Sarah"]): 5, str(pks["Hugo"]): 3}})
        game.end()
    kept = BandGame.objects.get(game_id=game.pk)
    assert kept.started_at == evening_at(20)
    assert kept.played_at == evening_at(20, 45)


@pytest.mark.django_db
def test_tonight_speaks_english_too(client, saturday):
    with time_machine.travel(evening_at(23), tick=False):
        text = tonight_text(client, saturday, language="en")
    assert text.startswith("Tonight 3 games since 20:00")
    assert "won by Sarah" in text
    assert "Rank Player Points" in text


@pytest.mark.django_db
def test_the_evening_s_picture_is_a_png_to_download(client, saturday):
    with time_machine.travel(evening_at(23), tick=False):
        html = client.get(band_url(saturday)).content.decode()
        response = client.get(picture_url(saturday))
    assert f'href="{picture_url(saturday)}" download=' in html
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert "soiree-hugo-zoe-sarah-2026-03-14.png" in response["Content-Disposition"]
    image = Image.open(io.BytesIO(response.content))
    assert image.size == (1200, 630)


@pytest.mark.django_db
def test_the_band_s_link_shows_the_evening_s_picture_in_a_chat(client, saturday):
    with time_machine.travel(evening_at(23), tick=False):
        html = client.get(band_url(saturday)).content.decode()
    last = BandGame.objects.filter(band=saturday).latest("played_at").game_id
    image = f"http://testserver{picture_url(saturday)}?v=3-{last}"
    assert f'<meta property="og:image" content="{image}">' in html
    assert '<meta property="og:title" content="Sarah mène la soirée">' in html


@pytest.mark.django_db
def test_without_an_evening_the_page_offers_no_picture(client, saturday):
    with time_machine.travel(evening_at(12, day=16), tick=False):
        response = client.get(picture_url(saturday))
        html = client.get(band_url(saturday)).content.decode()
    assert picture_url(saturday) not in html
    assert "og:image" not in html
    # The address still answers, with the evening still to come.
    assert response["Content-Type"] == "image/png"
    assert Image.open(io.BytesIO(response.content)).size == (1200, 630)


@pytest.mark.django_db
def test_an_imported_game_goes_by_its_end_not_by_the_moment_of_the_import():
    with time_machine.travel(evening_at(12, day=20), tick=False):
        game, _host = play_game(["Sarah", "Hugo"], [40, 20])
    game.band.date_imported_result(game.pk, evening_at(22))
    kept = BandGame.objects.get(game_id=game.pk)
    assert (kept.started_at, kept.played_at) == (None, evening_at(22))
    with time_machine.travel(evening_at(23), tick=False):
        evening = game.band.tonight()
    assert [row.game.game_id for row in evening.games] == [game.pk]
