"""Twenty hostile names, shown inert on every page and fragment; and the ones that
escaping cannot make harmless (bidi overrides, zero-width and control characters,
10 kB), refused wherever a name is typed.

"Inert" is checked against a twin: the same game played the same way by friendly
names renders the very same tags and attributes. Any markup a name smuggled in
(a tag, an attribute, a comment) would change that skeleton.
"""

import html as htmllib
import re
from html.parser import HTMLParser

import markupsafe
import pytest

from bands.models import Band
from games.models import Game
from scorekeeper.lib.names import clean_name
from tests.factories import make_game, play_turns
from tests.helpers import HTMX, db_snapshot, host_url, pencil_url, text
from tests.security.test_names import HOSTILE_NAMES, KEPT

pytestmark = pytest.mark.django_db

# Kept as typed (each is a real name to the rules: 1 to 24 visible characters), so
# every page must escape them.
HOSTILE = [
    "<script>alert(1)",
    "<div hx-get=/w/x>",
    "<x hx-trigger=load>",
    "{{ 7*7 }}{% debug %}",
    '"><img src=x>',
    "javascript:alert(1)",
    "<b hx-post=/h/x>",
    "' onmouseover='a(1)",
    "<svg onload=alert(1)>",
    "&lt;script&gt;",
    "</textarea><script>",
    "<!--",
    "<style>*{}</style>",
    "%(name)s",
    "<a href=//evil.example>",
    "<iframe src=//x>",
    "<base href=//x>",
    "<form action=//x>",
    "${7*7}",
    "]]><![CDATA[",
]
FRIENDLY = [
    "Anne",
    "Bruno",
    "Chloé",
    "David",
    "Emma",
    "Farid",
    "Gabin",
    "Hélène",
    "Inès",
    "Jules",
]
# Refused wherever a name is typed, with a French message.
REFUSED = [raw for raw, expected in HOSTILE_NAMES if expected != KEPT]
CROSS = {"kind": "cross"}


