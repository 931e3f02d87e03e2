"""The sheet on the host and watch pages: columns, rows, totals, whose turn."""

import re

import pytest

from tests.factories import CROSS, count, face, make_game, play
from tests.helpers import host_url, text, watch_url


def cells(html, css_class):
    return re.findall(rf'<td class="cell [^"]*{css_class}[^"]*"', html)


@pytest.mark.django_db
def test_the_sheet_has_a_column_per_player_and_a_row_per_box(client):
    game, token = make_game(["Sarah", "Hugo", "Léa"])
    response = client.get(host_url(token))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('class="player') >= 3
    for name in ("Sarah", "Hugo", "Léa"):
        assert f'title="{name}"' in html
    for label in (
        "As",
        "Deux",
        "Trois",
        "Quatre",
        "Cinq",
        "Six",
        "Haut",
        "Bonus",
        "Brelan",
        "Carré",
        "Full",
        "Petite suite",
        "Grande suite",
        "Yams",
        "Chance",
        "Bas",
        "Total",
    ):
        assert f">{label}</th>" in html, label
    assert html.count(">0</span><small>/63</small>") == 3
    # Upper section, bonus line, lower section, totals: in that order.
    order = [
        html.index(f">{label}</th>")
        for label in ("As", "Six", "Haut", "Bonus", "Brelan", "Chance", "Bas", "Total")
    ]
    assert order == sorted(order)
    assert f'data-version="{game.version}"' in html
    assert 'id="sheet"' in html


@pytest.mark.django_db
def test_the_player_whose_turn_it_is_stands_out(client):
    game, token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(3)))
    html = client.get(host_url(token)).content.decode()
    assert "À Hugo de jouer" in text(client.get(host_url(token)))
    assert re.search(
        r'<th scope="col" colspan="1" class="player is-current">\s*'
        r'.*?title="Hugo"',
        html,
        re.S,
    )
    # Hugo's empty boxes invite a tap; Sarah's do not.
    assert len(cells(html, "cell-open")) == 13
    hugo = game.players.get(name="Hugo")
    sarah = game.players.get(name="Sarah")
    assert f"/box/{hugo.pk}/free/ones/" in html
    assert f"/box/{sarah.pk}/" not in html


@pytest.mark.django_db
def test_the_turn_goes_round_in_seating_order(client):
    game, token = make_game(["Sarah", "Hugo", "Léa"])
    turns = []
    for name, box in [
        ("Sarah", "ones"),
        ("Hugo", "ones"),
        ("Léa", "ones"),
        ("Sarah", "twos"),
    ]:
        turns.append(text(client.get(host_url(token))))
        play(game, (name, "free", box, count(1)))
    assert [
        "À Sarah de jouer" in turns[0],
        "À Hugo de jouer" in turns[1],
        "À Léa de jouer" in turns[2],
        "À Sarah de jouer" in turns[3],
    ] == [True] * 4


@pytest.mark.django_db
def test_filled_and_crossed_boxes_and_running_totals(client):
    game, token = make_game(["Sarah", "Hugo"])
    play(
        game,
        ("Sarah", "free", "fours", count(3)),
        ("Hugo", "free", "yams", CROSS),
        ("Sarah", "free", "three_kind", face(5)),
    )
    response = client.get(host_url(token))
    html = response.content.decode()
    page = text(response)
    # A crossed box reads as crossed, never as empty.
    assert (
        '<s aria-hidden="true">—</s><span class="visually-hidden">barré</span>' in html
    )
    assert "Hugo, Yams" not in page or "barré" in page
    assert '<span class="player-total" title="Total">27</span>' in html
    assert "12</span><small>/63</small>" in html
    assert "il manque 51" in html
    assert "À Hugo de jouer haut 0 / 63 · 0 pts" in page
    assert "−27" in page  # Hugo is 27 behind the leader


@pytest.mark.django_db
def test_the_bonus_line_shows_the_bonus_once_earned(client):
    game, token = make_game(["Sarah"])
    play(
        game,
        *[
            ("Sarah", "free", box, count(3))
            for box in ("ones", "twos", "threes", "fours", "fives", "sixes")
        ],
    )
    response = client.get(host_url(token))
    assert "Haut 63 Bonus +35" in text(response)
    assert "<small>/63</small>" not in response.content.decode()


