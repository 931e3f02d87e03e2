"""In a browser at a phone's size: every player's colour and mark on the sheet, the
race, the end screen, the result page, the big screen and the band page, readable
(axe) in the light and the dark theme; the host changes a colour from the phone."""

import os

import pytest
from playwright.sync_api import expect

from bands.models import Person
from tests.axe import assert_accessible
from tests.factories import make_game, play_turns

SHOTS = os.environ.get("SHOTS_DIR")  # e.g. /tmp/shots, to look at the pages
NAMES = ["Sarah", "Hugo", "Léa", "Tom", "Zoé", "Max"]


def shoot(page, name, part=None):
    """The page, or only `part` of it (a locator), to look at."""
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        if part is not None:
            part.screenshot(path=f"{SHOTS}/{name}.png")
        else:
            page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_faces_read_on_the_sheet_result_and_band_page(live_server, phone, scheme):
    first, _ = make_game(["Ana", "Bruno"])
    band = first.band
    game, host_token = make_game(NAMES, band=band)
    for name, mark in [("Sarah", "🦊"), ("Hugo", "HB"), ("Zoé", "Z")]:
        person = Person.objects.get(band=band, name=name)
        band.change_face(person.pk, person.colour, mark)
    phone.emulate_media(color_scheme=scheme)
    # A new game: the host is offered to choose the colours.
    phone.goto(f"{live_server.url}/h/{host_token}/")
    offer = phone.locator(".face-offer")
    expect(offer.locator(".face-dot")).to_have_count(len(NAMES))
    shoot(phone, f"faces-offer-{scheme}", offer)
    assert_accessible(phone)

    chance = {name: 10 + 3 * seat for seat, name in enumerate(NAMES)}
    play_turns(game, chance, turns=len(NAMES) * 2)

    phone.goto(f"{live_server.url}/h/{host_token}/")
    heads = phone.locator("table.score tr.heads th.player")
    expect(heads.first.locator(".face-dot")).to_have_attribute("data-sign", "🦊")
    expect(phone.locator(".race-legend .face-dot")).to_have_count(len(NAMES))
    shoot(phone, f"faces-sheet-{scheme}", phone.locator("table.score tr.heads"))
    shoot(phone, f"faces-race-{scheme}", phone.locator(".race").first)
    assert_accessible(phone)

    # The big screen, on a TV: the standings carry the faces.
    phone.set_viewport_size({"width": 1280, "height": 720})
    phone.goto(f"{live_server.url}/w/{game.watch_token}/?tv")
    expect(phone.locator(".standings .face-dot")).to_have_count(len(NAMES))
    shoot(phone, f"faces-tv-{scheme}")
    assert_accessible(phone)
    phone.set_viewport_size({"width": 390, "height": 844})

    play_turns(game, chance)
    phone.goto(f"{live_server.url}/h/{host_token}/")
    expect(phone.locator("#podium .ranking .face-dot").first).to_be_visible()
    shoot(phone, f"faces-end-{scheme}", phone.locator("#podium"))
    assert_accessible(phone)

    phone.goto(f"{live_server.url}/r/{game.watch_token}/")
    expect(phone.locator(".result-name .face-dot")).to_have_count(len(NAMES))
    shoot(phone, f"faces-result-{scheme}")
    assert_accessible(phone)

    phone.goto(f"{live_server.url}/h/{host_token}/band/")
    people = phone.locator(".band-faces .face-people > li")
    expect(people).to_have_count(8)
    shoot(phone, f"faces-band-{scheme}", phone.locator(".band-faces"))
    assert_accessible(phone)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_host_picks_another_colour_and_a_mark_from_the_phone(live_server, phone):
    game, host_token = make_game(["Sarah", "Hugo"])
    phone.goto(f"{live_server.url}/h/{host_token}/band/")
    hugo = phone.locator(".face-people > li", has_text="Hugo")
    hugo.get_by_text("Changer").click()
    hugo.get_by_label("vermillon").check()
    hugo.get_by_label("Marque").fill("🐻")
    shoot(phone, "faces-band-edit", phone.locator(".band-faces"))
    assert_accessible(phone)
    hugo.get_by_role("button", name="Enregistrer").click()
    expect(phone.locator(".flash")).to_contain_text("Hugo garde ses couleurs.")
    expect(hugo).to_contain_text("vermillon · marque 🐻")
    person = Person.objects.get(band=game.band, name="Hugo")
    assert (person.colour, person.mark) == (5, "🐻")

    hugo.get_by_text("Changer").click()
    hugo.get_by_label("Marque").fill("Hugo")
    hugo.get_by_role("button", name="Enregistrer").click()
    expect(phone.locator(".flash")).to_contain_text("un seul emoji")
    person.refresh_from_db()
    assert person.mark == "🐻"
