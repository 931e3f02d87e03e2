"""The score race on a 390 × 844 phone, in both themes, with two and six players:
folded under the sheet and opened by one tap, following the host's entries live
(still open), unfolded on the end screen, beside the standings on the big screen
and on the result page; nothing axe-core finds wrong, nothing wider than the
phone. Screenshots go to /tmp/shots/race-*.png to be looked at."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.kinds.yams import InvalidEntry
from tests.axe import assert_accessible
from tests.factories import CROSS, MADE, count, face, make_game, play_turn_after_turn
from tests.games.browser import open_box, pick_value, seat_colour
from tests.helpers import host_url, watch_url
from tests.live.browser import SEEN_SCRIPT, open_in_scheme

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")
ALL = ("minor", "moderate", "serious", "critical")
TWO = ["Sarah de Jonquières", "Hugo"]
SIX = ["Anne-Sophie Delacroix", "Bob", "Charlotte", "Dédé", "Émilie-Jeanne", "Fa"]


def shoot(locator, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    locator.screenshot(path=str(SHOTS / name))


def lively(game, turns=None):
    """Plays the boxes in order with dice that differ from player to player and
    from round to round (a cross where they make nothing): a race worth drawing."""
    seats = {p.pk: p.seat for p in game.players.all()}

    def choose(current):
        card = current.scorecard
        box = card.free_boxes("free")[0]
        n = (seats[current.player.pk] * 3 + len(card.turns) * 2) % 5 + 1
        for entry in (count(n), face(7 - n), face(n), MADE, {"kind": "total"}):
            if entry.get("kind") == "total":
                entry = {"kind": "total", "value": 14 + 3 * n}
            try:
                card.check("free", box, entry)
            except InvalidEntry:
                continue
            return "free", box, entry
        return "free", box, CROSS

    return play_turn_after_turn(game, choose, turns)


def open_race(page):
    race = page.locator("#race")
    expect(race).to_be_visible()
    expect(race).not_to_have_attribute("open", "")
    # Folded, it still says who leads.
    expect(race.locator("summary")).to_contain_text("mène depuis le tour")
    race.locator("summary").click()
    expect(race).to_have_attribute("open", "")
    expect(race.locator("svg.race-chart")).to_be_visible()
    return race


def fits_the_phone(page):
    return page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("names", [TWO, SIX], ids=["2", "6"])
def test_the_watch_page_folds_the_race_under_the_sheet(
    live_server, phone, scheme, names
):
    game, _token = make_game(names, "six_dice" if len(names) == 6 else "classic")
    lively(game, turns=len(names) * 9 - 1)
    errors = open_in_scheme(phone, live_server.url + watch_url(game), scheme)
    race = open_race(phone)
    # Below the sheet, one polyline a player, the leader's label on the chart.
    sheet = phone.locator(".score-wrap").bounding_box()
    assert race.bounding_box()["y"] >= sheet["y"] + sheet["height"]
    expect(race.locator("polyline.race-line")).to_have_count(len(names))
    expect(race.locator(".race-label")).to_be_visible()
    expect(race.locator(".race-legend li")).to_have_count(len(names))
    race.scroll_into_view_if_needed()
    shoot(race, f"race-watch-{len(names)}-{scheme}.png")
    assert fits_the_phone(phone)
    shoot(phone.locator("table.score thead"), f"race-heads-{len(names)}-{scheme}.png")
    # The same colour on the column head and on the line.
    head = phone.locator("table.score tr.heads th.player").nth(1)
    line = race.locator(f"polyline.race-line.{seat_colour(race, 1)}")
    colour = line.evaluate("e => getComputedStyle(e).stroke")
    assert head.evaluate("e => getComputedStyle(e).boxShadow").startswith(colour)
    assert_accessible(phone, ALL)
    assert errors == []


def test_the_open_race_follows_the_host_live(live_server, new_phone):
    game, token = make_game(TWO)
    lively(game, turns=6)
    # Three rounds played: Sarah opens the fourth.
    sarah = game.players.get(name=TWO[0]).pk
    host, watch = new_phone(), new_phone()
    host.goto(live_server.url + host_url(token))
    watch.goto(live_server.url + watch_url(game))
    watch.evaluate(SEEN_SCRIPT)
    race = open_race(watch)
    before = race.locator(f"polyline.race-line.{seat_colour(race, 0)}").get_attribute(
        "points"
    )
    version = int(watch.locator("#sheet").get_attribute("data-version"))

    open_box(host, sarah, "fours")
    pick_value(host, "5")
    host.get_by_role("button", name="Valider").click()

    watch.wait_for_function(
        f"() => window.__seen && window.__seen['{version + 1}']", timeout=5000
    )
    # A new sheet, the race still open, a round longer.
    race = watch.locator("#race")
    expect(race).to_have_attribute("open", "")
    after = (
        race.locator(f"polyline.race-line.{seat_colour(race, 0)}")
        .get_attribute("points")
        .split()
    )
    before = before.split()
    assert len(after) == len(before) + 1
    assert int(after[-1].split(",")[0]) > int(before[-1].split(",")[0])
    shoot(race, "race-live-after.png")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_end_screen_shows_the_race_unfolded(live_server, phone, scheme):
    game, _token = make_game(TWO)
    lively(game)
    errors = open_in_scheme(phone, live_server.url + watch_url(game), scheme)
    race = phone.locator("#podium #race-over")
    expect(race).to_have_attribute("open", "")
    expect(race.locator("summary")).to_contain_text("gagne, en tête depuis le tour")
    race.scroll_into_view_if_needed()
    shoot(race, f"race-end-{scheme}.png")
    assert fits_the_phone(phone)
    assert_accessible(phone, ALL)
    assert errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_big_screen_shows_the_race_beside_the_standings(
    live_server, browser, scheme
):
    game, _token = make_game(SIX, "six_dice")
    lively(game, turns=6 * 8 + 2)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        errors = open_in_scheme(
            page, live_server.url + watch_url(game) + "?tv=1", scheme
        )
        race = page.locator("#race")
        # Unfolded without a tap, under the standings, left of the sheet.
        expect(race.locator("svg.race-chart")).to_be_visible()
        standings = page.locator(".standings").bounding_box()
        sheet = page.locator(".score-wrap").bounding_box()
        box = race.bounding_box()
        assert box["y"] >= standings["y"] + standings["height"] - 1
        assert box["x"] + box["width"] <= sheet["x"]
        page.screenshot(path=str(SHOTS / f"race-tv-{scheme}.png"))
        assert_accessible(page, ALL)
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_result_page_draws_the_race(live_server, phone, scheme):
    game, _token = make_game(SIX, "six_dice")
    lively(game)
    errors = open_in_scheme(phone, f"{live_server.url}/r/{game.watch_token}/", scheme)
    race = phone.locator("#race-over")
    expect(race.locator("svg.race-chart")).to_be_visible()
    expect(race.locator("polyline.race-line")).to_have_count(6)
    race.scroll_into_view_if_needed()
    shoot(race, f"race-result-{scheme}.png")
    assert fits_the_phone(phone)
    assert_accessible(phone, ALL)
    assert errors == []
