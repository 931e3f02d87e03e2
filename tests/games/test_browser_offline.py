"""A dropped connection at the table loses nothing: a box tapped offline says so,
the dialog still shows the calculation, and an entry validated offline waits in
the phone, through a closed dialog and a reload, to be sent once."""

import pytest
from playwright.sync_api import expect

from games.models import Entry
from tests.factories import make_game
from tests.games.browser import box_link, cut_network, pick_value, restore_network
from tests.games.helpers import player
from tests.helpers import host_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SW_READY = "async () => (await navigator.serviceWorker.ready).active.scriptURL"


def test_a_box_tapped_offline_says_so_and_opens_when_the_network_is_back(
    live_server, phone
):
    game, token = make_game(["Sarah", "Hugo"])
    phone.goto(live_server.url + host_url(token))
    phone.context.set_offline(True)
    box_link(phone, player(game, "Sarah").pk, "sixes").click()
    expect(phone.get_by_role("status").filter(has_text="Pas de réseau")).to_be_visible()
    phone.screenshot(path="/tmp/shots-15a/offline-box-tap.png")
    phone.context.set_offline(False)
    expect(phone.locator("dialog[open] [data-kind=entry]")).to_be_visible()


def test_offline_the_dialog_still_shows_the_calculation(live_server, phone):
    game, token = make_game(["Sarah", "Hugo"])
    phone.goto(live_server.url + host_url(token))
    box_link(phone, player(game, "Sarah").pk, "sixes").click()
    expect(phone.locator("dialog[open] [data-kind=entry]")).to_be_visible()
    phone.context.set_offline(True)
    pick_value(phone, 4)
    expect(phone.locator("#preview .calc")).to_contain_text("24")
    pick_value(phone, "x")
    expect(phone.locator("#preview .calc")).to_be_visible()
    pick_value(phone, 2)
    expect(phone.locator("#preview .calc")).to_contain_text("12")
    phone.screenshot(path="/tmp/shots-15a/offline-preview.png")


def test_an_entry_validated_offline_survives_a_closed_dialog_and_a_reload(link, phone):
    game, token = make_game(["Sarah", "Hugo"])
    page_url = link.url + host_url(token)
    phone.goto(link.url + "/")  # the app's start page installs the worker
    phone.evaluate(SW_READY)
    phone.goto(page_url)  # under the service worker: a reload offline shows its page
    sent = []
    phone.on(
        "requestfinished",
        lambda r: sent.append(r.url) if r.url.endswith("/record/") else None,
    )

    box_link(phone, player(game, "Sarah").pk, "sixes").click()
    expect(phone.locator("dialog[open] [data-kind=entry]")).to_be_visible()
    cut_network(phone, link)
    pick_value(phone, 4)
    phone.get_by_role("button", name="Valider").click()
    expect(phone.locator("[data-net-status]")).to_contain_text("Connexion perdue")
    phone.locator("dialog[open] .dialog-close").click()
    waiting = phone.locator(".outbox-note")
    expect(waiting).to_contain_text("En attente du réseau : Sarah · Six")
    phone.screenshot(path="/tmp/shots-15a/offline-waiting.png")

    phone.reload()
    expect(phone.get_by_role("heading", name="Pas de réseau")).to_be_visible()
    assert Entry.objects.count() == 0

    restore_network(phone, link)
    phone.goto(page_url)
    expect(box_link(phone, player(game, "Sarah").pk, "sixes")).to_have_count(0)
    expect(phone.locator(".turn-banner")).to_contain_text("À Hugo de jouer")
    expect(waiting).to_be_hidden()
    phone.reload()
    expect(phone.locator(".turn-banner")).to_contain_text("À Hugo de jouer")
    entry = Entry.objects.get()
    assert (entry.box, entry.points) == ("sixes", 24)
    assert phone.evaluate("localStorage.getItem('scorekeeper-outbox')") == "[]"
    assert len(sent) == 1