class Skeleton(HTMLParser):
    """The tags, attribute names and comments of a page, in order."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.items = []
        self.attrs = []

    def handle_starttag(self, tag, attrs):
        self.items.append((tag, tuple(sorted(name for name, _ in attrs))))
        self.attrs.extend(attrs)

    handle_startendtag = handle_starttag

    def handle_endtag(self, tag):
        self.items.append(("/" + tag,))

    def handle_comment(self, data):
        self.items.append(("<!--",))

    def handle_decl(self, decl):
        self.items.append(("<!", decl.lower()))

    def unknown_decl(self, data):
        self.items.append(("<![", data))

    def handle_pi(self, data):
        self.items.append(("<?",))


def skeleton(page):
    parser = Skeleton()
    parser.feed(page)
    parser.close()
    return parser


def assert_inert(label, page, twin_page):
    hostile, friendly = skeleton(page), skeleton(twin_page)
    assert hostile.items == friendly.items, f"{label}: markup differs from its twin"
    for name, value in hostile.attrs:
        assert not name.startswith("on"), (label, name)
        if name.startswith("hx-") or name in {"href", "src", "action", "formaction"}:
            # Where a browser or htmx would go: never where a name points.
            value = value or ""
            assert not re.search(r"/[hw]/x(?![\w-])", value), (label, name, value)
            assert not value.startswith(("//", "javascript:")), (label, name, value)
    assert "{{" not in page or "{{ 7*7 }}" in htmllib.unescape(page), label
    assert ">49<" not in page, label


def hostile_game(names, label):
    game, host_token = make_game(names)
    game.band.rename(label + " & co")
    return game, host_token


def walk(client, game, host_token, label):
    """Every page and fragment a game shows, in one fixed order: [(what, html)].
    The twin games go through exactly the same steps."""
    seen = []
    players = list(game.players.order_by("seat"))

    def keep(what, response, status=200):
        assert response.status_code == status, (what, response.status_code)
        seen.append((what, response.content.decode()))
        return response

    def current():
        return game.state().current.player

    def box_url(name, player, box, token=host_token, prefix=""):
        kwargs = {"player_id": player.pk, "column": "free", "box": box}
        if prefix:
            return pencil_url(token, prefix + name, **kwargs)
        return host_url(token, name, **kwargs)

    keep(
        "home refused",
        client.post("/", {"names": ["x" * 30], "preset": "classic"}),
        status=422,
    )
    keep("host", client.get(host_url(host_token)))
    keep("watch", client.get(f"/w/{game.watch_token}/"))
    # The host enters, previews, records, is refused, undoes, renames.
    player = current()
    keep("box", client.get(box_url("box", player, "ones"), **HTMX))
    keep(
        "preview",
        client.post(box_url("preview", player, "ones"), {"value": "2"}, **HTMX),
    )
    keep(
        "record", client.post(box_url("record", player, "ones"), {"value": "2"}, **HTMX)
    )
    keep(
        "refused",
        client.post(box_url("record", player, "twos"), {"value": "2"}, **HTMX),
    )
    keep("undo dialog", client.get(host_url(host_token, "undo"), **HTMX))
    keep("undo", client.post(host_url(host_token, "undo"), **HTMX))
    response = client.post(box_url("record", player, "ones"), {"value": "3"})
    keep("host after record", client.get(response["Location"]))
    client.post(host_url(host_token, "undo"))
    keep("host after undo", client.get(host_url(host_token)))
    first = players[0]
    rename = host_url(host_token, "rename", player_id=first.pk)
    keep("rename dialog", client.get(rename, **HTMX))
    keep("rename", client.post(rename, {"name": first.name + "!"}, **HTMX))
    keep("rename back", client.post(rename, {"name": first.name}, **HTMX))
    keep("rename refused", client.post(rename, {"name": "x" * 30}, **HTMX))
    # Three turns in, the pencil goes to the first player, under their name.
    play_turns(game, {p.name: 10 + p.seat for p in players}, turns=3)
    response = client.post(host_url(host_token, "pass_pencil"), {"label": first.name})
    keep("host, pencil out", client.get(response["Location"]))
    game.refresh_from_db()
    pencil_token = game.current_pencil_token(host_token)
    keep("share", client.get(host_url(host_token, "share")))
    keep("pencil", client.get(pencil_url(pencil_token)))
    player = current()
    keep(
        "pencil box",
        client.get(box_url("box", player, "sixes", pencil_token, "pencil_"), **HTMX),
    )
    keep(
        "pencil record",
        client.post(
            box_url("record", player, "sixes", pencil_token, "pencil_"),
            {"value": "x"},
            **HTMX,
        ),
    )
    for kind, poll in (
        ("host", host_url(host_token, "host_sheet")),
        ("pencil", pencil_url(pencil_token, "pencil_sheet")),
        ("watch", f"/w/{game.watch_token}/sheet/"),
    ):
        keep(f"{kind} poll", client.get(poll, {"v": "0"}, **HTMX))
    keep("log", client.get(f"/w/{game.watch_token}/log/"))
    keep("band", client.get(f"/b/{game.band.token}/"))
    keep("host band", client.get(f"/h/{host_token}/band/"))
    keep("next game", client.get(f"/h/{host_token}/next/"))
    keep("result, playing", client.get(f"/r/{game.watch_token}/"))
    client.post(host_url(host_token, "take_pencil"))
    play_turns(game, {p.name: 10 + p.seat for p in players})
    assert game.state().finished
    keep("host, over", client.get(host_url(host_token)))
    keep("watch, over", client.get(f"/w/{game.watch_token}/"))
    keep("result, over", client.get(f"/r/{game.watch_token}/"))
    keep("band, over", client.get(f"/b/{game.band.token}/"))
    keep("log, over", client.get(f"/w/{game.watch_token}/log/"))
    return seen


def test_there_are_twenty_hostile_names_and_the_rules_keep_them():
    assert len(HOSTILE) == len(set(HOSTILE)) == 20
    assert [clean_name(name) for name in HOSTILE] == HOSTILE


@pytest.mark.parametrize("group", [0, 1])
def test_hostile_names_are_inert_on_every_page_and_fragment(client, group):
    names = HOSTILE[group * 10 : group * 10 + 10]
    game, host_token = hostile_game(names, names[0])
    twin, twin_token = hostile_game(FRIENDLY, FRIENDLY[0])

    pages = walk(client, game, host_token, names[0])
    twin_pages = walk(client, twin, twin_token, FRIENDLY[0])

    assert [what for what, _ in pages] == [what for what, _ in twin_pages]
    for (what, page), (_, twin_page) in zip(pages, twin_pages, strict=True):
        assert_inert(what, page, twin_page)
    everything = "".join(page for _, page in pages)
    # Each name shows up, escaped, somewhere: the pages do show them.
    for name in names:
        assert shows_escaped(name, everything), name
    shown = {what: page for what, page in pages}
    assert shows_escaped(f"Le crayon est chez {names[0]}", shown["host, pencil out"])
    # The band's name too (named after a hostile player).
    assert shows_escaped(names[0] + " & co", shown["band"])


def shows_escaped(text, page):
    """Whether `page` holds `text` escaped, as Django's forms escape it (&quot;,
    &#x27;) or as the templates do (MarkupSafe: &#34;, &#39;)."""
    return htmllib.escape(text) in page or str(markupsafe.escape(text)) in page


@pytest.mark.parametrize("raw", REFUSED)
def test_names_escaping_cannot_fix_are_refused_wherever_typed(client, raw):
    game, host_token = make_game(["Sarah", "Hugo"])
    before = db_snapshot()
    created = client.post(
        "/", {"names": ["Sarah", raw], "preset": "classic", "columns": ["free"]}
    )
    assert created.status_code == 422
    assert "Corrigez les prénoms signalés." in text(created)
    hugo = game.players.get(name="Hugo")
    rename = host_url(host_token, "rename", player_id=hugo.pk)
    assert client.post(rename, {"name": raw}).status_code == 422
    label = client.post(host_url(host_token, "pass_pencil"), {"label": raw})
    assert label.status_code == 422
    assert db_snapshot() == before
    assert Game.objects.count() == 1


@pytest.mark.parametrize(
    "raw, message",
    [
        ("Les \u202eamis", "invisible"),
        ("Les\u200bamis", "invisible"),
        ("Les\x00amis", "invisible"),
        ("Les\x1b[31mamis", "invisible"),
        ("Les\namis", "invisible"),
        ("\u2066X", "invisible"),
        ("x" * 10_000, "au plus 80 caractères"),
        ("\u202e" * 10_000, "au plus 80 caractères"),
    ],
)
def test_a_band_name_escaping_cannot_fix_is_refused(client, raw, message):
    game, host_token = make_game(["Sarah", "Hugo"])
    response = client.post(
        f"/h/{host_token}/band/", {"action": "rename", "name": raw}, follow=True
    )
    assert message in text(response)
    assert Band.objects.get().name == "Sarah, Hugo"
    assert game.band.rename("Les amis 👩‍👩‍👧‍👦") == "Les amis 👩‍👩‍👧‍👦"