@pytest.mark.django_db
def test_a_player_with_more_boxes_than_the_others_waits(client):
    game, token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(1)))
    sarah = game.players.get(name="Sarah")
    response = client.get(f"{host_url(token)}box/{sarah.pk}/free/twos/")
    assert response.status_code == 302
    assert "C'est au tour de Hugo." in text(client.get(response["Location"]))


@pytest.mark.django_db
def test_multi_column_games_show_a_column_per_kind(client):
    game, token = make_game(
        ["Sarah", "Hugo"], options={"columns": ["down", "up", "free"]}
    )
    html = client.get(host_url(token)).content.decode()
    assert html.count('colspan="3" class="player') == 2
    assert html.count('title="Descendante"') == 2
    assert html.count('title="Montante"') == 2
    # The descending column opens its top box, the ascending one its bottom box.
    sarah = game.players.get(name="Sarah")
    assert f"/box/{sarah.pk}/down/ones/" in html
    assert f"/box/{sarah.pk}/down/twos/" not in html
    assert f"/box/{sarah.pk}/up/chance/" in html
    assert f"/box/{sarah.pk}/up/yams/" not in html
    assert f"/box/{sarah.pk}/free/yams/" in html
    assert "Total de toutes les colonnes" in html


@pytest.mark.django_db
def test_saved_rolls_show_each_players_bank(client):
    game, token = make_game(["Sarah", "Hugo"], "six_dice", {"saved_rolls": True})
    play(game, ("Sarah", "free", "ones", {"kind": "count", "value": 2, "rolls": 1}))
    page = text(client.get(host_url(token)))
    assert "Réserve 2 0" in page


@pytest.mark.django_db
def test_the_yahtzee_sheet_has_a_yams_bonus_line(client):
    game, token = make_game(["Sarah"], "yahtzee")
    play(
        game,
        ("Sarah", "free", "yams", {"kind": "made"}),
        ("Sarah", "free", "sixes", {"kind": "count", "value": 5, "extra_yams": True}),
    )
    page = text(client.get(host_url(token)))
    assert "Prime +100" in page
    assert "180" in page  # 50 + 30 + 100


@pytest.mark.django_db
def test_every_game_page_says_when_it_will_be_deleted(client):
    game, token = make_game()
    for url in (host_url(token), watch_url(game)):
        page = text(client.get(url))
        assert "Cette partie sera effacée le" in page
        assert "si personne n'y touche" in page


@pytest.mark.django_db
def test_the_host_page_shows_the_watch_link_and_the_invite_page(client):
    game, token = make_game()
    html = client.get(host_url(token)).content.decode()
    assert f"http://testserver/w/{game.watch_token}/" in html
    assert "data-copy=" in html
    assert f"/h/{token}/invite/" in html
    assert "Inviter la table" in html


@pytest.mark.django_db
def test_six_players_fit_with_their_whole_names_in_fixed_columns(client):
    names = ["Alexandrine", "Bob", "Charlotte", "Dédé", "Émilie-Jeanne", "Fa"]
    game, token = make_game(names, "six_dice")
    html = client.get(host_url(token)).content.decode()
    # The columns' CSS ends the name with "…" where it overflows.
    assert "</span>Alexandrine</a>" in html and "Alexa…" not in html
    assert "is-crowded" not in html  # six narrow columns, no sideways scrolling
    assert html.count('colspan="1" class="player') == 6


@pytest.mark.django_db
def test_a_table_that_scrolls_sideways_cuts_the_names_at_six(client):
    game, token = make_game(
        ["Alexandrine", "Bob", "Jean Paul"], options={"columns": ["down", "free", "up"]}
    )
    html = client.get(host_url(token)).content.decode()
    assert "is-crowded" in html
    assert "</span>Alexa…</a>" in html and 'title="Alexandrine"' in html
    assert "</span>Jean…</a>" in html


@pytest.mark.django_db
def test_an_unknown_host_link_is_not_found(client):
    assert client.get("/h/" + "x" * 32 + "/").status_code == 404
    assert client.get("/h/short/").status_code == 404
