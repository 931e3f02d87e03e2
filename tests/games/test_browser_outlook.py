"""What is still possible, on a 390 × 844 phone: a watcher taps a name and its
popover says the best total still reachable, what the bonus needs and whether the
leader can still be passed; the host's tap opens the rename dialog, which says
the same; the big screen's standings too. Light and dark, checked by axe-core;
screenshots in /tmp/shots/outlook-*.png to be looked at."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.axe import assert_accessible
from tests.factories import CROSS, count, make_game, play
from tests.helpers import host_url, watch_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")
MAIN_FLOW = ("moderate", "serious", "critical")


def test_tapping_a_name_shows_what_is_still_possible(live_server, phone):
    game, token = make_game(["Sarah", "Hugo"])
    moves = []
    for box in ("ones", "twos", "threes", "fours"):
        moves += [("Sarah", "free", box, count(3)), ("Hugo", "free", box, CROSS)]
    play(game, *moves)
    SHOTS.mkdir(parents=True, exist_ok=True)

    for scheme in ("light", "dark"):
        phone.emulate_media(color_scheme=scheme)
        phone.set_viewport_size({"width": 390, "height": 844})

        phone.goto(live_server.url + watch_url(game))
        phone.locator("button.player-name", has_text="Hugo").click()
        pop = phone.locator(".player-pop:popover-open")
        expect(pop).to_be_visible()
        expect(pop).to_contain_text("Au mieux 272 points")
        expect(pop).to_contain_text("Bonus : hors d'atteinte")
        expect(pop).to_contain_text("Peut encore passer devant Sarah")
        phone.screenshot(path=str(SHOTS / f"outlook-watch-{scheme}.png"))
        assert_accessible(phone, MAIN_FLOW)

        phone.goto(live_server.url + host_url(token))
        phone.locator("a.player-name", has_text="Sarah").click()
        dialog = phone.locator("dialog[open] [data-kind=rename]")
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text("Bonus : il faut 33 points en Cinq et Six")
        expect(dialog).to_contain_text("En tête")
        phone.screenshot(path=str(SHOTS / f"outlook-host-{scheme}.png"))
        assert_accessible(phone, MAIN_FLOW)

        # The big screen, on a television's width.
        phone.set_viewport_size({"width": 1280, "height": 720})
        phone.goto(live_server.url + watch_url(game) + "?tv=1")
        standings = phone.locator(".standings")
        expect(standings).to_contain_text("Peut encore passer devant Sarah")
        phone.screenshot(path=str(SHOTS / f"outlook-tv-{scheme}.png"))
        assert_accessible(phone, MAIN_FLOW)
