"""Reading the sheet on a 390 × 844 phone: the turn banner never cuts the name,
box labels read whole (their full names where the label column has room), six
players fit the card, the bonus row speaks of what is missing, the messages leave
the sheet visible, the heads are big enough to tap, and the big screen's names
and box names read across a table."""

import pytest
from playwright.sync_api import expect

from tests.factories import CROSS, count, make_game, play
from tests.helpers import host_url, watch_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = ["Anne-Sophie Delacroix", "Bob", "Charlotte", "Dédé", "Émilie-Jeanne", "Fa"]


def use_dejavu(page):
    """The page in DejaVu Sans, a wide font many Android phones and Linux use (the
    CSP forbids a <style> tag: set through the CSSOM)."""
    page.evaluate("document.body.style.fontFamily = \"'DejaVu Sans'\"")


def is_cut(locator):
    return locator.evaluate("e => e.scrollWidth > e.clientWidth + 1")


def bonus_reached_game(names):
    """The first player has her bonus (63 + 35 = 98) and it is her turn."""
    game, token = make_game(names)
    moves = []
    for box in ("ones", "twos", "threes", "fours", "fives", "sixes"):
        moves.append((names[0], "free", box, count(3)))
        moves += [(name, "free", box, CROSS) for name in names[1:]]
    play(game, *moves)
    return game, token


@pytest.mark.parametrize(
    "names", [["Sarah de Jonquières", "Hugo"], ["Sarah de Jonquières", *SIX[1:]]]
)
def test_the_turn_banner_never_cuts_the_name_beside_the_bonus(
    live_server, phone, names
):
    game, token = bonus_reached_game(names)
    phone.goto(live_server.url + host_url(token))
    banner = phone.locator("#turn-banner")
    expect(banner).to_contain_text("Sarah de Jonquières")
    expect(banner).to_contain_text("bonus acquis · 98 pts")
    assert not is_cut(banner.locator(".turn-name"))
    assert not is_cut(banner.locator(".turn-meta"))
    assert not is_cut(banner)


def test_the_turn_banner_never_cuts_a_long_name_with_six_players(live_server, phone):
    game, token = make_game(SIX, "six_dice")
    phone.goto(live_server.url + watch_url(game))
    name = phone.locator("#turn-banner .turn-name")
    expect(name).to_contain_text("Anne-Sophie Delacroix")
    assert not is_cut(name)


@pytest.mark.parametrize("fonts", ["phone", "dejavu"])
@pytest.mark.parametrize(
    ("names", "preset", "options"),
    [
        (SIX, "six_dice", {"saved_rolls": True}),
        (SIX[:2], "classic", {}),
        (SIX[:5], "yahtzee", {}),
        (SIX[:2], "six_dice", {"saved_rolls": True}),
    ],
)
@pytest.mark.parametrize("locale", ["fr-FR", "en-US"])
def test_every_box_label_reads_whole(
    live_server, new_phone, fonts, names, preset, options, locale
):
    game, token = make_game(names, preset, options)
    phone = new_phone(locale)
    phone.goto(live_server.url + host_url(token))
    if fonts == "dejavu":
        use_dejavu(phone)
    labels = phone.locator("table.score tbody th")
    assert labels.count() > 10
    cut = [
        labels.nth(i).inner_text()
        for i in range(labels.count())
        if is_cut(labels.nth(i))
    ]
    assert cut == []
    if locale == "en-US":
        return
    if options.get("saved_rolls"):
        expect(phone.locator("tr.row-bank th")).to_have_text("Réserve")
    expect(phone.locator("tr.row-chance th")).to_have_text("Chance")


def visible_width(locator):
    """How wide its text shows: a visually hidden element is 1 px wide."""
    return locator.evaluate("e => e.getBoundingClientRect().width")


@pytest.mark.parametrize("fonts", ["phone", "dejavu"])
@pytest.mark.parametrize(
    ("locale", "full", "short"),
    [("fr-FR", "Petite suite", "P. ste"), ("en-US", "Small straight", "Sm str")],
)
@pytest.mark.parametrize("players", [2, 6])
def test_the_box_names_show_whole_where_the_label_column_has_room(
    live_server, new_phone, fonts, locale, full, short, players
):
    game, token = make_game(SIX[:players], "six_dice")
    phone = new_phone(locale)
    phone.goto(live_server.url + host_url(token))
    if fonts == "dejavu":
        use_dejavu(phone)
    label = phone.locator("tr.row-small_straight th")
    # Whichever shows, the row head is named, and titled, by the full name.
    expect(phone.get_by_role("rowheader", name=full, exact=True)).to_be_visible()
    expect(label).to_have_attribute("title", full)
    if players == 2:
        # Two players on a phone: the full name, on two lines at most, in a row
        # no taller than the others, and the score columns still on the screen.
        expect(label).to_have_text(full)
        expect(label.locator(".label-short")).to_have_count(0)
        assert not is_cut(label)
        heads = phone.locator("tr.row-box th").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().height)"
        )
        assert max(heads) <= min(heads) + 1, heads
    else:
        # Six: the short name, the full one for screen readers only.
        expect(label.locator(".label-short")).to_have_text(short)
        expect(label.locator(".label-short")).to_be_visible()
        assert visible_width(label.locator(".label-full")) <= 1
        assert visible_width(label.locator(".label-short")) > 20
    table = phone.locator("table.score").bounding_box()
    assert table["x"] + table["width"] <= 390 - 6
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("fonts", ["phone", "dejavu"])
def test_six_players_fit_inside_the_card_with_a_margin(live_server, phone, fonts):
    game, token = make_game(SIX, "six_dice", {"saved_rolls": True})
    play(game, *[(name, "free", "sixes", count(4)) for name in SIX])
    phone.goto(live_server.url + host_url(token))
    if fonts == "dejavu":
        use_dejavu(phone)
    table = phone.locator("table.score").bounding_box()
    wrap = phone.locator(".score-wrap").bounding_box()
    assert table["x"] + table["width"] <= wrap["x"] + wrap["width"] + 0.5
    assert table["x"] + table["width"] <= 390 - 6
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # Nothing in a cell runs into the next column ("24/84" in the upper total).
    expect(phone.locator("tr.row-upper td").first).to_contain_text("24/84")
    spilling = phone.locator("table.score td.cell").evaluate_all(
        """cells => cells.filter(td => [...td.querySelectorAll("*")].some(e =>
               e.getBoundingClientRect().right > td.getBoundingClientRect().right
               + 0.5)).map(td => td.textContent)"""
    )
    assert spilling == []


