"""The turn timer on real phones at 390×844: two phones whose clocks disagree by a
minute show the same time left; the host pauses and resumes it in one tap."""

import datetime
import os
import re
import time

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from games.models import Game
from tests.axe import AXE_OPTIONS
from tests.helpers import host_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("SCREENSHOTS_DIR")


# The time left as the page counts it: the end, less the server's time now.
LEFT_MS = """() => {
  const box = document.querySelector("[data-timer]");
  const offset = Number(document.documentElement.dataset.clockOffset);
  return Number(box.dataset.ends) - (Date.now() + offset);
}"""


def seconds_left(page):
    text = page.locator("[data-timer-clock]").text_content()
    minutes, seconds = re.fullmatch(r"(\d+):(\d\d)", text.strip()).groups()
    return int(minutes) * 60 + int(seconds)


def test_two_phones_a_minute_apart_show_the_same_countdown(live_server, new_phone):
    game, host_token = Game.objects.create_game(
        ["Léa", "Max", "Zoé"], "", {}, kind="tally", timer_seconds=120
    )
    host = new_phone()
    watcher = new_phone()
    # The watcher's phone runs a minute fast.
    skewed = datetime.datetime.now(datetime.UTC) + datetime.timedelta(minutes=1)
    watcher.clock.install(time=skewed)
    host.goto(live_server.url + host_url(host_token))
    watcher.goto(f"{live_server.url}/w/{game.watch_token}/")
    ahead = watcher.evaluate("() => Date.now()") - host.evaluate("() => Date.now()")
    assert 58_000 < ahead < 62_000
    # Once each phone has read the server's clock, both count the same.
    time.sleep(1.0)
    assert 100 < seconds_left(host) <= 120
    # The same moment on both, read on the server's clock: within half a second.
    host_ms, watcher_ms = host.evaluate(LEFT_MS), watcher.evaluate(LEFT_MS)
    assert abs(host_ms - watcher_ms) < 500
    assert abs(seconds_left(host) - seconds_left(watcher)) <= 1
    if SHOTS:
        host.screenshot(path=f"{SHOTS}/timer-host.png")

    # One tap pauses it, on every phone.
    host.get_by_role("button", name="Pause").click()
    expect(host.get_by_text("en pause")).to_be_visible()
    expect(watcher.get_by_text("en pause")).to_be_visible()
    paused = seconds_left(host)
    time.sleep(1.2)
    assert seconds_left(host) == paused == seconds_left(watcher)
    results = Axe().run(host, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
    # A watcher never gets the controls.
    expect(watcher.get_by_role("button", name="Pause")).to_have_count(0)
    expect(watcher.get_by_role("button", name="Reprendre")).to_have_count(0)

    host.get_by_role("button", name="Reprendre").click()
    expect(host.get_by_role("button", name="Pause")).to_be_visible()
    expect(watcher.get_by_text("en pause")).to_have_count(0)
    time.sleep(1.2)
    assert seconds_left(host) < paused
    if SHOTS:
        watcher.screenshot(path=f"{SHOTS}/timer-watch.png")


def test_the_host_sets_the_timer_from_its_card_and_a_round_restarts_it(
    live_server, phone
):
    game, host_token = Game.objects.create_game(["Léa", "Max"], "", {}, kind="tally")
    phone.goto(live_server.url + host_url(host_token))
    expect(phone.locator("[data-timer]")).to_have_count(0)
    phone.get_by_label("Secondes par manche").fill("30")
    phone.get_by_role("button", name="Lancer le minuteur").click()
    expect(phone.locator("[data-timer-clock]")).to_be_visible()
    assert 25 <= seconds_left(phone) <= 30
    phone.get_by_label("Secondes par manche").fill("5")
    phone.get_by_role("button", name="Changer la durée").click()
    expect(phone.get_by_text("Le minuteur dure de 10 à 1800 secondes")).to_be_visible()
    game.refresh_from_db()
    assert game.timer_seconds == 30


def test_a_watcher_without_a_timer_sees_it_count_down_once_the_host_turns_it_on(
    live_server, phone
):
    game, _host_token = Game.objects.create_game(["Léa", "Max"], "", {}, kind="tally")
    phone.goto(f"{live_server.url}/w/{game.watch_token}/")
    # No timer, no timer script: the page loads only what it shows.
    expect(phone.locator("script[data-clock]")).to_have_count(0)
    expect(phone.locator("[data-timer]")).to_have_count(0)
    game.set_timer(60)
    # The live sheet brings the timer, and the page fetches the script that counts.
    expect(phone.locator("[data-timer-clock]")).to_be_visible()
    expect(phone.locator("html[data-clock-offset]")).to_have_count(1)
    first = seconds_left(phone)
    expect(phone.locator("[data-timer-clock]")).not_to_have_text(
        re.compile(rf"^\s*{first // 60}:{first % 60:02d}\s*$"), timeout=3000
    )
    assert 50 < seconds_left(phone) < first
