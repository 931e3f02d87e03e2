"""A belote game in real phones at 390×844: created from the home page with a
team's name, three deals by taps with the calculation (dedans, litige) said
before Valider, an undo, the two-column team sheet, a watcher following live,
the end screen on the winning team; axe finds nothing on the way."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.axe import assert_accessible
from tests.helpers import watch_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")
ALL = ("minor", "moderate", "serious", "critical")
TABLE = ["Léa", "Tom", "Max", "Zoé"]


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"belote-{name}.png"))


def version(page):
    return int(page.locator("#sheet").get_attribute("data-version"))


def open_deal(page):
    page.locator("a.new-round").click()
    dialog = page.locator("dialog[open] [data-kind=round]")
    expect(dialog).to_be_visible()
    return dialog


def tap(dialog, group, label):
    fieldset = dialog.locator("fieldset", has_text=group)
    choice = fieldset.locator("label.choice", has_text=label).first
    choice.click()
    expect(choice.locator("input")).to_be_checked()


def type_points(page, dialog, points):
    """Types the taking team's card points and waits for their calculation:
    the dialog's foot grows when it arrives, and a tap made while it grows
    would land on the calculation instead of the next button."""
    dialog.get_by_label("Points de cartes de l'équipe qui prend").fill(str(points))
    expect(page.locator("#round-preview")).to_contain_text(f"{points} points de cartes")


def validate(page, calc):
    expect(page.locator("#round-preview")).to_contain_text(calc)
    before = version(page)
    page.locator("dialog[open]").get_by_role("button", name="Valider").click()
    expect(page.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    expect(page.locator("dialog#dialog")).not_to_have_attribute("open", "")


def deal(page, team, points, calc, belote=None):
    dialog = open_deal(page)
    tap(dialog, "Qui prend ?", team)
    type_points(page, dialog, points)
    if belote:
        tap(dialog, "Belote-rebelote", belote)
    validate(page, calc)


def test_a_belote_game_in_phones(live_server, new_phone):
    host = new_phone()
    host.goto(live_server.url + "/")
    host.locator("label.kind-tile:has(input[value=belote])").click()
    expect(host.locator("[data-kind-help=belote]")).to_contain_text(
        "l'équipe 1, ce sont les joueurs 1 et 3"
    )
    names = host.locator("input[name=names]")
    for index, name in enumerate(TABLE):
        names.nth(index).fill(name)
    teams = host.locator("[data-kind-section=belote].kind-teams")
    teams.get_by_label("Nom de l'équipe 2").fill("Les Bleus")
    teams.scroll_into_view_if_needed()
    shot(host, "create")
    host.locator("summary", has_text="Options").click()
    host.locator("[data-kind-section=belote]").get_by_label("Total à atteindre").fill(
        "300"
    )
    host.get_by_role("button", name="Commencer la partie").click()
    expect(host.locator("#sheet.teams-sheet")).to_be_visible()
    game = Game.objects.get()
    assert game.kind == "belote" and game.options["target"] == 300

    watcher = new_phone()
    watcher.goto(live_server.url + watch_url(game))
    expect(host.locator(".turn-name")).to_have_text("Donne 1 : Léa distribue")
    heads = host.locator("thead th.team-head")
    expect(heads).to_have_count(2)
    expect(heads.nth(0)).to_contain_text("Léa & Max")
    expect(heads.nth(1)).to_contain_text("Les Bleus")
    expect(watcher.locator("thead th.team-head").nth(1)).to_contain_text("Tom · Zoé")

    # The dialog opens on its buttons: no keyboard over them, nothing chosen
    # that could mis-score a deal silently.
    dialog = open_deal(host)
    focused = host.evaluate("document.activeElement.getAttribute('type')")
    assert focused not in ("text", "number")
    expect(dialog.locator("input[name=team]:checked")).to_have_count(0)
    expect(dialog.locator("input[name=capot][value='']")).to_be_checked()
    tap(dialog, "Qui prend ?", "Léa & Max")
    type_points(host, dialog, 88)
    tap(dialog, "Belote-rebelote", "Les Bleus")
    expect(host.locator("#round-preview")).to_contain_text(
        "Léa & Max : 88 points contre 94, dedans."
    )
    row = host.locator("#round-preview tbody tr", has_text="Les Bleus")
    expect(row.locator("td").last).to_have_text("0 → 182")
    expect(host.get_by_role("button", name="Valider")).to_be_in_viewport()
    shot(host, "dialog")
    assert_accessible(host, ALL)
    validate(host, "dedans")

    deal(host, "Les Bleus", 81, "litige")
    expect(watcher.locator(".turn-meta")).to_contain_text(
        "81 points de litige en réserve"
    )
    deal(host, "Léa & Max", 120, "la prise est faite")
    expect(watcher.locator(".turn-name")).to_have_text("Donne 4 : Zoé distribue")
    expect(watcher.locator("tbody tr.row-round")).to_have_count(3)
    shot(host, "sheet")
    assert_accessible(watcher, ALL)

    host.wait_for_timeout(500)
    host.locator(".actionbar").get_by_role(
        "link", name="Annuler la dernière donne"
    ).click()
    undo = host.locator("dialog[open] [data-kind=undo]")
    before = version(host)
    undo.get_by_role("button", name="Oui, annuler cette donne").click()
    expect(host.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    expect(watcher.locator(".turn-name")).to_have_text("Donne 3 : Max distribue")

    # Les Bleus make 130 + 20 and win the 81 of the litige: 413 against 113.
    deal(host, "Les Bleus", 130, "la prise est faite", belote="Les Bleus")
    expect(host.locator("#podium .winner")).to_have_text("Victoire : Les Bleus !")
    expect(watcher.locator("#podium .winner")).to_have_text("Victoire : Les Bleus !")
    expect(host.locator("#podium .ranking li")).to_have_count(2)
    shot(host, "end")
    assert_accessible(host, ALL)
