"""The sheet's cells (templates/games/sheet.html, from the data of games/sheet.py):
each open box links to its own dialog and says what it is, and what a player typed
as a name reads back exactly as typed, never as markup."""

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tests.factories import CROSS, MADE, count, make_game, play, play_turns
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

    free = game.state().current.sheet.free_boxes("free")
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
    pop = watch.having("span", "player-pop")[0][1]
    assert pop == f"{name} · 4 pts"
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
