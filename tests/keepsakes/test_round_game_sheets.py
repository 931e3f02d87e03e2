"""The printable sheets of the games scored by rounds: blank Skyjo and tarot
sheets beside the Yams ones (rounds down, players across, the totals), and the
filled sheet of a game of rounds, its keepsake."""

import subprocess

import pytest
from django.urls import reverse

from tests.keepsakes.helpers import pdf_pages
from tests.keepsakes.round_games import skyjo_game, tally_game, tarot_game


def pdftotext(content):
    """The PDF's text as poppler reads it, whitespace as single spaces."""
    out = subprocess.run(
        ["pdftotext", "-layout", "-", "-"],
        input=content,
        capture_output=True,
        check=True,
    ).stdout.decode()
    return " ".join(out.split())


def blank_url(kind, players):
    return reverse(
        "keepsakes:blank_pdf", kwargs={"preset": kind, "layout": str(players)}
    )


def a4(page):
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    return sorted((round(width), round(height))) == [595, 842], width > height


@pytest.mark.django_db
def test_the_printables_page_offers_skyjo_and_tarot_sheets_beside_the_yams_ones(
    client,
):
    response = client.get(reverse("keepsakes:printables"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Yahtzee" in html
    for kind, seats in (("skyjo", range(2, 9)), ("tarot", range(3, 6))):
        for players in seats:
            assert f'href="{blank_url(kind, players)}"' in html
    assert 'id="kind-skyjo"' in html and 'id="kind-tarot"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_blank_tarot_sheet_has_deals_down_players_across_and_the_scale(
    client, players
):
    response = client.get(blank_url("tarot", players))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    pages = pdf_pages(response.content)
    assert len(pages) == 1
    assert a4(pages[0]) == (True, False)
    words = pdftotext(response.content)
    assert "Feuille de Tarot" in words
    assert "Donne Preneur · contrat" in words
    for n in range(1, players + 1):
        assert f"Joueur {n}" in words
    assert f"Joueur {players + 1}" not in words
    assert words.count("points total") == players
    assert "24 Total" in words
    assert "Il faut 56 points sans bout, 51 avec 1, 41 avec 2, 36 avec 3." in words


@pytest.mark.django_db
@pytest.mark.parametrize("players", [2, 5, 6, 8])
def test_a_blank_skyjo_sheet_has_rounds_down_and_players_across(client, players):
    response = client.get(blank_url("skyjo", players))
    assert response.status_code == 200
    pages = pdf_pages(response.content)
    assert len(pages) == 1
    # Beyond five players the sheet turns to landscape.
    assert a4(pages[0]) == (True, players > 5)
    words = pdftotext(response.content)
    assert "Feuille de Skyjo" in words
    assert f"Joueur {players}" in words
    assert "16 Total" in words
    assert "le plus petit total gagne" in words


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("kind", "players"), [("tarot", 2), ("tarot", 6), ("skyjo", 1), ("tally", 3)]
)
def test_a_blank_sheet_for_a_table_the_game_does_not_take_is_not_found(
    client, kind, players
):
    assert client.get(blank_url(kind, players)).status_code == 404


@pytest.mark.django_db
def test_the_filled_tarot_sheet_gives_each_deal_its_shares_and_the_ranking(client):
    game, _host = tarot_game()
    response = client.get(
        reverse("keepsakes:game_pdf", kwargs={"watch_token": game.watch_token})
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "feuille-tarot-" in response["Content-Disposition"]
    words = pdftotext(response.content)
    assert "Ana Bruno Chloé David" in words
    assert "1 Garde · Ana · faite +318 318 −106 −106 −106 −106 −106 −106" in words
    assert "2 Donne passée 0 318" in words
    assert "Total 254 −314 230 −170" in words
    assert "Classement : 1. Ana 254 2. Chloé 230 3. David −170 4. Bruno −314" in words


@pytest.mark.django_db
def test_the_filled_skyjo_sheet_shows_the_finisher_doubled(client):
    game, _host = skyjo_game()
    response = client.get(
        reverse("keepsakes:game_pdf", kwargs={"watch_token": game.watch_token})
    )
    words = pdftotext(response.content)
    assert "1 3 3 12 12 3×2=6 6" in words
    assert "2 −2 1 9 21 5 11" in words
    assert "Total 5 43 19" in words


@pytest.mark.django_db
def test_a_long_free_count_takes_as_many_pages_as_its_rounds_need(client):
    game, _host = tally_game(end=False)
    player = str(game.players.first().pk)
    for _n in range(70):
        game.record_round({"points": {player: 1}})
    response = client.get(
        reverse("keepsakes:game_pdf", kwargs={"watch_token": game.watch_token})
    )
    pages = pdf_pages(response.content)
    assert len(pages) >= 2
    words = pdftotext(response.content)
    assert "72 +1" in words
    assert "Partie en cours : totaux provisoires." in words
