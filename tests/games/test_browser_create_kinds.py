"""The create page on a phone, for every game: the game chosen first, only its
options shown, and the game page that follows drawn for that game."""

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.axe import assert_accessible
from tests.games.browser import expect_started_with

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/tmp/shots"


def fill_names(phone, names):
    inputs = phone.locator("input[name=names]")
    for index, name in enumerate(names):
        if index >= inputs.count():
            phone.get_by_role("button", name="Ajouter un joueur").click()
        inputs.nth(index).fill(name)


def test_skyjo_with_its_limit_opens_the_skyjo_sheet(live_server, phone):
    phone.goto(live_server.url + "/")
    phone.screenshot(path=f"{SHOTS}/create-home.png")
    phone.locator("label.kind-tile", has_text="Skyjo").click()
    expect(phone.locator("input[name=kind][value=skyjo]")).to_be_checked()
    # Only Skyjo's part: no Yams variants, no other game's options.
    expect(phone.locator("fieldset.presets")).to_be_hidden()
    expect(phone.locator("[data-kind-help=skyjo]")).to_contain_text("De 2 à 8 joueurs.")
    fill_names(phone, ["Léa", "Tom", "Zoé"])
    phone.locator("summary", has_text="Options").click()
    expect(phone.locator("[data-kind-section=skyjo]")).to_be_visible()
    for hidden in ("yams", "tarot", "tally"):
        expect(phone.locator(f".options [data-kind-section={hidden}]")).to_be_hidden()
    phone.get_by_label("Fin de partie").fill("150")
    phone.locator("[data-kind-section=skyjo]").screenshot(
        path=f"{SHOTS}/create-skyjo-options.png"
    )
    phone.screenshot(path=f"{SHOTS}/create-skyjo.png", full_page=True)
    assert_accessible(phone)
    phone.get_by_role("button", name="Commencer la partie").click()

    expect(phone.locator("#sheet.rounds-sheet.kind-skyjo")).to_be_visible()
    expect(phone.locator(".turn-banner")).to_contain_text("Manche 1")
    expect(phone.locator(".turn-banner")).to_contain_text("Skyjo")
    game = Game.objects.get()
    assert (game.kind, game.options["limit"]) == ("skyjo", 150)
    assert [p.name for p in game.players.order_by("seat")] == ["Léa", "Tom", "Zoé"]
    phone.screenshot(path=f"{SHOTS}/create-skyjo-sheet.png")


def test_tarot_at_five_with_the_old_multipliers(live_server, phone):
    phone.goto(live_server.url + "/")
    phone.locator("label.kind-tile", has_text="Tarot").click()
    fill_names(phone, ["Ana", "Ben", "Cléo", "Dan", "Eva"])
    # Five is tarot's most: no sixth row to add.
    expect(phone.get_by_role("button", name="Ajouter un joueur")).to_be_disabled()
    phone.locator("summary", has_text="Options").click()
    tarot = phone.locator("[data-kind-section=tarot]")
    tarot.locator("label.chip", has_text="1, 2, 3, 4").click()
    phone.screenshot(path=f"{SHOTS}/create-tarot.png", full_page=True)
    assert_accessible(phone)
    phone.get_by_role("button", name="Commencer la partie").click()

    expect(phone.locator("#sheet.rounds-sheet.kind-tarot")).to_be_visible()
    expect(phone.locator(".turn-banner")).to_contain_text("Ana distribue")
    game = Game.objects.get()
    assert game.kind == "tarot" and game.players.count() == 5
    assert game.options["multipliers"] == "1_2_3_4"


def test_yams_is_still_the_default_with_its_variants(live_server, phone):
    phone.goto(live_server.url + "/")
    expect(phone.locator("input[name=kind][value=yams]")).to_be_checked()
    expect(phone.locator("label.preset-card", has_text="Yahtzee")).to_be_visible()
    # Back and forth: Yams's variants come back when Yams is chosen again.
    phone.locator("label.kind-tile", has_text="Compteur libre").click()
    expect(phone.locator("fieldset.presets")).to_be_hidden()
    phone.locator("label.kind-tile", has_text="Yams").click()
    expect(phone.locator("fieldset.presets")).to_be_visible()
    fill_names(phone, ["Sarah", "Hugo"])
    phone.locator("label.preset-card:has(input[value=yahtzee])").click()
    phone.get_by_role("button", name="Commencer la partie").click()
    game = expect_started_with(phone, ["Sarah", "Hugo"])
    assert (game.kind, game.preset) == ("yams", "yahtzee")


def test_without_javascript_every_game_shows_and_the_chosen_one_counts(
    live_server, new_phone
):
    phone = new_phone(javascript=False)
    phone.goto(live_server.url + "/")
    phone.locator("label.kind-tile", has_text="Compteur libre").click()
    fill_names(phone, ["Sarah", "Hugo"])
    phone.locator("summary", has_text="Options").click()
    for heading in ("Yams", "Skyjo", "Tarot", "Compteur libre"):
        expect(
            phone.locator(".kind-options legend h3", has_text=heading)
        ).to_be_visible()
    tally = phone.locator("[data-kind-section=tally]")
    tally.locator("label.chip", has_text="Le plus bas total").click()
    tally.get_by_label("Nombre de manches").fill("5")
    # Another row, posted to the server: the game and its options stay.
    phone.get_by_role("button", name="Ajouter un joueur").click()
    expect(phone.locator("input[name=kind][value=tally]")).to_be_checked()
    phone.locator("summary", has_text="Options").click()
    expect(tally.get_by_label("Nombre de manches")).to_have_value("5")
    phone.screenshot(path=f"{SHOTS}/create-nojs.png", full_page=True)
    phone.get_by_role("button", name="Commencer la partie").click()
    expect(phone.locator("#sheet.rounds-sheet.kind-tally")).to_be_visible()
    game = Game.objects.get()
    assert game.options == {"winner": "lowest", "target": None, "rounds": 5}


def test_a_tarot_table_of_two_is_refused_with_the_game_still_chosen(live_server, phone):
    phone.goto(live_server.url + "/")
    phone.locator("label.kind-tile", has_text="Tarot").click()
    fill_names(phone, ["Ana", "Ben"])
    phone.get_by_role("button", name="Commencer la partie").click()
    expect(phone.get_by_text("Tarot se joue de 3 à 5 joueurs.")).to_be_visible()
    expect(phone.locator("input[name=kind][value=tarot]")).to_be_checked()
    expect(phone.locator("fieldset.presets")).to_be_hidden()
    phone.get_by_text("Tarot se joue de 3 à 5 joueurs.").scroll_into_view_if_needed()
    phone.screenshot(path=f"{SHOTS}/create-tarot-refused.png")
    assert_accessible(phone)
    assert Game.objects.count() == 0
