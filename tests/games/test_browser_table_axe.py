"""The main flow at the table, checked by axe-core on a 390 × 844 phone: no
moderate, serious or critical issue on the host page (2 and 6 players), the
entry dialog, the watch page and the end screen; nothing serious on the create
form with its seating draw. Screenshots go to /tmp/shots-15b/ to be looked at."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.axe import assert_accessible
from tests.factories import CLASSIC_BOXES, CROSS, MADE, count, face, make_game, play
from tests.helpers import host_url, watch_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-15b")
SIX = ["Anne-Sophie Delacroix", "Bob", "Charlotte", "Dédé", "Émilie-Jeanne", "Fa"]


MAIN_FLOW = ("moderate", "serious", "critical")


def shoot(page, name, full_page=False):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=full_page)


def two_players_mid_game():
    game, token = make_game(["Sarah de Jonquières", "Hugo"], "yahtzee")
    moves = []
    for box, sarah, hugo in [
        ("ones", count(3), count(2)),
        ("twos", count(3), CROSS),
        ("threes", count(3), count(4)),
        ("fours", count(3), count(1)),
        ("fives", count(3), count(3)),
        ("sixes", count(3), count(2)),
        ("yams", MADE, CROSS),
    ]:
        moves += [
            ("Sarah de Jonquières", "free", box, sarah),
            ("Hugo", "free", box, hugo),
        ]
    play(game, *moves)
    return game, token


def six_players_mid_game():
    game, token = make_game(SIX, "six_dice", {"saved_rolls": True})
    moves = []
    for box, entry in [("sixes", count(4)), ("fives", count(2))]:
        moves += [(name, "free", box, entry) for name in SIX]
    play(game, *moves)
    return game, token


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_host_page_with_two_players_and_its_dialog(live_server, phone, scheme):
    game, token = two_players_mid_game()
    phone.emulate_media(color_scheme=scheme)
    phone.goto(live_server.url + host_url(token))
    expect(phone.locator("h1")).to_contain_text("Sarah de Jonquières")
    shoot(phone, f"host-2-{scheme}.png")
    assert_accessible(phone, MAIN_FLOW)
    sarah = game.players.get(name="Sarah de Jonquières").pk
    phone.locator(f"a.tap[href$='/box/{sarah}/free/three_kind/']").click()
    expect(phone.locator("dialog[open] [data-kind=entry]")).to_be_visible()
    phone.locator("dialog[open] label.choice:has(input[value='15'])").click()
    expect(phone.locator("#preview .calc")).to_be_visible()
    shoot(phone, f"dialog-{scheme}.png")
    assert_accessible(phone, MAIN_FLOW)


def test_the_yams_spotted_and_the_toast(live_server, phone):
    game, token = two_players_mid_game()
    phone.goto(live_server.url + host_url(token))
    sarah = game.players.get(name="Sarah de Jonquières").pk
    # Sarah's upper boxes are full: a further Yams elsewhere takes the toggle.
    phone.locator(f"a.tap[href$='/box/{sarah}/free/full_house/']").click()
    phone.locator("dialog[open] label.toggle").click()
    phone.locator("dialog[open] label.choice:has(input[value='made'])").click()
    expect(phone.locator("#preview .calc-yams")).to_be_visible()
    shoot(phone, "dialog-joker.png")
    phone.get_by_role("button", name="Valider").click()
    expect(phone.locator(".toast-card")).to_contain_text("Yams ! +100")
    shoot(phone, "host-2-toast.png")
    assert_accessible(phone, MAIN_FLOW)


@pytest.mark.parametrize("role", ["host", "watch"])
def test_six_players(live_server, phone, role):
    game, token = six_players_mid_game()
    phone.goto(
        live_server.url + (host_url(token) if role == "host" else watch_url(game))
    )
    expect(phone.locator("h1")).to_contain_text("Anne-Sophie Delacroix")
    shoot(phone, f"{role}-6.png")
    shoot(phone, f"{role}-6-full.png", full_page=True)
    assert_accessible(phone, MAIN_FLOW)


def test_the_watch_page(live_server, phone):
    game, _token = two_players_mid_game()
    phone.goto(live_server.url + watch_url(game))
    shoot(phone, "watch-2.png", full_page=True)
    assert_accessible(phone, MAIN_FLOW)


@pytest.mark.parametrize("role", ["host", "watch"])
def test_the_end_screen(live_server, phone, role):
    game, token = make_game(["Sarah", "Hugo"])
    play(
        game,
        *[
            (name, "free", box, face(5) if box == "three_kind" else CROSS)
            for box in CLASSIC_BOXES
            for name in ("Sarah", "Hugo")
        ],
    )
    phone.goto(
        live_server.url + (host_url(token) if role == "host" else watch_url(game))
    )
    expect(phone.locator("#podium h1")).to_be_visible()
    shoot(phone, f"end-{role}.png")
    assert_accessible(phone, MAIN_FLOW)


def test_the_create_form_with_a_drawn_order(live_server, phone):
    phone.goto(live_server.url + "/")
    inputs = phone.locator("input[name=names]")
    for index, name in enumerate(["Sarah", "Hugo", "Léa", "Tom"]):
        inputs.nth(index).fill(name)
    phone.get_by_role("button", name="Tirer l'ordre de passage au hasard").click()
    expect(phone.locator("[data-drawn-note]")).to_contain_text("Ordre tiré")
    shoot(phone, "create-drawn.png", full_page=True)
    assert_accessible(phone)
    phone.get_by_role("button", name="Commencer la partie").last.click()
    expect(phone.locator(".drawn-order")).to_be_visible()
    shoot(phone, "host-drawn.png")
