"""On a 390 px phone: six players fit without sideways scrolling, and every target
of the entry dialog is at least 44 × 44 px."""

import pytest
from playwright.sync_api import expect

from tests.factories import make_game
from tests.helpers import host_url, watch_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = ["Alexandrine", "Bob", "Charlotte", "Dédé", "Émilie-Jeanne", "Fa"]


def page_width(page):
    return page.evaluate("document.documentElement.scrollWidth")


def boxes(locator):
    return [locator.nth(i).bounding_box() for i in range(locator.count())]


def test_six_players_fit_a_phone_without_sideways_scrolling(live_server, phone):
    game, token = make_game(SIX, "six_dice")
    for url in (host_url(token), watch_url(game)):
        phone.goto(live_server.url + url)
        expect(phone.locator("#sheet")).to_be_visible()
        assert page_width(phone) <= 390
    phone.goto(live_server.url + host_url(token))
    for box in boxes(phone.locator("td.cell-open a.tap")):
        assert box["width"] >= 44 and box["height"] >= 44


def test_many_columns_scroll_inside_the_sheet_not_the_page(live_server, phone):
    game, token = make_game(SIX[:3], options={"columns": ["down", "up", "free", "dry"]})
    phone.goto(live_server.url + host_url(token))
    expect(phone.locator("#sheet")).to_be_visible()
    assert page_width(phone) <= 390


@pytest.mark.parametrize(
    ("preset", "box"),
    [
        ("six_dice", "sixes"),
        ("six_dice", "full_house"),
        ("six_dice", "chance"),
        ("classic", "yams"),
    ],
)
def test_the_dialog_buttons_are_big_enough_for_a_thumb(live_server, phone, preset, box):
    game, token = make_game(["Sarah"], preset)
    phone.goto(live_server.url + host_url(token))
    phone.locator(f"a.tap[href$='/free/{box}/']").click()
    dialog = phone.locator("dialog[open] [data-kind=entry]")
    expect(dialog).to_be_visible()
    targets = boxes(dialog.locator("label.choice > span"))
    targets += boxes(dialog.get_by_role("button", name="Valider"))
    targets += boxes(dialog.locator(".dialog-close"))
    assert targets
    for target in targets:
        assert target["width"] >= 44 and target["height"] >= 44, target
    # The whole dialog is on screen, up to Valider.
    valider = dialog.get_by_role("button", name="Valider").bounding_box()
    assert valider["y"] + valider["height"] <= 844
    assert page_width(phone) <= 390
