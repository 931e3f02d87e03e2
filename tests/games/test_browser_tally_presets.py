"""Papayoo, a preset of the free counter, on a phone at 390×844: picked by name
on the create page, its options filled, a round of 250 recorded and one that
does not add up refused in the dialog before Valider."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.axe import assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")
FOUR = ["Ana", "Bruno", "Chloé", "Dan"]


def fill_round(phone, points):
    phone.locator("a.new-round").click()
    dialog = phone.locator("dialog[open] [data-kind=round]")
    expect(dialog).to_be_visible()
    for name, value in zip(FOUR, points, strict=True):
        dialog.get_by_label(name, exact=True).fill(str(value))
    return dialog


def test_papayoo_is_picked_by_name_and_refuses_a_round_short_of_250(live_server, phone):
    SHOTS.mkdir(exist_ok=True)
    phone.goto(live_server.url + "/")
    phone.locator("label.kind-tile", has_text="Compteur libre").click()
    inputs = phone.locator("input[name=names]")
    for index, name in enumerate(FOUR):
        inputs.nth(index).fill(name)
    phone.locator("label.preset-card", has_text="Papayoo").click()
    # The options follow: the lowest total wins, each round makes 250.
    options = phone.locator(".options [data-kind-section=tally]")
    expect(options).to_be_visible()
    expect(options.locator("input[value=lowest]")).to_be_checked()
    expect(options.get_by_label("Somme de chaque manche")).to_have_value("250")
    options.get_by_label("Nombre de manches").fill("5")
    phone.locator("fieldset.tally-presets").screenshot(
        path=str(SHOTS / "tally-presets-card.png")
    )
    phone.screenshot(path=str(SHOTS / "tally-presets-create.png"), full_page=True)
    assert_accessible(phone)
    phone.get_by_role("button", name="Commencer la partie").click()

    expect(phone.locator("#sheet.rounds-sheet.kind-tally")).to_be_visible()
    expect(phone.locator(".turn-banner")).to_contain_text("Papayoo")
    game = Game.objects.get()
    assert game.preset == "papayoo"
    assert game.options["rounds"] == 5 and game.options["round_sum"] == 250

    fill_round(phone, (120, 85, 45, 0))
    before = int(phone.locator("#sheet").get_attribute("data-version"))
    phone.locator("dialog[open]").get_by_role("button", name="Valider").click()
    expect(phone.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()

    fill_round(phone, (120, 85, 40, 0))
    refusal = "Les points de la manche font 245 ; ils doivent faire 250."
    expect(phone.locator("#round-preview")).to_contain_text(refusal)
    phone.screenshot(path=str(SHOTS / "tally-presets-refused.png"))
    assert_accessible(phone)
    phone.locator("dialog[open]").get_by_role("button", name="Valider").click()
    expect(phone.locator("dialog[open]")).to_contain_text(refusal)
    assert game.rounds.count() == 1
