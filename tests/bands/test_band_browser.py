"""In a browser: finish a game, start the next one with the same band, finish it,
and find both in the band's history."""

import os
import re

import pytest
from playwright.sync_api import expect

from bands.models import Band
from games.models import Game
from tests.factories import finish, make_game

SHOTS = os.environ.get("SHOTS_DIR")  # e.g. /tmp/shots, to look at the pages


def shoot(page, name):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def score_last_box(page, value):
    """The one box left on the host page: tap it, tap the value, validate."""
    page.locator("a.tap").first.click()
    dialog = page.locator("#dialog-body")
    dialog.locator("label.choice", has_text=re.compile(rf"^\s*{value}\s*$")).click()
    dialog.get_by_role("button", name="Valider").click()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_finish_a_game_start_the_next_with_the_same_band_and_see_both(
    live_server, phone
):
    game, host_token = make_game(["Sarah", "Hugo"])
    # Everything but Hugo's chance (the last box), through the models: fast.
    finish(game, {"Sarah": 40, "Hugo": 30}, leave=1)

    phone.goto(f"{live_server.url}/h/{host_token}/")
    score_last_box(phone, 30)
    expect(phone.locator("#podium")).to_contain_text("Sarah gagne")
    shoot(phone, "band-1-end")

    phone.get_by_role("button", name="Nouvelle partie avec la même bande").click()
    expect(phone.locator("h1")).to_contain_text("Nouvelle partie de la bande")
    names = phone.locator('input[name="names"]')
    assert [names.nth(i).input_value() for i in range(2)] == ["Hugo", "Sarah"]
    shoot(phone, "band-2-next")
    phone.get_by_role("button", name="Commencer la partie").last.click()
    expect(phone).to_have_url(re.compile(r"/h/[A-Za-z0-9_-]{32}/$"))

    second = Game.objects.exclude(pk=game.pk).get()
    assert second.band_id == game.band_id
    assert [p.name for p in second.players.all()] == ["Hugo", "Sarah"]
    finish(second, {"Hugo": 47, "Sarah": 12}, leave=1)
    phone.reload()
    score_last_box(phone, 12)
    expect(phone.locator("#podium")).to_contain_text("Hugo gagne")

    phone.get_by_role("link", name="La bande et ses parties").click()
    expect(phone.locator("h1")).to_have_text("Sarah, Hugo")
    history = phone.locator(".band-history > li")
    expect(history).to_have_count(2)
    expect(history.nth(0)).to_contain_text("Hugo")
    expect(history.nth(0).locator(".band-won")).to_contain_text("Hugo")
    expect(history.nth(1).locator(".band-won")).to_contain_text("Sarah")
    expect(phone.locator(".band-leaders")).to_contain_text("Sarah")
    expect(phone.locator(".band-leaders")).to_contain_text("Hugo")
    shoot(phone, "band-3-page")

    # The host's band page: renaming the band works from a phone (CSRF, Origin).
    phone.goto(f"{live_server.url}/h/{host_token}/band/")
    phone.get_by_label("Nom de la bande").fill("Les Dés Fous")
    phone.get_by_role("button", name="Renommer").click()
    expect(phone.locator("h1")).to_have_text("Les Dés Fous")
    assert Band.objects.get(pk=game.band_id).name == "Les Dés Fous"
    shoot(phone, "band-4-host")
