"""A server that answers "not now" (503, 502) loses nothing either: the phone keeps
the write, says so discreetly, sends the same request again by itself (after the
server's Retry-After, else after growing pauses), and the entry is recorded once
when the server is back. The host taps Valider once and nothing else.

The server's unavailability is played by the browser's router, in front of the
real server: the first tries get the answer, the next one goes through."""

import time

import pytest
from django.test import RequestFactory
from playwright.sync_api import expect

from games.models import Entry
from scorekeeper.middleware import unavailable_response
from tests.factories import make_game
from tests.games.browser import box_link, pick_value
from tests.games.helpers import player
from tests.helpers import host_url
from tests.live.browser import cell_text, shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SERVER_AWAY = "Le serveur ne répond pas pour l'instant"
WAITING = "En attente du réseau : Sarah · Six"
# What a proxy in front of a server that is down answers: no words for the table.
BAD_GATEWAY = "<html><body><h1>502 Bad Gateway</h1></body></html>"


def the_503_fragment():
    """The server's own htmx answer when its database is away."""
    request = RequestFactory().post("/", headers={"HX-Request": "true"})
    return unavailable_response(request, "database").content.decode()


def answer_first(page, times, status, headers, body):
    """Answers the first `times` score entries with `status`, lets the next ones
    through to the server; returns the list of when each one was sent."""
    tries = []

    def answer(route):
        tries.append(time.monotonic())
        if len(tries) <= times:
            route.fulfill(
                status=status,
                headers={"Cache-Control": "no-store", **headers},
                content_type="text/html; charset=utf-8",
                body=body,
            )
        else:
            route.continue_()

    page.route("**/record/", answer)
    return tries


def validate_sixes(phone, game):
    box_link(phone, player(game, "Sarah").pk, "sixes").click()
    expect(phone.locator("dialog[open] [data-kind=entry]")).to_be_visible()
    pick_value(phone, 4)
    phone.get_by_role("button", name="Valider").click()


def expect_recorded_once(phone, game, tries, expected_tries):
    expect(box_link(phone, player(game, "Sarah").pk, "sixes")).to_have_count(
        0, timeout=20_000
    )
    expect(phone.locator(".turn-banner")).to_contain_text("À Hugo de jouer")
    assert cell_text(phone, "sixes", 0) == "24"
    expect(phone.locator(".outbox-note")).to_be_hidden()
    expect(phone.locator("[data-net-status]")).to_have_count(0)
    assert phone.evaluate("localStorage.getItem('scorekeeper-outbox')") == "[]"
    entry = Entry.objects.get()
    assert (entry.box, entry.points) == ("sixes", 24)
    assert len(tries) == expected_tries
    return [b - a for a, b in zip(tries, tries[1:], strict=False)]


def test_an_entry_answered_503_is_sent_again_after_retry_after_and_recorded_once(
    live_server, phone
):
    game, token = make_game(["Sarah", "Hugo"])
    phone.goto(live_server.url + host_url(token))
    tries = answer_first(phone, 3, 503, {"Retry-After": "1"}, the_503_fragment())

    validate_sixes(phone, game)
    # The server's words, in the dialog still open on the entry; the page's note.
    expect(phone.locator("dialog[open] [data-net-status]")).to_contain_text(SERVER_AWAY)
    expect(phone.locator(".outbox-note")).to_contain_text(WAITING)
    # htmx swapped nothing: the dialog and its choice are still there.
    expect(phone.locator("dialog[open] input[name=value][value='4']")).to_be_checked()
    assert Entry.objects.count() == 0
    shoot(phone, "resend-503-waiting.png", full_page=False)

    gaps = expect_recorded_once(phone, game, tries, expected_tries=4)
    expect(phone.locator("dialog[open]")).to_have_count(0)
    # Each time after the second the server asked for, not the growing pauses
    # (1, 2, 4 s).
    assert all(0.9 <= gap < 2.5 for gap in gaps), gaps


def test_an_entry_answered_502_without_retry_after_goes_again_after_growing_pauses(
    live_server, phone
):
    game, token = make_game(["Sarah", "Hugo"])
    phone.goto(live_server.url + host_url(token))
    tries = answer_first(phone, 2, 502, {}, BAD_GATEWAY)

    validate_sixes(phone, game)
    expect(phone.locator("dialog[open] [data-net-status]")).to_contain_text(SERVER_AWAY)
    # The dialog closed meanwhile: the kept write goes again on its own.
    phone.locator("dialog[open] .dialog-close").click()
    expect(phone.locator(".outbox-note")).to_contain_text(WAITING)

    gaps = expect_recorded_once(phone, game, tries, expected_tries=3)
    assert 0.9 <= gaps[0] < 1.9, gaps
    assert gaps[1] >= 1.9 and gaps[1] > gaps[0] + 0.5, gaps
