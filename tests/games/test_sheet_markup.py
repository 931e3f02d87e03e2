"""The sheet's cells (templates/games/sheet.jinja, from the data of games/sheet.py):
each open box links to its own dialog and says what it is, and what a player typed
as a name reads back exactly as typed, never as markup; a box's row head shows its
full name where the label column has room for it, its short one elsewhere."""

import html as htmllib
import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tests.factories import (
    CROSS,
    MADE,
    SIX_NAMES,
    count,
    make_game,
    play,
    play_turns,
)
from tests.helpers import host_url, pencil_url, watch_url

pytestmark = pytest.mark.django_db


class Elements(HTMLParser):
    """Every element of a page as (tag, attributes, its own text)."""

    def __init__(self, html):
        super().__init__(convert_charrefs=True)
        self.found, self.open = [], []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        element = (tag, dict(attrs), [])
        self.found.append(element)
        if tag not in ("col", "input", "meta", "link", "br", "img"):
            self.open.append(element)

    def handle_endtag(self, tag):
        while self.open:
            if self.open.pop()[0] == tag:
                break

    def handle_data(self, data):
        for _tag, _attrs, text in self.open:
            text.append(data)

    def having(self, tag, css_class):
        return [
            (attrs, " ".join("".join(text).split()))
            for name, attrs, text in self.found
            if name == tag and css_class in attrs.get("class", "").split()
        ]


def taps(response):
    return Elements(response.content.decode()).having("a", "tap")


def test_every_open_box_links_to_its_own_dialog_and_says_what_it_is(client):
    game, token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(3)), ("Hugo", "free", "twos", CROSS))
    sarah = game.players.get(name="Sarah")

    links = taps(client.get(host_url(token)))

    free = game.state().current.scorecard.free_boxes("free")
    assert len(links) == len(free) == 12
    for (attrs, _text), box in zip(links, free, strict=True):
        url = reverse(
            "games:box",
            kwargs={
                "host_token": token,
                "player_id": sarah.pk,
                "column": "free",
                "box": box,
            },
        )
        assert attrs["href"] == attrs["hx-get"] == url
        assert attrs["hx-target"] == "#dialog-body"
    labels = [attrs["aria-label"] for attrs, _text in links]
    assert labels[0] == "Sarah, Deux : remplir"
    assert labels[-1] == "Sarah, Chance : remplir"


def test_the_pencil_links_to_its_own_dialogs_and_the_watchers_to_none(client):
    game, token = make_game(["Sarah", "Hugo"])
    pencil = game.pass_pencil(token)

    links = taps(client.get(pencil_url(pencil)))

    assert len(links) == 13
    first = reverse(
        "games:pencil_box",
        kwargs={
            "pencil_token": pencil,
            "player_id": game.players.get(name="Sarah").pk,
            "column": "free",
            "box": "ones",
        },
    )
    assert links[0][0]["href"] == first
    assert taps(client.get(watch_url(game))) == []


def test_ordered_columns_open_one_box_each_and_the_free_column_all(client):
    game, token = make_game(["Sarah"], "classic", {"columns": ["down", "up", "free"]})
    play(game, ("Sarah", "down", "ones", count(2)))

    links = taps(client.get(host_url(token)))

    opened = [attrs["href"].rstrip("/").split("/")[-2:] for attrs, _text in links]
    assert ["down", "twos"] in opened and ["up", "chance"] in opened
    assert [column for column, _box in opened].count("free") == 13
    assert len(opened) == 15


def test_a_yams_box_that_takes_more_yams_says_so(client):
    game, token = make_game(["Sarah"], "multi_yams")
    play(game, ("Sarah", "free", "yams", MADE))

    links = taps(client.get(host_url(token)))

    yams = [(attrs, text) for attrs, text in links if "/yams/" in attrs["href"]]
    assert [text for _attrs, text in yams] == ["50"]
    assert yams[0][0]["aria-label"] == "Sarah, Yams : 50 — ajouter un Yams"


