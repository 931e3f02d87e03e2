"""The pencil in real browsers: passed to a second phone, which scores; taken back;
a plain form without JavaScript; and a write sent while the network is down."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Entry, Game
from tests.games.browser import (
    choose,
    create_game,
    cut_network,
    enter,
    restore_network,
    version,
)
from tests.live.browser import set_visibility

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"pencil-{name}.png"))


def test_the_host_passes_the_pencil_to_another_phone_and_takes_it_back(
    live_server, new_phone
):
    host = new_phone()
    create_game(host, live_server.url, ["Sarah", "Hugo"])
    game = Game.objects.get()
    ids = {p.name: p.pk for p in game.players.all()}
    enter(host, ids["Sarah"], "ones", {"kind": "count", "value": 3})

    host.get_by_label("À qui ?").fill("Léa")
    host.get_by_role("button", name="Passer le crayon").click()
    expect(host.locator(".pencil-strip")).to_contain_text("Le crayon est chez Léa")
    expect(host.locator("#pencil-title")).to_have_text("Le crayon est chez Léa")
    # One writer at a time: the host's boxes are no longer tappable.
    expect(host.locator("a.tap")).to_have_count(0)
    shot(host, "host-out")
    host.evaluate("window.scrollTo(0, 0)")
    shot(host, "host-out-top")
    link = host.locator("#share-pencil-url").get_attribute("href")
    assert link.startswith(live_server.url + "/c/")

    lea = new_phone()
    lea.goto(link)
    expect(lea.locator(".pencil-strip")).to_contain_text("Vous tenez le crayon")
    expect(lea.locator(".turn-banner")).to_contain_text("À Hugo de jouer")
    # Nothing but scoring: no renaming, no links to hand out.
    expect(lea.locator("a.player-name")).to_have_count(0)
    expect(lea.get_by_text("Inviter la table")).to_have_count(0)
    expect(lea.get_by_text("Passer le crayon")).to_have_count(0)
    enter(lea, ids["Hugo"], "ones", {"kind": "count", "value": 2})
    shot(lea, "pencil-page")
    # The host's page follows live.
    expect(host.locator(".turn-banner")).to_contain_text("À Sarah de jouer")

    # A second screen left open on the pencil page, and Léa's phone, put away
    # (hidden: no stream) so that the next thing she does is what meets the news.
    tablet = new_phone()
    tablet.goto(link)
    expect(tablet.locator(".pencil-strip")).to_be_visible()
    set_visibility(lea, "hidden")

    host.locator(".actionbar").get_by_role("button", name="Reprendre le crayon").click()
    expect(host.locator(".flash")).to_contain_text("Vous avez repris le crayon")
    expect(host.locator("a.tap").first).to_be_visible()

    # Léa's next action lands on the "repris" page.
    lea.locator(f"a.tap[href$='/box/{ids['Sarah']}/free/twos/']").click()
    expect(lea.get_by_role("heading", name="Le crayon a été repris")).to_be_visible()
    expect(lea.locator("form[action*='/c/']")).to_have_count(0)
    shot(lea, "gone")
    # The screen left open finds out by itself, from its stream.
    expect(tablet.get_by_role("heading", name="Le crayon a été repris")).to_be_visible()
    # And the host scores again.
    enter(host, ids["Sarah"], "twos", {"kind": "count", "value": 2})
    assert Entry.objects.filter(undone_at__isnull=True).count() == 3


def test_plain_forms_work_without_javascript(live_server, new_phone):
    # Same-origin referrers: a plain POST carries an Origin the CSRF check accepts.
    page = new_phone(javascript=False)
    page.goto(live_server.url + "/")
    names = page.locator("input[name=names]")
    names.nth(0).fill("Sarah")
    names.nth(1).fill("Hugo")
    page.get_by_role("button", name="Commencer la partie").click()
    game = Game.objects.get()
    sarah = game.players.get(name="Sarah").pk
    page.locator(f"a.tap[href$='/box/{sarah}/free/ones/']").click()
    page.locator("label.choice:has(input[name=value][value='3'])").click()
    page.get_by_role("button", name="Valider").click()
    expect(page.locator(".turn-banner")).to_contain_text("À Hugo de jouer")
    assert Entry.objects.get().points == 3

    page.get_by_label("À qui ?").fill("Léa")
    page.get_by_role("button", name="Passer le crayon").click()
    expect(page.locator(".pencil-strip")).to_contain_text("Le crayon est chez Léa")
    page.locator(".actionbar").get_by_role("button", name="Reprendre le crayon").click()
    expect(page.locator(".flash")).to_contain_text("Vous avez repris le crayon")
    assert not Game.objects.get().pencil_out


def test_a_write_sent_offline_waits_and_goes_once_the_network_is_back(link, phone):
    create_game(phone, link.url, ["Sarah", "Hugo"])
    game = Game.objects.get()
    sarah = game.players.get(name="Sarah").pk
    before = version(phone)
    choose(phone, sarah, "fours", {"kind": "count", "value": 3})

    cut_network(phone, link)
    phone.get_by_role("button", name="Valider").click()
    note = phone.locator("dialog[open] .net-status")
    expect(note).to_have_text("Connexion perdue — nouvel essai dès le retour du réseau")
    # What was entered stays, and nothing was recorded.
    expect(phone.locator("dialog[open] input[name=value][value='3']")).to_be_checked()
    assert not Entry.objects.exists()
    shot(phone, "offline")

    restore_network(phone, link)
    expect(phone.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    expect(phone.locator("dialog#dialog")).not_to_have_attribute("open", "")
    expect(phone.locator(".net-status")).to_have_count(0)
    assert Entry.objects.get().points == 12


def test_a_lost_answer_is_retried_without_counting_twice(live_server, phone):
    create_game(phone, live_server.url, ["Sarah", "Hugo"])
    game = Game.objects.get()
    sarah = game.players.get(name="Sarah").pk
    before = version(phone)
    choose(phone, sarah, "fives", {"kind": "count", "value": 2})

    lost = []

    def lose_the_answer(route):
        # The server records the entry; the phone never hears back.
        route.fetch()
        lost.append(route.request.url)
        route.abort("connectionreset")

    phone.route("**/record/", lose_the_answer, times=1)
    phone.get_by_role("button", name="Valider").click()
    expect(phone.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    expect(phone.locator("dialog#dialog")).not_to_have_attribute("open", "")
    assert len(lost) == 1
    assert Entry.objects.count() == 1
    game.refresh_from_db()
    assert game.version == before + 1
    assert game.state().seats[0].total == 10
