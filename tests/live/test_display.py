"""How the live pages look: the system's dark theme and the toggle, French first,
six players on a 390 px phone, and the big screen (?tv) for the middle of the table."""

import pytest
from playwright.sync_api import expect

from tests.factories import CROSS, count, make_game, play
from tests.helpers import host_url, watch_url
from tests.live.browser import page_width, shoot, watch_console

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = ["Alexandrine", "Bob", "Charlotte", "Dédé", "Émilie-Jeanne", "Fa"]
PAPER = {"light": "rgb(246, 241, 231)", "dark": "rgb(27, 29, 34)"}


def background(page):
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


def some_rounds(game, names, boxes=("ones", "twos", "threes")):
    play(
        game,
        *[
            (name, "free", box, count(seat % 4) if seat % 3 else CROSS)
            for box in boxes
            for seat, name in enumerate(names)
        ],
    )


def big_screen(browser, width=1280, height=720, scheme="light"):
    context = browser.new_context(
        viewport={"width": width, "height": height},
        locale="fr-FR",
        color_scheme=scheme,
    )
    context.set_default_timeout(10_000)
    return context


def test_the_theme_follows_the_system_and_the_toggle_wins(live_server, new_phone):
    game, _ = make_game(["Sarah", "Hugo"])
    page = new_phone()
    page.emulate_media(color_scheme="dark")
    page.goto(live_server.url + watch_url(game))
    assert background(page) == PAPER["dark"]
    page.emulate_media(color_scheme="light")
    assert background(page) == PAPER["light"]
    # The toggle picks the other theme, and the choice stays for the next page.
    page.emulate_media(color_scheme="dark")
    page.get_by_role("button", name="Thème clair / sombre").click()
    assert background(page) == PAPER["light"]
    page.reload()
    assert background(page) == PAPER["light"]
    page.get_by_role("button", name="Thème clair / sombre").click()
    assert background(page) == PAPER["dark"]


@pytest.mark.parametrize(
    ("locale", "lang", "turn"),
    [("fr-FR", "fr", "À Hugo de jouer"), ("de-DE", "fr", "À Hugo de jouer")],
)
def test_the_pages_are_french_by_default(live_server, new_phone, locale, lang, turn):
    game, _ = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(2)))
    page = new_phone(locale=locale)
    page.goto(live_server.url + watch_url(game))
    assert page.get_attribute("html", "lang") == lang
    expect(page.locator("#turn-banner")).to_contain_text(turn)


def test_a_browser_that_asks_for_english_gets_english(live_server, new_phone):
    game, _ = make_game(["Sarah", "Hugo"])
    page = new_phone(locale="en-GB")
    page.goto(live_server.url + watch_url(game))
    assert page.get_attribute("html", "lang") == "en"
    expect(page.locator(".lang-form [aria-current=true]")).to_have_text("English")


@pytest.mark.parametrize("stage", ["playing", "over"])
def test_six_players_fit_a_phone_on_the_watch_and_host_pages(
    live_server, new_phone, stage
):
    game, token = make_game(SIX, "six_dice")
    if stage == "playing":
        some_rounds(game, SIX)
    else:
        boxes = [box.key for box in game.variant.boxes]
        play(game, *[(name, "free", box, CROSS) for box in boxes for name in SIX])
    page = new_phone()
    for url in (watch_url(game), host_url(token)):
        page.goto(live_server.url + url)
        expect(page.locator("#sheet")).to_be_visible()
        assert page_width(page) <= 390, url
    page.goto(live_server.url + watch_url(game))
    shoot(page, f"live-six-{stage}.png")


