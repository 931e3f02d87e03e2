"""The band's records in a real browser, phone-sized, in the light and dark
themes: readable without scrolling sideways, accessible (axe), the head-to-head
picked with its plain form and JavaScript off.

SHOTS_DIR=/tmp/shots keeps the screenshots (records-light.png, records-dark.png)."""

import datetime
import os

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from bands.models import BandGame, BandScore, person_keys
from tests.axe import assert_accessible
from tests.factories import make_game
from tests.live.browser import open_in_scheme

SHOTS = os.environ.get("SHOTS_DIR")

# Eight earlier game nights of Sarah, Hugo, Léa and Maximilien: (score, Yams) each.
NIGHTS = [
    {"Sarah": (182, 1), "Hugo": (240, 2), "Léa": (150, 0), "Maximilien": (201, 1)},
    {"Sarah": (210, 1), "Hugo": (198, 0), "Léa": (171, 1), "Maximilien": (163, 0)},
    {"Sarah": (195, 0), "Hugo": (256, 3), "Léa": (188, 1), "Maximilien": (175, 0)},
    {"Sarah": (230, 2), "Hugo": (205, 1), "Léa": (160, 0), "Maximilien": (190, 1)},
    {"Sarah": (201, 1), "Hugo": (187, 0), "Léa": (204, 1), "Maximilien": (212, 2)},
    {"Sarah": (244, 2), "Hugo": (215, 1), "Léa": (199, 0), "Maximilien": (170, 0)},
    {"Sarah": (251, 2), "Hugo": (190, 0), "Léa": (207, 1), "Maximilien": (186, 1)},
    {"Sarah": (263, 3), "Hugo": (201, 1), "Léa": (215, 1), "Maximilien": (180, 0)},
]


def add_nights(band):
    start = timezone.now() - datetime.timedelta(days=40)
    for index, night in enumerate(NIGHTS):
        result = BandGame.objects.create(
            band=band,
            game_id=20_000 + index,
            played_at=start + datetime.timedelta(days=4 * index),
            kind="yams",
            kind_name="Yams",
            counts_yams=True,
            label="Classique",
        )
        names = list(night)
        scores = [score for score, _yams in night.values()]
        BandScore.objects.bulk_create(
            BandScore(
                band_game=result,
                name=name,
                name_key=key,
                seat=seat,
                score=score,
                rank=1 + sum(1 for other in scores if other > score),
                won=score == max(scores),
                yams=yams,
            )
            for seat, (name, key, (score, yams)) in enumerate(
                zip(names, person_keys(names), night.values(), strict=True)
            )
        )


def no_horizontal_scroll(page):
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_records_on_a_phone(live_server, new_phone, scheme):
    game, _ = make_game(["Sarah", "Hugo", "Léa", "Maximilien"])
    band = game.band
    add_nights(band)
    page = new_phone()  # axe runs as a script
    url = f"{live_server.url}/b/{band.token}/"
    errors = open_in_scheme(page, url, scheme)
    records = page.locator(".band-records")
    expect(records).to_contain_text("Meilleure partie")
    expect(records.locator(".record").first).to_contain_text("Sarah")
    expect(records.locator(".record").first).to_contain_text("263 points")
    expect(records).to_contain_text("Plus longue série")
    expect(records).to_contain_text("Le plus de Yams en tout")
    expect(records.locator(".trend-chart")).to_have_count(4)
    assert no_horizontal_scroll(page)
    assert_accessible(page, impacts=("minor", "moderate", "serious", "critical"))
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        records.screenshot(path=f"{SHOTS}/records-{scheme}.png")
        page.screenshot(path=f"{SHOTS}/records-{scheme}-page.png", full_page=True)

    # Without JavaScript: pick two players, Comparer, and the page answers.
    page = new_phone(javascript=False)
    page.emulate_media(color_scheme=scheme)
    page.goto(url)
    page.get_by_label("Premier joueur").select_option(label="Léa")
    page.get_by_label("Second joueur").select_option(label="Maximilien")
    page.get_by_role("button", name="Comparer").click()
    expect(page).to_have_url(f"{url}?a=lea&b=maximilien#head-to-head")
    board = page.locator(".duel-board")
    expect(board).to_contain_text("Léa")
    expect(board).to_contain_text("Maximilien")
    expect(page.locator(".band-records")).to_contain_text(
        "Léa a fini devant Maximilien 5 fois, Maximilien devant Léa 3 fois."
    )
    assert no_horizontal_scroll(page)
    if SHOTS:
        page.locator(".band-records").screenshot(
            path=f"{SHOTS}/records-{scheme}-duel.png"
        )
    assert errors == []