def test_the_bonus_row_says_what_is_missing_not_a_penalty(live_server, phone):
    game, token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(3)))
    phone.goto(live_server.url + watch_url(game))
    cell = phone.locator("tr.row-bonus td").first
    expect(cell).to_contain_text("encore")
    expect(cell).to_contain_text("60")
    assert "−" not in cell.inner_text()
    assert "-" not in cell.inner_text()


def test_the_confirmation_and_undo_messages_leave_the_sheet_visible(live_server, phone):
    from tests.games.browser import enter

    game, token = make_game(["Sarah", "Hugo"])
    sarah = game.players.get(name="Sarah").pk
    phone.goto(live_server.url + host_url(token))
    enter(phone, sarah, "ones", count(3))
    toast = phone.locator(".toast-card")
    expect(toast).to_be_visible()

    def clear_of_sheet(message):
        # The sheet's last row brought just above the action bar, where the host
        # reads it: the message must leave it visible.
        phone.evaluate(
            """() => {
              const last = document.querySelector("table.score tbody tr:last-child");
              const bar = document.querySelector(".actionbar");
              window.scrollBy(0, last.getBoundingClientRect().bottom
                                 - bar.getBoundingClientRect().top);
            }"""
        )
        last = phone.locator("table.score tbody tr").last.bounding_box()
        box = message.bounding_box()
        assert box["y"] >= last["y"] + last["height"] - 0.5, (box, last)
        # It covers the bar's buttons whole: none peeps out half hidden above it.
        for button in phone.locator(".actionbar .button").all():
            under = button.bounding_box()
            assert box["y"] <= under["y"] + 0.5, (box, under)
            assert box["y"] + box["height"] >= under["y"] + under["height"] - 0.5

    clear_of_sheet(toast)
    phone.wait_for_timeout(500)  # a tap right after Valider is ignored
    toast.get_by_role("button", name="Annuler").click()
    notice = phone.locator("#notice p")
    expect(notice).to_be_visible()
    clear_of_sheet(notice)


@pytest.mark.parametrize("who", ["host", "watch"])
def test_the_player_names_in_the_heads_are_big_enough_to_tap(live_server, phone, who):
    game, token = make_game(SIX, "six_dice")
    url = host_url(token) if who == "host" else watch_url(game)
    phone.goto(live_server.url + url)
    names = phone.locator("th.player .player-name")
    assert names.count() == 6
    for i in range(6):
        box = names.nth(i).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box


@pytest.mark.parametrize("fonts", ["phone", "dejavu"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_heads_show_as_much_of_a_name_as_the_column_holds(
    live_server, phone, fonts, players
):
    names = ["Sarah de Jonquières", *[f"{n} Martin"[:24] for n in SIX[1:]]]
    game, token = make_game(names[:players], "six_dice")
    phone.goto(live_server.url + host_url(token))
    if fonts == "dejavu":
        use_dejavu(phone)
    heads = phone.locator("th.player .player-name")
    expect(heads.first).to_have_text("Renommer Sarah de Jonquières")
    widths = heads.evaluate_all(
        """els => els.map(e => [getComputedStyle(e).textOverflow, e.clientWidth,
                                e.closest("th").clientWidth])"""
    )
    # The name ends with "…" where its column ends; the columns keep their width.
    assert {overflow for overflow, _, _ in widths} == {"ellipsis"}
    assert all(name <= column for _, name, column in widths), widths
    assert min(name for _, name, _ in widths) >= {2: 130, 4: 64, 6: 44}[players]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_big_screen_names_read_across_a_table(live_server, browser, size):
    game, _token = make_game(SIX, "six_dice")
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = context.new_page()
        page.goto(live_server.url + watch_url(game) + "?tv=1")
        names = page.locator("th.player .player-name")
        sizes = names.evaluate_all(
            "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))"
        )
        assert min(sizes) >= 24, sizes
        # Six columns fit the screen: the boxes' full names, not their short ones.
        label = page.locator("tr.row-small_straight th")
        expect(label.locator(".label-short")).to_be_hidden()
        assert visible_width(label.locator(".label-full")) > 50
        assert not is_cut(label)
    finally:
        context.close()


@pytest.mark.parametrize("who", ["host", "watch"])
def test_the_host_and_watch_pages_have_one_main_heading(live_server, phone, who):
    game, token = make_game(["Sarah", "Hugo"])
    url = host_url(token) if who == "host" else watch_url(game)
    phone.goto(live_server.url + url)
    headings = phone.locator("h1")
    expect(headings).to_have_count(1)
    expect(headings).to_contain_text("Sarah")
