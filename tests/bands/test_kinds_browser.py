"""A band that plays Yams, tarot and Skyjo, on a phone in the light and dark
themes: a card per kind, nothing wider than the screen, accessible (axe).

SHOTS_DIR=/tmp/shots keeps the screenshots (bands-kinds-light.png, …)."""

import os

import pytest
from playwright.sync_api import expect

from tests.axe import assert_accessible
from tests.bands.helpers import play_game
from tests.bands.rounds import play_skyjo, play_tally, play_tarot
from tests.live.browser import open_in_scheme

SHOTS = os.environ.get("SHOTS_DIR")
FOUR = ["Sarah", "Hugo", "Léa", "Maximilien"]


def band_of_every_kind():
    first, _ = play_game(FOUR, [40, 30, 20, 35], yams=["Sarah"])
    band = first.band
    play_game(FOUR, [20, 50, 25, 10], band=band, yams=["Hugo"])
    play_tarot(
        FOUR,
        [
            ("Sarah", "garde", 2, 49),
            ("Hugo", "prise", 1, 40),
            ("Léa", "garde_sans", 3, 40),
            None,
            ("Maximilien", "prise", 0, 60),
        ],
        band=band,
    )
    play_skyjo(
        FOUR,
        [
            ({"Sarah": 10, "Hugo": 5, "Léa": 20, "Maximilien": 8}, "Léa"),
            ({"Sarah": 2, "Hugo": 30, "Léa": -3, "Maximilien": 11}, "Sarah"),
            ({"Sarah": 14, "Hugo": 7, "Léa": 9, "Maximilien": 0}, "Maximilien"),
        ],
        band=band,
    )
    play_tally(
        ["Sarah", "Hugo", "Léa"],
        [{"Sarah": 3, "Hugo": 5, "Léa": 1}],
        band=band,
        winner="lowest",
    )
    return band


def no_horizontal_scroll(page):
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_band_of_every_kind_on_a_phone(live_server, new_phone, scheme):
    band = band_of_every_kind()
    page = new_phone()
    url = f"{live_server.url}/b/{band.token}/"
    errors = open_in_scheme(page, url, scheme)
    expect(page.locator(".band-records")).to_have_count(4)
    expect(page.locator("#records-tarot")).to_contain_text("Les records · Tarot")
    expect(page.locator("#records-tarot .kind-players")).to_contain_text("Prises")
    expect(page.locator("#records-skyjo .kind-players")).to_contain_text("Doublées")
    expect(page.locator("#records-tally-lowest")).to_contain_text(
        "le plus bas total gagne"
    )
    expect(page.locator(".band-history")).to_contain_text("Yams · Classique")
    assert no_horizontal_scroll(page)
    assert_accessible(page, impacts=("minor", "moderate", "serious", "critical"))
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/bands-kinds-{scheme}.png", full_page=True)
        for kind in ("tarot", "skyjo"):
            page.locator(f"#records-{kind}").screenshot(
                path=f"{SHOTS}/bands-{kind}-{scheme}.png"
            )
    assert errors == []
