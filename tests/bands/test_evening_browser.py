"""The band page's "Ce soir" in a real browser, phone-sized (390×844), in the
light and dark themes: readable without scrolling sideways, accessible (axe, every
impact), before the first game and after three of three kinds.

SHOTS_DIR=/tmp/shots keeps the screenshots (evening-light.png, evening-dark.png,
evening-empty-light.png, …)."""

import datetime
import os

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from bands.models import BandGame
from tests.axe import assert_accessible
from tests.bands.helpers import play_game
from tests.bands.rounds import play_skyjo, play_tarot
from tests.factories import make_game
from tests.live.browser import open_in_scheme

SHOTS = os.environ.get("SHOTS_DIR")
THREE = ["Sarah", "Hugo", "Zoé"]


def no_horizontal_scroll(page):
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def shoot(locator, name):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        locator.screenshot(path=f"{SHOTS}/{name}.png")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_tonight_on_a_phone_after_three_games_of_three_kinds(
    live_server, new_phone, scheme
):
    # Yesterday's game, kept straight in the band's rows: left out tonight.
    yesterday, _host = play_game(["Maximilien", "Sarah"], [90, 10])
    band = yesterday.band
    BandGame.objects.filter(band=band).update(
        played_at=timezone.now() - datetime.timedelta(hours=30), started_at=None
    )
    play_game(THREE, [40, 30, 20], band=band)
    play_tarot(
        THREE, [("Sarah", "garde", 2, 49), ("Hugo", "prise", 1, 40), None], band=band
    )
    play_skyjo(
        THREE,
        [
            ({"Sarah": 10, "Hugo": 5, "Zoé": 20}, "Zoé"),
            ({"Sarah": 30, "Hugo": 2, "Zoé": 1}, "Hugo"),
        ],
        band=band,
    )
    page = new_phone()
    errors = open_in_scheme(page, f"{live_server.url}/b/{band.token}/", scheme)
    evening = page.locator(".band-evening")
    expect(evening.locator("h2")).to_have_text("Ce soir")
    expect(evening).to_contain_text("3 parties depuis")
    rows = evening.locator(".band-evening-ranking tbody tr")
    expect(rows).to_have_count(3)
    # Sarah 2 + 2 + 1, Hugo 1 + 0 + 2, Zoé 0 + 1 + 0.
    expect(rows.nth(0)).to_contain_text("Sarah")
    expect(rows.nth(0).locator(".band-evening-points")).to_have_text("5")
    expect(rows.nth(1).locator(".band-evening-points")).to_have_text("3")
    expect(rows.nth(2).locator(".band-evening-points")).to_have_text("1")
    expect(evening).not_to_contain_text("Maximilien")
    games = evening.locator(".band-evening-games li")
    expect(games).to_have_count(3)
    expect(games.nth(2)).to_contain_text("gagnée par Hugo")
    expect(evening).to_contain_text("un point par joueur qu'il bat")
    link = evening.get_by_role("link", name="Télécharger l'image")
    with page.expect_download() as download:
        link.click()
    assert download.value.suggested_filename.endswith(".png")
    if SHOTS:
        download.value.save_as(f"{SHOTS}/evening-picture-{scheme}.png")
    assert no_horizontal_scroll(page)
    assert_accessible(page, impacts=("minor", "moderate", "serious", "critical"))
    shoot(evening, f"evening-{scheme}")
    assert errors == []


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_tonight_on_a_phone_before_the_first_game(live_server, new_phone, scheme):
    game, _host = make_game(["Sarah", "Hugo"])
    page = new_phone()
    errors = open_in_scheme(page, f"{live_server.url}/b/{game.band.token}/", scheme)
    evening = page.locator(".band-evening")
    expect(evening).to_contain_text("Pas encore de partie ce soir")
    assert no_horizontal_scroll(page)
    assert_accessible(page, impacts=("minor", "moderate", "serious", "critical"))
    shoot(evening, f"evening-empty-{scheme}")
    assert errors == []


SHARE_STUB = """
window.__shared = null;
navigator.canShare = function (data) {
  return %(can)s && !!data.files && data.files[0].type === "image/png";
};
navigator.share = function (data) {
  var file = data.files[0];
  window.__shared = {
    name: file.name, type: file.type, size: file.size,
    title: data.title, text: data.text
  };
  return Promise.resolve();
};
"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_where_the_phone_shares_files_the_picture_itself_is_shared(
    live_server, new_phone
):
    first, _host = play_game(["Sarah", "Hugo"], [40, 20])
    url = f"{live_server.url}/b/{first.band.token}/"
    page = new_phone()
    page.add_init_script(SHARE_STUB % {"can": "true"})
    page.goto(url)
    share = page.get_by_role("button", name="Partager l'image…")
    expect(share).to_be_visible()
    share.click()
    page.wait_for_function("() => window.__shared !== null")
    shared = page.evaluate("window.__shared")
    assert shared["type"] == "image/png"
    assert shared["name"].startswith("soiree-sarah-hugo-")
    assert shared["size"] > 1000
    assert shared["title"] == "Sarah mène la soirée"
    assert shared["text"] == "Sarah mène la soirée · Sarah, Hugo"

    # A phone that cannot share files: the download link only.
    page = new_phone()
    page.add_init_script(SHARE_STUB % {"can": "false"})
    page.goto(url)
    expect(page.get_by_role("link", name="Télécharger l'image")).to_be_visible()
    expect(page.get_by_role("button", name="Partager l'image…")).to_be_hidden()
