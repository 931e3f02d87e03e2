"""Skyjo's totals on a phone at 390×844: a digit keypad (inputmode=numeric) and
a ± key of our own beside each total for the sign that keypad may lack."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.axe import assert_accessible
from tests.factories import make_round_game, pks
from tests.helpers import host_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")


def test_the_sign_key_makes_a_negative_total_and_the_round_records_it(
    live_server, phone
):
    SHOTS.mkdir(exist_ok=True)
    game, host = make_round_game("skyjo", ["Ana", "Bruno"])
    phone.goto(live_server.url + host_url(host))
    phone.locator("a.new-round").click()
    dialog = phone.locator("dialog[open] [data-kind=round]")
    expect(dialog).to_be_visible()
    total = dialog.get_by_role("textbox", name="Ana", exact=True)
    expect(total).to_have_attribute("inputmode", "numeric")
    expect(total).to_have_attribute("pattern", "-?[0-9]*")

    dialog.get_by_role("button", name="Changer le signe : Ana").click()
    expect(total).to_be_focused()
    total.press_sequentially("5")
    expect(total).to_have_value("-5")
    # Twice flips it back, once more makes it negative again.
    dialog.get_by_role("button", name="Changer le signe : Ana").click()
    expect(total).to_have_value("5")
    dialog.get_by_role("button", name="Changer le signe : Ana").click()
    expect(total).to_have_value("-5")
    dialog.get_by_role("textbox", name="Bruno", exact=True).fill("12")
    dialog.locator("fieldset", has_text="Qui a fini la manche ?").locator(
        "label.choice", has_text="Ana"
    ).click()
    expect(phone.locator("#round-preview")).to_contain_text("−5")
    phone.screenshot(path=str(SHOTS / "skyjo-sign-key.png"))
    assert_accessible(phone)
    phone.locator("dialog[open]").get_by_role("button", name="Valider").click()
    expect(phone.locator("dialog#dialog")).not_to_have_attribute("open", "")

    game = Game.objects.get()
    (played,) = game.rounds.all()
    assert played.points_of(pks(game)["Ana"]) == -5


def test_without_the_script_a_typed_minus_still_counts(live_server, new_phone):
    phone = new_phone(javascript=False)
    game, host = make_round_game("skyjo", ["Ana", "Bruno"])
    phone.goto(live_server.url + host_url(host, "new_round"))
    expect(phone.locator(".sign-key").first).to_be_hidden()
    phone.get_by_role("textbox", name="Ana", exact=True).fill("-5")
    phone.get_by_role("textbox", name="Bruno", exact=True).fill("12")
    phone.locator("label.choice", has_text="Ana").click()
    phone.get_by_role("button", name="Valider").click()
    expect(phone.locator("#sheet")).to_be_visible()
    (played,) = Game.objects.get().rounds.all()
    assert played.points_of(pks(game)["Ana"]) == -5
