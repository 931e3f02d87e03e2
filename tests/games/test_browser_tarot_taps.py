"""A tarot deal at five in a phone at 390×844, by taps only: the common deal
in six taps, and with petit au bout and a poignée in eight; Valider always in
view, the points field never taking the focus (and the keyboard) on opening."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.axe import assert_accessible
from tests.factories import make_round_game, pks
from tests.helpers import host_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")
ALL = ("minor", "moderate", "serious", "critical")
FIVE = ["Ana", "Bruno", "Chloé", "Dan", "Eve"]


class Taps:
    """Counts every touch on a control; a typed number counts as one."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def dialog(self):
        return self.page.locator("dialog[open] [data-kind=round]")

    def open(self):
        self.page.locator("a.new-round").click()
        self.count += 1
        expect(self.dialog()).to_be_visible()

    def choose(self, group, label):
        fieldset = self.dialog().locator("fieldset", has_text=group)
        fieldset.locator("label.choice", has_text=label).first.click()
        self.count += 1

    def type_points(self, points):
        self.dialog().get_by_label("Points du preneur").fill(points)
        self.count += 1

    def validate(self, calc):
        expect(self.page.locator("#round-preview")).to_contain_text(calc)
        before = int(self.page.locator("#sheet").get_attribute("data-version"))
        self.page.locator("dialog[open]").get_by_role("button", name="Valider").click()
        self.count += 1
        sheet = self.page.locator(f"#sheet[data-version='{before + 1}']")
        expect(sheet).to_be_attached()


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"tarot-{name}.png"))


def test_two_tarot_deals_at_five_by_taps_only(live_server, new_phone):
    game, token = make_round_game("tarot", FIVE)
    ids = pks(game)
    phone = new_phone()
    phone.goto(live_server.url + host_url(token))

    taps = Taps(phone)
    taps.open()
    focused = phone.evaluate("document.activeElement.getAttribute('type')")
    assert focused != "text", "the points field must not open the keyboard"
    expect(taps.dialog().locator("input[name=contract][value=garde]")).to_be_checked()
    expect(taps.dialog().locator("input[name=bouts]:checked")).to_have_count(0)
    shot(phone, "dialog-open")
    taps.choose("Preneur", "Ana")
    taps.choose("Bouts", "2")
    taps.type_points("49")
    taps.choose("Partenaire appelé", "Bruno")
    expect(phone.get_by_role("button", name="Valider")).to_be_in_viewport()
    assert_accessible(phone, ALL)
    taps.validate("Ana, preneur : +132")
    assert taps.count <= 6

    taps = Taps(phone)
    taps.open()
    taps.choose("Preneur", "Chloé")
    taps.choose("Bouts", "2")
    taps.type_points("49")
    taps.choose("Partenaire appelé", "Dan")
    taps.choose("Petit au bout", "Camp du preneur")
    taps.choose("Poignée de Eve", "Simple")
    taps.dialog().locator("summary", has_text="Chelem").click()
    expect(phone.get_by_role("button", name="Valider")).to_be_in_viewport()
    shot(phone, "dialog-extras-open")
    assert_accessible(phone, ALL)
    taps.count -= 1  # the chelem fold was opened only for the screenshot
    taps.validate("Chloé, preneur : +212")
    assert taps.count <= 8

    game.refresh_from_db()
    first, second = game.rounds.filter(undone_at__isnull=True).order_by("pk")
    assert [first.points_of(ids[name]) for name in FIVE] == [132, 66, -66, -66, -66]
    # (25 + 8) × 2 + 10 × 2 = 86, and Eve's simple poignée (20) to the winners.
    assert [second.points_of(ids[name]) for name in FIVE] == [
        -106,
        -106,
        212,
        106,
        -106,
    ]
