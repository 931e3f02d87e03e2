"""Entering a box on a 390 × 844 phone: a double tap on Valider records once and
opens nothing, a Yams made in an upper box is spotted, typed points may pass the
dice, the dry column says its rule, the undo answers read on one line and its
question keeps its "?" with its last word, and the value buttons show no square
tap flash."""

import pytest
from playwright.sync_api import expect

from games.models import Entry
from tests.factories import CROSS, MADE, count, make_game, play
from tests.games.browser import enter, open_box, pick, version
from tests.helpers import host_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_fast_double_tap_on_valider_records_once_and_opens_nothing(
    live_server, phone
):
    game, token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(2)), ("Hugo", "free", "ones", CROSS))
    sarah = game.players.get(name="Sarah").pk
    phone.goto(live_server.url + host_url(token))
    before = version(phone)
    dialog = open_box(phone, sarah, "twos")
    pick(phone, count(3))
    expect(phone.locator("#preview .calc")).to_be_visible()
    box = dialog.get_by_role("button", name="Valider").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    phone.touchscreen.tap(x, y)
    expect(phone.locator("dialog#dialog")).not_to_have_attribute("open", "")
    # The second tap of the double tap, where Valider was.
    phone.touchscreen.tap(x, y)
    phone.wait_for_timeout(600)
    expect(phone.locator("dialog[open]")).to_have_count(0)
    expect(phone.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    assert Entry.objects.filter(game=game).count() == 3
    # A deliberate tap a moment later still works.
    phone.get_by_role("link", name="Annuler la dernière case").click()
    expect(phone.locator("dialog[open] [data-kind=undo]")).to_be_visible()


def test_a_yams_counted_in_an_upper_box_earns_its_prime_by_itself(live_server, phone):
    game, token = make_game(["Sarah", "Hugo"], "yahtzee")
    play(game, ("Sarah", "free", "yams", MADE), ("Hugo", "free", "yams", CROSS))
    sarah = game.players.get(name="Sarah").pk
    phone.goto(live_server.url + host_url(token))
    dialog = open_box(phone, sarah, "fives")
    expect(dialog).not_to_contain_text("Yams supplémentaire")
    pick(phone, count(5))
    preview = phone.locator("#preview")
    expect(preview).to_contain_text("c'est un Yams")
    expect(preview).to_contain_text("100")
    expect(preview).to_contain_text("total 175")
    dialog.get_by_role("button", name="Valider").click()
    expect(phone.locator(".toast-card")).to_contain_text("Yams ! +100")
    expect(phone.locator("tr.row-yams_bonus td").first).to_have_text("+100")


@pytest.mark.parametrize("preset", ["classic", "all_dice"])
def test_no_prime_is_proposed_where_the_rules_have_none(live_server, phone, preset):
    game, token = make_game(["Sarah", "Hugo"], preset)
    play(game, ("Sarah", "free", "yams", MADE), ("Hugo", "free", "yams", CROSS))
    sarah = game.players.get(name="Sarah").pk
    phone.goto(live_server.url + host_url(token))
    open_box(phone, sarah, "fives")
    pick(phone, count(5))
    expect(phone.locator("#preview .calc")).to_have_text("5 × 5 = 25")
    expect(phone.locator("#preview")).not_to_contain_text("Yams")


def test_a_yams_counted_in_an_upper_box_points_at_the_multi_yams_box(
    live_server, phone
):
    game, token = make_game(["Sarah", "Hugo"], "multi_yams")
    play(game, ("Sarah", "free", "yams", MADE), ("Hugo", "free", "yams", CROSS))
    sarah = game.players.get(name="Sarah").pk
    phone.goto(live_server.url + host_url(token))
    open_box(phone, sarah, "fives")
    pick(phone, count(5))
    preview = phone.locator("#preview")
    expect(preview.locator(".calc")).to_have_text("5 × 5 = 25")
    expect(preview).to_contain_text(
        "Cinq dés pareils : la case Yams prend encore ce Yams, pour 100 points."
    )
    pick(phone, count(4))
    expect(preview).not_to_contain_text("Yams")


def test_typed_points_may_pass_what_the_dice_make(live_server, phone):
    game, token = make_game(["Sarah", "Hugo"], options={"typed_points": True})
    sarah = game.players.get(name="Sarah").pk
    phone.goto(live_server.url + host_url(token))
    dialog = open_box(phone, sarah, "three_kind")
    dialog.locator("details.typed summary").click()
    expect(dialog.locator("details.typed")).to_contain_text("0–50")
    dialog.locator("input[name=points]").fill("27")
    expect(phone.locator("#preview .calc")).to_contain_text("27")
    before = version(phone)
    dialog.get_by_role("button", name="Valider").click()
    expect(phone.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()
    expect(phone.locator("tr.row-three_kind td").first).to_have_text("27")


def test_the_dry_column_dialog_says_it_counts_on_the_first_roll_only(
    live_server, phone
):
    game, token = make_game(["Sarah"], options={"columns": ["free", "dry"]})
    sarah = game.players.get(name="Sarah").pk
    phone.goto(live_server.url + host_url(token))
    dialog = open_box(phone, sarah, "ones", column="dry")
    expect(dialog).to_contain_text("premier lancer")
    phone.locator("dialog[open] .dialog-close").click()
    dialog = open_box(phone, sarah, "ones", column="free")
    expect(dialog).not_to_contain_text("premier lancer")


def open_the_undo(live_server, phone):
    """The host's phone, once Sarah's ones are entered, asked to undo them."""
    game, token = make_game(["Sarah", "Hugo"])
    sarah = game.players.get(name="Sarah").pk
    phone.goto(live_server.url + host_url(token))
    enter(phone, sarah, "ones", count(3))
    phone.wait_for_timeout(500)
    phone.get_by_role("link", name="Annuler la dernière case").click()


def test_the_undo_answers_read_on_one_line(live_server, phone):
    open_the_undo(live_server, phone)
    yes = phone.get_by_role("button", name="Oui, vider cette case")
    expect(yes).to_be_visible()
    lines = yes.evaluate(
        """b => { const r = document.createRange(); r.selectNodeContents(b);
                  const rects = [...r.getClientRects()];
                  return new Set(rects.map(x => Math.round(x.top))).size; }"""
    )
    assert lines == 1
    assert yes.bounding_box()["height"] < 64


def test_the_undo_question_keeps_its_question_mark_with_its_last_word(
    live_server, phone
):
    open_the_undo(live_server, phone)
    title = phone.locator("#dialog-title")
    expect(title).to_have_text("Annuler la dernière case ?")
    # The top of the line of each character: the "?" on the line of "case".
    tops = title.evaluate(
        """h => { const text = h.firstChild, r = document.createRange();
                  return [...text.data].map((_, i) => {
                      r.setStart(text, i); r.setEnd(text, i + 1);
                      return Math.round(r.getBoundingClientRect().top); }); }"""
    )
    assert tops[-1] == tops[-3], tops


def test_the_value_buttons_show_no_square_tap_flash(live_server, phone):
    game, token = make_game(["Sarah"])
    sarah = game.players.get(name="Sarah").pk
    phone.goto(live_server.url + host_url(token))
    dialog = open_box(phone, sarah, "ones")
    colour = dialog.locator("label.choice").first.evaluate(
        "e => getComputedStyle(e).webkitTapHighlightColor"
    )
    assert colour == "rgba(0, 0, 0, 0)"


@pytest.mark.parametrize(
    ("preset", "dice", "free_box"),
    [
        ("classic", 5, "Yams"),
        ("yahtzee", 5, "Yams"),
        ("all_dice", 5, "Yams"),
        ("multi_yams", 5, "Yams"),
        ("six_dice", 6, "Maxi Yatzy"),
        ("six_dice_75", 6, "Maxi Yatzy"),
    ],
)
def test_all_the_dice_alike_in_an_upper_box_point_at_the_free_yams_box(
    live_server, phone, preset, dice, free_box
):
    game, token = make_game(["Sarah"], preset)
    sarah = game.players.get(name="Sarah").pk
    phone.goto(live_server.url + host_url(token))
    open_box(phone, sarah, "fives")
    pick(phone, count(dice))
    expect(phone.locator("#preview")).to_contain_text(
        f"{dice} dés pareils : la case {free_box} est encore libre."
    )
    pick(phone, count(dice - 1))
    expect(phone.locator("#preview")).not_to_contain_text("encore libre")
