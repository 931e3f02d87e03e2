"""A game of rounds at a real table, on a 390×844 phone: the longest name the
app takes (24 letters, no space) fits the round dialog, the sheet, the result
and the band page without sideways scrolling; the calculation and Valider stay
in reach however tall the dialog; the line under the banner says the last round
in words; the undo shows once there is a round to undo; axe finds nothing, at
any impact."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.axe import assert_accessible
from tests.factories import make_round_game, play_rounds, tarot_deal
from tests.games.test_browser_rounds import skyjo_round, tally_round, undo_last
from tests.games.test_browser_rounds import tarot_deal as tarot_deal_tapped
from tests.helpers import host_url, watch_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")
EVERY_IMPACT = ("minor", "moderate", "serious", "critical")
# As long as a name may be (scorekeeper/lib/names.py), without a space.
LONG = "Maximilienneantoinettese"
TAROT_FIVE = [LONG, "Bo", "Chloé", "Dan", "Eve"]


def shot(page, name, full_page=False):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"fit-{name}.png"), full_page=full_page)


def assert_fits(page):
    """No sideways scrolling: neither the page nor its open dialog (which
    scrolls on its own)."""
    width, dialog = page.evaluate(
        """() => [document.documentElement.scrollWidth,
                  (document.querySelector("dialog[open]") || {}).scrollWidth || 0]"""
    )
    assert width <= 390, f"{page.url} is {width} px wide"
    assert dialog <= 390, f"its dialog is {dialog} px wide"


def in_view(page, locator):
    """Whether the element sits wholly inside the phone's screen."""
    box = locator.bounding_box()
    return (
        box is not None
        and box["x"] >= 0
        and box["x"] + box["width"] <= 390
        and box["y"] >= 0
        and box["y"] + box["height"] <= 844
    )


def test_a_name_of_24_letters_fits_the_dialog_sheet_result_and_band(
    live_server, new_phone
):
    assert len(LONG) == 24
    game, token = make_round_game("tarot", TAROT_FIVE)
    play_rounds(
        game,
        tarot_deal(game, LONG, "garde", 2, 51, partner="Bo"),
        tarot_deal(game, "Bo", "prise", 1, 40, partner=LONG),
    )
    page = new_phone()
    page.goto(live_server.url + host_url(token))
    assert_fits(page)
    expect(page.locator(".row-note").first).to_have_text(
        f"Garde de {LONG} avec Bo, faite de 10"
    )
    shot(page, "sheet", full_page=True)
    assert_accessible(page, EVERY_IMPACT)

    page.locator("a.new-round").click()
    dialog = page.locator("dialog[open] [data-kind=round]")
    dialog.locator(".kind-taker label.choice", has_text=LONG).click()
    dialog.locator(".kind-bouts label.choice", has_text="2").click()
    dialog.get_by_label("Points du preneur").fill("50")
    dialog.locator(".kind-partner label.choice", has_text="Bo").click()
    table = page.locator("#round-preview .calc-table")
    expect(table).to_contain_text(LONG)
    # The whole calculation, its Total column included, and Valider: on screen
    # with the dialog scrolled to its top, the poignées and chelem below.
    dialog.locator("details.extras summary").click()  # the chelem, open too
    for top in (0, 10_000):
        page.locator("dialog[open]").evaluate(f"d => d.scrollTo(0, {top})")
        assert in_view(page, page.locator("#round-preview"))
        assert in_view(page, page.get_by_role("button", name="Valider"))
    page.locator("dialog[open]").evaluate("d => d.scrollTo(0, 0)")
    # Its Total column whole, beside the longest name (the calculation may
    # scroll up and down in its own box, never sideways).
    total = table.locator("tbody tr").first.locator("td").last
    box = total.bounding_box()
    assert box["x"] + box["width"] <= 390 - 16, box
    assert_fits(page)
    shot(page, "dialog")
    assert_accessible(page, EVERY_IMPACT)
    page.get_by_role("button", name="Valider").click()
    expect(page.locator(".round-last")).to_contain_text(
        f"Donne 3 · Garde de {LONG} avec Bo, faite de 9 : +"
    )

    page.goto(live_server.url + watch_url(game) + "log/")
    expect(page.locator("h2", has_text="Toutes les donnes")).to_be_visible()
    assert_fits(page)
    assert_accessible(page, EVERY_IMPACT)

    game.end()
    page.goto(live_server.url + f"/r/{game.watch_token}/")
    assert_fits(page)
    shot(page, "result", full_page=True)
    assert_accessible(page, EVERY_IMPACT)

    page.goto(live_server.url + f"/b/{game.band.token}/")
    expect(page.locator(".duel-board")).to_be_visible()
    assert_fits(page)
    # A short name in the head-to-head keeps its line (one line is 26 px).
    for name in page.locator(".duel-board .band-name").all():
        if len(name.inner_text()) <= 6:
            assert name.bounding_box()["height"] < 40, name.inner_text()
    shot(page, "band", full_page=True)
    assert_accessible(page, EVERY_IMPACT)


