"""The watch link shows everything (sheet, turn, totals, winner) and can change
nothing: in every state of the game, in the phone and the big-screen views, and in
the sheet its page polls, no write form and no token but the watch and band ones."""

import re

import pytest
from django.urls import reverse

from tests.factories import CLASSIC_BOXES, CROSS, MADE, count, make_game, play
from tests.helpers import host_url, markup, text, watch_url

BOXES = CLASSIC_BOXES
STAGES = ["new", "playing", "pencil out", "over"]


def staged(stage):
    """(game, host token, pencil token or None) at a stage of the game."""
    game, host_token = make_game(["Sarah", "Hugo", "Léa"])
    pencil = None
    if stage in ("playing", "pencil out"):
        play(
            game,
            ("Sarah", "free", "ones", count(3)),
            ("Hugo", "free", "ones", CROSS),
            ("Léa", "free", "ones", count(1)),
        )
    if stage == "pencil out":
        pencil = game.pass_pencil(host_token, "Léa")
    if stage == "over":
        play(
            game,
            *[
                (name, "free", box, MADE if box == "yams" and name == "Léa" else CROSS)
                for box in BOXES
                for name in ("Sarah", "Hugo", "Léa")
            ],
        )
    game.refresh_from_db()
    return game, host_token, pencil


def assert_reads_only(html, host_token, pencil):
    html = markup(html)
    assert host_token not in html
    if pencil:
        assert pencil not in html
    assert "/h/" not in html and "/c/" not in html
    assert "hx-post" not in html and "hx-delete" not in html
    assert re.findall(r'<form[^>]*action="([^"]*)"', html) in ([], ["/i18n/setlang/"])
    assert 'method="post"' not in html.replace(
        '<form class="lang-form" action="/i18n/setlang/" method="post">', ""
    )
    assert "cell-open" not in html and 'class="tap"' not in html
    assert "Annuler la dernière case" not in html
    assert "Importer une partie" not in html


@pytest.mark.django_db
@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("view", ["phone", "tv", "poll"])
def test_the_watch_link_never_offers_a_way_to_write(client, stage, view):
    game, host_token, pencil = staged(stage)
    url = {
        "phone": watch_url(game),
        "tv": watch_url(game) + "?tv=1",
        "poll": reverse("games:watch_sheet", kwargs={"watch_token": game.watch_token})
        + "?v=0",
    }[view]
    response = client.get(url)
    assert response.status_code == 200
    assert_reads_only(response.content.decode(), host_token, pencil)


@pytest.mark.django_db
def test_the_watch_page_shows_the_sheet_the_turn_and_the_totals(client):
    game, host_token, _ = staged("playing")
    response = client.get(watch_url(game))
    page = text(response)
    html = response.content.decode()
    assert "À Sarah de jouer" in page
    assert re.findall(r'class="player-total"[^>]*>(\d+)<', html) == ["3", "0", "1"]
    # It polls its own sheet, by the watch token.
    assert f'data-live="/w/{game.watch_token}/sheet/"' in html


@pytest.mark.django_db
def test_the_watch_page_shows_the_winner_and_the_ranking_at_the_end(client):
    game, _, _ = staged("over")
    page = text(client.get(watch_url(game)))
    assert "Léa gagne ! 50 points" in page
    assert page.index("1 Léa 50") < page.index("2 Sarah ex aequo 0")


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["host", "watch"])
def test_every_role_can_keep_the_game(client, role):
    game, host_token, _ = staged("playing")
    url = host_url(host_token) if role == "host" else watch_url(game)
    html = client.get(url).content.decode()
    watch = game.watch_token
    assert f'href="/w/{watch}/log/"' in html
    assert f'href="/w/{watch}/sheet.pdf" target="_blank" rel="noopener"' in html
    assert f'href="/w/{watch}/export.csv" download' in html
    assert f'href="/w/{watch}/export.json" download' in html
    assert ("Importer une partie" in html) == (role == "host")


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["host", "watch"])
def test_every_role_shares_the_result_and_prints_the_sheet_at_the_end(client, role):
    game, host_token, _ = staged("over")
    html = client.get(
        host_url(host_token) if role == "host" else watch_url(game)
    ).content.decode()
    assert f'href="/r/{game.watch_token}/">Partager le résultat' in html
    assert "Imprimer la feuille (souvenir)" in html
    band = (
        f'href="/h/{host_token}/band/"'
        if role == "host"
        else f'href="/b/{game.band.token}/"'
    )
    assert band in html


@pytest.mark.django_db
def test_the_host_page_shows_the_watch_link_as_a_qr_code(client):
    game, host_token, _ = staged("new")
    html = client.get(host_url(host_token)).content.decode()
    assert f'<img class="invite-qr" src="/w/{game.watch_token}/qr.svg"' in html
    assert 'alt="QR code du lien pour suivre la partie"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["host", "watch"])
def test_the_big_screen_is_the_same_page_with_a_way_back(client, role):
    game, host_token, _ = staged("playing")
    url = host_url(host_token) if role == "host" else watch_url(game)
    phone = markup(client.get(url).content.decode())
    tv = markup(client.get(url + "?tv=1").content.decode())
    assert 'class="page-game role-' in phone and "is-tv" not in phone
    assert f'class="page-game role-{role} is-tv"' in tv
    assert f'href="{url}?tv=1">Grand écran' in phone
    assert f'href="{url}">Vue téléphone' in tv
    # The standings the big screen shows, leader first.
    # (each name after its face: a dot, its sign drawn by the stylesheet)
    standings = re.findall(
        r'class="standing-name">(?:<span [^>]*></span>)?([^<]+)<', tv
    )
    assert standings == ["Sarah", "Léa", "Hugo"]
