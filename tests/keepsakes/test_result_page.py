"""The public result page: who won, the ranking, and what a message app previews."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_game, play_turns
from tests.helpers import Page


def result_url(game):
    return reverse("keepsakes:result", kwargs={"watch_token": game.watch_token})


@pytest.mark.django_db
def test_result_page_shows_the_winner_the_ranking_the_date_and_the_variant(client):
    game, _host_token = make_game(["Sarah", "Hugo", "Léa"])
    play_turns(game, {"Sarah": 28, "Hugo": 19, "Léa": 23})
    page = Page(client.get(result_url(game)).content.decode())
    text = page.visible_text
    assert "Sarah gagne !" in text
    assert "28 points" in text
    assert text.index("Sarah") < text.index("Léa") < text.index("Hugo")
    assert "1 Sarah 28" in text and "2 Léa 23" in text and "3 Hugo 19" in text
    assert "Classique" in text
    today = timezone.localtime(game.finished_at)
    assert f"{today.day} " in text and str(today.year) in text
    assert "ex aequo" not in text


@pytest.mark.django_db
def test_tied_players_share_a_rank_and_read_ex_aequo(client):
    game, _host_token = make_game(["Sarah", "Hugo", "Léa"])
    play_turns(game, {"Sarah": 25, "Hugo": 25, "Léa": 12})
    page = Page(client.get(result_url(game)).content.decode())
    text = page.visible_text
    assert "Sarah et Hugo, ex aequo !" in text
    assert "1 ex aequo Sarah 25" in text and "1 ex aequo Hugo 25" in text
    assert "3 Léa 12" in text
    assert (
        page.meta["og:title"] == "Sarah et Hugo gagnent ex aequo au Yams avec 25 points"
    )


@pytest.mark.django_db
def test_open_graph_tags_let_a_message_app_show_the_winner(client):
    game, _host_token = make_game(["Sarah", "Hugo"])
    play_turns(game, {"Sarah": 30, "Hugo": 21})
    page = Page(client.get(result_url(game)).content.decode())
    meta = page.meta
    assert meta["og:title"] == "Sarah gagne au Yams avec 30 points"
    assert meta["og:description"].startswith("1. Sarah 30 points · 2. Hugo 21 points")
    assert "Classique" in meta["og:description"]
    assert meta["og:type"] == "website"
    assert meta["og:url"] == f"http://testserver/r/{game.watch_token}/"
    image = meta["og:image"]
    assert image.startswith(f"http://testserver/r/{game.watch_token}/preview.png")
    assert meta["og:image:width"] == "1200" and meta["og:image:height"] == "630"
    assert meta["twitter:card"] == "summary_large_image"
    assert meta["twitter:image"] == image
    response = client.get(image.removeprefix("http://testserver"))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"


@pytest.mark.django_db
def test_before_the_end_the_page_says_the_game_is_still_played(client):
    game, _host_token = make_game(["Sarah", "Hugo"])
    play_turns(game, {"Sarah": 12, "Hugo": 22}, turns=2)
    page = Page(client.get(result_url(game)).content.decode())
    text = page.visible_text
    assert "La partie se joue encore" in text
    assert "Classement provisoire" in text
    assert "1 Hugo 22" in text and "2 Sarah 12" in text
    assert "gagne" not in text
    assert page.meta["og:title"] == "Hugo mène au Yams avec 22 points"
    assert f"/w/{game.watch_token}/" in page.links


@pytest.mark.django_db
def test_a_game_not_started_has_a_result_page_too(client):
    game, _host_token = make_game(["Sarah", "Hugo"])
    page = Page(client.get(result_url(game)).content.decode())
    assert (
        "La partie va commencer : aucune case n'est encore remplie."
        in page.visible_text
    )
    assert "ex aequo" not in page.visible_text
    assert page.meta["og:title"] == "Partie de Yams sur le point de commencer"
    assert page.meta["og:description"].startswith("Sarah, Hugo — Classique")


@pytest.mark.django_db
def test_a_solo_game_has_no_winner_to_beat(client):
    game, _host_token = make_game(["Sarah"])
    play_turns(game, {"Sarah": 17})
    page = Page(client.get(result_url(game)).content.decode())
    assert "Bravo Sarah !" in page.visible_text
    assert page.meta["og:title"] == "Sarah termine sa partie de Yams avec 17 points"


@pytest.mark.django_db
def test_result_page_has_no_write_form_and_no_other_token(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil_token = game.pass_pencil(host_token, "Hugo")
    play_turns(game, {"Sarah": 12, "Hugo": 22}, turns=3)
    for stage in ("playing", "finished"):
        if stage == "finished":
            play_turns(game, {"Sarah": 12, "Hugo": 22})
        html = client.get(result_url(game)).content.decode()
        page = Page(html)
        # The only form of the page is the footer's language switch.
        assert [f.get("action") for f in page.forms] == [reverse("set_language")]
        assert host_token not in html
        assert pencil_token not in html
        assert "/h/" not in html and "/c/" not in html


@pytest.mark.django_db
def test_result_page_shares_its_own_address(client):
    game, _host_token = make_game(["Sarah", "Hugo"])
    play_turns(game, {"Sarah": 30, "Hugo": 21})
    page = Page(client.get(result_url(game)).content.decode())
    assert "Partager le résultat" in page.visible_text
    url = f"http://testserver/r/{game.watch_token}/"
    share = next(b for b in page.buttons if "data-share-open" in b)
    assert share["data-share-url"] == url
    assert share["data-share-text"] == "Sarah gagne au Yams avec 30 points"
    assert any(
        link.startswith("https://wa.me/?text=Sarah%20gagne") for link in page.links
    )


@pytest.mark.django_db
def test_unknown_game_has_no_result_page(client):
    game, host_token = make_game()
    for token in (host_token, "x" * 32):
        response = client.get(
            reverse("keepsakes:result", kwargs={"watch_token": token})
        )
        assert response.status_code == 404


@pytest.mark.django_db
def test_names_are_escaped(client):
    game, _host_token = make_game(["<b>Zoé</b>", "Hugo"])
    play_turns(game, {"<b>Zoé</b>": 30, "Hugo": 21})
    html = client.get(result_url(game)).content.decode()
    assert "<b>Zoé</b>" not in html
    assert "&lt;b&gt;Zoé&lt;/b&gt;" in html


@pytest.mark.django_db
def test_result_page_follows_the_browser_language(client):
    game, _host_token = make_game(["Sarah", "Hugo"])
    response = client.get(result_url(game), headers={"accept-language": "en"})
    assert '<html lang="en"' in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("players", [2, 8])
def test_result_page_queries_do_not_grow_with_players(
    client, players, django_assert_max_num_queries
):
    game, _host_token = make_game([f"Joueur {n}" for n in range(players)])
    play_turns(game, {f"Joueur {n}": 5 + n for n in range(players)}, turns=players * 2)
    with django_assert_max_num_queries(3):
        assert client.get(result_url(game)).status_code == 200
