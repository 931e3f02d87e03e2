"""Driving the game page like a host does: tap a box, tap a value, Valider."""

from playwright.sync_api import expect

from games.models import Game


def type_names(page, base_url, names):
    """Opens the home page and types the players' names, adding rows as needed."""
    page.goto(base_url + "/")
    inputs = page.locator("input[name=names]")
    for index, name in enumerate(names):
        if index >= inputs.count():
            page.get_by_role("button", name="Ajouter un joueur").click()
        inputs.nth(index).fill(name)


def create_game(page, base_url, names, preset="classic"):
    type_names(page, base_url, names)
    page.locator(f"input[data-preset][value={preset}]").check()
    page.get_by_role("button", name="Commencer la partie").click()
    expect(page.locator("#sheet")).to_be_visible()


def version(page):
    return int(page.locator("#sheet").get_attribute("data-version"))


def pick(page, entry):
    """Taps the buttons of the open dialog that say `entry`."""
    form = page.locator("dialog[open] .entry-form")
    kind = entry["kind"]
    if kind == "faces":
        for index, face in enumerate(entry["values"]):
            form.locator(
                f"label.choice:has(input[name=face_{index}][value='{face}'])"
            ).click()
        return
    value = {"cross": "x", "made": "made"}.get(kind, entry.get("value"))
    form.locator(f"label.choice:has(input[name=value][value='{value}'])").click()


def box_link(page, player_id, box, column="free"):
    """The sheet's link that opens a box, while the box is open to this page."""
    return page.locator(f"a.tap[href$='/box/{player_id}/{column}/{box}/']")


def pick_value(page, value):
    """Taps one button of the open dialog's value group ("x": Barrer)."""
    page.locator(
        f"dialog[open] label.choice:has(input[name=value][value='{value}'])"
    ).click()


def open_box(page, player_id, box, column="free"):
    """Taps a box of the sheet; returns its entry dialog, open."""
    box_link(page, player_id, box, column).click()
    dialog = page.locator("dialog[open] [data-kind=entry]")
    expect(dialog).to_be_visible()
    return dialog


def choose(page, player_id, box, entry, column="free", expect_calc=None):
    """Tap the box, tap the value, check the calculation: nothing recorded yet."""
    open_box(page, player_id, box, column)
    pick(page, entry)
    expect(page.locator("#preview .calc")).to_be_visible()
    if expect_calc:
        expect(page.locator("#preview")).to_contain_text(expect_calc)


def enter(page, player_id, box, entry, column="free", expect_calc=None):
    """Tap the box, tap the value, check the calculation, Valider."""
    before = version(page)
    choose(page, player_id, box, entry, column, expect_calc)
    page.get_by_role("button", name="Valider").click()
    expect(page.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    expect(page.locator("dialog#dialog")).not_to_have_attribute("open", "")


def expect_started_with(page, names):
    """The game page opened on the first player's turn, the players seated in the
    order of `names`."""
    expect(page.locator(".turn-banner")).to_contain_text(f"À {names[0]} de jouer")
    game = Game.objects.get()
    assert [p.name for p in game.players.order_by("seat")] == names
    return game


def first_line(race):
    """The line of the player in the first seat."""
    return race.locator(f"polyline.race-line.{seat_colour(race, 0)}")


def seat_colour(race, seat):
    """The colour class of the player at `seat`: the legend lists them in
    seating order (the lines are drawn with the leader last)."""
    classes = race.locator(".race-legend li").nth(seat).get_attribute("class")
    return next(name for name in classes.split() if name.startswith(("p", "face-")))


def cut_network(page, link):
    """The phone loses its network: the page is told so (`navigator.onLine`, the
    `offline` event) by Chromium's emulation, and the link to the server is cut.
    The emulation alone lets some requests through: as a reload replaces a page,
    the page that goes sees the network back for a moment and its outbox sends,
    unseen by Playwright's routes; through a cut link nothing reaches the server,
    as on a phone whose Wi-Fi dropped."""
    page.context.set_offline(True)
    link.cut()
    page.wait_for_function("() => !navigator.onLine")


def restore_network(page, link):
    link.mend()
    page.context.set_offline(False)
