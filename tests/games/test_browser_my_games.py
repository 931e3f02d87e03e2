"""'Mes parties': the games this phone opened come back from the home page, kept in
the browser only; a game the site has purged drops out of the list."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.factories import make_game
from tests.games.browser import create_game
from tests.helpers import watch_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def my_games(page):
    return page.get_by_role("region", name="Mes parties")


def test_a_closed_tab_finds_its_game_back_from_the_home_page(live_server, phone):
    create_game(phone, live_server.url, ["Sarah", "Hugo", "Léa"])
    host_page = phone.url
    # The page notes the game once its scripts have run; a tab closed before that
    # never showed a sheet the host could use.
    phone.wait_for_function(
        "() => (localStorage.getItem('scorekeeper-games') || '').includes('/h/')"
    )
    context = phone.context
    phone.close()

    again = context.new_page()
    again.goto(live_server.url + "/")
    games = my_games(again)
    expect(games).to_be_visible()
    expect(games).to_contain_text("Sarah, Hugo, Léa")
    expect(games).to_contain_text("Classique")
    expect(games).to_contain_text("vous notez")
    # The last activity: the day and the time.
    expect(games).to_contain_text(re.compile(r"\d{1,2} \S+ \d{2}:\d{2}"))
    again.screenshot(path="/tmp/shots-15a/home-my-games.png")
    again.get_by_role("link", name="Reprendre la partie de Sarah, Hugo, Léa").click()
    expect(again.locator(".turn-banner")).to_contain_text("À Sarah de jouer")
    assert again.url == host_page


def test_forgetting_a_game_takes_it_off_this_phone_only(live_server, phone):
    game, _token = make_game(["Cleo", "Tom"])
    phone.goto(live_server.url + watch_url(game))
    expect(phone.locator("#sheet")).to_be_visible()
    phone.goto(live_server.url + "/")
    expect(my_games(phone)).to_contain_text("vous suivez")
    phone.get_by_role("button", name="Oublier la partie de Cleo, Tom").click()
    expect(my_games(phone)).to_be_hidden()
    phone.reload()
    expect(phone.locator("[data-my-games]")).to_be_hidden()
    assert Game.objects.filter(pk=game.pk).exists()


def test_a_purged_game_drops_out_of_the_list(live_server, phone):
    kept, _ = make_game(["Cleo", "Tom"])
    purged, _ = make_game(["Anna", "Bob"])
    for game in (kept, purged):
        phone.goto(live_server.url + watch_url(game))
        expect(phone.locator("#sheet")).to_be_visible()
    purged.delete()
    phone.goto(live_server.url + "/")
    games = my_games(phone)
    expect(games).to_contain_text("Cleo, Tom")
    expect(games).not_to_contain_text("Anna, Bob")
    phone.reload()
    expect(my_games(phone)).not_to_contain_text("Anna, Bob")


def test_a_pencil_taken_back_leaves_the_game_to_follow(live_server, phone):
    game, host_token = make_game(["Cleo", "Tom"])
    pencil_token = game.pass_pencil(host_token, "Tom")
    phone.goto(live_server.url + f"/c/{pencil_token}/")
    expect(phone.locator("#sheet")).to_be_visible()
    game.take_back_pencil()
    # The page's stream reloads it on the "repris" page at once.
    expect(phone.get_by_role("heading", name="Le crayon a été repris")).to_be_visible()
    phone.goto(live_server.url + "/")
    games = my_games(phone)
    expect(games).to_contain_text("vous suivez")
    phone.get_by_role("link", name="Reprendre la partie de Cleo, Tom").click()
    assert phone.url == live_server.url + watch_url(game)
