"""A six-dice game through the UI, with every kind of box: count, face, faces,
total, made and crossed out."""

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.factories import SIX_DICE
from tests.games.browser import create_game, enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_six_dice_sheet_with_every_kind_of_box(live_server, phone):
    create_game(phone, live_server.url, ["Ana", "Bruno"], "six_dice")
    game = Game.objects.get()
    ids = {p.name: p.pk for p in game.players.all()}
    assert {entry["kind"] for _box, entry in SIX_DICE} == {
        "count",
        "face",
        "faces",
        "total",
        "made",
        "cross",
    }
    checks = {
        "tower": "Tour (carré de 5, paire de 6) : 4 × 5 + 2 × 6 = 32",
        "chance": "Total des dés : 27",
        "sixes": "4 × 6 = 24",
    }
    for box, entry in SIX_DICE:
        enter(phone, ids["Ana"], box, entry, expect_calc=checks.get(box))
        enter(phone, ids["Bruno"], box, {"kind": "cross"})
    expect(phone.locator(".winner")).to_have_text("Ana gagne !")
    expect(phone.locator(".ranking summary").nth(0)).to_contain_text("325")
    expect(phone.locator(".ranking summary").nth(1)).to_contain_text("0")
    crossed = phone.locator("table.score td.cell-crossed")
    expect(crossed).to_have_count(20 + 3)
