"""The create page on a phone at the table: the start in reach, Enter in the last
name starts, each name field read out with its own seat, names stop at 24, and an
exported game comes back from the home page."""

import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from games.models import Game
from keepsakes.export import game_json
from tests.axe import AXE_OPTIONS, assert_accessible
from tests.factories import make_game, worked_example
from tests.games.browser import expect_started_with, type_names
from tests.helpers import watch_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_start_button_is_in_reach_after_typing_the_names(live_server, phone):
    type_names(phone, live_server.url, ["Sarah", "Hugo", "Léa", "Tom"])
    expect(phone.get_by_role("button", name="Commencer la partie")).to_be_in_viewport()


def test_enter_in_the_last_name_starts_the_game(live_server, phone):
    phone.goto(live_server.url + "/")
    names = phone.locator("input[name=names]")
    names.nth(0).fill("Sarah")
    names.nth(0).press("Enter")
    expect(names.nth(1)).to_be_focused()
    names.nth(1).fill("Hugo")
    names.nth(2).fill("Léa")
    names.nth(3).fill("Tom")
    names.nth(3).press("Enter")
    expect_started_with(phone, ["Sarah", "Hugo", "Léa", "Tom"])


def test_every_name_row_has_its_own_seat_for_screen_readers(live_server, phone):
    phone.goto(live_server.url + "/")
    for _ in range(6):
        phone.get_by_role("button", name="Ajouter un joueur").click()
    for seat in range(1, 11):
        expect(
            phone.get_by_role("textbox", name=f"Joueur {seat}", exact=True)
        ).to_be_visible()
        expect(
            phone.get_by_role("button", name=f"Retirer le joueur {seat}", exact=True)
        ).to_have_count(1)


def test_a_name_stops_at_24_characters_with_the_count_shown(live_server, phone):
    phone.goto(live_server.url + "/")
    field = phone.get_by_role("textbox", name="Joueur 1", exact=True)
    row = phone.locator("[data-name-row]").first
    field.press_sequentially("Jean-Christophe")
    expect(row.locator(".name-count")).to_be_hidden()
    field.press_sequentially(" de la Montagne")
    expect(field).to_have_value("Jean-Christophe de la Mo")
    expect(row.locator(".name-count")).to_have_text("24/24")
    phone.screenshot(path="/tmp/shots-15a/create-name-limit.png")


def test_an_exported_game_can_be_imported_from_the_home_page(
    live_server, phone, tmp_path
):
    game, _host = worked_example()
    export = tmp_path / "partie.json"
    export.write_text(json.dumps(game_json(game)))
    phone.goto(live_server.url + "/")
    phone.get_by_role("link", name="Importer une partie").click()
    violations = Axe().run(phone, options=AXE_OPTIONS).response["violations"]
    assert [v["id"] for v in violations if v["impact"] != "minor"] == []
    phone.get_by_label("Fichier JSON de la partie").set_input_files(str(export))
    phone.screenshot(path="/tmp/shots-15a/import-from-home.png")
    phone.get_by_role("button", name="Importer").click()
    expect(phone.locator("#podium")).to_contain_text("Sarah gagne")
    assert Game.objects.count() == 2
    new_game = Game.objects.latest("pk")
    assert new_game.band_id != game.band_id


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_home_page_has_no_moderate_accessibility_issue(live_server, phone, scheme):
    phone.emulate_media(color_scheme=scheme)
    game, _token = make_game(["Cleo", "Tom"])
    phone.goto(live_server.url + watch_url(game))  # listed in "Mes parties"
    phone.goto(live_server.url + "/")
    expect(phone.get_by_role("region", name="Mes parties")).to_be_visible()
    phone.get_by_role("button", name="Ajouter un joueur").click()
    phone.locator("input[name=names]").first.fill("Jean-Christophe de la")
    assert_accessible(phone, ("moderate", "serious", "critical"))
    phone.screenshot(path=f"/tmp/shots-15a/home-{scheme}.png", full_page=True)