ROUNDS = {
    "skyjo": (
        ["Léa", "Tom", "Zoé"],
        lambda page: skyjo_round(page, {"Léa": 3, "Tom": 12, "Zoé": 7}, "Zoé"),
        "Manche 1 · Zoé a fini, ses points doublés : 2 × 7 = 14",
        "manche",
    ),
    "tarot": (
        ["Ana", "Bruno", "Chloé", "Dan", "Eve"],
        lambda page: tarot_deal_tapped(page, "Ana", "Garde", 2, 51, partner="Bruno"),
        "Donne 1 · Garde de Ana avec Bruno, faite de 10 : +140",
        "donne",
    ),
    "tally": (
        ["Ana", "Bruno", "Chloé"],
        lambda page: tally_round(page, {"Ana": 12, "Bruno": -3}),
        "Manche 1 · Ana +12, Bruno −3",
        "manche",
    ),
}


@pytest.mark.parametrize("kind", ROUNDS)
def test_the_last_round_in_words_and_the_undo_only_once_there_is_a_round(
    live_server, new_phone, kind
):
    names, enter_round, said, word = ROUNDS[kind]
    game, token = make_round_game(kind, names)
    page, watcher = new_phone(), new_phone()
    page.goto(live_server.url + host_url(token))
    watcher.goto(live_server.url + watch_url(game))
    undo = page.locator(".actionbar").get_by_role(
        "link", name=f"Annuler la dernière {word}"
    )
    expect(undo).to_be_hidden()
    expect(page.locator(".round-last")).to_have_count(0)
    assert_accessible(page, EVERY_IMPACT)

    enter_round(page)
    expect(page.locator(".round-last")).to_have_text(f"Dernier résultat : {said}")
    expect(watcher.locator(".round-last")).to_have_text(f"Dernier résultat : {said}")
    expect(undo).to_be_visible()
    page.wait_for_timeout(500)  # the notice's fade, for the picture
    shot(page, f"banner-{kind}")
    assert_accessible(page, EVERY_IMPACT)

    undo_last(page, word)
    expect(undo).to_be_hidden()
    expect(page.locator(".round-last")).to_have_count(0)


def test_ten_players_keep_the_calculation_and_valider_in_reach(live_server, new_phone):
    names = [LONG] + [f"Joueur{n}" for n in range(2, 11)]
    _game, token = make_round_game("tally", names)
    page = new_phone()
    page.goto(live_server.url + host_url(token))
    page.locator("a.new-round").click()
    dialog = page.locator("dialog[open] [data-kind=round]")
    for index, name in enumerate(names):
        dialog.get_by_label(name, exact=True).fill(str(index + 1))
    expect(page.locator("#round-preview .calc-table")).to_contain_text("Joueur10")
    # Wherever the dialog is scrolled, the calculation and Valider are on screen.
    for top in (0, 10_000):
        page.locator("dialog[open]").evaluate(f"d => d.scrollTo(0, {top})")
        assert in_view(page, page.locator("#round-preview"))
        assert in_view(page, page.get_by_role("button", name="Valider"))
    assert_fits(page)
    shot(page, "dialog-ten")
    assert_accessible(page, EVERY_IMPACT)
    # The sheet of ten scrolls sideways in its own box, the page does not.
    page.get_by_role("button", name="Valider").click()
    expect(page.locator(".round-last")).to_contain_text(f"Manche 1 · {LONG} +1")
    assert_fits(page)
    shot(page, "sheet-ten")
    assert_accessible(page, EVERY_IMPACT)
