"""The main flow (create, score, watch, the end, the big screen) checked with
axe-core in Chromium: no serious or critical violation, in the light and the dark
theme. Screenshots go to /tmp/shots/ to be looked at."""

import pytest
from playwright.sync_api import expect

from tests.axe import assert_accessible
from tests.factories import (
    CLASSIC_BOXES,
    CROSS,
    MADE,
    count,
    face,
    make_game,
    play,
    total,
)
from tests.games.browser import open_box
from tests.helpers import host_url, watch_url
from tests.live.browser import open_in_scheme, shoot, watch_console

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCHEMES = ["light", "dark"]
NAMES = ["Sarah", "Hugo", "Léa", "Tom"]
BOXES = CLASSIC_BOXES


def mid_game():
    """Four players after a few rounds: filled, crossed and open boxes, a bonus
    on its way."""
    game, token = make_game(NAMES)
    moves = []
    for box, entries in [
        ("sixes", [count(4), count(3), CROSS, count(5)]),
        ("fives", [count(3), CROSS, count(4), count(2)]),
        ("three_kind", [face(5), face(2), CROSS, face(6)]),
    ]:
        moves += [
            (name, "free", box, e) for name, e in zip(NAMES, entries, strict=True)
        ]
    play(game, *moves, ("Sarah", "free", "chance", total(22)))
    return game, token


def finished():
    game, token = make_game(NAMES[:3])
    play(
        game,
        *[
            (
                name,
                "free",
                box,
                MADE if box in ("full_house", "yams") and name == "Hugo" else CROSS,
            )
            for box in BOXES
            for name in NAMES[:3]
        ],
    )
    return game, token


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_create_form_is_accessible(live_server, phone, scheme):
    errors = open_in_scheme(phone, live_server.url + "/", scheme)
    expect(phone.locator("input[name=names]").first).to_be_visible()
    assert_accessible(phone)
    assert errors == []


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_host_page_with_the_entry_dialog_open_is_accessible(
    live_server, phone, scheme
):
    game, token = mid_game()
    errors = open_in_scheme(phone, live_server.url + host_url(token), scheme)
    assert_accessible(phone)
    hugo = game.players.get(name="Hugo")
    open_box(phone, hugo.pk, "chance")
    phone.locator("dialog[open] .choices.kind-total label.choice").nth(10).click()
    expect(phone.locator("#preview .calc")).to_be_visible()
    shoot(phone, f"live-host-dialog-{scheme}.png", full_page=False)
    assert_accessible(phone)
    assert errors == []


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_watch_page_is_accessible(live_server, phone, scheme):
    game, _ = mid_game()
    errors = open_in_scheme(phone, live_server.url + watch_url(game), scheme)
    expect(phone.locator("#turn-banner")).to_contain_text("À Hugo de jouer")
    shoot(phone, f"live-watch-{scheme}.png")
    assert_accessible(phone)
    assert errors == []


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("role", ["host", "watch"])
def test_the_end_screen_is_accessible(live_server, phone, scheme, role):
    game, token = finished()
    url = host_url(token) if role == "host" else watch_url(game)
    errors = open_in_scheme(phone, live_server.url + url, scheme)
    expect(phone.locator("#podium h1")).to_have_text("Hugo gagne !")
    # One line of the ranking opened, as a curious player would.
    phone.locator(".ranking summary").nth(1).click()
    shoot(phone, f"live-end-{role}-{scheme}.png")
    assert_accessible(phone)
    assert errors == []


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("state", ["playing", "over"])
def test_the_big_screen_is_accessible(live_server, browser, scheme, state):
    game, _ = mid_game() if state == "playing" else finished()
    context = browser.new_context(
        viewport={"width": 1280, "height": 720}, locale="fr-FR", color_scheme=scheme
    )
    try:
        page = context.new_page()
        errors = watch_console(page)
        page.goto(live_server.url + watch_url(game) + "?tv=1")
        expect(page.locator("#sheet")).to_be_visible()
        shoot(page, f"live-tv-{state}-{scheme}.png", full_page=False)
        assert_accessible(page)
        assert errors == []
    finally:
        context.close()
