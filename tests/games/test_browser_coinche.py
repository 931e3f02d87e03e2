"""A coinche game in real phones at 390×844, played by taps: created from the
home page for a short game, the partners changed on the game page before the
first deal, a deal made, one coinché that falls, one with belote-rebelote, each
calculation read before Valider and the two team columns after; an undo, a
watcher following live, the end on a capot with the winning team big; axe
finds nothing on the way."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.axe import assert_accessible
from tests.factories import make_round_game, play_rounds
from tests.games.test_browser_belote import open_deal, validate, version
from tests.helpers import host_url, watch_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")
ALL = ("minor", "moderate", "serious", "critical")
TABLE = ["Léa", "Tom", "Max", "Zoé"]


def shot(page, name, full_page=False):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"coinche-{name}.png"), full_page=full_page)


def tap(dialog, name, value):
    """Taps the button of the dialog's `name` group that stands for `value`."""
    choice = dialog.locator(f"label.choice:has(input[name={name}][value='{value}'])")
    choice.click()
    expect(choice.locator("input")).to_be_checked()


def fill_deal(page, team, contract, trump, points=None, **taps):
    """Opens the deal dialog and taps a deal in: the team that took the
    contract (by its name on the button), the contract, the trump, the card
    points, then `taps` (coinche, belote, capot: their buttons' values)."""
    dialog = open_deal(page)
    dialog.locator("fieldset.kind-team label.choice", has_text=team).click()
    tap(dialog, "contract", contract)
    tap(dialog, "trump", trump)
    if points is not None:
        dialog.get_by_label("Points de cartes de l'équipe du contrat").fill(str(points))
        # The dialog's foot grows when the calculation arrives: a tap made
        # while it grows would land on the calculation, not on the button.
        expect(page.locator("#round-preview")).to_contain_text(str(points))
    for name, value in taps.items():
        tap(dialog, name, value)
    return dialog


def expect_totals(page, first, second):
    heads = page.locator("thead th.team-head")
    expect(heads.nth(0).locator(".player-total")).to_have_text(first)
    expect(heads.nth(1).locator(".player-total")).to_have_text(second)


def preview_row(page, team):
    return page.locator("#round-preview tbody tr", has_text=team).locator("td").last


