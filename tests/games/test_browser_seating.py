"""The order of play on a 390 × 844 phone: drawn at random at creation, shown to
the table and kept in the log; moved by hand with ↑ ↓ (with or without
JavaScript) or by dragging the seat number."""

import pytest
from playwright.sync_api import expect

from games import forms
from games.models import Game
from tests.games.browser import type_names

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Sarah", "Hugo", "Léa", "Tom"]


def seated(page):
    values = page.locator("input[name=names]").evaluate_all(
        "els => els.map(e => e.value)"
    )
    return [value for value in values if value]


def reverse_draw(monkeypatch):
    """The draw made predictable: the names in reverse order."""
    monkeypatch.setattr(forms, "draw_seating", lambda names: list(reversed(names)))


@pytest.mark.parametrize("javascript", [True, False])
def test_the_order_drawn_at_random_is_shown_and_kept_in_the_log(
    live_server, new_phone, monkeypatch, javascript
):
    reverse_draw(monkeypatch)
    page = new_phone(javascript=javascript)
    type_names(page, live_server.url, NAMES)
    page.get_by_role("button", name="Tirer l'ordre de passage au hasard").click()
    note = page.locator("[data-drawn-note]")
    expect(note).to_contain_text("Ordre tiré au hasard")
    expect(note).to_contain_text("1. Tom, 2. Léa, 3. Hugo, 4. Sarah")
    assert seated(page) == ["Tom", "Léa", "Hugo", "Sarah"]
    page.get_by_role("button", name="Commencer la partie").last.click()
    expect(page.locator("#sheet")).to_be_visible()
    game = Game.objects.get()
    assert game.seating_drawn
    assert [p.name for p in game.players.all()] == ["Tom", "Léa", "Hugo", "Sarah"]
    expect(page.locator("#sheet .drawn-order")).to_contain_text(
        "Ordre de passage tiré au hasard : 1. Tom, 2. Léa, 3. Hugo, 4. Sarah."
    )
    page.goto(live_server.url + f"/w/{game.watch_token}/")
    expect(page.locator(".drawn-order")).to_be_visible()
    page.get_by_role("link", name="Journal de la partie").click()
    expect(page.locator(".drawn-order")).to_contain_text("1. Tom, 2. Léa")


def test_the_up_and_down_buttons_move_a_player_without_javascript(
    live_server, new_phone
):
    page = new_phone(javascript=False)
    type_names(page, live_server.url, NAMES[:3])
    page.get_by_role("button", name="Monter le joueur 3").click()
    assert seated(page) == ["Sarah", "Léa", "Hugo"]
    page.get_by_role("button", name="Descendre le joueur 1").click()
    assert seated(page) == ["Léa", "Sarah", "Hugo"]
    expect(page.get_by_role("button", name="Monter le joueur 1")).to_be_disabled()
    page.get_by_role("button", name="Commencer la partie").last.click()
    game = Game.objects.get()
    assert [p.name for p in game.players.all()] == ["Léa", "Sarah", "Hugo"]
    assert not game.seating_drawn


def test_a_move_by_hand_after_the_draw_ends_drawn_at_random(
    live_server, phone, monkeypatch
):
    reverse_draw(monkeypatch)
    type_names(phone, live_server.url, NAMES[:3])
    phone.get_by_role("button", name="Tirer l'ordre de passage au hasard").click()
    expect(phone.locator("[data-drawn-note]")).to_contain_text("1. Léa")
    phone.get_by_role("button", name="Monter le joueur 2").click()
    assert seated(phone) == ["Hugo", "Léa", "Sarah"]
    expect(phone.locator("[data-drawn-note]")).to_be_empty()
    phone.get_by_role("button", name="Commencer la partie").last.click()
    expect(phone.locator("#sheet")).to_be_visible()
    game = Game.objects.get()
    assert [p.name for p in game.players.all()] == ["Hugo", "Léa", "Sarah"]
    assert not game.seating_drawn
    expect(phone.locator(".drawn-order")).to_have_count(0)


def test_a_player_is_dragged_by_the_seat_number(live_server, phone):
    type_names(phone, live_server.url, NAMES)
    handles = phone.locator("[data-drag-handle]")
    first, third = handles.nth(0).bounding_box(), handles.nth(2).bounding_box()
    phone.mouse.move(first["x"] + 10, first["y"] + first["height"] / 2)
    phone.mouse.down()
    for step in range(1, 11):
        y = first["y"] + (third["y"] + third["height"] * 0.75 - first["y"]) * step / 10
        phone.mouse.move(first["x"] + 10, y)
    phone.mouse.up()
    assert seated(phone) == ["Hugo", "Léa", "Sarah", "Tom"]
    expect(phone.locator("[data-drag-handle]").first).to_have_text("1")
    phone.get_by_role("button", name="Commencer la partie").last.click()
    expect(phone.locator("#sheet")).to_be_visible()
    assert [p.name for p in Game.objects.get().players.all()] == [
        "Hugo",
        "Léa",
        "Sarah",
        "Tom",
    ]
