"""Small things on a 390 × 844 phone: a taken-back pencil still leads to the live
sheet, the "same band" form leads back to the finished game, and a score of 0 is
"0 point" in French."""

import pytest
from playwright.sync_api import expect

from tests.factories import CLASSIC_BOXES, CROSS, make_game, play
from tests.helpers import host_url, pencil_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_taken_back_pencil_offers_the_live_sheet(live_server, phone):
    game, token = make_game(["Sarah", "Hugo"])
    pencil = game.pass_pencil(token, "Léa")
    phone.goto(live_server.url + pencil_url(pencil))
    expect(phone.locator("#sheet")).to_be_visible()
    game.take_back_pencil()
    # The live stream reloads the page by itself: nobody has to.
    expect(phone.get_by_role("heading", name="Le crayon a été repris")).to_be_visible()
    follow = phone.get_by_role("link", name="Suivre la partie en direct")
    box = follow.bounding_box()
    assert box["height"] >= 44
    follow.click()
    expect(phone.locator("#turn-banner")).to_contain_text("À Sarah de jouer")
    assert f"/w/{game.watch_token}/" in phone.url


def test_a_pencil_link_never_opened_here_offers_nothing(live_server, phone):
    game, token = make_game(["Sarah", "Hugo"])
    pencil = game.pass_pencil(token, "Léa")
    game.take_back_pencil()
    phone.goto(live_server.url + pencil_url(pencil))
    expect(phone.get_by_role("heading", name="Le crayon a été repris")).to_be_visible()
    follow = phone.get_by_role("link", name="Suivre la partie en direct")
    expect(follow).to_have_count(0)


def finished_at_zero():
    game, token = make_game(["Sarah"])
    play(game, *[("Sarah", "free", box, CROSS) for box in CLASSIC_BOXES])
    return game, token


def test_the_same_band_form_leads_back_to_the_finished_game(live_server, phone):
    game, token = finished_at_zero()
    phone.goto(live_server.url + host_url(token))
    phone.get_by_role("button", name="Nouvelle partie avec la même bande").click()
    back = phone.get_by_role("link", name="Retour à la partie terminée")
    expect(back).to_be_visible()
    back.click()
    expect(phone.locator("#podium")).to_be_visible()


def test_a_score_of_zero_reads_0_point_in_the_preview_title(live_server, phone):
    game, _token = finished_at_zero()
    phone.goto(live_server.url + f"/r/{game.watch_token}/")
    title = phone.locator("meta[property='og:title']").get_attribute("content")
    assert "0 point" in title and "0 points" not in title, title
    expect(phone.locator("h1")).to_be_visible()