def test_a_coinche_game_played_by_taps(live_server, new_phone):
    host = new_phone()
    host.goto(live_server.url + "/")
    host.locator("label.kind-tile:has(input[value=coinche])").click()
    names = host.locator("input[name=names]")
    for index, name in enumerate(TABLE):
        names.nth(index).fill(name)
    host.locator("summary", has_text="Options").click()
    host.locator("[data-kind-section=coinche]").get_by_label("Total à atteindre").fill(
        "1000"
    )
    host.get_by_role("button", name="Commencer la partie").click()
    expect(host.locator("#sheet.teams-sheet")).to_be_visible()
    game = Game.objects.get()
    assert game.kind == "coinche" and game.options["target"] == 1000

    watcher = new_phone()
    watcher.goto(live_server.url + watch_url(game))
    heads = host.locator("thead th.team-head")
    expect(heads.nth(0)).to_contain_text("Léa & Max")
    expect(watcher.locator("thead th.team-head").nth(1)).to_contain_text("Tom · Zoé")

    # Léa wants Tom as partner: the seating card, before the first deal, moves
    # Tom down a seat; the sheet and the watcher's follow at once.
    card = host.locator("#seating .seating-card")
    expect(card).to_contain_text("Changer les places")
    expect(card.locator(".seat-row").nth(1)).to_contain_text("Tom")
    expect(card.locator(".seat-row").nth(1)).to_contain_text("Équipe 2")
    card.scroll_into_view_if_needed()
    shot(host, "seating")
    assert_accessible(host, ALL)
    before = version(host)
    card.get_by_role("button", name="Descendre Tom d'une place").click()
    expect(host.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    expect(host.locator("#notice")).to_contain_text(
        "Nouvelles places : 1. Léa, 2. Max, 3. Tom, 4. Zoé."
    )
    expect(card.locator(".seat-row").nth(2)).to_contain_text("Tom")
    expect(card.locator(".seat-row").nth(2)).to_contain_text("Équipe 1")
    expect(heads.nth(0)).to_contain_text("Léa & Tom")
    expect(heads.nth(1)).to_contain_text("Max & Zoé")
    expect(watcher.locator("thead th.team-head").nth(0)).to_contain_text("Léa · Tom")
    shot(host, "reseated", full_page=True)

    # Deal 1: Léa & Tom bid 110 ♥ and make 113.
    dialog = fill_deal(host, "Léa & Tom", "110", "coeur", 113)
    expect(host.locator("#round-preview")).to_contain_text(
        "Contrat fait : 110 + 113 = 223 pour Léa & Tom"
    )
    expect(preview_row(host, "Léa & Tom")).to_have_text("0 → 223")
    expect(preview_row(host, "Max & Zoé")).to_have_text("0 → 49")
    expect(dialog.get_by_role("button", name="Valider")).to_be_visible()
    shot(host, "dialog")
    assert_accessible(host, ALL)
    validate(host, "contrat fait")
    expect(card).to_have_count(0)  # the seating is set once a deal is in
    expect_totals(host, "223", "49")
    expect_totals(watcher, "223", "49")

    # Deal 2: Max & Zoé bid 100 ♠, coinché, and make only 70: chute, the
    # defence takes (162 + 100) × 2.
    fill_deal(host, "Max & Zoé", "100", "pique", 70, coinche="coinche")
    expect(host.locator("#round-preview")).to_contain_text("chute")
    expect(host.locator("#round-preview")).to_contain_text(
        "(162 + 100) × 2 = 524 pour Léa & Tom"
    )
    expect(preview_row(host, "Léa & Tom")).to_have_text("223 → 747")
    shot(host, "dialog-coinche")
    validate(host, "chute")
    expect_totals(host, "747", "49")

    # Deal 3: Max & Zoé bid 120 ♣ and make 130 with belote-rebelote.
    fill_deal(host, "Max & Zoé", "120", "trefle", 130, belote="2")
    expect(host.locator("#round-preview")).to_contain_text(
        "Belote-rebelote pour Max & Zoé : +20"
    )
    expect(host.locator("#round-preview")).to_contain_text(
        "Contrat fait : 120 + 150 = 270 pour Max & Zoé"
    )
    validate(host, "contrat fait")
    expect_totals(host, "779", "319")
    expect_totals(watcher, "779", "319")
    expect(watcher.locator("tbody tr.row-round")).to_have_count(3)
    shot(host, "sheet")
    assert_accessible(watcher, ALL)

    # The last deal taken back: the watcher's sheet goes back with it.
    host.wait_for_timeout(500)
    host.locator(".actionbar").get_by_role(
        "link", name="Annuler la dernière donne"
    ).click()
    undo = host.locator("dialog[open] [data-kind=undo]")
    before = version(host)
    undo.get_by_role("button", name="Oui, annuler cette donne").click()
    expect(host.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    expect_totals(watcher, "747", "49")
    expect(watcher.locator("tbody tr.row-round")).to_have_count(2)

    # A capot with belote-rebelote by Léa & Tom: 80 + 270, past 1000.
    fill_deal(host, "Léa & Tom", "80", "carreau", capot="1", belote="1")
    expect(host.locator("#round-preview")).to_contain_text("Capot pour Léa & Tom")
    expect(preview_row(host, "Léa & Tom")).to_have_text("747 → 1097")
    validate(host, "contrat fait")
    winner = host.locator("#podium .winner")
    expect(winner).to_have_text("Victoire : Léa & Tom !")
    expect(watcher.locator("#podium .winner")).to_have_text("Victoire : Léa & Tom !")
    expect(host.locator("#podium .ranking li")).to_have_count(2)
    size = winner.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 28
    shot(host, "end")
    shot(watcher, "watcher-end")
    assert_accessible(host, ALL)
    assert_accessible(watcher, ALL)


def test_the_seating_changes_without_javascript(live_server, new_phone):
    game, token = make_round_game("coinche", TABLE)
    host = new_phone(javascript=False)
    host.goto(live_server.url + host_url(token))
    card = host.locator("#seating .seating-card")
    card.get_by_role("button", name="Monter Zoé d'une place").click()
    # A plain post, then the page again, scrolled to the card.
    expect(host.locator("body")).to_contain_text(
        "Nouvelles places : 1. Léa, 2. Tom, 3. Zoé, 4. Max."
    )
    assert host.url.endswith("/#seating")
    expect(card.locator(".seat-row").nth(2)).to_contain_text("Zoé")
    heads = host.locator("thead th.team-head")
    expect(heads.nth(0)).to_contain_text("Léa & Zoé")
    expect(heads.nth(1)).to_contain_text("Tom & Max")


TEAM_SHOTS = Path("/tmp/shots-team-sheet")


def team_shot(page, name, full_page=False):
    TEAM_SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(TEAM_SHOTS / f"coinche-{name}.png"), full_page=full_page)


def test_the_team_sheet_shows_the_members_faces_and_the_last_deal(
    live_server, new_phone
):
    game, token = make_round_game("coinche", TABLE, {"target": 1000})
    host = new_phone()
    host.goto(live_server.url + host_url(token))
    # Before the first deal: each member's face in the team heads, and the
    # host's offer to choose the colours.
    members = host.locator("thead th.team-head .team-member")
    expect(members).to_have_count(4)
    expect(members.locator(".face-dot")).to_have_count(4)
    expect(host.locator(".face-offer .face-dot")).to_have_count(4)
    expect(host.locator(".round-last")).to_have_count(0)
    team_shot(host, "before")
    assert_accessible(host, ALL)

    play_rounds(
        game,
        {
            "team": 2,
            "contract": "100",
            "trump": "pique",
            "points": 70,
            "coinche": "coinche",
        },
    )
    host.reload()
    line = host.locator("#sheet .round-last")
    expect(line).to_contain_text(
        "Donne 1 · 100 ♠ coinché pris par Tom & Zoé : chute, 524 pour Léa & Max"
    )
    # Two lines at most on a phone (its padding and border: 14 px).
    height = line.evaluate("e => e.getBoundingClientRect().height")
    size = line.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)")
    assert height <= 2 * size + 16
    expect(host.locator(".face-offer")).to_have_count(0)
    team_shot(host, "line")
    assert_accessible(host, ALL)

    # The big screen, a tablet on its side: the standings show the faces.
    tv = new_phone()
    tv.set_viewport_size({"width": 1180, "height": 820})
    tv.goto(live_server.url + watch_url(game) + "?tv=1")
    expect(tv.locator(".standings li").first.locator(".face-dot")).to_have_count(2)
    team_shot(tv, "tv")

    play_rounds(game, {"team": 1, "contract": "capot", "trump": "coeur", "capot": 1})
    watcher = new_phone()
    watcher.goto(live_server.url + watch_url(game))
    expect(watcher.locator("#podium .winner")).to_have_text("Victoire : Léa & Max !")
    first = watcher.locator("#podium .ranking li").first
    expect(first.locator(".face-dot")).to_have_count(2)
    expect(watcher.locator("#sheet .round-last")).to_contain_text(
        "Donne 2 · Capot ♥ pris par Léa & Max : fait"
    )
    team_shot(watcher, "end", full_page=True)
    assert_accessible(watcher, ALL)
