"""The create page on a phone: rows added and removed, options following the preset."""

import pytest
from playwright.sync_api import expect

from tests.games.browser import expect_started_with

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_rows_and_options_follow_what_the_host_does(live_server, phone):
    phone.goto(live_server.url + "/")
    names = phone.locator("input[name=names]")
    expect(names).to_have_count(4)
    names.nth(0).fill("Sarah")
    names.nth(0).press("Enter")  # goes to the next name, creates nothing
    expect(names.nth(1)).to_be_focused()
    names.nth(1).fill("Intrus")
    names.nth(2).fill("Hugo")
    names.nth(3).fill("Léa")
    phone.get_by_role("button", name="Retirer le joueur 2").click()
    expect(names).to_have_count(3)
    phone.get_by_role("button", name="Ajouter un joueur").click()
    expect(names).to_have_count(4)
    expect(names.nth(3)).to_be_focused()
    names.nth(3).fill("Tom")

    phone.locator("summary", has_text="Options").click()
    strict = phone.locator("[data-option=strict_straights]")
    bonus = phone.locator("[data-option=six_dice_bonus]")
    count_dice = phone.locator("[data-option=count_dice]")
    expect(strict).to_be_visible()
    expect(bonus).to_be_hidden()
    expect(count_dice.locator("input[value=matching]")).to_be_checked()
    phone.locator("label.preset-card:has(input[value=all_dice])").click()
    expect(count_dice.locator("input[value=all]")).to_be_checked()
    phone.locator("label.preset-card:has(input[value=six_dice])").click()
    expect(strict).to_be_hidden()
    expect(count_dice).to_be_hidden()
    expect(bonus).to_be_visible()
    expect(bonus.locator("input[value='84']")).to_be_checked()
    bonus.locator("label.chip", has_text="50 points dès 75").click()

    phone.get_by_role("button", name="Commencer la partie").click()
    game = expect_started_with(phone, ["Sarah", "Hugo", "Léa", "Tom"])
    assert (game.preset, game.options["six_dice_bonus"]) == ("six_dice", "75")
