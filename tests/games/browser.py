"""Driving the game page like a host does: tap a box, tap a value, Valider."""

from playwright.sync_api import expect


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


def enter(page, player_id, box, entry, column="free", expect_calc=None):
    """Tap the box, tap the value, check the calculation, Valider."""
    before = version(page)
    page.locator(f"a.tap[href$='/box/{player_id}/{column}/{box}/']").click()
    dialog = page.locator("dialog[open] [data-kind=entry]")
    expect(dialog).to_be_visible()
    pick(page, entry)
    calc = page.locator("#preview .calc")
    expect(calc).to_be_visible()
    if expect_calc:
        expect(page.locator("#preview")).to_contain_text(expect_calc)
    page.get_by_role("button", name="Valider").click()
    expect(page.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    expect(page.locator("dialog#dialog")).not_to_have_attribute("open", "")