def test_the_phone_and_big_screen_views_link_to_each_other(live_server, new_phone):
    game, _ = make_game(["Sarah", "Hugo"])
    page = new_phone()
    page.goto(live_server.url + watch_url(game))
    page.get_by_role("link", name="Grand écran").click()
    expect(page.locator("body.is-tv")).to_be_attached()
    assert page.url.endswith(watch_url(game) + "?tv=1")
    page.get_by_role("link", name="Vue téléphone").click()
    expect(page.locator("body.is-tv")).to_have_count(0)
    assert page.url.endswith(watch_url(game))


def test_the_big_screen_shows_the_whole_sheet_and_the_standings(live_server, browser):
    names = ["Sarah", "Hugo", "Léa", "Tom"]
    game, _ = make_game(names)
    some_rounds(game, names)
    context = big_screen(browser)
    try:
        page = context.new_page()
        errors = watch_console(page)
        page.goto(live_server.url + watch_url(game) + "?tv=1")
        expect(page.locator(".standings")).to_be_visible()
        # Read from two metres: standings in big type, full names, leader first.
        standings = page.locator(".standings li")
        expect(standings).to_have_count(4)
        expect(standings.first.locator(".standing-name")).to_have_text("Léa")
        size = page.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('.standings li'))"
            ".fontSize)"
        )
        assert size >= 24
        for index in range(4):
            assert (
                standings.nth(index)
                .locator(".standing-name")
                .evaluate("e => e.scrollWidth <= e.clientWidth")
            )
        # The whole sheet on the screen, down to the totals, without scrolling.
        total = page.locator("table.score tr.row-total").bounding_box()
        assert total["y"] + total["height"] <= 720
        assert page_width(page) <= 1280
        shoot(page, "live-tv-four.png", full_page=False)
        assert errors == []
    finally:
        context.close()


def test_six_players_of_six_dice_fit_a_tv(live_server, browser):
    game, _ = make_game(SIX, "six_dice")
    some_rounds(game, SIX, ("ones", "twos", "threes", "fours"))
    context = big_screen(browser, 1920, 1080, "dark")
    try:
        page = context.new_page()
        page.goto(live_server.url + watch_url(game) + "?tv=1")
        expect(page.locator(".standings li")).to_have_count(6)
        total = page.locator("table.score tr.row-total").bounding_box()
        assert total["y"] + total["height"] <= 1080
        assert page_width(page) <= 1920
        shoot(page, "live-tv-six-dice.png", full_page=False)
    finally:
        context.close()


def test_the_big_screen_on_a_tablet_held_upright(live_server, browser):
    names = ["Sarah", "Hugo", "Léa"]
    game, _ = make_game(names)
    some_rounds(game, names)
    context = big_screen(browser, 820, 1180)
    try:
        page = context.new_page()
        page.goto(live_server.url + watch_url(game) + "?tv=1")
        expect(page.locator(".standings")).to_be_visible()
        assert page_width(page) <= 820
        shoot(page, "live-tv-portrait.png", full_page=False)
    finally:
        context.close()


def test_the_big_screen_opened_on_a_phone_keeps_a_phone_s_sizes(live_server, new_phone):
    names = ["Sarah", "Hugo", "Léa", "Tom"]
    game, _ = make_game(names)
    some_rounds(game, names)
    page = new_phone()
    page.goto(live_server.url + watch_url(game) + "?tv=1")
    standings = page.locator(".standings li")
    expect(standings).to_have_count(4)
    # A player a line, the whole width, what is still possible in readable type.
    boxes = [standings.nth(index).bounding_box() for index in range(4)]
    assert len({round(box["x"]) for box in boxes}) == 1
    assert all(box["width"] >= 300 for box in boxes)
    prospects = page.locator(".standings .prospects").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert prospects >= 12
    # Every name whole in the sheet's heads, none cut to "Sa…".
    heads = page.locator("table.score thead .player-name")
    expect(heads).to_have_count(4)
    for index in range(4):
        assert heads.nth(index).evaluate("e => e.scrollWidth <= e.clientWidth")
    assert page_width(page) <= 390
    shoot(page, "live-tv-phone.png", full_page=False)
