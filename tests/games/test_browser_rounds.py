"""A whole game of each round kind in real phones at 390×844: the host enters
three rounds with the calculation shown first, undoes one, passes the pencil and
takes it back, a watcher's phone follows live, the game ends on its winner and
the band keeps it; axe finds nothing serious on the way."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.axe import assert_accessible
from tests.factories import make_round_game, pks
from tests.games.browser import cut_network, restore_network
from tests.helpers import host_url, watch_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"rounds-{name}.png"))


def version(page):
    return int(page.locator("#sheet").get_attribute("data-version"))


def open_round(page):
    page.locator("a.new-round").click()
    dialog = page.locator("dialog[open] [data-kind=round]")
    expect(dialog).to_be_visible()
    return dialog


def tap(dialog, group, label):
    """Taps the choice `label` of the dialog's fieldset `group` (its legend)."""
    fieldset = dialog.locator("fieldset", has_text=group)
    fieldset.locator("label.choice", has_text=label).first.click()


def validate(page, calc=None):
    """Waits for the calculation (what it must say), then Valider."""
    if calc:
        expect(page.locator("#round-preview")).to_contain_text(calc)
    before = version(page)
    page.locator("dialog[open]").get_by_role("button", name="Valider").click()
    expect(page.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    expect(page.locator("dialog#dialog")).not_to_have_attribute("open", "")


def skyjo_round(page, cards, finisher, calc=None):
    dialog = open_round(page)
    for name, value in cards.items():
        dialog.get_by_label(name, exact=True).first.fill(str(value))
    tap(dialog, "Qui a fini la manche ?", finisher)
    validate(page, calc)


def tally_round(page, points, calc=None):
    dialog = open_round(page)
    for name, value in points.items():
        dialog.get_by_label(name, exact=True).fill(str(value))
    validate(page, calc)


def tarot_deal(page, taker, contract, bouts, points, partner=None, calc=None):
    dialog = open_round(page)
    tap(dialog, "Preneur", taker)
    tap(dialog, "Contrat", contract)
    tap(dialog, "Bouts", str(bouts))
    dialog.get_by_label("Points du preneur").fill(str(points))
    if partner:
        tap(dialog, "Partenaire appelé", partner)
    validate(page, calc)


def undo_last(page, word="manche"):
    # A human's tap, later than the 450 ms static/js/scoring.js drops taps on
    # the bar for after Valider (the notice no longer covers the bar meanwhile).
    page.wait_for_timeout(500)
    page.locator(".actionbar").get_by_role(
        "link", name=f"Annuler la dernière {word}"
    ).click()
    dialog = page.locator("dialog[open] [data-kind=undo]")
    expect(dialog).to_be_visible()
    before = version(page)
    dialog.get_by_role("button", name=f"Oui, annuler cette {word}").click()
    expect(page.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()


def pass_and_take_back(host, new_phone, enter_round):
    """The host passes the pencil, the pencil's phone enters a round (the host's
    page follows), the host takes the pencil back."""
    host.get_by_label("À qui ?").fill("Léa")
    host.get_by_role("button", name="Passer le crayon").click()
    expect(host.locator(".pencil-strip")).to_contain_text("Le crayon est chez Léa")
    expect(host.locator("a.new-round")).to_have_count(0)
    link = host.locator("#share-pencil-url").get_attribute("href")
    lea = new_phone()
    lea.goto(link)
    expect(lea.locator(".pencil-strip")).to_contain_text("Vous tenez le crayon")
    before = version(host)
    enter_round(lea)
    shot(lea, f"{Game.objects.get().kind}-pencil")
    expect(host.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    host.locator(".actionbar").get_by_role("button", name="Reprendre le crayon").click()
    expect(host.locator(".flash")).to_contain_text("Vous avez repris le crayon")
    expect(host.locator("a.new-round")).to_be_visible()


def end_by_host(host):
    host.locator("a", has_text="Terminer la partie").first.click()
    dialog = host.locator("dialog[open] [data-kind=end]")
    expect(dialog).to_be_visible()
    assert_accessible(host)
    dialog.get_by_role("button", name="Oui, terminer").click()
    expect(host.locator("#podium")).to_be_visible()


def band_page_lists(page, game, label):
    page.goto(page.url.split("/h/")[0] + f"/b/{game.band.token}/")
    expect(page.locator("main")).to_contain_text(label)
    assert_accessible(page)


def test_a_skyjo_game_in_phones(live_server, new_phone):
    game, token = make_round_game("skyjo", ["Léa", "Tom", "Zoé"])
    host, watcher = new_phone(), new_phone()
    host.goto(live_server.url + host_url(token))
    watcher.goto(live_server.url + watch_url(game))
    expect(host.locator(".turn-name")).to_have_text("Manche 1")

    skyjo_round(
        host,
        {"Léa": 3, "Tom": 12, "Zoé": 3},
        "Zoé",
        calc="à égalité avec le plus petit total : doublé, 3 × 2 = 6",
    )
    expect(watcher.locator(".turn-name")).to_have_text("Manche 2")
    dialog = open_round(host)
    dialog.get_by_label("Tom", exact=True).first.fill("-5")
    dialog.get_by_label("Léa", exact=True).first.fill("143")
    expect(host.locator("#round-preview")).to_contain_text("Léa : un nombre entier")
    shot(host, "skyjo-dialog")
    assert_accessible(host)
    host.locator("dialog[open] [data-dialog-close]").first.click()
    skyjo_round(host, {"Léa": 10, "Tom": -5, "Zoé": 8}, "Tom")
    skyjo_round(host, {"Léa": 30, "Tom": 20, "Zoé": 2}, "Léa", calc="doublé")
    expect(watcher.locator(".turn-name")).to_have_text("Manche 4")
    shot(watcher, "skyjo-watch")
    assert_accessible(watcher)

    undo_last(host)
    expect(watcher.locator(".turn-name")).to_have_text("Manche 3")
    pass_and_take_back(
        host,
        new_phone,
        lambda lea: skyjo_round(lea, {"Léa": 40, "Tom": 20, "Zoé": 2}, "Zoé"),
    )
    # Léa has 53: 50 more take her past 100, and the lowest total wins.
    skyjo_round(host, {"Léa": 50, "Tom": 0, "Zoé": 1}, "Zoé", calc="termine la partie")

    expect(host.locator("#podium .winner")).to_have_text("Zoé gagne !")
    expect(watcher.locator("#podium .winner")).to_have_text("Zoé gagne !")
    shot(host, "skyjo-end")
    assert_accessible(host)
    band_page_lists(host, game, "Skyjo")
    shot(host, "skyjo-band")


def test_a_tarot_game_at_five_in_phones(live_server, new_phone):
    names = ["Ana", "Bruno", "Chloé", "Dan", "Eve"]
    game, token = make_round_game("tarot", names)
    host, watcher = new_phone(), new_phone()
    host.goto(live_server.url + host_url(token))
    watcher.goto(live_server.url + watch_url(game))
    expect(host.locator(".turn-name")).to_have_text("Donne 1 : Ana distribue")

    dialog = open_round(host)
    tap(dialog, "Preneur", "Ana")
    tap(dialog, "Contrat", "Garde")
    tap(dialog, "Bouts", "2")
    dialog.get_by_label("Points du preneur").fill("49")
    tap(dialog, "Partenaire appelé", "Bruno")
    tap(dialog, "Petit au bout", "Camp du preneur")
    tap(dialog, "Poignée de Bruno", "Simple")
    expect(host.locator("#round-preview")).to_contain_text("Ana, preneur : +212")
    expect(host.locator("#round-preview")).to_contain_text("Somme de la donne : 0")
    shot(host, "tarot-dialog")
    assert_accessible(host)
    validate(host)
    expect(watcher.locator(".turn-name")).to_have_text("Donne 2 : Bruno distribue")

    dialog = open_round(host)
    before = version(host)
    dialog.get_by_role("button", name="Personne ne prend").click()
    expect(host.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    tarot_deal(host, "Chloé", "Prise", 1, "50,5", partner="Seul", calc="Chloé")
    expect(watcher.locator(".turn-name")).to_have_text("Donne 4 : Dan distribue")
    expect(watcher.locator("#sheet")).to_contain_text("Donne passée")
    shot(watcher, "tarot-watch")
    assert_accessible(watcher)

    undo_last(host, "donne")
    expect(watcher.locator(".turn-name")).to_have_text("Donne 3 : Chloé distribue")
    pass_and_take_back(
        host,
        new_phone,
        lambda lea: tarot_deal(lea, "Dan", "Garde sans", 3, 60, partner="Eve"),
    )
    end_by_host(host)
    expect(host.locator("#podium .winner")).to_contain_text("gagne")
    expect(watcher.locator("#podium")).to_be_visible()
    shot(host, "tarot-end")
    assert_accessible(host)
    band_page_lists(host, game, "Tarot")


def test_a_free_counter_in_phones(live_server, new_phone):
    game, token = make_round_game("tally", ["Ana", "Bruno", "Chloé"])
    host, watcher = new_phone(), new_phone()
    host.goto(live_server.url + host_url(token))
    watcher.goto(live_server.url + watch_url(game))

    tally_round(host, {"Ana": 10, "Bruno": -2}, calc="Chloé : rien noté, 0.")
    tally_round(host, {"Ana": 5, "Bruno": 20, "Chloé": 7})
    tally_round(host, {"Chloé": 30})
    expect(watcher.locator(".turn-name")).to_have_text("Manche 4")
    shot(host, "tally-sheet")
    undo_last(host)
    expect(watcher.locator(".turn-name")).to_have_text("Manche 3")
    pass_and_take_back(
        host, new_phone, lambda lea: tally_round(lea, {"Bruno": 1, "Chloé": 1})
    )
    end_by_host(host)
    expect(host.locator("#podium .winner")).to_have_text("Bruno gagne !")
    expect(watcher.locator("#podium .winner")).to_have_text("Bruno gagne !")
    shot(watcher, "tally-end")
    assert_accessible(watcher)
    band_page_lists(host, game, "Compteur libre")

    # The host's phone finds the game back in "Mes parties".
    host.goto(live_server.url + "/")
    mine = host.get_by_role("region", name="Mes parties")
    expect(mine).to_contain_text("Ana, Bruno, Chloé")
    expect(mine).to_contain_text("Compteur libre")


def test_a_round_validated_offline_waits_and_goes_once(link, phone):
    game, token = make_round_game("tally", ["Ana", "Bruno"])
    phone.goto(link.url + host_url(token))
    before = version(phone)
    dialog = open_round(phone)
    dialog.get_by_label("Ana", exact=True).fill("7")
    expect(phone.locator("#round-preview")).to_contain_text("Ana : +7")

    cut_network(phone, link)
    phone.locator("dialog[open]").get_by_role("button", name="Valider").click()
    note = phone.locator("dialog[open] .net-status")
    expect(note).to_have_text("Connexion perdue — nouvel essai dès le retour du réseau")
    expect(dialog.get_by_label("Ana", exact=True)).to_have_value("7")
    assert not game.rounds.exists()
    shot(phone, "tally-offline")

    restore_network(phone, link)
    expect(phone.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    expect(phone.locator("dialog#dialog")).not_to_have_attribute("open", "")
    (made,) = game.rounds.all()
    assert made.points_of(pks(game)["Ana"]) == 7


def test_the_big_screen_shows_the_standings_of_a_tarot_game(live_server, phone):
    game, token = make_round_game("tarot", ["Ana", "Bruno", "Chloé", "Dan"])
    ids = pks(game)
    game.record_round(
        {"taker": ids["Chloé"], "contract": "garde", "bouts": 2, "points": 50}
    )
    phone.set_viewport_size({"width": 1280, "height": 720})
    phone.goto(live_server.url + watch_url(game) + "?tv=1")

    standings = phone.locator("ol.standings li")
    expect(standings).to_have_count(4)
    expect(standings.first).to_contain_text("Chloé")
    expect(phone.locator(".turn-name")).to_have_text("Donne 2 : Bruno distribue")
    shot(phone, "tarot-tv")
    assert_accessible(phone)


def page_fits(page):
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def test_six_players_fit_a_phone_and_eight_scroll_under_a_fixed_round_column(
    live_server, phone
):
    six = ["Amandine", "Bruno", "Chloé", "Dan", "Eve", "Fanny"]
    game, token = make_round_game("skyjo", six)
    cards = {
        name: value for name, value in zip(six, (12, -3, 45, 7, 0, 99), strict=True)
    }
    ids = pks(game)
    game.record_round(
        {"cards": {str(ids[n]): v for n, v in cards.items()}, "finisher": ids["Dan"]}
    )
    phone.goto(live_server.url + host_url(token))
    expect(phone.locator("table.score th.player")).to_have_count(6)
    assert page_fits(phone)
    shot(phone, "skyjo-six")

    eight = [*six, "Gaspard", "Hélène"]
    game, token = make_round_game("skyjo", eight)
    ids = pks(game)
    game.record_round(
        {"cards": {str(ids[n]): 10 for n in eight}, "finisher": ids["Hélène"]}
    )
    phone.goto(live_server.url + host_url(token))
    wrap = phone.locator(".score-wrap.is-crowded")
    expect(wrap).to_be_visible()
    assert page_fits(phone)  # the table scrolls inside its box, not the page
    first_cell = phone.locator("table.score tbody th").first
    before = first_cell.bounding_box()["x"]
    wrap.evaluate("el => el.scrollBy(200, 0)")
    assert wrap.evaluate("el => el.scrollLeft") > 0
    assert abs(first_cell.bounding_box()["x"] - before) <= 1
    shot(phone, "skyjo-eight")
    assert_accessible(phone)
