"""The score race and what is still possible on a Skyjo, a tarot and a counter
game, on a watcher's 390 × 844 phone: the race opened by one tap follows the
host's next round live (still open, a round longer, in the kind's words), a
player's name opens what is still possible for them, the big screen lists it in
its standings; nothing axe-core finds wrong, nothing wider than the phone.
Screenshots go to /tmp/shots/race-kinds-*.png to be looked at."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.axe import assert_accessible
from tests.factories import (
    make_round_game,
    pks,
    play_rounds,
    skyjo_round,
    tally_round,
    tarot_deal,
)
from tests.games import test_browser_rounds as rounds_page
from tests.games.browser import seat_colour
from tests.helpers import host_url, watch_url
from tests.live.browser import SEEN_SCRIPT, open_in_scheme

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")
ALL = ("minor", "moderate", "serious", "critical")


def shoot(locator, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    locator.screenshot(path=str(SHOTS / f"race-kinds-{name}.png"))


def fits_the_phone(page):
    return page.evaluate("document.documentElement.scrollWidth") <= 390


def skyjo():
    game, token = make_round_game("skyjo", ["Léa", "Tom", "Zoé"])
    play_rounds(game, skyjo_round(game, {"Léa": 10, "Tom": 20, "Zoé": 5}, "Zoé"))
    return game, token


def tarot():
    game, token = make_round_game(
        "tarot", ["Ana", "Bruno", "Chloé", "Dan"], options={"deals": 8}
    )
    play_rounds(game, tarot_deal(game, "Ana", "prise", 2, 35))
    return game, token


def tally():
    game, token = make_round_game(
        "tally", ["Léa", "Tom", "Zoé"], options={"target": 100}
    )
    play_rounds(game, tally_round(game, {"Léa": 12, "Tom": -4}))
    return game, token


# (the kind, its game with one round played, the host's next round, what the
# race says after it, a player and what their name's popover then says)
KINDS = [
    (
        "skyjo",
        skyjo,
        lambda host: rounds_page.skyjo_round(
            host, {"Léa": 2, "Tom": 30, "Zoé": 9}, "Léa"
        ),
        "Léa mène depuis la manche 2, avec le plus petit total",
        "Tom",
        ["38 derrière Léa", "Encore 50 avant 100"],
    ),
    (
        "tarot",
        tarot,
        lambda host: rounds_page.tarot_deal(host, "Bruno", "Garde", 2, 49),
        "Bruno mène depuis la donne 2",
        "Ana",
        ["Donnes restantes : 6"],
    ),
    (
        "tally",
        tally,
        lambda host: rounds_page.tally_round(host, {"Zoé": 20, "Tom": -3}),
        "Zoé mène depuis la manche 2",
        "Tom",
        ["27 derrière Zoé", "Encore 107 avant 100"],
    ),
]


@pytest.mark.parametrize(
    ("kind", "make", "next_round", "summary", "name", "outlook"),
    KINDS,
    ids=[kind for kind, *_ in KINDS],
)
def test_the_race_and_the_outlook_follow_the_host_on_a_watcher_s_phone(
    live_server, new_phone, kind, make, next_round, summary, name, outlook
):
    game, token = make()
    host, watch = new_phone(), new_phone()
    host.goto(live_server.url + host_url(token))
    errors = open_in_scheme(watch, live_server.url + watch_url(game), "light")
    watch.evaluate(SEEN_SCRIPT)
    race = watch.locator("#race")
    expect(race).not_to_have_attribute("open", "")
    race.locator("summary").click()
    expect(race).to_have_attribute("open", "")
    expect(race.locator("polyline.race-line")).to_have_count(game.players.count())
    before = (
        race.locator(f"polyline.race-line.{seat_colour(race, 0)}")
        .get_attribute("points")
        .split()
    )
    version = int(watch.locator("#sheet").get_attribute("data-version"))

    next_round(host)

    watch.wait_for_function(
        f"() => window.__seen && window.__seen['{version + 1}']", timeout=5000
    )
    race = watch.locator("#race")
    expect(race).to_have_attribute("open", "")
    expect(race.locator(".race-summary")).to_contain_text(summary)
    after = (
        race.locator(f"polyline.race-line.{seat_colour(race, 0)}")
        .get_attribute("points")
        .split()
    )
    assert len(after) == len(before) + 1
    expect(race.locator("svg.race-chart")).to_be_visible()
    race.scroll_into_view_if_needed()
    shoot(race, f"{kind}-race")
    assert fits_the_phone(watch)

    # The name opens what is still possible for the player.
    pk = pks(game)[name]
    watch.locator(f"button[popovertarget='player-{pk}']").click()
    pop = watch.locator(f"#player-{pk}")
    expect(pop).to_be_visible()
    for line in outlook:
        expect(pop.locator(".prospect", has_text=line)).to_be_visible()
    watch.screenshot(path=str(SHOTS / f"race-kinds-{kind}-outlook.png"))
    assert_accessible(watch, ALL)
    watch.keyboard.press("Escape")
    expect(pop).to_be_hidden()
    assert_accessible(watch, ALL)
    assert errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_skyjo_s_race_upside_down_in_both_themes(live_server, phone, scheme):
    game, _token = skyjo()
    play_rounds(
        game,
        skyjo_round(game, {"Léa": 2, "Tom": 30, "Zoé": 9}, "Léa"),
        skyjo_round(game, {"Léa": 8, "Tom": -6, "Zoé": 11}, "Tom"),
    )
    errors = open_in_scheme(phone, live_server.url + watch_url(game), scheme)
    race = phone.locator("#race")
    race.locator("summary").click()
    expect(race.locator(".race-note")).to_contain_text(
        "Le plus petit total est en haut"
    )
    # The leader's line ends highest on the drawing.
    colours = [seat_colour(race, seat) for seat in range(3)]
    ends = {
        colour: float(race.locator(f"circle.race-dot.{colour}").get_attribute("cy"))
        for colour in colours
    }
    assert ends[colours[0]] == min(ends.values())
    race.scroll_into_view_if_needed()
    shoot(race, f"skyjo-{scheme}")
    assert fits_the_phone(phone)
    assert_accessible(phone, ALL)
    assert errors == []


def test_the_big_screen_shows_the_tarot_race_beside_its_standings(live_server, browser):
    game, _token = tarot()
    play_rounds(
        game,
        tarot_deal(game, "Bruno", "garde", 2, 49),
        tarot_deal(game, "Chloé", "garde_sans", 1, 40),
    )
    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, locale="fr-FR"
    )
    try:
        page = context.new_page()
        errors = open_in_scheme(
            page, live_server.url + watch_url(game) + "?tv=1", "light"
        )
        race = page.locator("#race")
        expect(race.locator("svg.race-chart")).to_be_visible()
        expect(race.locator("path.race-zero")).to_have_count(1)
        standings = page.locator(".standings")
        expect(
            standings.locator(".prospect", has_text="Donnes restantes : 5")
        ).to_have_count(4)
        box, side = race.bounding_box(), standings.bounding_box()
        assert box["y"] >= side["y"] + side["height"] - 1
        page.screenshot(path=str(SHOTS / "race-kinds-tarot-tv.png"))
        assert_accessible(page, ALL)
        assert errors == []
    finally:
        context.close()
