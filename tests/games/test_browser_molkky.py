"""A Mölkky game in real phones at 390×844: created on the create page with a
team as one player, played to exactly 50 on the throw pad (the calculation shown
before Valider), a throw undone, a watcher following live, the end screen; the
players' faces and the last throw in words on the sheet, with 2, 6 and 10
players; the pad and the sheet fit the phone; axe finds nothing serious on the
way."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.axe import assert_accessible
from tests.factories import make_round_game, play_rounds
from tests.helpers import host_url, watch_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"molkky-{name}.png"))


def version(page):
    return int(page.locator("#sheet").get_attribute("data-version"))


def open_pad(page):
    page.locator("a.new-round").click()
    dialog = page.locator("dialog[open] [data-kind=round]")
    expect(dialog).to_be_visible()
    return dialog


def throw(page, points, calc=None):
    """Opens the pad, taps the points ("Raté" for 0), waits for the calculation,
    then Valider."""
    dialog = open_pad(page)
    dialog.locator("label.pin", has=page.locator(f"input[value='{points}']")).click()
    if calc:
        expect(page.locator("#round-preview")).to_contain_text(calc)
    before = version(page)
    dialog.get_by_role("button", name="Valider").click()
    expect(page.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    expect(page.locator("dialog#dialog")).not_to_have_attribute("open", "")


def test_a_molkky_game_to_fifty_in_phones(live_server, new_phone):
    host = new_phone()
    host.goto(live_server.url + "/")
    host.locator("label.kind-tile", has_text="Mölkky").click()
    inputs = host.locator("input[name=names]")
    inputs.nth(0).fill("Léa & Max")
    inputs.nth(1).fill("Tom")
    host.locator("summary", has_text="Options").click()
    expect(host.locator("#id_molkky-target")).to_have_value("50")
    host.locator("[data-kind-section=molkky]").screenshot(
        path=str(SHOTS / "molkky-options.png")
    )
    assert_accessible(host)
    host.get_by_role("button", name="Commencer la partie").click()
    expect(host.locator("#sheet.molkky-sheet")).to_be_visible()
    expect(host.locator(".turn-name")).to_have_text("À Léa & Max de lancer")
    game = Game.objects.get()
    assert game.kind == "molkky"

    watcher = new_phone()
    watcher.goto(live_server.url + watch_url(game))

    dialog = open_pad(host)
    expect(dialog.locator(".dealer-line")).to_have_text("À Léa & Max de lancer")
    dialog.locator("label.pin", has=host.locator("input[value='12']")).click()
    expect(host.locator("#round-preview")).to_contain_text("Léa & Max : 0 + 12 = 12.")
    # The pad, its calculation and Valider on one screen, without scrolling.
    valider = dialog.get_by_role("button", name="Valider")
    box = valider.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844
    shot(host, "pad")
    assert_accessible(host)
    valider.click()
    expect(host.locator(".turn-name")).to_have_text("À Tom de lancer")
    expect(watcher.locator(".turn-name")).to_have_text("À Tom de lancer")

    throw(host, 0, calc="Tom : raté (1 de suite), reste à 0.")
    throw(host, 12)
    throw(host, 0, calc="Tom : raté, deux de suite : attention, un troisième")
    expect(host.locator("th.player.is-warned")).to_have_count(1)
    expect(watcher.locator("th.player.is-warned")).to_contain_text("✕✕")
    throw(host, 12)  # Léa & Max on 36
    throw(host, 5)  # Tom scores: his misses start again
    expect(host.locator("th.player.is-warned")).to_have_count(0)
    throw(host, 9)  # Léa & Max on 45

    # A wrong throw, taken back.
    host.wait_for_timeout(500)
    host.locator(".actionbar").get_by_role(
        "link", name="Annuler le dernier lancer"
    ).click()
    undo = host.locator("dialog[open] [data-kind=undo]")
    expect(undo).to_be_visible()
    before = version(host)
    undo.get_by_role("button", name="Oui, annuler ce lancer").click()
    expect(host.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    expect(host.locator(".turn-name")).to_have_text("À Léa & Max de lancer")
    expect(watcher.locator(".turn-name")).to_have_text("À Léa & Max de lancer")

    throw(host, 8)  # Léa & Max on 44
    throw(host, 1)
    expect(watcher.locator(".round-last")).to_contain_text("Tour 4 · Tom : 1 → 6")
    expect(watcher.locator("th.player > .face-dot")).to_have_count(2)
    shot(host, "sheet")
    shot(watcher, "watcher")
    assert_accessible(watcher)
    throw(host, 6, calc="Léa & Max : 44 + 6 = 50, pile le total : gagné !")

    expect(host.locator("#podium")).to_contain_text("Victoire : Léa & Max !")
    expect(watcher.locator("#podium")).to_contain_text("Victoire : Léa & Max !")
    shot(host, "end")
    assert_accessible(host)
    game.refresh_from_db()
    assert game.finished_at is not None


def test_twelve_players_scroll_the_sheet_alone_and_the_pad_works_without_js(
    live_server, new_phone
):
    names = ["Léa & Max", "Tom", "Zoé", "Ana", "Bruno", "Chloé"]
    names += ["Dan", "Eve", "Fred", "Gus", "Hana", "Inès"]
    game, token = make_round_game("molkky", names)
    # Tom misses twice (warned), Zoé three times (out); everyone else scores.
    first = [5, 3, 0, *range(1, 10)]
    second = [5, 0, 0, *range(1, 10)]
    play_rounds(game, *({"points": p} for p in first + second + [5, 0, 0]))

    watcher = new_phone()
    watcher.goto(live_server.url + watch_url(game))
    expect(watcher.locator("th.player.is-out")).to_contain_text("hors jeu")
    expect(watcher.locator("th.player.is-warned")).to_contain_text("✕✕")
    # Only the sheet scrolls sideways, never the page.
    assert watcher.evaluate("document.documentElement.scrollWidth") <= 390
    wrap = watcher.locator(".score-wrap.is-crowded")
    assert wrap.evaluate("el => el.scrollWidth > el.clientWidth")
    shot(watcher, "twelve")
    assert_accessible(watcher)

    host = new_phone(javascript=False)
    host.goto(live_server.url + host_url(token))
    expect(host.locator(".turn-name")).to_have_text("À Ana de lancer")
    host.locator("a.new-round").click()
    dialog = host.locator("dialog[open] [data-kind=round]")
    dialog.locator("label.pin", has=host.locator("input[value='7']")).click()
    dialog.get_by_role("button", name="Valider").click()
    expect(host.locator(".turn-name")).to_have_text("À Bruno de lancer")
    expect(host.locator("#notice")).to_contain_text("Lancer 28 noté.")


@pytest.mark.parametrize("count", [2, 6, 10])
def test_the_faces_and_the_last_throw_fit_the_phone(live_server, new_phone, count):
    names = ["Léa & Max", "Tom", "Zoé", "Ana", "Bruno", "Chloé"]
    names += ["Dan", "Eve", "Fred", "Gus"]
    game, _token = make_round_game("molkky", names[:count])
    # Four turns of the table (Tom misses, scores, then misses twice: warned),
    # then Léa & Max, on 48, over 50: back to 25.
    for tom in (0, 1, 0, 0):
        play_rounds(game, *({"points": p} for p in [12, tom, *[4] * (count - 2)]))
    play_rounds(game, {"points": 12})

    watcher = new_phone()
    watcher.goto(live_server.url + watch_url(game))
    last = watcher.locator(".round-last")
    expect(last).to_contain_text("Tour 5 · Léa & Max : 12 → 60, retombe à 25")
    heads = watcher.locator("th.player")
    shot(watcher, f"faces-{count}")
    expect(heads.locator("> .face-dot")).to_have_count(count)
    # The sheet alone scrolls sideways past six, never the page; each face and
    # name stays inside its column.
    assert watcher.evaluate("document.documentElement.scrollWidth") <= 390
    wrap = watcher.locator(".score-wrap")
    assert wrap.evaluate("el => el.scrollWidth > el.clientWidth") == (count > 6)
    for index in range(count):
        head = heads.nth(index)
        column = head.bounding_box()
        for part in (head.locator(".face-dot"), head.locator(".player-name")):
            box = part.bounding_box()
            assert column["x"] <= box["x"]
            assert box["x"] + box["width"] <= column["x"] + column["width"]
    assert_accessible(watcher)
