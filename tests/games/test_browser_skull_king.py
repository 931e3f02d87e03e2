"""Skull King in phones at 390×844: four players, three rounds entered by taps
(one bid and one trick count each, a bonus in its fold), the calculation before
Valider, undo, a watcher following live; and a short game created from the home
page with one round, to its end screen. Axe finds nothing on the way."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.axe import assert_accessible
from tests.factories import make_round_game
from tests.helpers import host_url, watch_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")
ALL = ("minor", "moderate", "serious", "critical")
FOUR = ["Léa", "Tom", "Zoé", "Max"]


TO_THE_END = """() => {
  const dialog = document.querySelector("dialog[open]");
  for (const box of [dialog, ...dialog.querySelectorAll("*")]) {
    if (box.scrollHeight > box.clientHeight + 1) box.scrollTop = box.scrollHeight;
  }
}"""


def shot(page, name, full_page=False):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"skull-king-{name}.png"), full_page=full_page)


def version(page):
    return int(page.locator("#sheet").get_attribute("data-version"))


def open_round(page):
    page.locator("a.new-round").click()
    dialog = page.locator("dialog[open] [data-kind=round]")
    expect(dialog).to_be_visible()
    return dialog


def player(dialog, name):
    return dialog.locator(
        "fieldset.sk-player", has=dialog.page.locator("legend.sk-name", has_text=name)
    )


def tap(group, label, value):
    """Taps `value` on the row of buttons `label` ("Mise", "Plis") of `group`."""
    row = group.locator(
        "fieldset.sk-steps", has=group.page.locator("legend", has_text=label)
    )
    row.locator("label.sk-chip", has_text=str(value)).first.click()


def enter(dialog, rows, bonuses=None):
    """`rows` {name: (bid, tricks)}; `bonuses` {name: {label: value}}."""
    for name, (bid, tricks) in rows.items():
        block = player(dialog, name)
        tap(block, "Mise", bid)
        tap(block, "Plis", tricks)
    for name, given in (bonuses or {}).items():
        block = player(dialog, name)
        block.locator("summary", has_text="Bonus").click()
        for label, value in given.items():
            if value is True:
                block.get_by_label(label).check()
            else:
                tap(block, label, value)


def validate(page, calc=None):
    if calc:
        expect(page.locator("#round-preview")).to_contain_text(calc)
    before = version(page)
    page.locator("dialog[open]").get_by_role("button", name="Valider").click()
    expect(page.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    expect(page.locator("dialog#dialog")).not_to_have_attribute("open", "")


def test_a_skull_king_night_at_four_in_phones(live_server, new_phone):
    game, token = make_round_game("skull_king", FOUR, options={"rounds": 10})
    host, watcher = new_phone(), new_phone()
    host.goto(live_server.url + host_url(token))
    watcher.goto(live_server.url + watch_url(game))
    expect(host.locator(".turn-name")).to_have_text("Manche 1 : Léa distribue")

    dialog = open_round(host)
    focused = host.evaluate("document.activeElement.getAttribute('type')")
    assert focused not in ("text", "number"), "no keyboard over the buttons"
    expect(dialog).to_contain_text("1 carte chacun")
    enter(dialog, {"Léa": (1, 1), "Tom": (0, 0), "Zoé": (1, 0), "Max": (0, 0)})
    validate(host, "Zoé : mise 1, plis 0 : manquée de 1, −10 × 1 = −10.")
    expect(watcher.locator(".turn-name")).to_have_text("Manche 2 : Tom distribue")

    dialog = open_round(host)
    enter(dialog, {"Léa": (1, 1), "Tom": (1, 1), "Zoé": (0, 0), "Max": (0, 0)})
    validate(host, "Tom : +20 pour la manche.")

    dialog = open_round(host)
    enter(
        dialog,
        {"Léa": (2, 2), "Tom": (1, 0), "Zoé": (0, 1), "Max": (0, 0)},
        bonuses={"Léa": {"14 noir": True, "14 de couleur": 1}},
    )
    preview = host.locator("#round-preview")
    expect(preview).to_contain_text("Léa, bonus 14 noir × 1 : +20.")
    expect(preview).to_contain_text("Léa : +70 pour la manche.")
    expect(preview).to_contain_text("Zoé : mise zéro, plis 1 : manquée, −10 × 3")
    expect(host.get_by_role("button", name="Valider")).to_be_in_viewport()
    shot(host, "dialog")
    dialog.locator("#round-preview").scroll_into_view_if_needed()
    shot(host, "dialog-preview")
    # Scrolled to its end, as a host does to reach the last player: the sticky
    # footer then covers nothing (above, it covers what the thumb scrolls to).
    host.evaluate(TO_THE_END)
    assert_accessible(host, ALL)
    validate(host)
    expect(watcher.locator(".turn-name")).to_have_text("Manche 4 : Max distribue")
    expect(watcher.locator("#sheet")).to_contain_text("2/2")
    shot(watcher, "watch")
    shot(host, "sheet")
    assert_accessible(watcher, ALL)

    host.wait_for_timeout(500)  # past the taps scoring.js drops after Valider
    host.locator(".actionbar").get_by_role(
        "link", name="Annuler la dernière manche"
    ).click()
    undo = host.locator("dialog[open] [data-kind=undo]")
    expect(undo).to_contain_text("Manche 3")
    before = version(host)
    undo.get_by_role("button", name="Oui, annuler cette manche").click()
    expect(host.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    expect(watcher.locator(".turn-name")).to_have_text("Manche 3 : Zoé distribue")
    game.refresh_from_db()
    assert game.rounds.filter(undone_at__isnull=True).count() == 2


def test_a_short_game_created_on_the_home_page_reaches_its_end(live_server, new_phone):
    phone = new_phone()
    phone.goto(live_server.url + "/")
    phone.locator("label.kind-tile", has_text="Skull King").click()
    inputs = phone.locator("input[name=names]")
    for index, name in enumerate(["Léa", "Tom"]):
        inputs.nth(index).fill(name)
    phone.locator("summary", has_text="Options").click()
    section = phone.locator("[data-kind-section=skull_king]")
    section.get_by_label("Nombre de manches").fill("1")
    assert_accessible(phone)
    phone.get_by_role("button", name="Commencer la partie").click()
    expect(phone.locator("#sheet.rounds-sheet.kind-skull_king")).to_be_visible()

    dialog = open_round(phone)
    # A short game: the cards are asked, the round's number chosen.
    cards = dialog.locator("fieldset.sk-steps", has_text="Cartes distribuées")
    expect(cards.locator("input[value='1']")).to_be_checked()
    cards.locator("label.sk-chip", has_text="3").first.click()
    enter(dialog, {"Léa": (2, 2), "Tom": (1, 1)})
    validate(phone, "termine la partie")

    expect(phone.locator("#podium .winner")).to_have_text("Léa gagne !")
    shot(phone, "end")
    assert_accessible(phone)
    game = Game.objects.get()
    assert game.kind == "skull_king" and game.finished_at is not None
