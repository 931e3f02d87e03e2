"""The end of the game: the winner big, the ranking, each sheet one tap away."""

import pytest

from tests.factories import HUGO, SARAH, classic_moves, make_game, play
from tests.games.helpers import enter
from tests.helpers import HTMX, host_url, text, watch_url


@pytest.mark.django_db
def test_sarah_wins_250_to_218(client):
    game, token = make_game()
    play(game, *classic_moves())
    response = client.get(host_url(token))
    page = text(response)
    assert "Partie terminée" in page
    assert "Sarah gagne ! 250 points" in page
    assert page.index("1 Sarah 250") < page.index("2 Hugo 218")
    assert "ex aequo" not in page
    # Each sheet's detail, one tap away.
    assert page.count("Feuille de Sarah") == 1 and page.count("Feuille de Hugo") == 1
    assert "<details>" in response.content.decode()
    assert "Total de la section du haut 63" in page
    assert "Bonus de 35 dès 63 en haut +35" in page
    # Nobody's turn any more, and no box to tap.
    assert "de jouer" not in page
    assert "cell-open" not in response.content.decode()


@pytest.mark.django_db
def test_the_end_screen_offers_the_next_game_and_the_result(client):
    game, token = make_game()
    play(game, *classic_moves())
    html = client.get(host_url(token)).content.decode()
    assert f'action="/h/{token}/next/"' in html
    assert "Nouvelle partie avec la même bande" in html
    assert f'href="/r/{game.watch_token}/"' in html
    assert "Partager le résultat" in html
    # The host's own band page (rename, merge), not the read-only band link.
    assert f'href="/h/{token}/band/"' in html


@pytest.mark.django_db
def test_the_watch_page_shows_the_winner_too_but_nothing_for_the_host(client):
    game, token = make_game()
    play(game, *classic_moves())
    response = client.get(watch_url(game))
    page = text(response)
    assert "Sarah gagne !" in page
    assert "Nouvelle partie avec la même bande" not in page
    assert f'href="/b/{game.band.token}/"' in response.content.decode()


@pytest.mark.django_db
def test_equal_totals_share_the_win_and_the_rank(client):
    game, token = make_game(["Sarah", "Hugo", "Léa"])
    moves = []
    for (box, entry), (_h_box, h_entry) in zip(SARAH, HUGO, strict=True):
        moves += [
            ("Sarah", "free", box, entry),
            ("Hugo", "free", box, entry),
            ("Léa", "free", _h_box, h_entry),
        ]
    play(game, *moves)
    page = text(client.get(host_url(token)))
    assert "Ex aequo : Sarah et Hugo ! 250 points" in page
    assert "1 Sarah ex aequo 250" in page
    assert "1 Hugo ex aequo 250" in page
    assert "3 Léa 218" in page


@pytest.mark.django_db
def test_a_game_for_one_is_won_by_its_player(client):
    game, token = make_game(["Sarah"])
    play(game, *[("Sarah", "free", box, entry) for box, entry in SARAH])
    assert "Sarah gagne ! 250 points" in text(client.get(host_url(token)))


@pytest.mark.django_db
def test_the_last_box_entered_with_htmx_brings_the_whole_end_screen(client):
    game, token = make_game()
    play(game, *classic_moves()[:-1])
    response = enter(client, token, game, "Hugo", "chance", {"value": "23"}, **HTMX)
    html = response.content.decode()
    assert "Sarah gagne !" in text(response)
    assert f'action="/h/{token}/next/"' in html
    assert f'href="/r/{game.watch_token}/"' in html
