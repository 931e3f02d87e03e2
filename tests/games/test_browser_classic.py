"""Sarah and Hugo's classic game of RULES.md, played through the UI on a phone."""

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.factories import classic_moves
from tests.games.browser import create_game, enter, version

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_sarah_and_hugo_play_a_whole_classic_game(live_server, phone):
    create_game(phone, live_server.url, ["Sarah", "Hugo"])
    game = Game.objects.get()
    ids = {p.name: p.pk for p in game.players.all()}
    expect(phone.locator(".turn-banner")).to_contain_text("À Sarah de jouer")

    # A slip, undone from the short "Annuler" offer, then entered again.
    enter(phone, ids["Sarah"], "ones", {"kind": "count", "value": 2})
    before = version(phone)
    # A person reads the offer first: a tap right after Valider is taken for
    # the second half of a double tap and ignored (see the entering tests).
    phone.wait_for_timeout(500)
    phone.locator("#toast").get_by_role("button", name="Annuler").click()
    expect(phone.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    expect(phone.locator(".turn-banner")).to_contain_text("À Sarah de jouer")

    calculations = {
        ("Sarah", "fours"): "3 × 4 = 12",
        ("Hugo", "three_kind"): "Brelan de 6 : 3 × 6 = 18",
        ("Sarah", "chance"): "Total des dés : 20",
    }
    for name, column, box, entry in classic_moves():
        expect(phone.locator(".turn-banner")).to_contain_text(f"À {name} de jouer")
        enter(
            phone,
            ids[name],
            box,
            entry,
            column,
            expect_calc=calculations.get((name, box)),
        )

    expect(phone.locator(".winner")).to_have_text("Sarah gagne !")
    ranking = phone.locator(".ranking summary")
    expect(ranking.nth(0)).to_contain_text("Sarah")
    expect(ranking.nth(0)).to_contain_text("250")
    expect(ranking.nth(1)).to_contain_text("Hugo")
    expect(ranking.nth(1)).to_contain_text("218")
    # Each sheet's detail is one tap away.
    ranking.nth(1).click()
    expect(phone.locator(".ranking details[open]")).to_contain_text("Feuille de Hugo")
    assert [s.total for s in game.state().seats] == [250, 218]


def test_undo_from_the_action_bar_asks_first(live_server, phone):
    create_game(phone, live_server.url, ["Sarah", "Hugo"])
    game = Game.objects.get()
    sarah = game.players.get(name="Sarah").pk
    enter(phone, sarah, "yams", {"kind": "made"})
    phone.get_by_role("link", name="Annuler la dernière case").click()
    confirm = phone.locator("dialog[open] [data-kind=undo]")
    expect(confirm).to_contain_text("Sarah · Yams : 50")
    phone.get_by_role("button", name="Oui, vider cette case").click()
    expect(phone.locator("#notice")).to_contain_text("Annulé : Sarah, Yams (50).")
    expect(phone.locator(".turn-banner")).to_contain_text("À Sarah de jouer")
    assert not game.entries.filter(undone_at__isnull=True).exists()


def test_a_refused_entry_keeps_the_dialog_open_with_the_engine_message(
    live_server, phone
):
    create_game(phone, live_server.url, ["Ana"], "six_dice")
    ana = Game.objects.get().players.get().pk
    phone.locator(f"a.tap[href$='/box/{ana}/free/two_pairs/']").click()
    form = phone.locator("dialog[open] .entry-form")
    form.locator("label.choice:has(input[name=face_0][value='4'])").click()
    form.locator("label.choice:has(input[name=face_1][value='4'])").click()
    expect(phone.locator("#preview")).to_contain_text("faces différentes")
    phone.get_by_role("button", name="Valider").click()
    expect(phone.locator("dialog[open] .errorlist")).to_contain_text(
        "faces différentes"
    )
    assert not Game.objects.get().entries.exists()


def test_renaming_a_player_from_the_sheet(live_server, phone):
    create_game(phone, live_server.url, ["Sarah", "Hugo"])
    phone.get_by_role("link", name="Renommer Hugo").click()
    field = phone.locator("dialog[open] input[name=name]")
    expect(field).to_have_value("Hugo")
    field.fill("Hugues")
    phone.get_by_role("button", name="Renommer").click()
    expect(phone.locator("#notice")).to_contain_text(
        "Hugo s'appelle maintenant Hugues."
    )
    expect(phone.locator("th.player").nth(1)).to_contain_text("Hugues")