@pytest.mark.parametrize("name", ["\"&'<b>", "<script>", "&lt;x&gt;"])
def test_a_name_reads_back_as_typed_in_every_cell_that_shows_it(client, name):
    game, token = make_game([name, "Hugo"])
    play(game, (name, "free", "ones", count(4)))
    play(game, ("Hugo", "free", "ones", CROSS))

    host = Elements(client.get(host_url(token)).content.decode())
    watch = Elements(client.get(watch_url(game) + "?tv=1").content.decode())

    heads = host.having("a", "player-name")
    assert heads[0][0]["title"] == name
    assert heads[0][1] == "Renommer " + name
    assert host.having("a", "tap")[0][0]["aria-label"] == f"{name}, Deux : remplir"
    pop = watch.having("span", "pop-title")[0][1]
    assert pop == f"{name} · 4 pts"
    race = watch.having("span", "prospect")[-1][1]
    assert race == f"Peut encore passer devant {name}"
    assert watch.having("span", "standing-name")[0][1] == name
    bonus = [text for attrs, text in watch.having("td", "tone-muted")]
    assert f"encore59{name}, bonus : il manque 59" in bonus


def test_the_end_screen_shows_each_players_sheet_in_words(client):
    game, _token = make_game(["<b>Ana", "Bob"])
    play_turns(game, {"<b>Ana": 20, "Bob": 12})

    page = Elements(client.get(watch_url(game)).content.decode())

    captions = [text for _attrs, text in page.having("caption", "visually-hidden")]
    assert "Feuille de <b>Ana" in captions
    details = [
        text
        for attrs, text in page.having("td", "cell-crossed")
        if attrs["class"] == "cell-crossed"
    ]
    assert details == ["—barré"] * 2 * 12
    rows = [text for attrs, text in page.having("tr", "row-box")]
    # The whole sheet's row has both players; each one's own sheet, theirs.
    assert "Chance2012" in rows and "Chance20" in rows and "Chance12" in rows


def row_head(html, box):
    """(title, what the eye reads, what a screen reader says) of a box's row head."""
    title, inner = re.search(
        rf'<tr class="row-box row-{box}[ "][^>]*><th scope="row" title="([^"]*)">'
        r"(.*?)</th>",
        html,
    ).groups()
    parts = Elements(inner)
    short = parts.having("span", "label-short")
    if not short:
        assert "<" not in inner
        return htmllib.unescape(title), htmllib.unescape(inner), htmllib.unescape(inner)
    assert short[0][0]["aria-hidden"] == "true"
    (_attrs, full), *_ = parts.having("span", "label-full")
    return htmllib.unescape(title), short[0][1], full


@pytest.mark.parametrize(
    ("players", "columns", "shown"),
    [
        (2, [], "Petite suite"),
        (3, [], "Petite suite"),
        (1, ["down", "free", "up"], "Petite suite"),
        (4, [], "P. ste"),
        (6, [], "P. ste"),
        (2, ["down", "up"], "P. ste"),
    ],
)
def test_a_box_reads_its_full_name_where_the_label_column_has_room(
    client, players, columns, shown
):
    # Up to three value columns (players × sheet columns) leave room for it.
    options = {"columns": columns} if columns else {}
    game, token = make_game(SIX_NAMES[:players], options=options)
    html = client.get(host_url(token)).content.decode()
    assert ("has-full-labels" in html) == (shown == "Petite suite")
    # Shown whole or short, its title and its spoken name are the full one.
    assert row_head(html, "small_straight") == ("Petite suite", shown, "Petite suite")
    assert row_head(html, "three_kind")[::2] == ("Brelan", "Brelan")
    # A name with no shorter form reads the same everywhere.
    assert row_head(html, "chance") == ("Chance", "Chance", "Chance")


@pytest.mark.parametrize(("players", "shown"), [(2, "Small straight"), (6, "Sm str")])
def test_a_box_reads_its_full_name_in_english_too(client, players, shown):
    game, token = make_game(SIX_NAMES[:players], "six_dice")
    html = client.get(host_url(token), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    full = "Small straight"
    assert row_head(html, "small_straight") == (full, shown, full)


def test_a_full_name_that_would_need_three_lines_keeps_its_short_one(client):
    game, token = make_game(["Sarah", "Hugo"], "six_dice")
    english = client.get(host_url(token), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    full = "Two three-of-a-kinds"
    assert row_head(english, "double_three_kind") == (full, "2 trip", full)
    french = client.get(host_url(token)).content.decode()
    full = "Double brelan"
    assert row_head(french, "double_three_kind") == (full, full, full)
