"""The host's "Inviter la table" page: the watch link and every way to send it."""

from urllib.parse import quote

import pytest
from django.urls import reverse

from tests.factories import make_game, play_turns
from tests.helpers import Page


def share_url(host_token):
    return reverse("games:share", kwargs={"host_token": host_token})


@pytest.mark.django_db
def test_share_page_shows_the_watch_link_with_every_way_to_send_it(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    response = client.get(share_url(host_token))
    assert response.status_code == 200
    html = response.content.decode()
    page = Page(html)
    watch = f"http://testserver/w/{game.watch_token}/"
    message = f"Suivez notre partie de Yams en direct : {watch}"
    assert "Inviter la table" in page.visible_text
    assert watch in page.visible_text
    assert "https://wa.me/?text=" + quote(message, safe="") in page.links
    assert "sms:?&body=" + quote(message, safe="") in page.links
    qr = reverse("games:watch_qr", kwargs={"watch_token": game.watch_token})
    assert [img["src"] for img in page.images] == [qr]
    assert page.images[0]["alt"]


@pytest.mark.django_db
def test_web_share_button_waits_for_the_script_to_show_it(client):
    _game, host_token = make_game()
    page = Page(client.get(share_url(host_token)).content.decode())
    copy = [b for b in page.buttons if "data-share-copy" in b]
    native = [b for b in page.buttons if "data-share-open" in b]
    assert len(copy) == len(native) == 1
    # Without navigator.share this button could not work: the script shows it.
    assert "hidden" in native[0]
    assert "hidden" not in copy[0]
    assert native[0]["data-share-text"] == "Suivez notre partie de Yams en direct"


@pytest.mark.django_db
def test_share_page_needs_the_host_link(client):
    game, _host_token = make_game()
    assert client.get(share_url(game.watch_token)).status_code == 404
    assert client.get(share_url("not-a-token")).status_code == 404


@pytest.mark.django_db
def test_no_pencil_section_until_a_pencil_link_is_out(client):
    _game, host_token = make_game()
    page = Page(client.get(share_url(host_token)).content.decode())
    assert "crayon" not in page.visible_text.lower()


@pytest.mark.django_db
def test_pencil_link_is_shared_with_the_same_widgets(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil_token = game.pass_pencil(host_token, "Léa")
    response = client.get(share_url(host_token))
    page = Page(response.content.decode())
    pencil = f"http://testserver/c/{pencil_token}/"
    assert "Passer le crayon à Léa" in page.visible_text
    assert pencil in page.visible_text
    message = quote(f"Tiens le crayon de notre partie de Yams : {pencil}", safe="")
    assert "https://wa.me/?text=" + message in page.links
    assert "sms:?&body=" + message in page.links
    qr = reverse("games:pencil_qr", kwargs={"host_token": host_token})
    assert qr in [img["src"] for img in page.images]
    assert len([b for b in page.buttons if "data-share-copy" in b]) == 2


@pytest.mark.django_db
def test_a_taken_back_pencil_link_is_no_longer_shown(client):
    game, host_token = make_game()
    pencil_token = game.pass_pencil(host_token, "Léa")
    game.take_back_pencil()
    html = client.get(share_url(host_token)).content.decode()
    assert pencil_token not in html
    assert "Passer le crayon" not in html


@pytest.mark.django_db
def test_share_page_is_never_cached(client):
    _game, host_token = make_game()
    response = client.get(share_url(host_token))
    assert "no-store" in response["Cache-Control"]


@pytest.mark.django_db
@pytest.mark.parametrize("players", [2, 6])
def test_share_page_queries_do_not_grow_with_players(
    client, players, django_assert_max_num_queries
):
    game, host_token = make_game([f"Joueur {n}" for n in range(players)])
    game.pass_pencil(host_token, "Léa")
    with django_assert_max_num_queries(2):
        assert client.get(share_url(host_token)).status_code == 200


@pytest.mark.django_db
def test_once_the_game_is_over_the_share_page_leads_to_the_result(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    result = reverse("keepsakes:result", kwargs={"watch_token": game.watch_token})
    assert result not in Page(client.get(share_url(host_token)).content.decode()).links
    play_turns(game, {"Sarah": 20, "Hugo": 10})
    page = Page(client.get(share_url(host_token)).content.decode())
    assert result in page.links
    assert "Voir et partager le résultat" in page.visible_text
